// Perft-style golden numbers (after Stockfish's perft): the number of legal action sequences of a
// given depth from fixed positions, and legal-action counts along fixed seeded games. Any change to
// move generation shows up here. The set-up and hand-built positions are counted by hand in the
// comments; the counts along seeded games were recorded from this implementation and guard
// against regressions.

#include "engine/santa_maria/santa_maria.hpp"

#include <gtest/gtest.h>

#include "tests/engine/santa_maria/position.hpp"

namespace archipel::engine::santa_maria::testing {
namespace {

std::uint64_t perft(const State& s, int depth) {
  if (depth == 0) return 1;
  std::uint64_t leaves = 0;
  for (Seat seat : Rules::to_act(s))
    for (const auto& action : Rules::legal_actions(s, seat)) {
      State next = s;
      auto applied = Rules::apply(next, seat, action);
      EXPECT_TRUE(applied.ok()) << action.dump();
      leaves += perft(next, depth - 1);
    }
  return leaves;
}

TEST(SantaMariaPerft, ColonyChoiceFourPlayers) {
  // Seat 3 picks among 4 side-A boards, seat 2 among 3, seat 1 among 2; seat 0 gets the last.
  const State s = setup_game(4, {{"colonies", "choose"}});
  EXPECT_EQ(perft(s, 1), 4u);
  EXPECT_EQ(perft(s, 2), 12u);
  EXPECT_EQ(perft(s, 3), 24u);
  State after = s;
  for (int i = 0; i < 3; ++i)
    act(after, Rules::to_act(after)[0], Rules::legal_actions(after, Rules::to_act(after)[0])[0]);
  EXPECT_EQ(after.phase, Phase::play);
  EXPECT_EQ(Rules::to_act(after), std::vector<Seat>{0});
}

TEST(SantaMariaPerft, ColonyChoiceTwoPlayers) {
  // Two players: 4 then 3 boards, nothing automatic.
  const State s = setup_game(2, {{"colonies", "choose"}});
  EXPECT_EQ(perft(s, 1), 4u);
  EXPECT_EQ(perft(s, 2), 12u);
}

TEST(SantaMariaPerft, EmptyColonyFirstTurn) {
  // Seat 0 on an empty colony with 3 coins and 2 wood: 5 doubles (triples need a grain), no
  // building to activate, hence no die; 5 retreat spaces; sell wood; buy wood and grain. 13.
  State s = blank_game(2);
  EXPECT_EQ(Rules::legal_actions(s, 0).size(), 13u);
  EXPECT_TRUE(Rules::legal_actions(s, 1).empty());
  // A domino on an empty 6x6: 30 horizontal and 30 vertical pairs, each from either end: 120.
  act(s, 0, {{"type", "expand"}, {"tile", components().tiles[s.offer[0]].id}});
  EXPECT_EQ(Rules::legal_actions(s, 0).size(), 120u);
}

TEST(SantaMariaPerft, OneBuildingDice) {
  // One building on c3 (row 3, column 3), 3 coins, blue die 1, white dice 1 2 3 5 6 6.
  // White: 1 (cost 2), 2 (1), 3 (0), 5 (2) reach column 3; 6 needs 3 coins: also legal. All 5
  // values. Blue 1: row 3 costs 2. Then after "white 6": only "value 3" (3 coins).
  State s = blank_game(2);
  lay(s, 0, "c3", "FOR +W");
  s.players[0].blue = {1};
  s.white = {1, 2, 3, 5, 6, 6};
  int dice = 0;
  for (const auto& a : Rules::legal_actions(s, 0)) dice += a["type"] == "die";
  EXPECT_EQ(dice, 6);
  act(s, 0, {{"type", "die"}, {"color", "white"}, {"value", 6}});
  const auto values = Rules::legal_actions(s, 0);
  ASSERT_EQ(values.size(), 1u);
  EXPECT_EQ(values[0], (Json{{"type", "value"}, {"value", 3}}));
}

// Legal-action counts summed along seeded random games (first 60 steps), at 1-4 players.
std::uint64_t count_along(int seats, const Options& options, std::uint64_t seed) {
  State s = setup_game(seats, options, seed);
  Rng chooser(seed);
  std::uint64_t total = 0;
  for (int step = 0; step < 60 && !Rules::to_act(s).empty(); ++step) {
    const Seat seat = Rules::to_act(s)[0];
    const auto legal = Rules::legal_actions(s, seat);
    total += legal.size();
    act(s, seat, legal[chooser.below(legal.size())]);
  }
  return total;
}

TEST(SantaMariaPerft, CountsAlongSeededGames) {
  const std::uint64_t expected[] = {0, 304, 243, 625, 596};
  for (int seats = 1; seats <= 4; ++seats) {
    const auto got = count_along(seats, {}, 42);
    EXPECT_EQ(got, expected[seats]) << seats << " players";
  }
  EXPECT_EQ(count_along(3, {{"setup", "advanced"}}, 7), 778u);
  EXPECT_EQ(count_along(4, {{"blue_dice", "shared"}}, 7), 583u);
  // Pinned like the others (recorded from the engine, as Stockfish's bench signature): a change to
  // what is legal along these games changes a count.
  EXPECT_EQ(count_along(2, {{"colonies", "choose"}}, 7), 376u);
}

}  // namespace
}  // namespace archipel::engine::santa_maria::testing
