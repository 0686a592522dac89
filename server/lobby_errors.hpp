#pragma once
// The lobby's errors that more than one of its files sends (lobby.cpp, lobby_node_move.cpp), in
// English and French.

#include <string>

#include "protocol/errors.hpp"
#include "protocol/messages.hpp"

namespace archipel::server {

protocol::Error name_taken(const std::string& name);
/// Redis cannot be asked now (a cluster's name, id or node lookup).
protocol::Error cluster_unavailable();
protocol::Error already_in_room(protocol::RoomId id);

}  // namespace archipel::server
