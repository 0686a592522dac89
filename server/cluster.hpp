#pragma once
// This node's part in a cluster of nodes sharing one Redis (--cluster, docs/cluster.md): its
// registration under a lease renewed by a heartbeat, the list of live nodes, room ids that no other
// node gives (cluster_room_ids.cpp) and names no other node's player holds (cluster_names.cpp).
//
// Everything runs on the Redis connection's strand (server/redis_connection.hpp); the entry points
// are thread-safe and their callbacks run on that strand, so a caller posts onward to its own.
// Nothing here waits: a request made while Redis is away is answered at once as unavailable.
//
// The keys (prefix "archipel:"), each written by its owner node only:
//   node:<id>      this node's description (JSON), with the lease: SET ... PX lease at each beat
//   nodes          a set of node ids, the index of the node:<id> keys (a member whose lease has
//                  expired is dropped when the list is read)
//   room_id        the last room id given to any node (INCRBY)
//   name:<skel>    "<node id> <player>" for the player holding that name's skeleton
//                  (protocol::name_skeleton), with the lease, renewed at each beat
//   rooms:<id>     a hash: room id -> the room's summary as the lobby lists it (room_json), for
//                  the rooms node <id> owns, plus "run" and "seq" (see cluster_lobby.cpp); with the
//                  lease, renewed at each beat, so a dead node's rooms lapse with it
//   online:<id>    the names of node <id>'s players online, one a line, with the lease
//   home:<player>  the node holding that player (the node of their name's claim), with the lease:
//                  where a connection of theirs arriving at another node is carried to
//   link_key       a random key every node reads at its connection: a node's link to another
//                  (server/node_link.hpp) shows it, so only what can reach Redis is trusted
// and one pub/sub channel, "lobby:<db>": each node's room-list deltas (written to rooms:<id> in the
// same script) and its lobby chat, read by every other node on a second connection.
// After a reconnection (a Redis restarted empty), the first commands put back this node's keys and
// raise room_id to at least the highest id this node has seen.

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"
#include "server/redis_connection.hpp"

namespace archipel::server {

using protocol::RoomId;

struct ClusterOptions {
  RedisUrl url;
  std::string node_id;  // [A-Za-z0-9._-], 1 to 64 characters (valid_node_id)
  std::chrono::milliseconds lease{5000};
  std::chrono::milliseconds heartbeat{1000};
  std::string key_prefix = "archipel:";
  RedisConnection::Options connection;
};

/// Whether `id` can name a node: 1 to 64 characters from [A-Za-z0-9._-].
bool valid_node_id(std::string_view id);
/// The default node id: <hostname>-<pid> (the hostname cut to what valid_node_id takes).
std::string default_node_id();

/// Whether a name may be taken: granted (this node's player holds it now), taken (another node's
/// or another player's), unavailable (Redis cannot be asked now).
enum class NameClaim { granted, taken, unavailable };

/// Where a player lives (Cluster::home_of): `asked` false when Redis cannot be asked now; `node`
/// empty when no live node holds the player.
struct PlayerHome {
  bool asked = false;
  std::string node;
  std::string address;  // the node's "host:port" for links (its description's "address")
};

/// The "address" of a node's description (JSON text), or "" when it has none.
std::string address_in(const std::string& description);

/// What the other nodes' lobbies tell this one (cluster_lobby.cpp). Each runs on the Redis
/// connection's strand: post onward.
struct LobbyFeed {
  /// Rooms of other nodes added or changed (`updated`), or gone (`removed`: the node removed them,
  /// or the node itself is gone: stopped, or its lease lapsed).
  std::function<void(std::vector<protocol::RoomInfo> updated, std::vector<RoomId> removed)> rooms;
  /// A line of lobby chat said on another node.
  std::function<void(std::string from, std::string text)> chat;
};

class Cluster : public std::enable_shared_from_this<Cluster> {
 public:
  Cluster(net::any_io_executor executor, ClusterOptions options);

