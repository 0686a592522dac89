// Points by source (Outcome::breakdown) on the book's end of game ("Fin de la partie"): 2 points of
// respect for each treasure won during the game and 1 for each native in the reserve, none for
// natives on the islands.

#include "engine/costa_ruana/costa_ruana.hpp"

#include <gtest/gtest.h>

#include "tests/engine/costa_ruana/position.hpp"

namespace archipel::testing::costa_ruana {
namespace {

// Three treasures in the hut, one won this round, 7 natives home and 3 on the islands: treasures 2
// x 4 = 8, natives 7; nothing for the natives on the islands.
TEST(CostaRuanaPointsBySource, TwoATreasureOneANativeInReserve) {
  auto s = fresh(2, 0);
  place_setup(s, {"I1", "I2"});
  s.phase = cr::Phase::over;
  s.players[0].hut = 3;
  s.players[0].awards = 1;
  s.islands[island("I3")].treasures -= 4;
  ASSERT_EQ(s.players[0].reserve, 7);
  auto outcome = cr::Rules::outcome(s);
  ASSERT_TRUE(outcome.has_value());
  ASSERT_EQ(outcome->breakdown.size(), 2u);
  const auto& parts = outcome->breakdown[0];
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].source, "treasures");
  EXPECT_EQ(parts[0].points, 8);
  EXPECT_EQ(parts[0].label.fr, "Trésors (2 points chacun)");
  EXPECT_EQ(parts[1].source, "natives");
  EXPECT_EQ(parts[1].points, 7);
  EXPECT_EQ(parts[1].label.fr, "Habitants dans la réserve (1 point chacun)");
  EXPECT_EQ(parts[0].points + parts[1].points, outcome->scores[0]);
  EXPECT_EQ(outcome->breakdown[1][0].points, 0);  // seat 1 won no treasure
  EXPECT_EQ(outcome->breakdown[1][1].points, 7);
  EXPECT_TRUE(cr::Rules::check_invariants(s).empty());
}

}  // namespace
}  // namespace archipel::testing::costa_ruana
