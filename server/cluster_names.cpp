// Names unique across nodes: a key per name skeleton holding "<node id> <player>", leased and
// renewed by the node's heartbeat. Same class as cluster.cpp, on the same strand.
#include <cstdint>
#include <cstdio>

#include <spdlog/spdlog.h>

#include "server/cluster.hpp"

namespace archipel::server {

namespace {

// Claims (or renews) each name KEYS[i] for the holder ARGV[i]: kept when it is the holder's
// already, taken when free; refused (0) when someone else holds it. ARGV[#ARGV] is the lease in
// milliseconds. One script for many names, so a beat costs one round trip per batch.
const char* const kClaimScript = R"lua(
local out = {}
local lease = ARGV[#ARGV]
for i, key in ipairs(KEYS) do
  local cur = redis.call('GET', key)
  if cur == ARGV[i] then redis.call('PEXPIRE', key, lease) out[i] = 1
  elseif not cur then redis.call('SET', key, ARGV[i], 'PX', lease) out[i] = 1
  else out[i] = 0 end
end
return out
)lua";

const char* const kReleaseScript =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

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

void Cluster::claim_name(const std::string& skeleton, const std::string& player,
                         std::function<void(NameClaim)> done) {
  net::post(redis_->strand(), [self = shared_from_this(), name_key = key("name:" + skeleton),
                               value = claim_value(player), done = std::move(done)]() mutable {
    self->redis_->command_here(
        {"EVAL", kClaimScript, "1", name_key, value, std::to_string(self->options_.lease.count())},
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
    self->redis_->command_here({"EVAL", kReleaseScript, "1", name_key, value});
  });
}

void Cluster::release_all_names() {
  for (const auto& [name_key, value] : names_)
    redis_->command_here({"EVAL", kReleaseScript, "1", name_key, value});
}

void Cluster::renew_names() {
  if (names_.empty()) return;
  std::vector<std::string> keys;
  std::vector<std::string> values;
  auto send = [&] {
    std::vector<std::string> args{"EVAL", kClaimScript, std::to_string(keys.size())};
    args.insert(args.end(), keys.begin(), keys.end());
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
