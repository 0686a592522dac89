#include "protocol/errors.hpp"

namespace archipel::protocol {

std::string_view to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::bad_json:
      return "bad_json";
    case ErrorCode::bad_message:
      return "bad_message";
    case ErrorCode::unknown_type:
      return "unknown_type";
    case ErrorCode::missing_field:
      return "missing_field";
    case ErrorCode::too_large:
      return "too_large";
    case ErrorCode::rate_limited:
      return "rate_limited";
    case ErrorCode::hello_first:
      return "hello_first";
    case ErrorCode::already_welcomed:
      return "already_welcomed";
    case ErrorCode::bad_name:
      return "bad_name";
    case ErrorCode::name_taken:
      return "name_taken";
    case ErrorCode::bad_token:
      return "bad_token";
    case ErrorCode::unknown_command:
      return "unknown_command";
    case ErrorCode::bad_arguments:
      return "bad_arguments";
    case ErrorCode::unknown_game:
      return "unknown_game";
    case ErrorCode::bad_option:
      return "bad_option";
    case ErrorCode::no_such_room:
      return "no_such_room";
    case ErrorCode::not_in_room:
      return "not_in_room";
    case ErrorCode::already_in_room:
      return "already_in_room";
    case ErrorCode::room_full:
      return "room_full";
    case ErrorCode::not_host:
      return "not_host";
    case ErrorCode::already_started:
      return "already_started";
    case ErrorCode::not_started:
      return "not_started";
    case ErrorCode::seat_count:
      return "seat_count";
    case ErrorCode::not_available:
      return "not_available";
    case ErrorCode::handover_refused:
      return "handover_refused";
    case ErrorCode::too_many_rooms:
      return "too_many_rooms";
    case ErrorCode::not_over:
      return "not_over";
    case ErrorCode::name_registered:
      return "name_registered";
    case ErrorCode::bad_password:
      return "bad_password";
    case ErrorCode::login_failed:
      return "login_failed";
    case ErrorCode::login_limited:
      return "login_limited";
    case ErrorCode::not_registered:
      return "not_registered";
    case ErrorCode::already_registered:
      return "already_registered";
    case ErrorCode::server_error:
      return "server_error";
  }
  return "error";
}

}  // namespace archipel::protocol
