// The lobby across nodes (--cluster, docs/cluster.md): this node's room changes and lobby chat go
// to the cluster (server/cluster_lobby.cpp), other nodes' come back and are merged into this
// lobby's list and chat. Same class as lobby.cpp, on the lobby's strand.
#include <algorithm>

#include "server/lobby.hpp"

namespace archipel::server {

void Lobby::set_cluster(std::shared_ptr<Cluster> cluster) {
  cluster_ = std::move(cluster);
  // Weak: the cluster outlives nothing of the lobby's, and must not keep it alive.
  cluster_->set_lobby_feed(LobbyFeed{
      [weak = weak_from_this()](std::vector<protocol::RoomInfo> updated,
                                std::vector<RoomId> removed) {
        if (auto l = weak.lock())
          l->post([updated = std::move(updated), removed = std::move(removed)](Lobby& l) mutable {
            l.remote_rooms(std::move(updated), std::move(removed));
          });
      },
      [weak = weak_from_this()](std::string from, std::string text) {
        if (auto l = weak.lock())
          l->post([from = std::move(from), text = std::move(text)](Lobby& l) {
            l.remote_chat(from, text);
          });
      }});
}

void Lobby::remote_rooms(std::vector<protocol::RoomInfo> updated, std::vector<RoomId> removed) {
  // Ids are unique across nodes (reserved in blocks from one counter): a room of this node never
  // comes back as another's; guarded all the same, this node's own summary wins.
  for (const auto& info : updated)
    if (!rooms_.count(info.id)) room_list_.update(info, false);
  for (RoomId id : removed)
    if (!rooms_.count(id)) room_list_.remove(id);
  // Coalesced with this node's changes: one rooms_delta per flush window for the lot.
  schedule_flush();
}

void Lobby::remote_chat(const std::string& from, const std::string& text) {
  // Said on another node, limited there by the sender's connection's rate limit (as here).
  broadcast_lobby(text_frame(protocol::chat_frame(std::nullopt, from, text)));
}

void Lobby::online_changed() {
  if (!cluster_ || online_dirty_) return;
  online_dirty_ = true;
  schedule_flush();
}

void Lobby::publish_to_cluster() {
  if (!cluster_dirty_.empty()) {
    std::vector<protocol::RoomInfo> updated;
    std::vector<RoomId> removed;
    for (RoomId id : cluster_dirty_) {
      const protocol::RoomInfo* info = rooms_.count(id) ? room_list_.find(id) : nullptr;
      if (info)
        updated.push_back(*info);
      else
        removed.push_back(id);
    }
    cluster_dirty_.clear();
    cluster_->publish_rooms(std::move(updated), std::move(removed));
  }
  if (online_dirty_) {
    online_dirty_ = false;
    cluster_->set_online(online_names());
  }
}

bool Lobby::is_remote_room(RoomId id) const {
  return !rooms_.count(id) && room_list_.find(id);
}

void Lobby::who_everywhere(Player& player, std::vector<std::string> here) {
  cluster_->online_elsewhere([weak = weak_from_this(), token = player.token,
                              here = std::move(here)](
                                 std::optional<std::vector<std::string>> elsewhere) mutable {
    auto l = weak.lock();
    if (!l) return;
    l->post([token, here = std::move(here), elsewhere = std::move(elsewhere)](Lobby& l) mutable {
      Player* p = l.players_.by_token(token);
      if (!p || !p->client) return;
      if (!elsewhere)
        return l.send_who(p->client, std::move(here),
                          {"(on this server only: the other servers cannot be asked now)",
                           "(sur ce serveur seulement : les autres serveurs sont injoignables)"});
      // A name is held by one player across nodes; a player who just moved may show twice.
      here.insert(here.end(), elsewhere->begin(), elsewhere->end());
      std::sort(here.begin(), here.end());
      here.erase(std::unique(here.begin(), here.end()), here.end());
      l.send_who(p->client, std::move(here));
    });
  });
}

}  // namespace archipel::server
