#pragma once
// A stored game is its seed and its action log: replaying rebuilds the state (restart) and the log lines (/log).

#include <string>
#include <vector>

#include "engine/core/registry.hpp"
#include "server/store.hpp"

namespace archipel::server {

struct ReplayedGame {
  engine::GamePtr game;
  std::vector<std::string> log;  // one line per event, as the room chat showed them
};

engine::Result<ReplayedGame> replay_record(const engine::Registry& registry, const GameRecord& record);

}  // namespace archipel::server
