// Points by source (Outcome::breakdown) on the book's final count ("Fin de la partie", Anna's
// examples) and the Conquistador track's points of each year end.

#include "engine/santa_maria/santa_maria.hpp"

#include <map>

#include <gtest/gtest.h>

#include "engine/core/rng.hpp"
#include "tests/engine/santa_maria/position.hpp"

namespace archipel::engine::santa_maria::testing {
namespace {

std::map<std::string, int> by_source(const std::vector<ScorePart>& parts) {
  std::map<std::string, int> out;
  for (const auto& p : parts) {
    EXPECT_FALSE(out.count(p.source)) << p.source << " twice";
    out[p.source] = p.points;
  }
  return out;
}

// Anna's final count, the book's examples together: 3 coins and resources sold for 4 more make 7
// coins, 2 points; 6 points of colonists on complete lines; a 3-point scholar; two bishops cost 4,
// the dock bishop then pays 2 a ship in her fullest dock (3 ships: 6); 2 complete port columns, 6;
// the points printed on her ships. During the game she took 9 points at a year end on the
// Conquistador track and 2 from her ships' bonuses.
TEST(SantaMariaPointsBySource, AnnasFinalCount) {
  State s = blank_game(2);
  s.players[0].coins = 3;
  set_res(s, 0, Resource::wood, 1);
  set_res(s, 0, Resource::grain, 1);
  set_res(s, 0, Resource::sugar, 1);
  for (int i = 0; i < kSize; ++i) {  // as in ColonistsSix: columns d and f and row 4 complete
    for (const char col : {'d', 'f'}) {
      const std::string name{col, static_cast<char>('1' + i)};
      lay(s, 0, name.c_str(), "FOR +W");
    }
    const std::string row{static_cast<char>('a' + i), '4'};
    lay(s, 0, row.c_str(), "FOR +W");
  }
  lay(s, 0, "d4", "RD1");
  lay(s, 0, "f1", "RD2");
  lay(s, 0, "a4", "RD2");
  s.scholars[0] = components().scholar_index("SC01");  // a 3-point scholar
  s.monk_spaces[0] = 1;
  s.monk_spaces[3] = 1;
  s.monk_spaces[4] = 1;
  s.bishops = {1, 2, 3};  // dock, cities (no town hall: nothing), colonists
  const int counts[] = {2, 3, 2, 2};
  int ship_points = 0;
  for (int d = 0; d < kDocks; ++d)
    for (int i = 0; i < counts[d]; ++i) {
      s.players[0].port[d].push_back(s.ship_pile.back());
      ship_points += components().ships[s.ship_pile.back()].points;
      s.ship_pile.pop_back();
    }
  s.players[0].points = 9 + 2;
  s.players[0].conquistador_points = 9;
  s.final_scores = {score_final(s, 0), score_final(s, 1)};
  s.phase = Phase::over;

  const auto outcome = Rules::outcome(s);
  ASSERT_TRUE(outcome.has_value());
  ASSERT_EQ(outcome->breakdown.size(), 2u);
  EXPECT_EQ(by_source(outcome->breakdown[0]), (std::map<std::string, int>{{"conquistadors", 9},
                                                                          {"game_points", 2},
                                                                          {"coins", 2},
                                                                          {"colonists", 6},
                                                                          {"scholars", 3},
                                                                          {"bishops", -4},
                                                                          {"bishop_goals", 6},
                                                                          {"ports", 6},
                                                                          {"ships", ship_points}}));
  int sum = 0;
  for (const auto& p : outcome->breakdown[0]) sum += p.points;
  EXPECT_EQ(sum, outcome->scores[0]);
  EXPECT_EQ(outcome->breakdown[0][0].label.fr, "Piste Conquistador");
  EXPECT_EQ(outcome->breakdown[0].back().label.fr, "Tuiles Navire");
}

// "Fin de l'Année": the points of the Conquistador track are counted every year end; their part is
// the sum of what the year ends gave, the rest of the points taken during the game is its own part.
// Checked over whole seeded games played with random legal moves.
TEST(SantaMariaPointsBySource, ConquistadorPartIsTheYearEndsSum) {
  int conquistador_points_seen = 0;
  for (std::uint64_t seed : {3u, 4u}) {
    State s = setup_game(3, {}, seed);
    Rng choose(seed);
    std::vector<int> from_year_ends(3, 0);
    for (int step = 0; step < 5000 && s.phase != Phase::over; ++step) {
      const Seat seat = Rules::to_act(s).front();
      const auto legal = Rules::legal_actions(s, seat);
      for (const auto& e : act(s, seat, legal[choose.below(legal.size())]))
        if (e.at("type") == "year_end")
          for (Seat i = 0; i < 3; ++i)
            from_year_ends[i] += e.at("conquistador_points").at(i).get<int>();
    }
    ASSERT_EQ(s.phase, Phase::over) << "seed " << seed;
    const auto outcome = Rules::outcome(s);
    ASSERT_TRUE(outcome.has_value());
    for (Seat i = 0; i < 3; ++i) {
      const auto parts = by_source(outcome->breakdown[i]);
      EXPECT_EQ(parts.at("conquistadors"), from_year_ends[i]) << "seed " << seed << " seat " << i;
      EXPECT_EQ(parts.at("conquistadors") + parts.at("game_points"), s.final_scores[i].before);
      conquistador_points_seen += from_year_ends[i];
    }
  }
  EXPECT_GT(conquistador_points_seen, 0)
      << "the games chosen never scored the track: pick other seeds";
}

}  // namespace
}  // namespace archipel::engine::santa_maria::testing
