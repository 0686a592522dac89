#pragma once
// The conformance harness (after OpenSpiel's basic_tests): seeded random playouts of any registered
// game through GameInstance, with the contract's invariants checked after every step. Failures are
// reported with GoogleTest's ADD_FAILURE, naming the game, seed and step so the failure can be
// replayed.

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/core/registry.hpp"

namespace archipel::testing {

struct PlayoutConfig {
  std::string game;
  int seats = 2;
  engine::Options options;
  int max_steps = 5000;  // a game that has not ended by then fails "the game ends"
  /// Every invariant at every step (round trip, views, leaks, rejections). Light playouts keep only
  /// what is cheap (legal moves exist when due, apply, /play text, the game ends, a valid outcome)
  /// so thousands of games fit in a CI run next to the fully checked ones.
  bool full_checks = true;
};

/// How GoogleTest prints a configuration in test names and failures (instead of its raw bytes).
inline void PrintTo(const PlayoutConfig& config, std::ostream* os) {
  *os << config.game << " " << config.seats << "p";
  for (const auto& [key, value] : config.options) *os << " " << key << "=" << value;
}

/// Called after every step with the game and the events of the last action; a game's own invariants
/// (pieces conserved ...) go here and report with EXPECT_*.
using InvariantHook =
    std::function<void(const engine::GameInstance&, const std::vector<engine::Json>&)>;

struct PlayoutResult {
  int steps = 0;
  bool ended = false;
  std::vector<std::pair<engine::Seat, engine::Json>> log;  // seat, action
  std::string final_state;                                 // to_json().dump()
  int scrambles_changed =
      0;  // hidden-information scrambles that changed the state (0: the game has none)
};

/// One random game with every contract invariant checked. Random choices come from engine::Rng(seed
/// ^ salt).
PlayoutResult run_playout(const engine::Registry& registry, const PlayoutConfig& config,
                          std::uint64_t seed, const InvariantHook& hook = {});

/// Replays a log from the same seed; returns the final state's dump ("" and a test failure on
/// error).
std::string replay(const engine::Registry& registry, const PlayoutConfig& config,
                   std::uint64_t seed,
                   const std::vector<std::pair<engine::Seat, engine::Json>>& log);

/// What is wrong with an outcome's points by source (Outcome::breakdown), one sentence each; empty
/// when each of the `num_seats` seats has parts adding up to its score, every source a lower
/// snake_case key and every label written in English and French. Checked at the end of every
/// playout.
std::vector<std::string> breakdown_problems(const engine::Outcome& outcome, int num_seats);

/// True when `token` occurs as a string value (or object key) anywhere in `j`.
bool contains_string(const engine::Json& j, const std::string& token);

/// What is wrong with one event's log lines in English and French, one sentence each; empty when
/// both read well: a line is non-empty, has no white space at either end, no doubled space (a field
/// that came out empty), and nothing left of a template ("{seat}", "%s", "null"); the French line
/// is not the English one (a translation forgotten).
std::vector<std::string> log_line_problems(const std::string& en, const std::string& fr);

/// Every option configuration worth covering for a spec: its option_sets_to_test when it declares
/// them, else the defaults, then each non-default choice of each option on its own.
std::vector<engine::Options> option_variants(const engine::GameSpec& spec);

}  // namespace archipel::testing
