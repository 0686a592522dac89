#include "server/players.hpp"

#include "protocol/command_parser.hpp"

namespace archipel::server {

Player* Players::by_token(const std::string& token) {
  auto it = by_token_.find(token);
  return it == by_token_.end() ? nullptr : &it->second;
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
  if (player.client) by_client_.erase(player.client->id());
  player.client = std::move(client);
  if (player.client) by_client_[player.client->id()] = player.token;
}

void Players::detach(Player& player) {
  if (player.client) by_client_.erase(player.client->id());
  player.client = nullptr;
}

void Players::erase(const std::string& token) {
  auto it = by_token_.find(token);
  if (it == by_token_.end()) return;
  detach(it->second);
  auto name = by_name_.find(protocol::name_skeleton(it->second.name));
  if (name != by_name_.end() && name->second == token) by_name_.erase(name);
  by_token_.erase(it);
}

void Players::clear() {
  by_token_.clear();
  by_client_.clear();
  by_name_.clear();
}

}  // namespace archipel::server
