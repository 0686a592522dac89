// The harness's hidden-information check (tests/support/playout.cpp, check_scrambles) must catch a
// view that leaks something other than a token: here a test game whose view adds up every seat's
// secret card. The string-token check cannot see it (the sum names no card); the scramble changes
// the other cards and the leaking view with them.

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include "tests/support/playout.hpp"
#include "tests/support/race_game.hpp"

namespace archipel::testing {
namespace {

struct LeakyRaceRules : RaceRules {
  static const engine::GameSpec& spec() {
    static const engine::GameSpec spec{"leaky-race",
                                       "Race that leaks a sum",
                                       2,
                                       4,
                                       {{"target",
                                         {"10", "6"},
                                         "10",
                                         {"Target", "Cible"},
                                         {"the counter value that ends the game",
                                          "la valeur du compteur qui termine la partie"}}}};
    return spec;
  }
  static Json view(const State& s, engine::Viewer viewer) {
    Json v = RaceRules::view(s, viewer);
    int sum = 0;
    for (int card : s.cards) sum += card;
    v["card_sum"] = sum;  // the leak: with one's own card, it tells the others' total
    return v;
  }
};

const engine::Registry& leaky_registry() {
  static const engine::Registry registry = [] {
    engine::Registry r;
    r.add(engine::entry_for<RaceRules>());
    r.add(engine::entry_for<LeakyRaceRules>());
    return r;
  }();
  return registry;
}

TEST(HiddenScramble, TheHonestGamePassesAndTheScrambleChangesSomething) {
  const auto result = run_playout(leaky_registry(), PlayoutConfig{"race", 3, {}}, 7);
  EXPECT_TRUE(result.ended);
  EXPECT_GT(result.scrambles_changed, 0);
}

TEST(HiddenScramble, AViewLeakingAHiddenSumFails) {
  ::testing::TestPartResultArray failures;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &failures);
    run_playout(leaky_registry(), PlayoutConfig{"leaky-race", 3, {}}, 7);
  }
  int leaks = 0;
  for (int i = 0; i < failures.size(); ++i)
    leaks += std::string(failures.GetTestPartResult(i).message())
                 .find("changes with what it may not know") != std::string::npos;
  EXPECT_GT(leaks, 0) << "the leaking view was not caught";
  EXPECT_EQ(leaks, failures.size()) << "only the leak may fail";
}

}  // namespace
}  // namespace archipel::testing
