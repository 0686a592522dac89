#pragma once
// The command router: the one place that turns a parsed chat command into what it does. Lobby commands call
// the lobby's typed operations; room commands call the typed operations of the player's room. It runs on the
// lobby's strand (it reads the players list); room operations then run on the room's strand.

#include "protocol/command.hpp"
#include "server/players.hpp"

namespace archipel::server {

class Lobby;

void route_command(Lobby& lobby, Player& player, protocol::Command command);

}  // namespace archipel::server
