// Perft-style golden numbers (after Stockfish's perft): the number of legal action sequences of a
// given depth from the set-up, and legal-action counts along fixed seeded games. Any change to move
// generation shows up here. The set-up and first-card numbers are checked by hand in the comments;
// the seeded-game numbers were recorded from this implementation and guard against regressions.

#include "engine/costa_ruana/costa_ruana.hpp"

#include <set>

#include <gtest/gtest.h>

#include "engine/core/rng.hpp"
#include "tests/engine/costa_ruana/position.hpp"

namespace archipel::testing::costa_ruana {
namespace {

// Leaves of the tree of legal action sequences of length `depth` (every seat in to_act may move).
std::uint64_t perft(const cr::State& s, int depth) {
  if (depth == 0) return 1;
  std::uint64_t leaves = 0;
  for (Seat seat : cr::Rules::to_act(s))
    for (const auto& action : cr::Rules::legal_actions(s, seat)) {
      cr::State next = s;
      auto applied = cr::Rules::apply(next, seat, action);
      EXPECT_TRUE(applied.ok()) << action.dump();
      leaves += perft(next, depth - 1);
    }
  return leaves;
}

int distinct_cards(const cr::State& s, Seat seat) {
  std::set<std::string> names;
  for (int c : s.players[seat].hand) names.insert(cr::components().cards[c].name);
  return static_cast<int>(names.size());
}

TEST(CostaRuanaPerft, ThreePlayerSetup) {
  // Six islands, one native at a time, no island near its cap of 7: 6, 6^2, 6^3.
  auto s = cr::Rules::setup(3, {}, 1).value();
  EXPECT_EQ(perft(s, 1), 6u);
  EXPECT_EQ(perft(s, 2), 36u);
  EXPECT_EQ(perft(s, 3), 216u);
}

TEST(CostaRuanaPerft, TwoPlayerSetupThenFirstCards) {
  // Four islands, six set-up placements: 4^6. Then the shaman lays one of the distinct cards of
  // the hand (2 players: the 24 cards are all different) before one of the 2 players.
  auto s = cr::Rules::setup(2, {}, 1).value();
  EXPECT_EQ(perft(s, 6), 4096u);
  EXPECT_EQ(distinct_cards(s, s.shaman), 5);
  EXPECT_EQ(perft(s, 7), 4096u * 5u * 2u);
}

TEST(CostaRuanaPerft, IdenticalCardsGiveOneMove) {
  // 3 players: CR34 is a second Place 1 (low tide) beside CR19, CR35 a second Remove 1 (low tide)
  // beside CR22. A hand of CR05 CR19 CR22 CR34 CR35 holds 3 distinct cards: 3 x 3 targets.
  auto s = fresh(3, 0);
  place_setup(s, {"I1", "I2", "I3"});
  give(s, 0, {"CR05", "CR19", "CR22", "CR34", "CR35"});
  EXPECT_EQ(perft(s, 1), 9u);
  const auto t = texts(s, 0);
  EXPECT_EQ(t.front(), "up mt-day 1");
  const auto legal = cr::Rules::legal_actions(s, 0);
  EXPECT_EQ(legal[3], (Json{{"type", "card"}, {"face", "up"}, {"card", "CR19"}, {"to", 0}}));
  EXPECT_EQ(t[3], "up p1-low 1");
  // Then the next player: 5 distinct cards? Whatever the hand, (distinct) x 3 for each first card.
  std::uint64_t expected = 0;
  for (const auto& action : legal) {
    cr::State next = s;
    ASSERT_TRUE(cr::Rules::apply(next, 0, action).ok());
    expected += static_cast<std::uint64_t>(distinct_cards(next, 1)) * 3u;
  }
  EXPECT_EQ(perft(s, 2), expected);
}

TEST(CostaRuanaLegalCounts, AlongSeededGames) {
  // Legal-action counts of the acting seat at every step of three fixed games (the action picked
  // by a fixed generator): the number of steps, the sum of the counts, and the first 24 counts
  // after the set-up (the set-up ones are the island count).
  struct Golden {
    int seats;
    std::uint64_t seed;
    int steps;
    int sum;
    std::vector<int> after_setup;
  };
  const std::vector<Golden> golden{
      // 2 players: 5 cards x 2 seats, 4 distinct face down x 2, 4 cards + pass, flip, resolution...
      {2, 1, 54, 303, {10, 10, 8, 8, 5, 5, 2, 5, 3,  5,  3, 2,
                       10, 10, 8, 8, 5, 5, 2, 2, 10, 10, 8, 8}},
      // 4 players: 5 x 4, then 4 x 4, then 8 cards + pass.
      {4, 2, 129, 1400, {20, 20, 20, 20, 16, 16, 16, 16, 9, 9, 9, 9,
                         2,  3,  8,  6,  2,  7,  7,  7,  7, 7, 7, 3}},
      // 6 players: 5 x 6, or 4 x 6 for a hand holding two identical cards; 12 cards + pass.
      {6, 3, 201, 3060, {30, 30, 30, 24, 30, 30, 24, 24, 24, 24, 24, 24,
                         13, 13, 13, 13, 13, 13, 2,  3,  2,  1,  10, 10}},
  };
  for (const auto& g : golden) {
    auto s = cr::Rules::setup(g.seats, {}, g.seed).value();
    engine::Rng chooser(7);
    int sum = 0, steps = 0;
    std::vector<int> after_setup;
    while (s.phase != cr::Phase::over) {
      const Seat seat = acting(s);
      auto legal = cr::Rules::legal_actions(s, seat);
      ASSERT_FALSE(legal.empty());
      sum += static_cast<int>(legal.size());
      ++steps;
      if (s.phase == cr::Phase::setup)
        EXPECT_EQ(static_cast<int>(legal.size()), static_cast<int>(s.islands.size()));
      else if (after_setup.size() < 24)
        after_setup.push_back(static_cast<int>(legal.size()));
      ASSERT_TRUE(cr::Rules::apply(s, seat, legal[chooser.below(legal.size())]).ok());
    }
    EXPECT_EQ(steps, g.steps) << g.seats << " players";
    EXPECT_EQ(sum, g.sum) << g.seats << " players";
    EXPECT_EQ(after_setup, g.after_setup) << g.seats << " players";
  }
}

}  // namespace
}  // namespace archipel::testing::costa_ruana
