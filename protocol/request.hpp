#pragma once
// A client message as the server acts on it: the wire message (messages.hpp) with its chat line
// parsed into a command (command.hpp), once, where the message enters the server
// (server/router.cpp). Whoever answers it then visits this variant, or the command list that is
// theirs, with every case written out.

#include <variant>

#include "protocol/command.hpp"
#include "protocol/messages.hpp"

namespace archipel::protocol {

using Request = std::variant<Hello, LobbyCommand, RoomCommand, Action, Sync, ListGames, ListRooms,
                             ReplayRequest, Register, Login>;

/// The message as a request: a Chat's line parsed (parse_command) and sorted by who answers it
/// (sort_command); the other messages as they are. An error for a chat line that is not a valid
/// command.
Result<Request> to_request(ClientMessage message);

}  // namespace archipel::protocol
