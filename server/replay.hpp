#pragma once
// A stored game is its seed and its action log: replaying rebuilds the state (restart) and the log lines (/log).

#include <string>
#include <vector>

#include "engine/core/registry.hpp"
#include "server/store.hpp"

namespace archipel::server {

struct ReplayedGame {
  engine::GamePtr game;
  std::vector<engine::LocalText> log;  // one line per event, as the room showed them, in both languages
};

engine::Result<ReplayedGame> replay_record(const engine::Registry& registry, const GameRecord& record);

/// The log line of one game event in both languages (`names`: the players' names by seat). The one place the
/// server asks a game to describe an event, live or replayed.
engine::LocalText log_line(const engine::GameInstance& game, const nlohmann::json& event,
                           const std::vector<std::string>& names);

}  // namespace archipel::server
