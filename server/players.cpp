#include "server/players.hpp"

#include <algorithm>

#include "protocol/command_parser.hpp"

namespace archipel::server {

Player* Players::by_token(const std::string& token) {
  auto it = by_token_.find(token);
  return it == by_token_.end() ? nullptr : &it->second;
}

Player* Players::by_credential(const std::string& token) {
  if (auto it = by_credential_.find(token); it != by_credential_.end()) return by_token(it->second);
  Player* guest = by_token(token);
  return guest && !guest->registered ? guest : nullptr;
}

void Players::add_credential(Player& player, const std::string& token) {
  by_credential_[token] = player.token;
  if (std::find(player.credentials.begin(), player.credentials.end(), token) ==
      player.credentials.end())
    player.credentials.push_back(token);
}

bool Players::revoke_credential(const std::string& token) {
  auto it = by_credential_.find(token);
  if (it == by_credential_.end()) return false;
  if (Player* p = by_token(it->second)) std::erase(p->credentials, token);
  by_credential_.erase(it);
  return true;
}

void Players::revoke_credentials(Player& player) {
  for (const auto& token : player.credentials) by_credential_.erase(token);
  player.credentials.clear();
}

Player* Players::by_client(const ClientPtr& client) {
  if (!client) return nullptr;
  auto it = by_client_.find(client->id());
  return it == by_client_.end() ? nullptr : by_token(it->second);
}

Player* Players::by_name(const std::string& name) {
  auto it = by_name_.find(protocol::name_skeleton(name));
  return it == by_name_.end() ? nullptr : by_token(it->second);
}

Player& Players::add(const std::string& token, const std::string& name) {
  Player& p = by_token_[token];
  p.token = token;
  p.name = name;
  by_name_[protocol::name_skeleton(name)] = token;
  return p;
}

void Players::rename(Player& player, const std::string& name) {
  auto it = by_name_.find(protocol::name_skeleton(player.name));
  if (it != by_name_.end() && it->second == player.token) by_name_.erase(it);
  player.name = name;
  by_name_[protocol::name_skeleton(name)] = player.token;
}

void Players::attach(Player& player, ClientPtr client) {
  detach(player);
  player.client = std::move(client);
  if (player.client) by_client_[player.client->id()] = player.token;
}

void Players::detach(Player& player) {
  if (player.client) {
    by_client_.erase(player.client->id());
    in_lobby_.erase(player.client->id());
  }
  player.client = nullptr;
  player.linked.reset();
}

void Players::update_places(Player& player) {
  std::vector<RoomId> now;
  for (const auto& at : {player.room, player.pending_join, player.watching})
    if (at && std::find(now.begin(), now.end(), *at) == now.end()) now.push_back(*at);
  if (now != player.indexed_in) {
    for (RoomId id : player.indexed_in) {
      auto it = by_room_.find(id);
      if (it == by_room_.end()) continue;
      it->second.erase(player.token);
      if (it->second.empty()) by_room_.erase(it);
    }
    for (RoomId id : now) by_room_[id].insert(player.token);
    player.indexed_in = std::move(now);
  }
  if (!player.client) return;
  if (player.present_in())
    in_lobby_.erase(player.client->id());
  else
    in_lobby_.emplace(player.client->id(), player.client);
}

std::vector<std::string> Players::in_room(RoomId room) const {
  auto it = by_room_.find(room);
  if (it == by_room_.end()) return {};
  return {it->second.begin(), it->second.end()};
}

void Players::erase(const std::string& token) {
  auto it = by_token_.find(token);
  if (it == by_token_.end()) return;
  detach(it->second);
  it->second.room.reset();
  it->second.pending_join.reset();
  it->second.watching.reset();
  update_places(it->second);       // out of every room's index
  revoke_credentials(it->second);  // still in the store: a hello with one finds the account again
  auto name = by_name_.find(protocol::name_skeleton(it->second.name));
  if (name != by_name_.end() && name->second == token) by_name_.erase(name);
  by_token_.erase(it);
}

void Players::clear() {
  by_token_.clear();
  by_client_.clear();
  by_name_.clear();
  by_credential_.clear();
  in_lobby_.clear();
  by_room_.clear();
}

}  // namespace archipel::server
