#pragma once
// The registry: an explicit list of games, looked up by id. `/games`, `/create`, the web client's
// create form and the conformance tests all iterate it, so a registered game cannot skip
// conformance. There is no static self-registration: default_registry() names every game in one
// place, and tests may build their own registry (for example with a tiny test-only game).

#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "engine/core/game_of.hpp"

namespace archipel::engine {

using GamePtr = std::unique_ptr<GameInstance>;

struct GameEntry {
  const GameSpec* spec = nullptr;
  /// Set-up with a seat count within the spec's range and options already completed.
  std::function<Result<GamePtr>(int num_seats, const Options& options, std::uint64_t seed)> setup;
  /// Restores from GameInstance::to_json().
  std::function<Result<GamePtr>(const Json& state)> restore;
  /// Bot support (GameBotSupport in game.hpp): a full game consistent with a seat's client view,
  /// hidden parts sampled with `rng`. Empty for a game without bot support.
  std::function<Result<GamePtr>(const Json& view, Seat seat, Rng& rng)> determinize;
};

template <GameRules R>
GameEntry entry_for() {
  GameEntry entry;
  entry.spec = &R::spec();
  entry.setup = [](int num_seats, const Options& options, std::uint64_t seed) -> Result<GamePtr> {
    auto state = R::setup(num_seats, options, seed);
    if (!state.ok()) return state.error();
    return GamePtr(std::make_unique<GameOf<R>>(std::move(state).value()));
  };
  entry.restore = [](const Json& j) -> Result<GamePtr> {
    auto state = R::from_json(j);
    if (!state.ok()) return state.error();
    return GamePtr(std::make_unique<GameOf<R>>(std::move(state).value()));
  };
  if constexpr (GameBotSupport<R>) {
    entry.determinize = [](const Json& view, Seat seat, Rng& rng) -> Result<GamePtr> {
      auto state = R::determinize(view, seat, rng);
      if (!state.ok()) return state.error();
      return GamePtr(std::make_unique<GameOf<R>>(std::move(state).value()));
    };
  }
  return entry;
}

class Registry {
 public:
  void add(GameEntry entry) { games_.push_back(std::move(entry)); }
  const std::vector<GameEntry>& games() const { return games_; }
  const GameEntry* find(std::string_view id) const;

  /// Validates the game id, the seat count against the spec's range and the options, then sets up.
  Result<GamePtr> create(std::string_view id, int num_seats, const Options& options,
                         std::uint64_t seed) const;
  Result<GamePtr> restore(std::string_view id, const Json& state) const;

 private:
  std::vector<GameEntry> games_;
};

/// Every game Archipel ships, in display order.
const Registry& default_registry();

}  // namespace archipel::engine
