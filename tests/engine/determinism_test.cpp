// A determinism signature (after Stockfish's bench signature): a hash over the final states of a fixed set of
// random playouts per game. The same binary must give the same signature twice in one run, and a state
// must not depend on anything but the seed and the actions (no addresses, clocks or iteration order).

#include <gtest/gtest.h>

#include "tests/support/playout.hpp"
#include "tests/support/race_game.hpp"

namespace archipel::testing {
namespace {

std::uint64_t fnv1a(const std::string& s, std::uint64_t h = 1469598103934665603ULL) {
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return h;
}

std::uint64_t signature(const std::string& game, int seats) {
  std::uint64_t h = 1469598103934665603ULL;
  for (int seed = 0; seed < 25; ++seed)
    h = fnv1a(run_playout(registry_with_race(), PlayoutConfig{game, seats, {}}, seed).final_state, h);
  return h;
}

TEST(Determinism, SignatureIsStableWithinARun) {
  for (const auto& entry : registry_with_race().games()) {
    const int seats = entry.spec->max_players;
    const auto first = signature(entry.spec->id, seats);
    EXPECT_EQ(first, signature(entry.spec->id, seats)) << entry.spec->id;
    std::printf("[signature] %s/%dp %016llx\n", entry.spec->id.c_str(), seats,
                static_cast<unsigned long long>(first));
  }
}

TEST(Determinism, DifferentSeedsGiveDifferentGames) {
  auto a = run_playout(registry_with_race(), PlayoutConfig{"race", 3, {}}, 1);
  auto b = run_playout(registry_with_race(), PlayoutConfig{"race", 3, {}}, 2);
  EXPECT_NE(a.final_state, b.final_state);
}

}  // namespace
}  // namespace archipel::testing
