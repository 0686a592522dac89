// The node's registration, its heartbeat, the node list and room ids (the names are in
// cluster_names.cpp). Same class, same strand: the Redis connection's.
#include "server/cluster.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <random>

#include <spdlog/spdlog.h>

namespace archipel::server {

namespace {

// Raises the room counter to ARGV[1] unless it is past it already (a Redis restarted empty, a
// store restored with higher ids). Redis has no "set to the max" of its own.
const char* const kRaiseScript = R"lua(
local v = tonumber(redis.call('GET', KEYS[1]) or '0')
local want = tonumber(ARGV[1])
if v < want then redis.call('SET', KEYS[1], ARGV[1]) return want end
return v
)lua";

// A node's lease and its place in the index, in one step: KEYS[1] the lease key, KEYS[2] the index,
// ARGV[1] the description, ARGV[2] the lease in ms, ARGV[3] the node id. Two commands would let
// another node read between them: a lease with no index entry (the node unseen until its next
// beat), or, the other way round, an index entry with no lease, which kNodesScript drops.
const char* const kRegisterScript = R"lua(
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SADD', KEYS[2], ARGV[3])
return 1
)lua";

// The live nodes: each member of the index whose lease key still exists; the rest are dropped
// from the index. KEYS[1] the index, ARGV[1] the lease keys' prefix.
const char* const kNodesScript = R"lua(
local alive = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local v = redis.call('GET', ARGV[1] .. id)
  if v then table.insert(alive, v) else redis.call('SREM', KEYS[1], id) end
end
return alive
)lua";

// The cluster's link key: made by the first node to connect (NX), read by every node at each
// connection. KEYS[1] the key, ARGV[1] a fresh random value.
const char* const kLinkKeyScript = R"lua(
redis.call('SET', KEYS[1], ARGV[1], 'NX')
return redis.call('GET', KEYS[1])
)lua";

std::string random_hex(int words) {
  std::random_device device;
  std::string hex;
  char word[9];
  for (int i = 0; i < words; ++i) {
    std::snprintf(word, sizeof word, "%08x", device());
    hex += word;
  }
  return hex;
}

// A node's run: a new id at each start, so that other nodes tell a restarted node's deltas (seq
// from 1 again) from the old run's.
std::string new_run_id() {
  return random_hex(2);
}

}  // namespace

bool valid_node_id(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '-';
  });
}

std::string default_node_id() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) host[0] = 0;
  std::string id;
  for (const char* c = host; *c && id.size() < 40; ++c)
    if (valid_node_id(std::string_view(c, 1))) id.push_back(*c);
  if (id.empty()) id = "node";
  return id + "-" + std::to_string(::getpid());
}

Cluster::Cluster(net::any_io_executor executor, ClusterOptions options)
    : options_(std::move(options)),
      redis_(std::make_shared<RedisConnection>(executor, options_.url, options_.connection)),
      subscriber_(std::make_shared<RedisConnection>(executor, options_.url, options_.connection)),
      run_(new_run_id()),
      heartbeat_(redis_->strand()) {}

void Cluster::start(RoomId restored_max, nlohmann::json description) {
  if (!description.is_object()) description = nlohmann::json::object();
  description["id"] = options_.node_id;
  net::post(redis_->strand(),
            [self = shared_from_this(), restored_max, description = description.dump()] {
              self->description_ = description;
              self->max_known_id_ = std::max(self->max_known_id_, restored_max);
              // Weak: the connection must not keep the cluster alive (the cluster owns it).
              self->redis_->on_connected([weak = std::weak_ptr<Cluster>(self)] {
                if (auto c = weak.lock()) c->beat(true);
              });
              self->redis_->start();
              // The lobby channel, on a connection of its own (a subscribed connection sends
              // nothing else). Its messages and its (re)connections are handled on the main
              // connection's strand, in the order they came.
              auto main_strand = self->redis_->strand();
              self->subscriber_->on_push(
                  [weak = std::weak_ptr<Cluster>(self), main_strand](RedisReply message) {
                    net::post(main_strand, [weak, payload = std::move(message.elements[2].text)] {
                      if (auto c = weak.lock()) c->lobby_message(payload);
                    });
                  });
              self->subscriber_->on_connected([weak = std::weak_ptr<Cluster>(self), main_strand] {
                auto c = weak.lock();
                if (!c) return;
                c->subscriber_->command_here(
                    {"SUBSCRIBE", c->lobby_channel()}, [weak, main_strand](RedisReply reply) {
                      if (!reply.ok()) return;  // the connection is dropped and made again
                      net::post(main_strand, [weak] {
                        if (auto c = weak.lock()) c->subscribed_again();
                      });
                    });
              });
              self->subscriber_->start();
              self->arm_heartbeat();
            });
}