  /// Connects, registers and beats until stop(). `restored_max`: the highest room id the store
  /// holds; room_id is raised to it at each connection, so no id given after it is a stored one.
  /// `description`: what node:<id> holds besides the id (the port, the pid...).
  void start(RoomId restored_max, nlohmann::json description = {});
  /// A graceful leave: this node's lease, its entry in `nodes` and its names deleted, then the
  /// connection closed. Thread-safe.
  void stop();

  const std::string& node_id() const { return options_.node_id; }
  /// Whether Redis is connected now (thread-safe).
  bool connected() const { return redis_->connected(); }
  /// Whether this node can take players as a member of the cluster (thread-safe): connected, and
  /// its registration written since the connection was made (/readyz).
  bool ready() const { return connected() && registered_.load(std::memory_order_relaxed); }

  /// Where other nodes' rooms and lobby chat go. Set before start().
  void set_lobby_feed(LobbyFeed feed) { feed_ = std::move(feed); }
  /// This node's rooms, as its lobby lists them: each change since the last call (the lobby
  /// coalesces them over its flush window). Written to rooms:<id> and published in one script;
  /// kept here too, so that a Redis restarted empty gets them back at the next connection.
  void publish_rooms(std::vector<protocol::RoomInfo> updated, std::vector<RoomId> removed);
  /// A line of lobby chat said on this node, for the other nodes' lobbies (fire and forget: lost
  /// while Redis is away).
  void publish_chat(const std::string& from, const std::string& text);
  /// The names of this node's players online (what /who lists), written at the next beat.
  void set_online(std::vector<std::string> names);
  /// The names online on every live node but this one; nullopt if Redis cannot be asked now.
  void online_elsewhere(std::function<void(std::optional<std::vector<std::string>>)> done);

  /// The live nodes' descriptions (each with its "id"), sorted by id; nullopt if Redis cannot be
  /// asked now.
  void nodes(std::function<void(std::optional<std::vector<nlohmann::json>>)> done);

  /// Reserves `count` consecutive room ids no other node will be given: done(first), or
  /// done(nullopt) when Redis cannot be asked now.
  void reserve_room_ids(int count, std::function<void(std::optional<RoomId>)> done);

  /// Claims the name whose skeleton is `skeleton` for this node's player `player` (a stable id, not
  /// a secret: the player's public id). Granted when free or already this player's; held from then
  /// on by the heartbeat until release_name.
  void claim_name(const std::string& skeleton, const std::string& player,
                  std::function<void(NameClaim)> done);
  /// Claims a name without waiting for the answer, and keeps trying at each beat until it is held:
  /// for the players a restart brings back, whose names were theirs before.
  void keep_name(const std::string& skeleton, const std::string& player);
  /// Lets go of the name, if `player` holds it.
  void release_name(const std::string& skeleton, const std::string& player);
  /// Claims the name for a player another node carries here (an adopt): granted when free or held
  /// by the same player on any node (the other node then lets it go); the player's home becomes
  /// this node.
  void adopt_name(const std::string& skeleton, const std::string& player,
                  std::function<void(NameClaim)> done);

  /// The node holding `player` (claim_player_id) and its address. Thread-safe; `done` on the
  /// strand.
  void home_of(const std::string& player, std::function<void(PlayerHome)> done);
  /// The node that owns room `id` (from the room lists this node has read) and its address; `node`
  /// empty when no other node lists it now. Thread-safe; `done` on the strand.
  void room_owner(RoomId id, std::function<void(PlayerHome)> done);
  /// The key a link to another node shows (NodeLink); "" until read from Redis. Thread-safe.
  std::string link_key() const;
  /// Whether `key` is the cluster's link key (compared in constant time). Thread-safe.
  bool is_link_key(std::string_view key) const;

