#pragma once
// Internal to archipel_bots: the concrete strategies and small helpers they share.

#include <chrono>
#include <functional>
#include <stdexcept>

#include "bots/strategy.hpp"

namespace archipel::bots {

/// The number of legal moves in a client view; throws std::invalid_argument if there are none.
inline std::size_t legal_count(const nlohmann::json& view) {
  if (!view.is_object() || !view.contains("legal") || !view["legal"].is_array() ||
      view["legal"].empty())
    throw std::invalid_argument("choose() needs a view with a non-empty \"legal\" array");
  return view["legal"].size();
}

class RandomStrategy final : public Strategy {
 public:
  std::string name() const override { return "random"; }
  std::size_t choose(const std::string& game_id, const nlohmann::json& view, engine::Seat seat,
                     engine::Rng& rng) override;
};

}  // namespace archipel::bots

namespace archipel::bots {

/// Greedy: plays each legal move in a few determinizations of the view (the same ones for every
/// move) and takes the move whose resulting position the game's evaluation likes best, on average.
class GreedyStrategy final : public Strategy {
 public:
  explicit GreedyStrategy(const StrategyOptions& options) : options_(options) {}
  std::string name() const override { return "greedy"; }
  std::size_t choose(const std::string& game_id, const nlohmann::json& view, engine::Seat seat,
                     engine::Rng& rng) override;

 private:
  StrategyOptions options_;
};

/// Search: determinized flat Monte Carlo with UCB1 at the root. Each iteration samples a
/// determinization of the view, picks a root move by UCB1, plays random moves for every seat up to
/// a depth, and scores the result with the game's evaluation (the final margin when the game ends).
class SearchStrategy final : public Strategy {
 public:
  explicit SearchStrategy(const StrategyOptions& options) : options_(options) {}
  std::string name() const override { return "search"; }
  std::size_t choose(const std::string& game_id, const nlohmann::json& view, engine::Seat seat,
                     engine::Rng& rng) override;

 private:
  StrategyOptions options_;
};

/// Expert: information-set Monte Carlo tree search (bots/expert_strategy.cpp). Each playout draws a
/// fresh determinization of the view, descends a tree of moves keyed by (seat, move) with UCB1 over
/// availability counts, adds one node, plays random moves to a depth and backs up each seat's
/// reward.
class ExpertStrategy final : public Strategy {
 public:
  using Clock = std::chrono::steady_clock;
  // The default playout count: under 1 s of one core for a decision in every game. Measured as
  // thread CPU time on random positions of each game (docs/bots.md): 1000 playouts took 0.19 s on
  // average in Santa Cruz, 0.22 s in Costa Ruana, 0.25 s in Capa d'Oro and 0.46 s (at worst
  // 0.54 s) in Santa Maria, the slowest.
  static constexpr int kDefaultPlayouts = 1200;

  explicit ExpertStrategy(const StrategyOptions& options) : options_(options) {}
  std::string name() const override { return "expert"; }
  std::size_t choose(const std::string& game_id, const nlohmann::json& view, engine::Seat seat,
                     engine::Rng& rng) override;

  /// The playouts the last choose() ran (0 when it had a single move or no sampler): how the tests
  /// check the budget without timing the machine.
  int last_playouts() const { return last_playouts_; }
  /// Where the time budget reads the time (tests give a clock of their own).
  void set_clock(std::function<Clock::time_point()> now) { now_ = std::move(now); }

 private:
  StrategyOptions options_;
  int last_playouts_ = 0;
  std::function<Clock::time_point()> now_ = [] { return Clock::now(); };
};

}  // namespace archipel::bots
