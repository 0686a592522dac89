// The lobby across nodes: each node's rooms in rooms:<id> (a hash with the node's lease) and its
// room-list deltas and lobby chat on the pub/sub channel "lobby" (docs/cluster.md). Same class as
// cluster.cpp, on the same strand; the subscriber's connection only posts here.
//
// A delta is written to rooms:<id> and published in one script, with the node's run (a random id
// per start) and a seq that counts its deltas. A node reading the channel applies a delta only
// when it comes right after the last one it saw from that node; otherwise (a message lost while
// its subscriber reconnected, a node restarted) it reads every node's hash again in one script,
// then the deltas held meanwhile, skipping those the read already holds. So the list converges on
// Redis's content whatever is lost, and costs one message per node per flush window when nothing
// is.
#include <algorithm>

#include <spdlog/spdlog.h>

#include "server/cluster.hpp"

namespace archipel::server {

using nlohmann::json;

namespace {

// Writes this node's room changes and publishes them. KEYS[1] rooms:<id>; ARGV: the lease, the
// channel, the message, the run, the seq, "1" to replace the whole hash, then pairs of a room id
// and its summary ("" for a removed room).
const char* const kWriteRoomsScript = R"lua(
if ARGV[6] == '1' then redis.call('DEL', KEYS[1]) end
for i = 7, #ARGV, 2 do
  if ARGV[i + 1] == '' then redis.call('HDEL', KEYS[1], ARGV[i])
  else redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
redis.call('HSET', KEYS[1], 'run', ARGV[4], 'seq', ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('PUBLISH', ARGV[2], ARGV[3])
return 1
)lua";

// Every live node's rooms but ARGV[2]'s: { id, {field, value, ...}, id, ... }. KEYS[1] the node
// index, ARGV[1] the hashes' prefix. A node whose lease lapsed has no hash left: skipped.
const char* const kReadRoomsScript = R"lua(
local out = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if id ~= ARGV[2] then
    local h = redis.call('HGETALL', ARGV[1] .. id)
    if #h > 0 then table.insert(out, id) table.insert(out, h) end
  end
end
return out
)lua";

// Every live node's online names but ARGV[2]'s, each node's one string (names one a line).
const char* const kReadOnlineScript = R"lua(
local out = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if id ~= ARGV[2] then
    local v = redis.call('GET', ARGV[1] .. id)
    if v then table.insert(out, v) end
  end
end
return out
)lua";

}  // namespace

void Cluster::publish_rooms(std::vector<protocol::RoomInfo> updated, std::vector<RoomId> removed) {
  json rooms = json::array();
  for (const auto& r : updated) rooms.push_back(protocol::room_json(r));
  net::post(redis_->strand(), [self = shared_from_this(), rooms = std::move(rooms),
                               removed = std::move(removed)]() mutable {
    for (const auto& r : rooms) self->own_rooms_[r["id"].get<RoomId>()] = r.dump();
    for (RoomId id : removed) self->own_rooms_.erase(id);
    // Away from Redis, the changes wait in own_rooms_: the next connection writes them all.
    if (!self->redis_->connected() || self->stopped_) return;
    self->write_rooms(std::move(rooms), std::move(removed), false);
  });
}

void Cluster::write_rooms(json updated, std::vector<RoomId> removed, bool all) {
  if (all) {
    updated = json::array();
    removed.clear();
    for (const auto& [id, text] : own_rooms_) updated.push_back(json::parse(text));
  }
  const std::int64_t seq = ++seq_;
  json message{{"kind", "rooms"}, {"node", node_id()},  {"run", run_},       {"seq", seq},
               {"full", all},     {"updated", updated}, {"removed", removed}};
  std::vector<std::string> args{"EVAL",
                                kWriteRoomsScript,
                                "1",
                                key("rooms:" + node_id()),
                                std::to_string(options_.lease.count()),
                                lobby_channel(),
                                message.dump(),
                                run_,
                                std::to_string(seq),
                                all ? "1" : "0"};
  for (const auto& r : updated) {
    args.push_back(std::to_string(r["id"].get<RoomId>()));
    args.push_back(r.dump());
  }
  for (RoomId id : removed) {
    args.push_back(std::to_string(id));
    args.push_back("");
  }
  redis_->command_here(std::move(args), [](RedisReply reply) {
    // Lost with the connection: the next one writes every room again (beat after connecting).
    if (!reply.ok()) spdlog::debug("event=cluster_rooms_not_written error=\"{}\"", reply.text);
  });
}

