// One test per worked example of the French rule book of Santa Maria, named for it, and the
// set-up. Positions are built by hand (position.hpp); the book's players (Anna, Eric,
// David) are seat 0.

#include "engine/santa_maria/santa_maria.hpp"

#include <gtest/gtest.h>

#include "tests/engine/santa_maria/position.hpp"

namespace archipel::engine::santa_maria::testing {
namespace {

Json die(const char* color, int v) {
  return {{"type", "die"}, {"color", color}, {"value", v}};
}
Json value(int v) {
  return {{"type", "value"}, {"value", v}};
}
TEST(SantaMariaExamples, SetUpWoodAndCoins) {
  State s = setup_game(4);
  const int coins[] = {3, 4, 5, 6};
  for (Seat seat = 0; seat < 4; ++seat) {
    EXPECT_EQ(s.players[seat].coins, coins[seat]);
    EXPECT_EQ(res(s, seat, Resource::wood), 2);
    EXPECT_EQ(s.players[seat].blue.size(), 1u);
    EXPECT_EQ(s.players[seat].monks, 6);
    EXPECT_GE(s.players[seat].town_hall_cell, 0);  // side A: a printed town hall
  }
  EXPECT_EQ(s.white.size(), 12u);
  EXPECT_TRUE(std::is_sorted(s.white.begin(), s.white.end()));
  EXPECT_EQ(s.blue_reserve, 8);
  for (int d : s.docks) EXPECT_TRUE(components().ships[d].starting);
  EXPECT_EQ(s.ship_pile.size(), 30u);
  EXPECT_EQ(s.offer.size(), 10u);
  EXPECT_EQ(std::count_if(s.offer.begin(), s.offer.end(),
                          [](int t) { return components().tiles[t].triple; }),
            5);
  EXPECT_EQ(s.road_tiles, 3);
  EXPECT_EQ(s.scholars.size(), 3u);
  EXPECT_EQ(s.bishops.size(), 3u);
  EXPECT_EQ(s.year, 1);
  EXPECT_EQ(Rules::to_act(s), std::vector<Seat>{0});
  EXPECT_TRUE(Rules::check_invariants(s).empty());
}

TEST(SantaMariaExamples, EricActivationOneThenTwo) {
  State s = blank_game(2);
  lay(s, 0, "a1", "FOR +W");
  lay(s, 0, "b1", "FOR +W");
  act(s, 0, activate("a1"));
  EXPECT_EQ(s.players[0].coins, 2);
  EXPECT_EQ(s.players[0].grid[cell("a1")].coins, 1);
  EXPECT_EQ(res(s, 0, Resource::wood), 3);
  EXPECT_FALSE(is_legal(s, 0, activate("b1")));  // one main action a turn
  act(s, 0, {{"type", "end"}});
  act(s, 1, {{"type", "retreat"}, {"space", 5}});
  act(s, 1, {{"type", "skip"}});  // no road
  act(s, 1, {{"type", "end"}});
  EXPECT_FALSE(is_legal(s, 0, activate("a1")));  // coins lie on it
  act(s, 0, activate("b1"));
  // 2 coins paid; the wood store is full, so the wood is sold for 1.
  EXPECT_EQ(s.players[0].coins, 1);
  EXPECT_EQ(s.players[0].grid[cell("b1")].coins, 2);
  EXPECT_EQ(res(s, 0, Resource::wood), 3);
}

TEST(SantaMariaExamples, AnnaDieFiveToThree) {
  State s = blank_game(2);
  lay(s, 0, "c3", "FOR +W");
  s.players[0].blue = {5};
  act(s, 0, die("blue", 5));
  EXPECT_FALSE(is_legal(s, 0, value(5)));  // row 5 has no building
  act(s, 0, value(3));
  EXPECT_EQ(s.players[0].coins, 1);
  EXPECT_EQ(s.players[0].grid[cell("c3")].die, 2);
  EXPECT_EQ(res(s, 0, Resource::wood), 3);
}

TEST(SantaMariaExamples, OneToSixCostsFive) {
  State s = blank_game(2);
  lay(s, 0, "a6", "FOR +W");
  s.players[0].blue = {1};
  s.players[0].coins = 4;
  EXPECT_FALSE(is_legal(s, 0, die("blue", 1)));  // no wrap from 1 to 6
  s.players[0].coins = 5;
  act(s, 0, die("blue", 1));
  act(s, 0, value(6));
  EXPECT_EQ(s.players[0].coins, 0);
}

TEST(SantaMariaExamples, BlueDieRow) {
  State s = blank_game(2);
  lay(s, 0, "a2", "FOR +W");
  lay(s, 0, "b2", "RD2");
  lay(s, 0, "c2", "FRM +G");
  lay(s, 0, "e2", "CTY +2c");
  s.players[0].grid[cell("e2")].coins = 1;  // activated earlier: not free
  s.players[0].blue = {2};
  act(s, 0, die("blue", 2));
  act(s, 0, value(2));
  EXPECT_EQ(res(s, 0, Resource::wood), 3);
  EXPECT_EQ(res(s, 0, Resource::grain), 1);
  EXPECT_EQ(s.players[0].coins, 3);                 // the blocked city gave nothing
  EXPECT_EQ(s.players[0].grid[cell("c2")].die, 2);  // rightmost free building
  EXPECT_EQ(s.players[0].grid[cell("b2")].die, 0);  // roads never
}

TEST(SantaMariaExamples, WhiteDieColumn) {
  State s = blank_game(2);
  lay(s, 0, "b1", "FOR +W");
  lay(s, 0, "b3", "FRM +G");
  lay(s, 0, "b4", "RD1");
  lay(s, 0, "b5", "CTY +2c");
  lay(s, 0, "b6", "MTN +Gem");
  s.players[0].grid[cell("b6")].die = 2;
  s.players[0].grid[cell("b6")].die_value = 6;
  s.white = {2, 4, 4, 5, 6, 6};
  act(s, 0, die("white", 2));
  act(s, 0, value(2));
  EXPECT_EQ(res(s, 0, Resource::wood), 3);
  EXPECT_EQ(res(s, 0, Resource::grain), 1);
  EXPECT_EQ(res(s, 0, Resource::gem), 0);
  EXPECT_EQ(s.players[0].coins, 5);
  EXPECT_EQ(s.players[0].grid[cell("b5")].die, 1);  // lowest free building
  EXPECT_EQ(s.players[0].white_used, 1);
  EXPECT_EQ(s.white.size(), 5u);
}

TEST(SantaMariaExamples, AnnaExchangeWoodOrGem) {
  State s = blank_game(2);
  lay(s, 0, "a1", "CTY X[W/Gem>3c]");
  set_res(s, 0, Resource::gem, 1);
  act(s, 0, activate("a1"));
  EXPECT_TRUE(is_legal(s, 0, {{"type", "exchange"}, {"resource", "wood"}}));
  EXPECT_TRUE(is_legal(s, 0, {{"type", "exchange"}, {"resource", "gem"}}));
  EXPECT_FALSE(is_legal(s, 0, {{"type", "exchange"}, {"resource", "sugar"}}));
  act(s, 0, {{"type", "exchange"}, {"resource", "gem"}});
  EXPECT_EQ(res(s, 0, Resource::gem), 0);
  EXPECT_EQ(res(s, 0, Resource::wood), 2);
  EXPECT_EQ(s.players[0].coins, 3 - 1 + 3);
  EXPECT_TRUE(s.tasks.empty());  // once per activation
}

TEST(SantaMariaExamples, AnnaShipReligionDock) {
  State s = blank_game(2);
  lay(s, 0, "a1", "CTY SHIP");
  const int ss2 = components().ship_index("SS2");
  std::swap(s.docks[1], s.docks[std::find(s.docks.begin(), s.docks.end(), ss2) - s.docks.begin()]);
  set_res(s, 0, Resource::wood, 1);
  set_res(s, 0, Resource::sugar, 1);
  act(s, 0, activate("a1"));
  act(s, 0, {{"type", "ship"}, {"dock", "religion"}});
  EXPECT_EQ(s.players[0].port[1], std::vector<int>{ss2});
  EXPECT_EQ(res(s, 0, Resource::wood), 0);
  EXPECT_EQ(res(s, 0, Resource::sugar), 0);
  EXPECT_EQ(s.ship_pile.size(), 29u);
  EXPECT_GE(s.docks[1], 0);
  EXPECT_FALSE(components().ships[s.docks[1]].starting);
  // The others see only a count at that dock.
  const Json other = Rules::view(s, Viewer::of(1));
  EXPECT_EQ(other["players"][0]["port"]["religion"], 1);
  EXPECT_FALSE(other["players"][0].contains("ships"));
  // Its owner sees it in its private part (`you`), the public part being the same for every viewer.
  const Json own = Rules::view(s, Viewer::of(0));
  EXPECT_EQ(own["you"]["seat"], 0);
  EXPECT_EQ(own["you"]["ships"]["religion"], Json::array({"SS2"}));
  EXPECT_FALSE(own["players"][0].contains("ships"));
  EXPECT_EQ(Rules::view(s, Viewer::spectator()), Rules::public_view(s));
}

TEST(SantaMariaExamples, EricReligionGrain) {
  State s = blank_game(2);
  lay(s, 0, "a1", "CTY REL");
  set_res(s, 0, Resource::grain, 1);
  act(s, 0, activate("a1"));
  act(s, 0, {{"type", "boost"}, {"pay", "grain"}});
  EXPECT_EQ(s.players[0].religion, 2);
  EXPECT_EQ(res(s, 0, Resource::grain), 0);
}

TEST(SantaMariaExamples, EricMonkOnCamp) {
  State s = blank_game(3);
  lay(s, 0, "a1", "CTY REL");
  s.players[0].religion = 6;
  s.players[0].blue_unlocked = 2;  // the first monk symbol was passed
  --s.blue_reserve;
  s.players[0].blue.push_back(3);
  s.players[0].coins = 5;
  const int camp = monk_space_from_name("camp1");
  s.monk_spaces[camp] = 0b110;  // red and green are there
  s.players[1].monks = s.players[2].monks = 5;
  act(s, 0, activate("a1"));  // no grain: one step, onto the 3rd monk symbol
  EXPECT_EQ(s.players[0].religion, 7);
  EXPECT_EQ(s.players[0].blue_unlocked, 3);
  EXPECT_EQ(s.players[0].blue.size(), 3u);
  act(s, 0, {{"type", "monk"}, {"space", "camp1"}});
  EXPECT_EQ(s.players[0].points, 3);
  EXPECT_EQ(s.players[0].coins, 0);
  EXPECT_EQ(s.players[1].coins, 4 + 2);
  EXPECT_EQ(s.players[2].coins, 5 + 2);
  EXPECT_TRUE(Rules::check_invariants(s).empty());
}

TEST(SantaMariaExamples, AnnaShipBonuses) {
  State s = blank_game(2);
  auto take = [&] {
    const int ship = s.ship_pile.back();
    s.ship_pile.pop_back();
    return ship;
  };
  s.players[0].port[0] = {take()};
  s.players[0].port[1] = {take(), take(), take()};
  s.players[0].port[3] = {take(), take()};
  set_res(s, 0, Resource::grain, 2);
  act(s, 0, {{"type", "retreat"}, {"space", 3}});  // a conquistador first
  EXPECT_EQ(s.players[0].conquest, 1);
  EXPECT_EQ(s.players[0].coins, 3 + 2);
  while (!s.tasks.empty()) {
    if (s.tasks.front().kind == TaskKind::religion && res(s, 0, Resource::grain) > 0)
      act(s, 0, {{"type", "boost"}, {"pay", "grain"}});
    else
      act(s, 0, {{"type", "skip"}});  // no monk
  }
  EXPECT_EQ(s.players[0].religion, 5);  // 3 religion actions and 2 grain
  EXPECT_EQ(s.players[0].points, 2);
  EXPECT_TRUE(is_legal(s, 0, {{"type", "end"}}));
}

TEST(SantaMariaExamples, AnnaRoadTile) {
  State s = blank_game(2);
  act(s, 0, {{"type", "retreat"}, {"space", 5}});
  EXPECT_TRUE(is_legal(s, 0, {{"type", "put"}, {"cell", "f6"}}));
  act(s, 0, {{"type", "put"}, {"cell", "c4"}});
  EXPECT_EQ(components().cell_defs[s.players[0].grid[cell("c4")].def].terrain, Terrain::road);
  EXPECT_EQ(s.road_tiles, 2);
  EXPECT_FALSE(is_legal(s, 1, {{"type", "retreat"}, {"space", 5}}));
}

TEST(SantaMariaExamples, AnnaFreeActions) {
  State s = blank_game(2);
  s.players[0].coins = 0;
  set_res(s, 0, Resource::sugar, 2);
  set_res(s, 0, Resource::gem, 1);
  act(s, 0, {{"type", "sell"}, {"resource", "sugar"}});
  act(s, 0, {{"type", "sell"}, {"resource", "sugar"}});
  act(s, 0, {{"type", "sell"}, {"resource", "gem"}});
  EXPECT_EQ(s.players[0].coins, 6);
  act(s, 0, {{"type", "buy"}, {"resource", "grain"}});
  EXPECT_EQ(s.players[0].coins, 3);
  EXPECT_EQ(res(s, 0, Resource::grain), 1);
  EXPECT_FALSE(is_legal(s, 0, {{"type", "buy"}, {"resource", "sugar"}}));
  EXPECT_FALSE(is_legal(s, 0, {{"type", "buy"}, {"resource", "gold"}}));
}

TEST(SantaMariaExamples, FourPlayersYearTwo963) {
  State s = blank_game(4);
  s.year = 2;
  s.players[0].conquest = 5;
  s.players[0].conquest_arrival = 9;
  s.players[1].conquest = 4;
  s.players[1].conquest_arrival = 3;  // lower in the stack: ahead
  s.players[2].conquest = 4;
  s.players[2].conquest_arrival = 7;
  s.players[3].conquest = 1;
  s.players[3].conquest_arrival = 1;
  EXPECT_EQ(conquest_points(s), (std::vector<int>{9, 6, 3, 0}));
  s.players[2].conquest = 0;  // did not move: nothing, whatever the rank
  EXPECT_EQ(conquest_points(s), (std::vector<int>{9, 6, 0, 3}));
}

TEST(SantaMariaExamples, SevenCoinsTwoPoints) {
  State s = blank_game(2);
  s.players[0].coins = 3;
  set_res(s, 0, Resource::wood, 1);
  set_res(s, 0, Resource::grain, 1);
  set_res(s, 0, Resource::sugar, 1);
  EXPECT_EQ(score_final(s, 0).coins, 2);
}

TEST(SantaMariaExamples, ColonistsSix) {
  State s = blank_game(2);
  for (int i = 0; i < kSize; ++i) {
    for (const char col : {'d', 'f'}) {
      const std::string name{col, static_cast<char>('1' + i)};
      lay(s, 0, name.c_str(), "FOR +W");
    }
    const std::string row{static_cast<char>('a' + i), '4'};
    lay(s, 0, row.c_str(), "FOR +W");
  }
  lay(s, 0, "d4", "RD1");  // on a complete row and a complete column: counted twice
  lay(s, 0, "f1", "RD2");
  lay(s, 0, "a4", "RD2");
  lay(s, 0, "a1", "RD2");  // on no complete line
  EXPECT_EQ(colonist_points(s.players[0]), 6);
}

TEST(SantaMariaExamples, AnnaMonks) {
  State s = blank_game(2);
  s.scholars[0] = components().scholar_index("SC01");  // a 3-point scholar
  s.monk_spaces[0] = 1;
  s.monk_spaces[3] = 1;
  s.monk_spaces[4] = 1;
  s.bishops = {1, 2, 3};  // dock, cities, colonists: nothing achieved
  const FinalScore f = score_final(s, 0);
  EXPECT_EQ(f.scholars, 3);
  EXPECT_EQ(f.bishops, -4);
  EXPECT_EQ(f.bishop_goals, 0);
}

TEST(SantaMariaExamples, AnnaPortSix) {
  State s = blank_game(2);
  const int counts[] = {2, 3, 2, 2};
  for (int d = 0; d < kDocks; ++d)
    for (int i = 0; i < counts[d]; ++i) {
      s.players[0].port[d].push_back(s.ship_pile.back());
      s.ship_pile.pop_back();
    }
  EXPECT_EQ(score_final(s, 0).port, 6);
}

TEST(SantaMariaExamples, ThreeCitiesSix) {
  State s = blank_game(2);
  lay(s, 0, "c3", "TH");
  lay(s, 0, "c2", "CTY +2c");  // adjacent to the town hall
  lay(s, 0, "c4", "RD0");
  lay(s, 0, "c5", "RD0");
  lay(s, 0, "b4", "CTY SHIP");  // on the road
  lay(s, 0, "d5", "CTY REL");   // at its end
  lay(s, 0, "f6", "CTY +2c");   // not linked
  EXPECT_EQ(bishop_goal_points(s, 0, Goal::cities), 6);
}

TEST(SantaMariaExamples, DavidFourFarmsEight) {
  State s = blank_game(2);
  for (const char* c : {"a1", "a2", "b2", "b3"}) lay(s, 0, c, "FRM +G");
  for (const char* c : {"e1", "f1", "f2"}) lay(s, 0, c, "FOR +W");
  for (const char* c : {"d5", "d6"}) lay(s, 0, c, "FRM +G");
  EXPECT_EQ(bishop_goal_points(s, 0, Goal::area), 8);
}

TEST(SantaMariaExamples, DavidDiversityNine) {
  State s = blank_game(2);
  lay(s, 0, "a1", "FRM +G");
  lay(s, 0, "a2", "FOR +W");
  lay(s, 0, "a3", "MTN +Gem");
  lay(s, 0, "a4", "CTY +2c");
  lay(s, 0, "c1", "FOR +W");
  lay(s, 0, "c2", "MTN +Gem");
  lay(s, 0, "c3", "CTY +2c");
  lay(s, 0, "c4", "FRM +G");
  lay(s, 0, "b6", "FRM +G");
  lay(s, 0, "d6", "FOR +W");
  lay(s, 0, "e6", "MTN +Gem");
  lay(s, 0, "f6", "CTY +2c");
  EXPECT_EQ(bishop_goal_points(s, 0, Goal::diversity), 9);
}

TEST(SantaMariaExamples, IndustrialisationTwice) {
  State s = blank_game(2);
  grant(s, 0, Power::industrialisation);
  lay(s, 0, "a1", "CTY X[W/Gem>3c]");
  set_res(s, 0, Resource::wood, 1);
  set_res(s, 0, Resource::gem, 1);
  act(s, 0, activate("a1"));
  act(s, 0, {{"type", "exchange"}, {"resource", "wood"}});
  act(s, 0, {{"type", "exchange"}, {"resource", "gem"}});
  EXPECT_EQ(s.players[0].coins, 3 - 1 + 6);
  EXPECT_TRUE(s.tasks.empty());
}

TEST(SantaMariaExamples, GoldReplacesAnyResource) {
  State s = blank_game(2);
  lay(s, 0, "a1", "CTY X[W/Gem>3c]");
  set_res(s, 0, Resource::wood, 0);
  set_res(s, 0, Resource::gold, 1);
  act(s, 0, activate("a1"));
  act(s, 0, {{"type", "exchange"}, {"resource", "gem"}});
  EXPECT_EQ(res(s, 0, Resource::gold), 0);
  EXPECT_EQ(s.players[0].coins, 3 - 1 + 3);
}

}  // namespace
}  // namespace archipel::engine::santa_maria::testing
