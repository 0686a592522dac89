// One test per scholar (the rule book's "Tuiles Savant"): each power works for its owner only.

#include "engine/santa_maria/santa_maria.hpp"

#include <gtest/gtest.h>

#include "tests/engine/santa_maria/position.hpp"

namespace archipel::engine::santa_maria::testing {
namespace {

TEST(SantaMariaScholars, AstronomyMovesTheNewShip) {
  State s = blank_game(2);
  grant(s, 0, Power::astronomy);
  lay(s, 0, "a1", "CTY SHIP");
  for (int r = 0; r < kResources; ++r) s.players[0].res[r] = 3;
  act(s, 0, activate("a1"));
  act(s, 0, {{"type", "ship"}, {"dock", "religion"}});
  EXPECT_TRUE(is_legal(s, 0, {{"type", "dock"}, {"dock", "points"}}));
  act(s, 0, {{"type", "dock"}, {"dock", "points"}});  // two docks down: 2 coins
  EXPECT_EQ(s.players[0].port[1].size(), 0u);
  EXPECT_EQ(s.players[0].port[3].size(), 1u);
  EXPECT_EQ(s.players[0].coins, 3 - 1 - 2);
}

TEST(SantaMariaScholars, TaxPaysACoinPerTwoColonists) {
  State s = blank_game(2);
  grant(s, 0, Power::tax);
  lay(s, 0, "a1", "RD2");
  lay(s, 0, "b1", "RD1");
  lay(s, 0, "c1", "FOR +W");
  s.players[0].blue = {1};
  act(s, 0, {{"type", "die"}, {"color", "blue"}, {"value", 1}});
  act(s, 0, {{"type", "value"}, {"value", 1}});
  EXPECT_EQ(s.players[0].coins, 3 + 1);  // 3 colonists: 1 coin
}

TEST(SantaMariaScholars, BotanySetsAnyValueForAWood) {
  State s = blank_game(2);
  lay(s, 0, "a6", "FOR +W");
  s.players[0].blue = {1};
  s.players[0].coins = 0;
  EXPECT_FALSE(is_legal(s, 0, {{"type", "die"}, {"color", "blue"}, {"value", 1}}));
  grant(s, 0, Power::botany);
  act(s, 0, {{"type", "die"}, {"color", "blue"}, {"value", 1}});
  act(s, 0, {{"type", "value"}, {"value", 6}, {"pay", "wood"}});
  EXPECT_EQ(s.players[0].res[0], 2);  // paid a wood, then produced one
  EXPECT_EQ(s.players[0].grid[cell("a6")].die, 2);
}

TEST(SantaMariaScholars, PhilosophyBlueDieOnAColumn) {
  State s = blank_game(2);
  lay(s, 0, "e1", "FOR +W");
  s.players[0].blue = {5};
  EXPECT_FALSE(is_legal(s, 0, {{"type", "die"}, {"color", "blue"}, {"value", 5}}));
  grant(s, 0, Power::philosophy);
  act(s, 0, {{"type", "die"}, {"color", "blue"}, {"value", 5}});
  EXPECT_FALSE(is_legal(s, 0, {{"type", "value"}, {"value", 5}}));
  act(s, 0, {{"type", "value"}, {"value", 5}, {"line", "column"}});
  EXPECT_EQ(s.players[0].grid[cell("e1")].die, 2);
}

TEST(SantaMariaScholars, MathematicsTakesBackCoinsAtTheRetreat) {
  State s = blank_game(2);
  grant(s, 0, Power::mathematics);
  lay(s, 0, "a1", "FOR +W");
  s.players[0].grid[cell("a1")].coins = 3;
  act(s, 0, {{"type", "retreat"}, {"space", 3}});
  act(s, 0, {{"type", "reclaim"}, {"cell", "a1"}});
  EXPECT_EQ(s.players[0].coins, 3 + 3);
  EXPECT_EQ(s.players[0].grid[cell("a1")].coins, 0);
}

TEST(SantaMariaScholars, ConstructionPlacesTheDieAnywhereOnTheLine) {
  State s = blank_game(2);
  grant(s, 0, Power::construction);
  lay(s, 0, "a1", "FOR +W");
  lay(s, 0, "c1", "FRM +G");
  s.players[0].blue = {1};
  act(s, 0, {{"type", "die"}, {"color", "blue"}, {"value", 1}});
  act(s, 0, {{"type", "value"}, {"value", 1}});
  EXPECT_TRUE(is_legal(s, 0, {{"type", "place"}, {"cell", "c1"}}));
  act(s, 0, {{"type", "place"}, {"cell", "a1"}});
  EXPECT_EQ(s.players[0].grid[cell("a1")].die, 2);
  EXPECT_EQ(s.players[0].grid[cell("c1")].die, 0);
}

TEST(SantaMariaScholars, IndustrialisationExchangesTwice) {
  State s = blank_game(2);
  grant(s, 0, Power::industrialisation);
  lay(s, 0, "a1", "CTY X[W/G>3c]");
  set_res(s, 0, Resource::grain, 1);
  act(s, 0, activate("a1"));
  act(s, 0, {{"type", "exchange"}, {"resource", "wood"}});
  act(s, 0, {{"type", "exchange"}, {"resource", "grain"}});
  EXPECT_EQ(s.players[0].coins, 3 - 1 + 6);
}

TEST(SantaMariaScholars, BasicEconomyBuysWoodForTwo) {
  State s = blank_game(2);
  grant(s, 0, Power::basic_economy);
  set_res(s, 0, Resource::wood, 0);
  act(s, 0, {{"type", "buy"}, {"resource", "wood"}});
  EXPECT_EQ(s.players[0].coins, 1);
  s.players[1].res[0] = 0;
  s.current = 1;
  act(s, 1, {{"type", "buy"}, {"resource", "wood"}});  // the others still pay 3
  EXPECT_EQ(s.players[1].coins, 1);
}

TEST(SantaMariaScholars, AdvancedEconomyBuysSugarForThree) {
  State s = blank_game(2);
  EXPECT_FALSE(is_legal(s, 0, {{"type", "buy"}, {"resource", "sugar"}}));
  grant(s, 0, Power::advanced_economy);
  act(s, 0, {{"type", "buy"}, {"resource", "sugar"}});
  EXPECT_EQ(s.players[0].coins, 0);
  EXPECT_EQ(res(s, 0, Resource::sugar), 1);
  EXPECT_FALSE(is_legal(s, 0, {{"type", "buy"}, {"resource", "gold"}}));
}

TEST(SantaMariaScholars, LogisticsMovesADieAlongARoad) {
  State s = blank_game(2);
  grant(s, 0, Power::logistics);
  lay(s, 0, "a1", "FOR +W");
  lay(s, 0, "a2", "RD0");
  lay(s, 0, "a3", "RD0");
  lay(s, 0, "b3", "FRM +G");
  lay(s, 0, "b1", "FRM +G");
  lay(s, 0, "d4", "FRM +G");
  s.players[0].grid[cell("a1")].die = 1;
  s.players[0].grid[cell("a1")].die_value = 1;
  EXPECT_TRUE(is_legal(s, 0, {{"type", "move"}, {"from", "a1"}, {"to", "b1"}}));  // adjacent
  EXPECT_FALSE(is_legal(s, 0, {{"type", "move"}, {"from", "a1"}, {"to", "d4"}}));
  act(s, 0, {{"type", "move"}, {"from", "a1"}, {"to", "b3"}});  // along the road
  EXPECT_EQ(s.players[0].grid[cell("b3")].die, 1);
  EXPECT_EQ(s.players[0].grid[cell("a1")].die, 0);
  EXPECT_EQ(s.players[0].coins, 2);
}

TEST(SantaMariaScholars, TownHallScholarServesItsOwnerAlone) {
  State s = setup_game(2, {{"setup", "advanced"}});
  ASSERT_EQ(s.phase, Phase::lot);
  EXPECT_EQ(Rules::to_act(s), std::vector<Seat>{1});  // counter-clockwise from the first's right
  act(s, 1, {{"type", "lot"}, {"lot", 2}});
  const int scholar = s.lots[1].scholar;
  EXPECT_EQ(s.players[1].town_hall_scholar, scholar);
  act(s, 1, {{"type", "town_hall"}, {"cell", "c3"}, {"rotation", "south"}});
  EXPECT_EQ(s.players[1].town_hall_cell, cell("c3"));
  EXPECT_GE(s.players[1].grid[cell("c4")].def, 0);
  const Power power = components().scholars[scholar].power;
  EXPECT_TRUE(has_power(s, 1, power));
  EXPECT_FALSE(has_power(s, 0, power));
  act(s, 0, {{"type", "lot"}, {"lot", 1}});
  act(s, 0, {{"type", "town_hall"}, {"cell", "b1"}, {"rotation", "east"}});
  EXPECT_EQ(s.phase, Phase::play);
  EXPECT_EQ(Rules::to_act(s), std::vector<Seat>{0});
}

}  // namespace
}  // namespace archipel::engine::santa_maria::testing