 private:
  std::string key(const std::string& suffix) const { return options_.key_prefix + suffix; }
  /// The lobby's pub/sub channel: "lobby:<db>", as channels are not per database (two clusters on
  /// two databases of one Redis stay apart).
  std::string lobby_channel() const { return key("lobby:" + std::to_string(options_.url.db)); }
  std::string claim_value(const std::string& player) const;
  /// The home key of the player in a claim's value ("<node> <player>").
  std::string home_key_of(const std::string& claim) const;
  /// On the strand: the node's lease, its index entry, room_id raised, every name (the first
  /// commands after a (re)connection, and each beat but for room_id).
  void beat(bool after_connecting);
  void arm_heartbeat();
  /// On the strand: renews (or takes again, once free) the names this node holds.
  void renew_names();
  /// On the strand: lets go of every name this node holds (a graceful leave).
  void release_all_names();

  // cluster_lobby.cpp, on the strand.
  /// The subscriber's connection is up: subscribes, then reads every node's rooms afresh.
  void subscribed_again();
  /// Reads rooms:<id> of every live node but this one (one script: one consistent snapshot).
  void read_all_rooms();
  void all_rooms_read(const RedisReply& reply);
  /// A message on the lobby channel.
  void lobby_message(const std::string& payload);
  /// A room delta of node `node`: applied when it follows the last one seen from that node, else
  /// (a message lost, a node restarted) everything is read again.
  void room_delta(const nlohmann::json& delta);
  /// Writes this node's rooms (all of them, `all`, after a reconnection) and publishes the delta.
  void write_rooms(nlohmann::json updated, std::vector<RoomId> removed, bool all);
  /// Drops the rooms of nodes no longer alive (each beat reads the node list).
  void forget_dead_nodes();
  /// At each beat: pings the subscriber's connection, or, once it has been down for a lease, drops
  /// every other node's rooms (they are read again at the next subscription).
  void watch_subscriber();
  /// Tells the feed what replacing `node`'s known rooms by `rooms` changes.
  void replace_rooms_of(const std::string& node, std::map<RoomId, protocol::RoomInfo> rooms);

  ClusterOptions options_;
  std::shared_ptr<RedisConnection> redis_;
  std::shared_ptr<RedisConnection> subscriber_;  // the lobby channel, pushed messages only
  LobbyFeed feed_;
  std::atomic<bool> registered_{false};
  // This node's rooms (id -> room_json text), its run (a random id per start) and the seq of its
  // last delta: other nodes apply a delta only right after the one before it.
  std::map<RoomId, std::string> own_rooms_;
  std::string run_;
  std::int64_t seq_ = 0;
  // What this node knows of each other node's rooms, and where its deltas are.
  struct RemoteNode {
    std::string run;
    std::int64_t seq = 0;
    std::map<RoomId, protocol::RoomInfo> rooms;
  };
  std::map<std::string, RemoteNode> remote_;
  bool reading_rooms_ = false;        // a snapshot is on its way: deltas wait in held_
  bool read_again_ = false;           // ... and another is wanted after it
  std::vector<nlohmann::json> held_;  // deltas that came while reading
  std::optional<std::chrono::steady_clock::time_point> subscriber_lost_at_;
  std::string online_;  // this node's online names, one a line
  bool online_changed_ = false;
  net::steady_timer heartbeat_;
  std::string description_;  // options_.description with the id, as stored
  RoomId max_known_id_ = 0;  // the highest room id stored or reserved here
  // What this node holds, or wants to: name key -> value. On the strand.
  std::unordered_map<std::string, std::string> names_;
  std::unordered_map<std::string, bool> names_held_;  // name key -> held at the last renewal
  bool stopped_ = false;
  mutable std::mutex link_key_mutex_;  // link_key_ is read by HTTP sessions' threads
  std::string link_key_;
};

/// A player's public id for a name claim: a digest of their token (FNV-1a, 64 bits, hex). Stable
/// across restarts, so a restored player's claim is recognised as theirs; the token itself never
/// goes to Redis.
std::string claim_player_id(const std::string& token);

}  // namespace archipel::server
