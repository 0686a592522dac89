#pragma once
// How a load client reads a `room` message (docs/protocol.md) to learn that it is seated. Kept
// apart from the swarm's sockets so that the rule is tested on its own (tests/tools/load_test.cpp).

#include <cstdint>
#include <string_view>

#include <nlohmann/json.hpp>

namespace archipel::load {

/// True when `message` lists room `room` as waiting for its players with a seat named `name`. A
/// listing of the room in any other status does not count: after `over` the room's last listing
/// still names its players, and a client that counted it would think itself seated in the table's
/// next room before joining it (the host then waits for ever for a full room to /start).
bool seated_in_waiting_room(const nlohmann::json& message, std::int64_t room,
                            std::string_view name);

}  // namespace archipel::load