void Cluster::stop() {
  net::post(redis_->strand(), [self = shared_from_this()] {
    if (self->stopped_) return;
    self->stopped_ = true;
    self->heartbeat_.cancel();
    self->subscriber_->stop();
    if (!self->redis_->connected()) return self->redis_->stop();
    // Leave in plain sight: the lease and the names go now, not at their expiry. The connection
    // closes once Redis has answered the last of them (or failed).
    auto& r = *self->redis_;
    r.command_here({"DEL", self->key("node:" + self->node_id())});
    r.command_here({"SREM", self->key("nodes"), self->node_id()});
    // The node's rooms leave every lobby now (a full delta with no room), not at the lease's end.
    self->own_rooms_.clear();
    self->write_rooms(nlohmann::json::array(), {}, true);
    r.command_here({"DEL", self->key("rooms:" + self->node_id())});
    r.command_here({"DEL", self->key("online:" + self->node_id())});
    self->release_all_names();
    r.command_here({"PING"}, [self](RedisReply) { self->redis_->stop(); });
    spdlog::info("event=cluster_leave node={} names={}", self->node_id(), self->names_.size());
  });
}

void Cluster::arm_heartbeat() {
  if (stopped_) return;
  heartbeat_.expires_after(options_.heartbeat);
  heartbeat_.async_wait([weak = std::weak_ptr<Cluster>(shared_from_this())](error_code ec) {
    auto self = weak.lock();
    if (ec || !self || self->stopped_) return;
    if (self->redis_->connected()) self->beat(false);
    self->watch_subscriber();
    self->arm_heartbeat();
  });
}

void Cluster::beat(bool after_connecting) {
  auto& r = *redis_;
  const std::string lease = std::to_string(options_.lease.count());
  if (after_connecting) registered_ = false;  // until Redis has the registration again
  r.command_here({"EVAL", kRegisterScript, "2", key("node:" + node_id()), key("nodes"),
                  description_, lease, node_id()},
                 [self = shared_from_this(), after_connecting](RedisReply reply) {
                   if (!reply.ok()) {
                     spdlog::warn("event=cluster_lease_not_renewed node={} error=\"{}\"",
                                  self->node_id(), reply.text);
                   } else if (after_connecting) {
                     self->registered_ = true;
                     spdlog::info("event=cluster_registered node={} lease_ms={}", self->node_id(),
                                  self->options_.lease.count());
                   }
                 });
  if (after_connecting) {
    r.command_here({"EVAL", kLinkKeyScript, "1", key("link_key"), random_hex(8)},
                   [self = shared_from_this()](RedisReply reply) {
                     if (reply.type != RedisReply::Type::string || reply.text.empty()) return;
                     std::lock_guard lock(self->link_key_mutex_);
                     self->link_key_ = reply.text;
                   });
    r.command_here({"EVAL", kRaiseScript, "1", key("room_id"), std::to_string(max_known_id_)});
    // A Redis restarted empty, or changes made while it was away: every room written again.
    write_rooms(nlohmann::json::array(), {}, true);
    r.command_here({"SET", key("online:" + node_id()), online_, "PX", lease});
  } else {
    r.command_here({"PEXPIRE", key("rooms:" + node_id()), lease});
    r.command_here({"PEXPIRE", key("online:" + node_id()), lease});
    forget_dead_nodes();
    if (read_again_ && subscriber_->connected()) read_all_rooms();
  }
  renew_names();
}

