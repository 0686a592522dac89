// One test per bishop (the rule book's "Tuiles Évêque") and per solo goal, plus the solo
// conquistador trees and the end of a game.

#include "engine/santa_maria/santa_maria.hpp"

#include <gtest/gtest.h>

#include "tests/engine/santa_maria/position.hpp"

namespace archipel::engine::santa_maria::testing {
namespace {

void fill(State& s, Seat seat, int rows, int cols, const std::string& code, int r0 = 0,
          int c0 = 0) {
  for (int r = r0; r < r0 + rows; ++r)
    for (int c = c0; c < c0 + cols; ++c) {
      const std::string name = cell_name(r * kSize + c);
      lay(s, seat, name.c_str(), code);
    }
}

void ships_in_dock(State& s, Seat seat, int dock, int n) {
  for (int i = 0; i < n; ++i) {
    s.players[seat].port[dock].push_back(s.ship_pile.back());
    s.ship_pile.pop_back();
  }
}

TEST(SantaMariaBishops, SquareThreeFourFive) {
  State s = blank_game(2);
  fill(s, 0, 3, 3, "FOR +W");
  EXPECT_EQ(bishop_goal_points(s, 0, Goal::square), 4);
  fill(s, 0, 4, 4, "RD0");  // roads count
  EXPECT_EQ(bishop_goal_points(s, 0, Goal::square), 7);
  fill(s, 0, 5, 5, "FRM +G");
  EXPECT_EQ(bishop_goal_points(s, 0, Goal::square), 10);
  fill(s, 1, 2, 6, "FRM +G");
  EXPECT_EQ(bishop_goal_points(s, 1, Goal::square), 0);
}

TEST(SantaMariaBishops, ShipsInOneDockTwoEachUpToTwelve) {
  State s = blank_game(2);
  ships_in_dock(s, 0, 2, 4);
  ships_in_dock(s, 0, 1, 1);
  EXPECT_EQ(bishop_goal_points(s, 0, Goal::dock), 8);
  ships_in_dock(s, 0, 2, 3);
  EXPECT_EQ(bishop_goal_points(s, 0, Goal::dock), 12);
}

TEST(SantaMariaBishops, CitiesLinkedToTheTownHall) {
  State s = blank_game(2);
  lay(s, 0, "a1", "TH");
  lay(s, 0, "b1", "RD0");
  lay(s, 0, "c1", "FOR +W");  // a forest breaks the road
  lay(s, 0, "d1", "CTY +2c");
  lay(s, 0, "b2", "CTY +2c");
  EXPECT_EQ(bishop_goal_points(s, 0, Goal::cities), 2);
}

TEST(SantaMariaBishops, ColonistsLinkedToTheTownHall) {
  State s = blank_game(2);
  lay(s, 0, "c3", "TH");
  lay(s, 0, "c4", "RD2");
  lay(s, 0, "c5", "RD1");
  lay(s, 0, "f6", "RD2");  // not linked
  EXPECT_EQ(bishop_goal_points(s, 0, Goal::colonists), 3);
}

TEST(SantaMariaBishops, LargestAreaCappedAtTwelve) {
  State s = blank_game(2);
  fill(s, 0, 2, 4, "MTN +Gem");
  EXPECT_EQ(bishop_goal_points(s, 0, Goal::area), 12);
}

TEST(SantaMariaBishops, DiversityThreePerLine) {
  State s = blank_game(2);
  lay(s, 0, "a1", "FRM +G");
  lay(s, 0, "b1", "FOR +W");
  lay(s, 0, "c1", "MTN +Gem");
  lay(s, 0, "d1", "CTY +2c");
  EXPECT_EQ(bishop_goal_points(s, 0, Goal::diversity), 3);
}

TEST(SantaMariaBishops, EachBishopCostsTwoThenScoresItsGoal) {
  State s = blank_game(2);
  s.bishops = {components().bishop_index("BI02"), 0, 2};
  s.monk_spaces[3] = 1;  // bishop1: ships in one dock
  ships_in_dock(s, 0, 0, 3);
  const FinalScore f = score_final(s, 0);
  EXPECT_EQ(f.bishops, -2);
  EXPECT_EQ(f.bishop_goals, 6);
}

State solo_blank() {
  State s = setup_game(1);
  for (auto& p : s.players) {
    p.grid = {};
    p.town_hall_cell = -1;
  }
  return s;
}

bool has_goal(const FinalScore& f, const char* id) {
  return std::find(f.goals.begin(), f.goals.end(), id) != f.goals.end();
}

TEST(SantaMariaSolo, CommunismTwentyEightFromColonists) {
  State s = solo_blank();
  fill(s, 0, 6, 6, "FOR +W");
  EXPECT_FALSE(has_goal(score_final(s, 0), "communism"));
  fill(s, 0, 1, 6, "RD2");  // row 1 complete, 12 colonists, each also on a complete column: 24
  EXPECT_FALSE(has_goal(score_final(s, 0), "communism"));
  lay(s, 0, "a2", "RD2");  // +4
  EXPECT_EQ(score_final(s, 0).colonists, 28);
  EXPECT_TRUE(has_goal(score_final(s, 0), "communism"));
}

TEST(SantaMariaSolo, CapitalismFourPortColumns) {
  State s = solo_blank();
  for (int d = 0; d < kDocks; ++d) ships_in_dock(s, 0, d, 3);
  EXPECT_FALSE(has_goal(score_final(s, 0), "capitalism"));
  for (int d = 0; d < kDocks; ++d) ships_in_dock(s, 0, d, 1);
  EXPECT_TRUE(has_goal(score_final(s, 0), "capitalism"));
}

TEST(SantaMariaSolo, TheocracyThirtyFromBishops) {
  State s = solo_blank();
  s.bishops = {components().bishop_index("BI01"), components().bishop_index("BI02"),
               components().bishop_index("BI05")};
  s.monk_spaces[3] = s.monk_spaces[4] = s.monk_spaces[5] = 1;
  fill(s, 0, 6, 6, "FRM +G");  // square 10, area 12
  ships_in_dock(s, 0, 0, 3);   // dock 6: 28
  EXPECT_FALSE(has_goal(score_final(s, 0), "theocracy"));
  ships_in_dock(s, 0, 0, 1);  // dock 8: 30
  EXPECT_EQ(score_final(s, 0).bishop_goals, 30);
  EXPECT_TRUE(has_goal(score_final(s, 0), "theocracy"));
}

TEST(SantaMariaSolo, CapracracyOneTerrainLine) {
  State s = solo_blank();
  fill(s, 0, 6, 1, "FOR +W", 0, 2);
  lay(s, 0, "c4", "RD0");  // a road breaks it
  EXPECT_FALSE(has_goal(score_final(s, 0), "capracracy"));
  lay(s, 0, "c4", "FOR +W +1c");
  EXPECT_TRUE(has_goal(score_final(s, 0), "capracracy"));
}

TEST(SantaMariaSolo, DemocracyOneHundredTwenty) {
  State s = solo_blank();
  s.players[0].coins = 0;
  s.players[0].res = {};
  s.players[0].points = 119;
  EXPECT_FALSE(has_goal(score_final(s, 0), "democracy"));
  s.players[0].points = 120;
  EXPECT_TRUE(has_goal(score_final(s, 0), "democracy"));
  EXPECT_FALSE(has_goal(score_final(s, 0), "utopia"));
}

TEST(SantaMariaSolo, UtopiaOneHundredFifty) {
  State s = solo_blank();
  s.players[0].coins = 0;
  s.players[0].res = {};
  s.players[0].points = 150;
  EXPECT_TRUE(has_goal(score_final(s, 0), "utopia"));
}

TEST(SantaMariaSolo, ConquistadorTreesFourFiveSix) {
  State s = solo_blank();
  s.players[0].conquest = 2;
  EXPECT_EQ(conquest_points(s), std::vector<int>{0});
  s.players[0].conquest = 3;
  EXPECT_EQ(conquest_points(s), std::vector<int>{4});
  s.year = 2;
  EXPECT_EQ(conquest_points(s), std::vector<int>{0});
  s.players[0].conquest = 5;
  EXPECT_EQ(conquest_points(s), std::vector<int>{5});
  s.year = 3;
  s.players[0].conquest = 7;
  EXPECT_EQ(conquest_points(s), std::vector<int>{6});
}

TEST(SantaMariaSolo, AlwaysAdvancedAndWonAtOneHundred) {
  State s = setup_game(1);
  EXPECT_TRUE(s.advanced);
  EXPECT_EQ(s.phase, Phase::lot);
  EXPECT_EQ(components().boards[s.players[0].board].id, "B");
  // Play to the end by retreating at once each year.
  act(s, 0, {{"type", "lot"}, {"lot", 1}});
  act(s, 0, {{"type", "town_hall"}, {"cell", "c3"}, {"rotation", "east"}});
  for (int year = 1; year <= 3; ++year) {
    act(s, 0, {{"type", "retreat"}, {"space", 1}});
    while (!s.tasks.empty())
      act(s, 0,
          Rules::legal_actions(s, 0).back().at("type") == "skip" ? Rules::legal_actions(s, 0).back()
                                                                 : Json{{"type", "skip"}});
    act(s, 0, {{"type", "end"}});
  }
  ASSERT_EQ(s.phase, Phase::over);
  auto o = Rules::outcome(s);
  ASSERT_TRUE(o.has_value());
  ASSERT_TRUE(o->solo_won.has_value());
  EXPECT_FALSE(*o->solo_won);
  EXPECT_TRUE(Rules::view(s, Viewer::of(0)).contains("final"));
}

TEST(SantaMariaEnd, TieGoesToTheRetreatNearestFirst) {
  State s = blank_game(2);
  for (auto& p : s.players) {
    p.coins = 0;
    p.res = {};
    p.points = 10;
  }
  s.players[0].last_retreat = 3;
  s.players[1].last_retreat = 0;
  const Outcome o = final_standing(s);
  EXPECT_EQ(o.ranking, (std::vector<Seat>{1, 0}));
  EXPECT_EQ(o.places, (std::vector<int>{2, 1}));
}

}  // namespace
}  // namespace archipel::engine::santa_maria::testing