void Cluster::publish_chat(const std::string& from, const std::string& text) {
  json message{{"kind", "chat"}, {"node", node_id()}, {"from", from}, {"text", text}};
  redis_->command({"PUBLISH", lobby_channel(), message.dump()});
}

void Cluster::set_online(std::vector<std::string> names) {
  std::string lines;
  for (const auto& n : names) lines += n + "\n";
  net::post(redis_->strand(), [self = shared_from_this(), lines = std::move(lines)]() mutable {
    if (lines == self->online_) return;
    self->online_ = std::move(lines);
    if (self->redis_->connected() && !self->stopped_)
      self->redis_->command_here({"SET", self->key("online:" + self->node_id()), self->online_,
                                  "PX", std::to_string(self->options_.lease.count())});
  });
}

void Cluster::online_elsewhere(std::function<void(std::optional<std::vector<std::string>>)> done) {
  redis_->command({"EVAL", kReadOnlineScript, "1", key("nodes"), key("online:"), node_id()},
                  [done = std::move(done)](RedisReply reply) {
                    if (reply.type != RedisReply::Type::array) return done(std::nullopt);
                    std::vector<std::string> names;
                    for (const auto& e : reply.elements) {
                      std::size_t start = 0;
                      for (std::size_t end; (end = e.text.find('\n', start)) != std::string::npos;
                           start = end + 1)
                        names.push_back(e.text.substr(start, end - start));
                    }
                    done(std::move(names));
                  });
}

void Cluster::subscribed_again() {
  // Messages published while the subscriber was away are lost: read everything again.
  read_all_rooms();
}

void Cluster::read_all_rooms() {
  if (reading_rooms_) {
    read_again_ = true;
    return;
  }
  reading_rooms_ = true;
  read_again_ = false;
  redis_->command_here(
      {"EVAL", kReadRoomsScript, "1", key("nodes"), key("rooms:"), node_id()},
      [self = shared_from_this()](RedisReply reply) { self->all_rooms_read(reply); });
}

void Cluster::all_rooms_read(const RedisReply& reply) {
  reading_rooms_ = false;
  if (reply.type != RedisReply::Type::array) {
    read_again_ = true;  // at the next beat
    spdlog::debug("event=cluster_rooms_not_read error=\"{}\"", reply.text);
    return;
  }
  std::map<std::string, RemoteNode> read;
  for (std::size_t i = 0; i + 1 < reply.elements.size(); i += 2) {
    RemoteNode& node = read[reply.elements[i].text];
    const auto& fields = reply.elements[i + 1].elements;
    for (std::size_t f = 0; f + 1 < fields.size(); f += 2) {
      const std::string& name = fields[f].text;
      const std::string& value = fields[f + 1].text;
      if (name == "run") {
        node.run = value;
      } else if (name == "seq") {
        node.seq = std::atoll(value.c_str());
      } else if (auto room = protocol::room_from_json(json::parse(value, nullptr, false))) {
        node.rooms.emplace(room->id, std::move(*room));
      }
    }
  }
  std::vector<std::string> gone;
  for (const auto& [id, node] : remote_)
    if (!read.count(id)) gone.push_back(id);
  for (const auto& id : gone) {
    replace_rooms_of(id, {});
    remote_.erase(id);
  }
  for (auto& [id, node] : read) {
    replace_rooms_of(id, std::move(node.rooms));
    remote_[id].run = node.run;
    remote_[id].seq = node.seq;
  }
  spdlog::debug("event=cluster_rooms_read nodes={}", read.size());
  for (auto& delta : std::exchange(held_, {})) room_delta(delta);
  if (read_again_) read_all_rooms();
}

