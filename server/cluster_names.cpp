// Names unique across nodes: a key per name skeleton holding "<node id> <player>", leased and
// renewed by the node's heartbeat. Same class as cluster.cpp, on the same strand.
#include <cstdint>
#include <cstdio>

#include <spdlog/spdlog.h>

#include "server/cluster.hpp"

namespace archipel::server {

namespace {

// Claims (or renews) each name KEYS[i] (i <= n, n = #KEYS / 2) for the holder ARGV[i] ("<node>
// <player>"): kept when it is the holder's already, taken when free; refused (0) when someone else
// holds it. A name held also writes the player's home, KEYS[n + i] = "<node>": where a connection
// of that player's arriving at another node is carried to (docs/cluster.md). ARGV[n + 1] is the
// lease in milliseconds. One script for many names, so a beat costs one round trip per batch.
const char* const kClaimScript = R"lua(
local out = {}
local n = #KEYS / 2
local lease = ARGV[n + 1]
for i = 1, n do
  local key = KEYS[i]
  local cur = redis.call('GET', key)
  if cur == ARGV[i] then redis.call('PEXPIRE', key, lease) out[i] = 1
  elseif not cur then redis.call('SET', key, ARGV[i], 'PX', lease) out[i] = 1
  else out[i] = 0 end
  if out[i] == 1 then redis.call('SET', KEYS[n + i], string.match(ARGV[i], '^%S+'), 'PX', lease) end
end
return out
)lua";

// A player carried here from another node (an adopt): the name KEYS[1] passes to ARGV[1] when it is
// free or held by the same player on any node; KEYS[2], the player's home, becomes this node.
// ARGV[2] is the lease.
const char* const kAdoptScript = R"lua(
local cur = redis.call('GET', KEYS[1])
if cur and string.match(cur, '%S+$') ~= string.match(ARGV[1], '%S+$') then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SET', KEYS[2], string.match(ARGV[1], '^%S+'), 'PX', ARGV[2])
return 1
)lua";

// Lets go of the name KEYS[1] if ARGV[1] holds it, and of the player's home KEYS[2] if it is this
// node, ARGV[2] (another node that adopted the player holds both now: left alone).
const char* const kReleaseScript = R"lua(
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
if redis.call('GET', KEYS[2]) == ARGV[2] then redis.call('DEL', KEYS[2]) end
return 1
)lua";

// Where a player lives: KEYS[1] their home -> {node id, its description}, or {} when no live node
// holds them. ARGV[1] the node keys' prefix.
const char* const kHomeScript = R"lua(
local node = redis.call('GET', KEYS[1])
if not node then return {} end
local desc = redis.call('GET', ARGV[1] .. node)
if not desc then return {} end
return {node, desc}
)lua";

// Names renewed per script call: a beat for 10,000 players is 50 commands, pipelined.
constexpr std::size_t kNamesPerBatch = 200;

}  // namespace

std::string claim_player_id(const std::string& token) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : token) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

std::string Cluster::claim_value(const std::string& player) const {
  return node_id() + " " + player;
}

std::string Cluster::home_key_of(const std::string& claim) const {
  return key("home:" + claim.substr(claim.find(' ') + 1));
}

void Cluster::claim_name(const std::string& skeleton, const std::string& player,
                         std::function<void(NameClaim)> done) {
  net::post(redis_->strand(), [self = shared_from_this(), name_key = key("name:" + skeleton),
                               value = claim_value(player), done = std::move(done)]() mutable {
    self->redis_->command_here(
        {"EVAL", kClaimScript, "2", name_key, self->home_key_of(value), value,
         std::to_string(self->options_.lease.count())},
        [self, name_key, value, done = std::move(done)](RedisReply reply) {
          if (reply.type != RedisReply::Type::array || reply.elements.size() != 1)
            return done(NameClaim::unavailable);
          if (reply.elements[0].integer != 1) return done(NameClaim::taken);
          self->names_[name_key] = value;
          self->names_held_[name_key] = true;
          done(NameClaim::granted);
        });
  });
}

