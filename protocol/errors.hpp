#pragma once
// Error codes with stable string ids: what a client or bot matches on in an `error` message. Game
// rule violations travel with the engine's own rule ids (`not_your_turn`, `illegal_move`,
// `santa_cruz.*`); everything the protocol and the server refuse uses one of these.
// docs/protocol.md lists them all.

#include <string>
#include <string_view>

#include "engine/core/result.hpp"

namespace archipel::protocol {

/// An error to send to the one client that caused it: a stable code and a sentence.
using Error = engine::RuleError;

template <class T>
using Result = engine::Result<T>;

enum class ErrorCode {
  bad_json,          // the frame is not JSON
  bad_message,       // JSON, but not an object with a string "type", or a field of the wrong type
  unknown_type,      // a "type" the server does not know
  missing_field,     // a required field is absent
  too_large,         // frame over the size cap (the connection is also closed)
  rate_limited,      // too many messages too fast; the message was dropped
  hello_first,       // anything but hello before hello
  already_welcomed,  // a second hello on the same connection
  bad_name,          // a nickname that is empty, too long or has characters outside [A-Za-z0-9_-.]
  name_taken,        // someone else has that nickname
  bad_token,         // a resume token the server does not know
  unknown_command,   // /something that is not a command
  bad_arguments,     // a command with the wrong arguments (the message carries the usage)
  unknown_game,      // /create with a game id not in /games
  bad_option,        // an option key or value the game does not have
  no_such_room,      // a room id that does not exist
  not_in_room,       // a room command or action for a room one is not seated in
  already_in_room,   // /join or /create while seated in another room
  room_full,         // no free seat (or the asked seat is taken)
  not_host,          // host-only command from someone else
  already_started,   // /option, /kick or /join of a new player after start
  not_started,       // /play, /moves before the game started
  seat_count,        // /start with a seat count outside the game's range
  not_available,     // a feature this server does not offer yet
  handover_refused,  // /handover against its rules (the seat's person is here, not away long
                     // enough, ...)
  too_many_rooms,    // /create by a player who already holds seats in --max-rooms-per-player rooms
                     // they created
  not_over,          // a replay of a game that is still waiting or being played
  name_registered,   // a guest asked for a name (hello, /nick) that an account holds, or a
                     // look-alike
  bad_password,      // register or login with a password outside 8..256 bytes
  login_failed,      // login with a wrong name or a wrong password (the same answer for both)
  login_limited,   // too many login attempts for this name or from this address in the last minute
  not_registered,  // /logout from a guest
  already_registered,  // register (or /nick) from a player whose name is already an account's
  server_error,  // the server failed while handling the message (a bug, logged); the connection
                 // stays open
};

std::string_view to_string(ErrorCode code);

inline Error make_error(ErrorCode code, std::string message) {
  return Error{std::string(to_string(code)), std::move(message), {}};
}

/// Every error a person reads after hello is written in both languages.
inline Error make_error(ErrorCode code, std::string message, std::string message_fr) {
  return engine::fail(std::string(to_string(code)), std::move(message), std::move(message_fr));
}
inline Error make_error(ErrorCode code, const engine::LocalText& message) {
  return make_error(code, message.en, message.fr);
}

}  // namespace archipel::protocol
