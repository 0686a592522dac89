#include "tools/load/room_listing.hpp"

namespace archipel::load {

bool seated_in_waiting_room(const nlohmann::json& message, std::int64_t room,
                            std::string_view name) {
  if (!message.is_object()) return false;
  const auto id = message.find("id");
  if (id == message.end() || !id->is_number_integer() || id->get<std::int64_t>() != room)
    return false;
  const auto status = message.find("status");
  if (status == message.end() || !status->is_string() ||
      status->get_ref<const std::string&>() != "waiting")
    return false;
  const auto seats = message.find("seats");
  if (seats == message.end() || !seats->is_array()) return false;
  for (const auto& seat : *seats) {
    if (!seat.is_object()) continue;
    const auto seat_name = seat.find("name");
    if (seat_name != seat.end() && seat_name->is_string() &&
        seat_name->get_ref<const std::string&>() == name)
      return true;
  }
  return false;
}

}  // namespace archipel::load
