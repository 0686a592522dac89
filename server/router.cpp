#include "server/router.hpp"

#include "protocol/request.hpp"
#include "server/lobby.hpp"
#include "server/room.hpp"

namespace archipel::server {
namespace {

/// Hands `request` to the linked room when it is that room's: a room command, or an action or sync
/// for the room's id. False when it is not (the lobby takes it). The room checks that `from` is
/// still its member's connection, so a link a moment out of date is harmless.
bool to_linked_room(const ClientPtr& from, const LinkedRoom& link, protocol::Request& request) {
  if (link.token.empty()) return false;
  auto room = link.room.lock();
  if (!room) return false;
  if (auto* command = std::get_if<protocol::RoomCommand>(&request)) {
    room->member_command(from, link.token, std::move(*command));
    return true;
  }
  if (auto* action = std::get_if<protocol::Action>(&request); action && action->room == link.id) {
    room->member_action(from, link.token, std::move(action->action));
    return true;
  }
  if (auto* sync = std::get_if<protocol::Sync>(&request); sync && sync->room == link.id) {
    room->member_sync(from, link.token);
    return true;
  }
  return false;
}

}  // namespace

void route(Lobby& lobby, const ClientPtr& from, const LinkedRoom& link,
           protocol::ClientMessage message) {
  auto request = protocol::to_request(std::move(message));
  if (!request.ok()) return lobby.send_error(from, request.error());
  if (to_linked_room(from, link, request.value())) return;
  lobby.on_request(from, std::move(request).value());
}

}  // namespace archipel::server