void Cluster::keep_name(const std::string& skeleton, const std::string& player) {
  net::post(redis_->strand(), [self = shared_from_this(), name_key = key("name:" + skeleton),
                               value = claim_value(player)] {
    self->names_[name_key] = value;
    self->names_held_[name_key] = true;  // a refusal at the next beat is then logged once
  });
}

void Cluster::release_name(const std::string& skeleton, const std::string& player) {
  net::post(redis_->strand(), [self = shared_from_this(), name_key = key("name:" + skeleton),
                               value = claim_value(player)] {
    auto it = self->names_.find(name_key);
    if (it == self->names_.end() || it->second != value) return;  // not this player's
    self->names_.erase(it);
    self->names_held_.erase(name_key);
    self->redis_->command_here(
        {"EVAL", kReleaseScript, "2", name_key, self->home_key_of(value), value, self->node_id()});
  });
}

void Cluster::adopt_name(const std::string& skeleton, const std::string& player,
                         std::function<void(NameClaim)> done) {
  net::post(redis_->strand(), [self = shared_from_this(), name_key = key("name:" + skeleton),
                               value = claim_value(player), done = std::move(done)]() mutable {
    self->redis_->command_here({"EVAL", kAdoptScript, "2", name_key, self->home_key_of(value),
                                value, std::to_string(self->options_.lease.count())},
                               [self, name_key, value, done = std::move(done)](RedisReply reply) {
                                 if (reply.type != RedisReply::Type::integer)
                                   return done(NameClaim::unavailable);
                                 if (reply.integer != 1) return done(NameClaim::taken);
                                 self->names_[name_key] = value;
                                 self->names_held_[name_key] = true;
                                 done(NameClaim::granted);
                               });
  });
}

void Cluster::home_of(const std::string& player, std::function<void(PlayerHome)> done) {
  redis_->command({"EVAL", kHomeScript, "1", key("home:" + player), key("node:")},
                  [done = std::move(done)](RedisReply reply) {
                    PlayerHome home;
                    if (reply.type != RedisReply::Type::array) return done(home);
                    home.asked = true;
                    if (reply.elements.size() != 2) return done(home);
                    home.node = reply.elements[0].text;
                    home.address = address_in(reply.elements[1].text);
                    done(home);
                  });
}

void Cluster::release_all_names() {
  for (const auto& [name_key, value] : names_)
    redis_->command_here(
        {"EVAL", kReleaseScript, "2", name_key, home_key_of(value), value, node_id()});
}

void Cluster::renew_names() {
  if (names_.empty()) return;
  std::vector<std::string> keys;
  std::vector<std::string> values;
  auto send = [&] {
    std::vector<std::string> args{"EVAL", kClaimScript, std::to_string(2 * keys.size())};
    args.insert(args.end(), keys.begin(), keys.end());
    for (const auto& v : values) args.push_back(home_key_of(v));
    args.insert(args.end(), values.begin(), values.end());
    args.push_back(std::to_string(options_.lease.count()));
    redis_->command_here(
        std::move(args), [self = shared_from_this(), keys = std::move(keys)](RedisReply reply) {
          if (reply.type != RedisReply::Type::array || reply.elements.size() != keys.size()) return;
          for (std::size_t i = 0; i < keys.size(); ++i) {
            auto held = self->names_held_.find(keys[i]);
            if (held == self->names_held_.end()) continue;  // released meanwhile
            const bool now = reply.elements[i].integer == 1;
            // Someone else took the name while this node could not renew it (a pause past the
            // lease, a Redis restarted empty and another node first): said once; taken back once
            // free.
            if (held->second && !now)
              spdlog::warn("event=name_claim_lost key={} holder=other", keys[i]);
            held->second = now;
          }
        });
    keys.clear();
    values.clear();
  };
  for (const auto& [name_key, value] : names_) {
    keys.push_back(name_key);
    values.push_back(value);
    if (keys.size() == kNamesPerBatch) send();
  }
  if (!keys.empty()) send();
}

}  // namespace archipel::server
