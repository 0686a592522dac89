// Any room from any node (--cluster, docs/cluster.md): a player's connection stays on the node
// their load balancer chose, and is carried to the node that owns the room they ask for, or that
// holds them already. Same class as lobby.cpp, on the lobby's strand.
//
// Carrying a player from node F (front) to node O (owner):
//   F: /join N of a room O lists -> F's connection opens a NodeLink to O and sends
//      {"type":"adopt","token","name","lang"}; O claims the name for the same player (the claim's
//      digest of the token matches) and makes the player its own, with the same token; O answers
//      {"type":"adopted"}; F then sends the /join and forgets the player (the name is O's now).
//   From then on F reads the player's frames and writes them up the link unparsed, and writes O's
//   frames to the player's socket as they come. O's lobby and rooms see the link as the player's
//   connection.
//   A player who comes back with their token to any node G that does not know it: G reads the
//   player's home (home:<digest>, written with the name's claim) and carries the hello to it.
#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "server/lobby.hpp"
#include "server/lobby_errors.hpp"

namespace archipel::server {

using nlohmann::json;
using protocol::ErrorCode;
using protocol::make_error;

std::string Lobby::command_frame(const std::string& text) {
  return json{{"type", "chat"}, {"text", text}}.dump();
}

void Lobby::carry(const ClientPtr& client, NodeMove move, std::function<void(Lobby&, bool)> done) {
  auto* mover = dynamic_cast<NodeMover*>(client.get());
  if (!mover) return done(*this, false);
  move.done = [weak = weak_from_this(), client, done = std::move(done)](bool moved) mutable {
    if (auto l = weak.lock())
      l->post(
          [client, done = std::move(done), moved](Lobby& l) {
            if (moved) l.carried_[client->id()] = client;
            done(l, moved);
          },
          client);
  };
  mover->move_to_node(std::move(move));
}

void Lobby::carry_to_room_node(Player& player, RoomId room, std::string command) {
  // The player leaves this node whole: a game still to play here would be left behind.
  if (holds_live_seat(player))
    return send_error(player.client,
                      already_in_room(player.room ? *player.room : *player.pending_join));
  auto* mover = dynamic_cast<NodeMover*>(player.client.get());
  if (!mover || mover->is_node_link())  // a bot hosted here, or a player carried here already
    return send_error(player.client,
                      make_error(ErrorCode::not_available,
                                 "room " + std::to_string(room) +
                                     " is played on another server of this cluster, where this "
                                     "connection cannot go",
                                 "la salle " + std::to_string(room) +
                                     " est jouée sur un autre serveur de ce groupe, où cette "
                                     "connexion ne peut pas aller"));
  cluster_->room_owner(room, [weak = weak_from_this(), token = player.token, client = player.client,
                              room, command = std::move(command)](PlayerHome owner) mutable {
    auto l = weak.lock();
    if (!l) return;
    l->post(
        [token, client, room, command = std::move(command), owner](Lobby& l) mutable {
          Player* p = l.players_.by_token(token);
          if (!p || p->client != client) return;  // gone, or back on another connection meanwhile
          if (!owner.asked) return l.send_error(client, cluster_unavailable());
          if (owner.node.empty() || owner.address.empty())  // gone meanwhile
            return l.send_error(client, no_such_room(room));
          NodeMove move;
          move.address = owner.address;
          move.key = l.cluster_->link_key();
          move.first.push_back(json{{"type", "adopt"},
                                    {"token", p->token},
                                    {"name", p->name},
                                    {"lang", engine::lang_code(client->lang())}}
                                   .dump());
          move.then.push_back(std::move(command));
          move.adopting = true;
          spdlog::debug("event=player_carry name={} room={} to={}", p->name, room, owner.node);
          l.carry(client, std::move(move), [token, client](Lobby& l, bool moved) {
            if (!moved) return;
            Player* p = l.players_.by_token(token);
            if (!p || p->client != client) return;
            // The other node holds the player now (name, home, token): this one lets go without a
            // word to the connection, which is the other node's to write to.
            if (p->watching)
              if (auto r = l.room(*p->watching)) r->unwatch(token);
            p->watching.reset();
            if (auto* link = dynamic_cast<RoomLink*>(client.get())) link->unlink_room();
            l.players_.detach(*p);
            l.forget_player(token);  // the name's release leaves the other node's claim alone
            l.online_changed();
          });
        },
        client);
  });
}

void Lobby::hello_elsewhere(const ClientPtr& client, const protocol::Hello& hello) {
  auto* mover = dynamic_cast<NodeMover*>(client.get());
  if (!mover || mover->is_node_link()) return send_error(client, unknown_token());
  hello_pending_.insert(client->id());
  cluster_->home_of(
      claim_player_id(*hello.token), [weak = weak_from_this(), client, hello](PlayerHome home) {
        auto l = weak.lock();
        if (!l) return;
        l->post(
            [client, hello, home](Lobby& l) {
              if (!l.hello_pending_.erase(client->id())) return;  // the connection closed meanwhile
              if (!home.asked) return l.send_error(client, cluster_unavailable());
              if (home.node.empty() || home.node == l.cluster_->node_id() || home.address.empty())
                return l.send_error(client, unknown_token());
              NodeMove move;
              move.address = home.address;
              move.key = l.cluster_->link_key();
              json again{{"type", "hello"}, {"token", *hello.token}};
              if (hello.lang) again["lang"] = engine::lang_code(*hello.lang);
              move.first.push_back(again.dump());
              spdlog::debug("event=player_carry reason=resume to={}", home.node);
              // The other node answers the hello itself (welcome, the seat back, or an error).
              l.carry(client, std::move(move), [](Lobby&, bool) {});
            },
            client);
      });
}

void Lobby::adopt(ClientPtr client, std::string token, std::string name) {
  ClientPtr sender = client;
  post(
      [client = std::move(client), token = std::move(token), name = std::move(name)](Lobby& l) {
        if (!l.cluster_)
          return l.send_error(
              client, make_error(ErrorCode::bad_message, "adopt is for the nodes of a cluster"));
        if (l.players_.by_client(client) || l.hello_pending_.count(client->id()))
          return l.send_error(client, make_error(ErrorCode::already_welcomed,
                                                 "this connection has already said hello"));
        if (Player* known = l.players_.by_token(token); known && !known->registered) {
          // Held here already (a seat from before, or within the name's grace): the same player.
          if (known->client) l.replace_connection(*known);
          return l.adopted(client, *known);
        }
        if (!protocol::valid_name(name))
          return l.send_error(client, make_error(ErrorCode::bad_name, protocol::kNameRule));
        if (l.players_.by_name(name) || l.is_registered(name))
          return l.send_error(client, name_taken(name));
        l.hello_pending_.insert(client->id());
        l.cluster_->adopt_name(protocol::name_skeleton(name), claim_player_id(token),
                               [weak = l.weak_from_this(), client, token, name](NameClaim claim) {
                                 if (auto l = weak.lock())
                                   l->post(
                                       [client, token, name, claim](Lobby& l) {
                                         l.adopt_claimed(client, token, name, claim);
                                       },
                                       client);
                               });
      },
      std::move(sender));
}

void Lobby::adopt_claimed(const ClientPtr& client, const std::string& token,
                          const std::string& name, NameClaim claim) {
  if (!hello_pending_.erase(client->id())) {
    // The link closed meanwhile: the player stays the first node's, which takes the name back at
    // its next beat.
    if (claim == NameClaim::granted)
      cluster_->release_name(protocol::name_skeleton(name), claim_player_id(token));
    return;
  }
  if (claim == NameClaim::unavailable) return send_error(client, cluster_unavailable());
  if (claim == NameClaim::taken) return send_error(client, name_taken(name));
  if (Player* known = players_.by_token(token)) return adopted(client, *known);
  if (players_.by_name(name)) return send_error(client, name_taken(name));
  adopted(client, players_.add(token, name));
}

void Lobby::adopted(const ClientPtr& client, Player& player) {
  players_.attach(player, client);
  online_changed();
  // First on the link: the other node reads it as the answer (and keeps it from the player).
  send(client, json{{"type", "adopted"}});
  if (auto at = player.room ? player.room : player.pending_join)
    if (auto r = room(*at)) r->connect(player.token, client);
  placed(player);
  spdlog::debug("event=player_adopted name={}", player.name);
}

}  // namespace archipel::server