void Cluster::watch_subscriber() {
  if (subscriber_->connected()) {
    subscriber_lost_at_.reset();
    subscriber_->command({"PING"});  // a silent Redis fails it within the reply timeout
    return;
  }
  // Away from the channel for longer than a lease: nothing says the other nodes' rooms are still
  // there, so the lobby stops listing them until it can read them again.
  const auto now = std::chrono::steady_clock::now();
  if (!subscriber_lost_at_) subscriber_lost_at_ = now;
  if (now - *subscriber_lost_at_ < options_.lease || remote_.empty()) return;
  spdlog::info("event=cluster_rooms_dropped reason=redis_unreachable nodes={}", remote_.size());
  for (auto& id : [&] {
         std::vector<std::string> ids;
         for (const auto& [id, node] : remote_) ids.push_back(id);
         return ids;
       }()) {
    replace_rooms_of(id, {});
    remote_.erase(id);
  }
}

void Cluster::nodes(std::function<void(std::optional<std::vector<nlohmann::json>>)> done) {
  redis_->command({"EVAL", kNodesScript, "1", key("nodes"), key("node:")}, [done = std::move(done)](
                                                                               RedisReply reply) {
    if (reply.type != RedisReply::Type::array) return done(std::nullopt);
    std::vector<nlohmann::json> nodes;
    for (const auto& e : reply.elements) {
      auto j = nlohmann::json::parse(e.text, nullptr, false);
      if (j.is_object() && j.contains("id")) nodes.push_back(std::move(j));
    }
    std::sort(nodes.begin(), nodes.end(), [](const nlohmann::json& a, const nlohmann::json& b) {
      return a["id"].dump() < b["id"].dump();
    });
    done(std::move(nodes));
  });
}

std::string address_in(const std::string& description) {
  auto j = nlohmann::json::parse(description, nullptr, false);
  if (!j.is_object() || !j.contains("address") || !j["address"].is_string()) return {};
  return j["address"].get<std::string>();
}

void Cluster::room_owner(RoomId id, std::function<void(PlayerHome)> done) {
  net::post(redis_->strand(), [self = shared_from_this(), id, done = std::move(done)]() mutable {
    std::string node;
    for (const auto& [node_id, remote] : self->remote_)
      if (remote.rooms.count(id)) node = node_id;
    if (node.empty()) return done(PlayerHome{true, {}, {}});
    self->redis_->command_here(
        {"GET", self->key("node:" + node)}, [node, done = std::move(done)](RedisReply reply) {
          PlayerHome owner;
          owner.asked =
              reply.type == RedisReply::Type::string || reply.type == RedisReply::Type::nil;
          if (reply.type != RedisReply::Type::string) return done(owner);
          owner.node = node;
          owner.address = address_in(reply.text);
          done(owner);
        });
  });
}

std::string Cluster::link_key() const {
  std::lock_guard lock(link_key_mutex_);
  return link_key_;
}

bool Cluster::is_link_key(std::string_view key) const {
  std::lock_guard lock(link_key_mutex_);
  if (link_key_.empty() || key.size() != link_key_.size()) return false;
  unsigned char diff = 0;  // every byte compared: the time says nothing of where they differ
  for (std::size_t i = 0; i < key.size(); ++i)
    diff |= static_cast<unsigned char>(key[i] ^ link_key_[i]);
  return diff == 0;
}

void Cluster::reserve_room_ids(int count, std::function<void(std::optional<RoomId>)> done) {
  net::post(redis_->strand(), [self = shared_from_this(), count, done = std::move(done)]() mutable {
    self->redis_->command_here(
        {"INCRBY", self->key("room_id"), std::to_string(count)},
        [self, count, done = std::move(done)](RedisReply reply) {
          if (reply.type != RedisReply::Type::integer || reply.integer < count) {
            spdlog::debug("event=room_ids_unavailable error=\"{}\"", reply.text);
            return done(std::nullopt);
          }
          const auto last = static_cast<RoomId>(reply.integer);
          self->max_known_id_ = std::max(self->max_known_id_, last);
          done(last - count + 1);
        });
  });
}

}  // namespace archipel::server
