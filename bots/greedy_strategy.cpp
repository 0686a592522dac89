#include <chrono>
#include <limits>

#include "bots/strategy_impl.hpp"
#include "engine/core/registry.hpp"

namespace archipel::bots {

std::size_t GreedyStrategy::choose(const std::string& game_id, const nlohmann::json& view,
                                   engine::Seat seat, engine::Rng& rng) {
  const std::size_t n = legal_count(view);
  if (n == 1) return 0;
  const engine::GameEntry* entry = engine::default_registry().find(game_id);
  if (!entry || !entry->determinize) return static_cast<std::size_t>(rng.below(n));
  const auto start = std::chrono::steady_clock::now();
  const int samples = options_.iterations > 0 ? options_.iterations : 4;
  std::vector<double> total(n, 0.0);
  std::vector<int> count(n, 0);
  for (int k = 0; k < samples; ++k) {
    auto game = entry->determinize(view, seat, rng);
    if (!game.ok()) break;
    for (std::size_t i = 0; i < n; ++i) {
      auto copy = game.value()->clone();
      if (!copy->apply(seat, view["legal"][i]["action"]).ok()) continue;
      total[i] += copy->evaluate(seat).value_or(0);
      ++count[i];
    }
    if (options_.think_ms > 0 &&
        std::chrono::steady_clock::now() - start > std::chrono::milliseconds(options_.think_ms) / 2)
      break;
  }
  // Ties go to a random one of the best, so greedy does not always favour the first listed move.
  double best = -std::numeric_limits<double>::infinity();
  std::vector<std::size_t> best_moves;
  for (std::size_t i = 0; i < n; ++i) {
    if (count[i] == 0) continue;
    const double mean = total[i] / count[i];
    if (mean > best + 1e-9) {
      best = mean;
      best_moves.clear();
    }
    if (mean > best - 1e-9) best_moves.push_back(i);
  }
  if (best_moves.empty()) return static_cast<std::size_t>(rng.below(n));
  return best_moves[static_cast<std::size_t>(rng.below(best_moves.size()))];
}

}  // namespace archipel::bots
