#pragma once
// The command router: the one place that turns a parsed chat command into what it does. Lobby commands call
// the lobby's typed operations, on the lobby's strand (they read the players list). Room commands (table talk
// and the commands of the room one sits in or watches) run on the room's strand: route_command hands them to
// the room (Room::member_command), which checks the sender is its member and calls route_room_command; a
// session linked to its room (server/websocket_session.cpp) hands them to the room directly, without the
// lobby. Either way this file decides what each command does.

#include <string>

#include "protocol/command.hpp"
#include "server/players.hpp"

namespace archipel::server {

class Lobby;
class Room;

/// The longest chat line, in the lobby or a room.
inline constexpr std::size_t kMaxChatLength = 500;

/// On the lobby's strand: any command from `player`.
void route_command(Lobby& lobby, Player& player, protocol::Command command);

/// Whether `command` is one the player's room handles alone (table talk and the room's own commands), so a
/// linked session may take it to the room without the lobby.
bool is_room_command(const protocol::Command& command);

/// On the room's strand (from Room::member_command, the sender already checked): a room command.
void route_room_command(Room& room, const std::string& token, protocol::Command command);

}  // namespace archipel::server
