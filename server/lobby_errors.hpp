#pragma once
// The lobby's errors that more than one of its files sends (lobby.cpp, lobby_accounts.cpp,
// lobby_node_move.cpp, lobby_replay.cpp), in English and French.

#include <string>

#include "protocol/errors.hpp"
#include "protocol/messages.hpp"

namespace archipel::server {

protocol::Error name_taken(const std::string& name);
/// Redis cannot be asked now (a cluster's name, id or node lookup).
protocol::Error cluster_unavailable();
protocol::Error already_in_room(protocol::RoomId id);
protocol::Error no_such_room(protocol::RoomId id);
/// A room id where the store holds no game (/log, a stored replay).
protocol::Error no_game_in(protocol::RoomId id);
/// A hello's token that no player here, no account and no node of the cluster holds.
protocol::Error unknown_token();

}  // namespace archipel::server
