// Perft-style golden numbers (after Stockfish's perft): the number of legal action sequences of a
// given depth from fixed positions, and legal-action counts along fixed seeded games. The set-up
// and action-phase numbers are checked by hand in the comments; the seeded-game sums were recorded
// from this implementation and guard move generation against regressions.

#include <gtest/gtest.h>

#include "tests/engine/capa_doro/position.hpp"

namespace archipel::testing::capa_doro {
namespace {

std::uint64_t perft(const cd::State& s, int depth) {
  if (depth == 0) return 1;
  std::uint64_t leaves = 0;
  for (Seat seat : cd::Rules::to_act(s))
    for (const auto& action : cd::Rules::legal_actions(s, seat)) {
      cd::State next = s;
      auto applied = cd::Rules::apply(next, seat, action);
      EXPECT_TRUE(applied.ok()) << action.dump();
      leaves += perft(next, depth - 1);
    }
  return leaves;
}

TEST(CapaDoroPerft, StartPlacements) {
  // Round 1: the 12 seed spaces outside Central America (5 Asia + 4 South America + 3 Africa), one
  // fewer for each player after; round 2: the 12 growth spaces likewise; then one roll.
  auto s4 = cd::Rules::setup(4, {}, 1).value();
  EXPECT_EQ(perft(s4, 1), 12u);
  EXPECT_EQ(perft(s4, 2), 12u * 11u);
  EXPECT_EQ(perft(s4, 3), 12u * 11u * 10u);
  EXPECT_EQ(perft(s4, 4), 12u * 11u * 10u * 9u);
  auto s2 = cd::Rules::setup(2, {{"events", "off"}}, 1).value();
  EXPECT_EQ(perft(s2, 2), 132u);
  EXPECT_EQ(perft(s2, 3), 132u * 12u);
  EXPECT_EQ(perft(s2, 4), 132u * 12u * 11u);
  EXPECT_EQ(perft(s2, 5), 132u * 12u * 11u);  // the first player's roll
  auto s3 = cd::Rules::setup(3, {}, 2).value();
  EXPECT_EQ(perft(s3, 4), 12u * 11u * 10u * 12u);
}

TEST(CapaDoroPerft, ActionPhase) {
  // An empty board, 15 coins, nothing in stock: 14 sowings, 4 buys, done = 19.
  // Depth 2: after a sowing, 13 other rows + done (14 * 14 = 196); after a buy, 4 buys and done (4
  // * 5 = 20: selling the colour just bought is not offered, a colour trades one way in an action);
  // after done, the next player's roll (1): 217.
  cd::State s = at_action(3);
  EXPECT_EQ(perft(s, 1), 19u);
  EXPECT_EQ(perft(s, 2), 217u);
  // Two players add 14 neutral sowings: 33; after a sowing (28 of them) 13 + 13 + done.
  cd::State t = at_action(2);
  EXPECT_EQ(perft(t, 1), 33u);
  EXPECT_EQ(perft(t, 2), 28u * 27u + 20u + 1u);
}

struct Signature {
  long steps = 0;
  long legal = 0;
};

Signature seeded_game(int seats, bool events, std::uint64_t seed) {
  cd::State s = cd::Rules::setup(seats, {{"events", events ? "on" : "off"}}, seed).value();
  engine::Rng chooser(seed * 7 + 3);
  Signature sig;
  while (s.phase != cd::Phase::over && sig.steps < 100000) {
    const Seat seat = cd::Rules::to_act(s).front();
    const auto moves = cd::Rules::legal_actions(s, seat);
    sig.legal += static_cast<long>(moves.size());
    EXPECT_TRUE(cd::Rules::apply(s, seat, moves[chooser.below(moves.size())]).ok());
    ++sig.steps;
  }
  return sig;
}

TEST(CapaDoroPerft, CountsAlongSeededGames) {
  struct Golden {
    int seats;
    bool events;
    long steps, legal;
  };
  // Recounted for issue 37 (the yield onto seed plantations, the harvest of a token pushed into the
  // harvest column, the track's lowest price for a full market, the undo-only trade refusal).
  const Golden golden[] = {
      {2, true, 179, 1654}, {2, false, 109, 1062}, {3, true, 99, 679},
      {3, false, 108, 603}, {4, true, 134, 776},   {4, false, 115, 751},
  };
  for (const auto& g : golden) {
    const Signature sig = seeded_game(g.seats, g.events, 42);
    EXPECT_EQ(sig.steps, g.steps) << g.seats << "p events=" << g.events;
    EXPECT_EQ(sig.legal, g.legal) << g.seats << "p events=" << g.events;
  }
}

}  // namespace
}  // namespace archipel::testing::capa_doro
