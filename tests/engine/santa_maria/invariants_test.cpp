// Random games through Rules directly, every option set and player count, with the game's own
// invariants (resources, dice, monks, ships, tiles conserved), the round trip and the hidden
// scramble checked at every step; and the option sets the conformance harness plays or skips.

#include "engine/santa_maria/santa_maria.hpp"

#include <gtest/gtest.h>

#include "tests/engine/santa_maria/position.hpp"
#include "tests/support/playout.hpp"

namespace archipel::engine::santa_maria::testing {
namespace {

void play_checked(int seats, const Options& options, std::uint64_t seed) {
  State s = setup_game(seats, options, seed);
  Rng chooser(seed * 7 + 1);
  int steps = 0;
  while (!Rules::to_act(s).empty()) {
    ASSERT_LT(++steps, 5000) << "the game does not end";
    const auto problems = Rules::check_invariants(s);
    ASSERT_TRUE(problems.empty()) << problems.front() << " at step " << steps << " seed " << seed;
    const Seat seat = Rules::to_act(s)[0];
    const auto legal = Rules::legal_actions(s, seat);
    ASSERT_FALSE(legal.empty());
    if (steps % 5 == 0) {
      for (Seat viewer = -1; viewer < seats; ++viewer) {
        Rng rng(steps + viewer);
        const State scrambled = Rules::scramble_hidden(s, Viewer{viewer}, rng);
        ASSERT_EQ(Rules::view(scrambled, Viewer{viewer}), Rules::view(s, Viewer{viewer}));
        ASSERT_TRUE(Rules::check_invariants(scrambled).empty());
      }
      const Json j = Rules::to_json(s);
      ASSERT_EQ(Rules::to_json(Rules::from_json(j).value()), j);
    }
    act(s, seat, legal[chooser.below(legal.size())]);
  }
  EXPECT_EQ(s.phase, Phase::over);
  EXPECT_EQ(s.year, 3);
  const Outcome o = *Rules::outcome(s);
  EXPECT_EQ(o.solo_won.has_value(), seats == 1);
  for (Seat seat = 0; seat < seats; ++seat) EXPECT_EQ(o.scores[seat], s.final_scores[seat].total);
}

TEST(SantaMariaInvariants, RandomGamesEveryOptionSet) {
  const std::vector<Options> sets = {{},
                                     {{"colonies", "choose"}},
                                     {{"setup", "advanced"}},
                                     {{"blue_dice", "shared"}},
                                     {{"setup", "advanced"}, {"blue_dice", "shared"}}};
  for (int seats = 1; seats <= 4; ++seats)
    for (const auto& options : sets)
      for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        play_checked(seats, options, seed * 31 + seats);
        if (HasFatalFailure()) return;
      }
}

TEST(SantaMariaInvariants, ConservationBreaksAreCaught) {
  State s = setup_game(2);
  EXPECT_TRUE(Rules::check_invariants(s).empty());
  State broken = s;
  broken.white.pop_back();
  EXPECT_FALSE(Rules::check_invariants(broken).empty());
  broken = s;
  broken.ship_pile.pop_back();
  EXPECT_FALSE(Rules::check_invariants(broken).empty());
  broken = s;
  broken.offer.pop_back();
  EXPECT_FALSE(Rules::check_invariants(broken).empty());
  broken = s;
  broken.players[1].monks = 5;
  EXPECT_FALSE(Rules::check_invariants(broken).empty());
  broken = s;
  broken.players[0].res[2] = 4;
  EXPECT_FALSE(Rules::check_invariants(broken).empty());
}

TEST(SantaMariaOptions, SetsPlayedAndSkippedByConformance) {
  const GameSpec& spec = Rules::spec();
  const auto sets = archipel::testing::option_variants(spec);
  ASSERT_EQ(sets.size(), 4u);  // defaults, then each other value alone
  EXPECT_TRUE(sets[0].empty());
  // Pairs of non-default values are not played (each value's rules are independent of the
  // others'; they are mixed only in RandomGamesEveryOptionSet above).
  for (const auto& set : sets) EXPECT_LE(set.size(), 1u);
  // Solo: none of the options exists, so only the defaults are played.
  for (const auto& option : spec.options) {
    EXPECT_FALSE(option.applies_to(1)) << option.key;
    EXPECT_TRUE(option.applies_to(2)) << option.key;
  }
  auto solo = complete_options(spec, {{"setup", "standard"}}, 1);
  ASSERT_TRUE(solo.ok());
  EXPECT_TRUE(solo.value().empty());
  EXPECT_TRUE(setup_game(1, solo.value()).advanced);
}

}  // namespace
}  // namespace archipel::engine::santa_maria::testing