void Cluster::lobby_message(const std::string& payload) {
  auto message = json::parse(payload, nullptr, false);
  if (!message.is_object() || !message.contains("node") || !message["node"].is_string() ||
      message["node"] == node_id())
    return;  // not one of ours, or this node's own
  const std::string kind = message.value("kind", std::string());
  if (kind == "rooms") return room_delta(message);
  if (kind == "chat" && feed_.chat && message.contains("from") && message["from"].is_string() &&
      message.contains("text") && message["text"].is_string())
    feed_.chat(message["from"].get<std::string>(), message["text"].get<std::string>());
}

void Cluster::room_delta(const json& delta) {
  if (reading_rooms_) return held_.push_back(delta);
  const std::string node = delta["node"];
  const std::string run = delta.value("run", std::string());
  const std::int64_t seq = delta.value("seq", std::int64_t{0});
  const bool full = delta.value("full", false);
  auto known = remote_.find(node);
  if (known != remote_.end() && known->second.run == run && seq <= known->second.seq)
    return;  // the read of everything held it already
  const bool follows =
      known == remote_.end() ? seq == 1 : known->second.run == run && seq == known->second.seq + 1;
  if (!follows && !full) {
    spdlog::debug("event=cluster_rooms_gap node={} seq={}", node, seq);
    return read_all_rooms();  // it holds this delta, published before the read
  }
  std::map<RoomId, protocol::RoomInfo> rooms;
  if (!full && known != remote_.end()) rooms = known->second.rooms;
  if (delta.contains("updated") && delta["updated"].is_array())
    for (const auto& r : delta["updated"])
      if (auto room = protocol::room_from_json(r)) rooms[room->id] = std::move(*room);
  if (delta.contains("removed") && delta["removed"].is_array())
    for (const auto& id : delta["removed"])
      if (id.is_number_integer()) rooms.erase(id.get<RoomId>());
  replace_rooms_of(node, std::move(rooms));
  remote_[node].run = run;
  remote_[node].seq = seq;
}

void Cluster::replace_rooms_of(const std::string& node,
                               std::map<RoomId, protocol::RoomInfo> rooms) {
  auto& known = remote_[node].rooms;
  std::vector<RoomId> removed;
  for (const auto& [id, room] : known)
    if (!rooms.count(id)) removed.push_back(id);
  std::vector<protocol::RoomInfo> updated;
  for (const auto& [id, room] : rooms) {
    auto before = known.find(id);
    if (before == known.end() || !(before->second == room)) updated.push_back(room);
  }
  known = std::move(rooms);
  if (feed_.rooms && (!updated.empty() || !removed.empty()))
    feed_.rooms(std::move(updated), std::move(removed));
}

void Cluster::forget_dead_nodes() {
  if (remote_.empty()) return;
  // Only what is known now is judged by the answer: a node heard from after the question was
  // asked is alive.
  std::map<std::string, std::pair<std::string, std::int64_t>> asked;
  for (const auto& [id, node] : remote_) asked[id] = {node.run, node.seq};
  nodes([self = shared_from_this(),
         asked = std::move(asked)](std::optional<std::vector<json>> alive) {
    if (!alive) return;
    for (const auto& [id, where] : asked) {
      const bool lives = std::any_of(alive->begin(), alive->end(),
                                     [&, &id = id](const json& n) { return n["id"] == id; });
      auto known = self->remote_.find(id);
      if (lives || known == self->remote_.end() ||
          std::make_pair(known->second.run, known->second.seq) != where)
        continue;
      spdlog::info("event=cluster_node_gone node={} rooms={}", id, known->second.rooms.size());
      self->replace_rooms_of(id, {});
      self->remote_.erase(id);
    }
  });
}

}  // namespace archipel::server
