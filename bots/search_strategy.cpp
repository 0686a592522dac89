#include <chrono>
#include <cmath>
#include <limits>

#include "bots/strategy_impl.hpp"
#include "engine/core/registry.hpp"

namespace archipel::bots {
namespace {

constexpr int kDefaultIterations = 200;
constexpr int kRolloutDepth = 20;  // random moves after the root move before the evaluation decides
constexpr int kDeterminizations = 16;  // sampled once per decision and cycled through
constexpr double kExploration = 0.7;

// Maps an evaluation (points of advantage) to a reward in (0, 1); a finished game is a win, loss or
// draw.
double reward(const engine::GameInstance& game, engine::Seat seat) {
  const int eval = game.evaluate(seat).value_or(0);
  if (game.over()) return eval > 0 ? 1.0 : eval < 0 ? 0.0 : 0.5;
  return 1.0 / (1.0 + std::exp(-eval / 20.0));
}

}  // namespace

std::size_t SearchStrategy::choose(const std::string& game_id, const nlohmann::json& view,
                                   engine::Seat seat, engine::Rng& rng) {
  const std::size_t n = legal_count(view);
  if (n == 1) return 0;
  const engine::GameEntry* entry = engine::default_registry().find(game_id);
  if (!entry || !entry->determinize) return static_cast<std::size_t>(rng.below(n));
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto budget = std::chrono::milliseconds(options_.think_ms);
  const int iterations = options_.iterations > 0 ? options_.iterations : kDefaultIterations;

  std::vector<engine::GamePtr> worlds;
  for (int k = 0; k < kDeterminizations; ++k) {
    auto game = entry->determinize(view, seat, rng);
    if (!game.ok()) break;
    worlds.push_back(std::move(game).value());
  }
  if (worlds.empty()) return static_cast<std::size_t>(rng.below(n));

  std::vector<double> total(n, 0.0);
  std::vector<int> visits(n, 0);
  int done = 0;
  for (int it = 0; it < iterations; ++it) {
    if (options_.think_ms > 0 && (it & 3) == 0 && Clock::now() - start >= budget * 9 / 10) break;
    // UCB1 over the root moves; every move once first.
    std::size_t move = 0;
    if (static_cast<std::size_t>(it) < n) {
      move = static_cast<std::size_t>(it);
    } else {
      double best = -std::numeric_limits<double>::infinity();
      const double log_n = std::log(static_cast<double>(done));
      for (std::size_t i = 0; i < n; ++i) {
        if (visits[i] == 0) {
          move = i;
          break;
        }
        const double ucb = total[i] / visits[i] + kExploration * std::sqrt(log_n / visits[i]);
        if (ucb > best) {
          best = ucb;
          move = i;
        }
      }
    }
    auto game = worlds[static_cast<std::size_t>(it) % worlds.size()]->clone();
    double value = 0.0;
    if (game->apply(seat, view["legal"][move]["action"]).ok()) {
      for (int depth = 0; depth < kRolloutDepth && !game->over(); ++depth) {
        const auto acting = game->to_act();
        const engine::Seat actor = acting[static_cast<std::size_t>(rng.below(acting.size()))];
        auto moves = game->legal_actions(actor);
        if (moves.empty()) break;
        if (!game->apply(actor, moves[static_cast<std::size_t>(rng.below(moves.size()))]).ok())
          break;
      }
      value = reward(*game, seat);
    }
    total[move] += value;
    ++visits[move];
    ++done;
  }
  // The most visited move (ties: the better mean).
  std::size_t best = 0;
  for (std::size_t i = 1; i < n; ++i)
    if (visits[i] > visits[best] || (visits[i] == visits[best] && visits[i] > 0 &&
                                     total[i] / visits[i] > total[best] / visits[best]))
      best = i;
  return best;
}

}  // namespace archipel::bots
