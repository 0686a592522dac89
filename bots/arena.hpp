#pragma once
// The arena: many games between strategies in-process (no sockets), through the registry; each bot
// sees only its seat's client view. Used by archipel-arena and its smoke test.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "bots/strategy.hpp"
#include "engine/core/game.hpp"
#include "engine/core/result.hpp"

namespace archipel::bots {

struct ArenaConfig {
  std::string game = "santa-cruz";
  int players = 2;
  // One per seat, rotated by one seat each game: a strategy's name, or "name:N" for that strategy
  // with N iterations (playouts) whatever `options` says, to match strategies at budgets of their
  // own.
  std::vector<std::string> strategies;
  int games = 10;
  std::uint64_t seed = 1;
  int threads = 1;
  StrategyOptions options;
  engine::Options
      game_options;  // the game's own options (--option key=value), completed by the registry
  // A game not over after this many moves fails (ArenaFailure::move_cap): a game that long is a
  // bug, the longest rule-book game is a few hundred moves. Tests lower it to see a failure
  // reported.
  int move_cap = 5000;
};

struct ArenaStanding {
  std::string strategy;
  double wins = 0;      // a tie for first shares the win
  int appearances = 0;  // seats played
  double rate() const { return appearances ? wins / appearances : 0.0; }
  double score_sum =
      0;  // the game's final score of each seat played, for the mean (solo games have no rival)
  double mean_score() const { return appearances ? score_sum / appearances : 0.0; }
  double low = 0, high = 0;  // 95% Wilson interval
};

/// Why a game did not reach its end. `refused`: a game refused one of its own legal actions (an
/// engine bug); `move_cap`: ArenaConfig::move_cap moves without an end (bots that loop, or a game
/// that cannot end); `no_outcome`: over without an outcome (an engine bug).
enum class ArenaFailure { none, refused, move_cap, no_outcome };
const char* to_string(ArenaFailure failure);

struct ArenaFailedGame {
  std::uint64_t seed = 0;  // replays the game with --seed SEED --games 1 (and the seats below)
  ArenaFailure failure = ArenaFailure::none;
  std::vector<std::string> seats;  // the strategies by seat in that game
};

struct ArenaResult {
  std::vector<ArenaStanding> standings;  // by distinct strategy name, in first-seen order
  int games = 0;
  int failed = 0;  // games that did not reach the end (a bug: a rejected move or a move limit)
  std::vector<ArenaFailedGame> failures;  // one per failed game, in the order they ended
  // How the finished games ended and how long they were, read from their last public view where
  // the game shows them (Capa d'Oro: "end" is sixty or tobacco, "round" the round under way), so
  // a rule change can be measured by its effect on the game's length and ending.
  std::map<std::string, int> ends;  // the view's "end" -> games
  double round_sum = 0;             // the view's "round", summed over the games that show it
  int round_games = 0;
  double mean_rounds() const { return round_games ? round_sum / round_games : 0.0; }
  double seconds = 0;
};

/// A seat's strategy from its arena name ("expert" or "expert:400"), with `options` (the iteration
/// count after ':' replacing options.iterations); nullptr for an unknown name or a bad count.
std::unique_ptr<Strategy> arena_strategy(const std::string& spec, StrategyOptions options);

/// Runs the games; throws std::invalid_argument on a bad configuration.
ArenaResult run_arena(const ArenaConfig& config);

/// Reads `--option key=value` flags (repeatable) into game options for `num_seats` players of
/// `spec`, checked and completed with defaults by complete_options (rule "bad_option" on an unknown
/// key, a value outside the choices, a flag without '=' or a key given twice). Shared by
/// archipel-arena and the engine bench.
engine::Result<engine::Options> parse_game_options(const std::vector<std::string>& flags,
                                                   const engine::GameSpec& spec, int num_seats);

/// The 95% Wilson score interval for `wins` out of `n`.
std::pair<double, double> wilson_interval(double wins, int n);

}  // namespace archipel::bots
