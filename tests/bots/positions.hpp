#pragma once
// Random Santa Cruz positions for the bot tests: seeded games advanced by random legal moves.
#include <vector>

#include "engine/core/registry.hpp"

namespace archipel::testing::bots {

struct Position {
  engine::GamePtr game;
  engine::Seat seat = -1;  // a seat that must act
};

/// `count` positions of `game_id` with 2..max players, each a random number of random moves into a
/// game.
inline std::vector<Position> random_positions(const std::string& game_id, int count,
                                              std::uint64_t seed) {
  const auto& registry = engine::default_registry();
  const auto* entry = registry.find(game_id);
  engine::Rng rng(seed);
  std::vector<Position> out;
  for (int i = 0; i < count; ++i) {
    const int players =
        entry->spec->min_players +
        static_cast<int>(rng.below(entry->spec->max_players - entry->spec->min_players + 1));
    auto game = registry.create(game_id, std::max(2, players), {}, seed * 1000 + i).value();
    const int steps = static_cast<int>(rng.below(160));
    for (int k = 0; k < steps && !game->over(); ++k) {
      const auto acting = game->to_act();
      const auto seat = acting[rng.below(acting.size())];
      const auto moves = game->legal_actions(seat);
      if (!game->apply(seat, moves[rng.below(moves.size())]).ok()) break;
    }
    if (game->over()) continue;
    const auto acting = game->to_act();
    const auto seat = acting[rng.below(acting.size())];
    out.push_back(Position{std::move(game), seat});
  }
  return out;
}

}  // namespace archipel::testing::bots
