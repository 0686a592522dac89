#pragma once
// The router: where every message from a client enters the game logic, from a browser or a bot
// program (the WebSocket session) and from a bot the server hosts (Lobby::set_bot_submit). It
// parses a chat line once (protocol::to_request) and sends the request on: the messages of the room
// a connection is linked to (its seat, or the room it watches: RoomLink in room.hpp) straight to
// that room's strand, everything else to the lobby's. It decides where a request goes, not what it
// does: the lobby answers its requests (Lobby::on_request) and a room its commands
// (Room::member_command), each visiting its own list.
//
// The layers: router -> lobby -> room. Nothing the lobby or a room includes names the router.

#include <memory>
#include <string>

#include "protocol/messages.hpp"
#include "server/client.hpp"
#include "server/net.hpp"

namespace archipel::server {

class Lobby;
class Room;

/// The room a connection is linked to, as the connection keeps it (RoomLink). Empty: none.
struct LinkedRoom {
  std::weak_ptr<Room> room;
  protocol::RoomId id = 0;
  std::string token;  // the member the connection is, in that room
};

/// Thread-safe, called on the sender's own strand: sends `message` from `from` where it is
/// answered. A chat line that is no valid command is answered here, with its error.
void route(Lobby& lobby, const ClientPtr& from, const LinkedRoom& link,
           protocol::ClientMessage message);

}  // namespace archipel::server
