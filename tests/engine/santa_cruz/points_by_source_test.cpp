// Points by source (Outcome::breakdown) on the rule books' scoring examples: the start bonus, the
// construction bonuses, each score card's points for each player, the bird tokens at the end.

#include "engine/santa_cruz/santa_cruz.hpp"

#include <tuple>

#include <gtest/gtest.h>

#include "tests/engine/santa_cruz/position.hpp"

namespace archipel::testing::santa_cruz {
namespace {

using sc::Variant;
using Part = std::tuple<std::string, std::string, int>;  // source, detail, points

std::vector<Part> parts(const sc::State& s, Seat seat) {
  std::vector<Part> out;
  for (const auto& p : sc::score_parts(s, seat)) out.emplace_back(p.source, p.detail, p.points);
  return out;
}

int sum(const sc::State& s, Seat seat) {
  int total = 0;
  for (const auto& p : sc::score_parts(s, seat)) total += p.points;
  return total;
}

// Table rules, fish bonus: Red plays "Fish - 5"; Green, with fish tiles of +3 and +1, gets 5 + 3 +
// 1 = 9. The 9 is Green's part for that card; Red played it for nothing and still sees it, at 0.
// Green started on 1 (the start compensation of the second player).
TEST(SantaCruzPointsBySource, FishBonus531IsGreensScoreCardPart) {
  auto s = play_position(2, Variant::table);
  put_tile(s, "C05", "TC13");  // house, fish +3
  put_tile(s, "C06", "TC11");  // house, fish +1
  put_building(s, 1, "C05");
  put_building(s, 1, "C06");
  set_hand(s, 0, {"SC03"});
  act(s, 0, score("fish"));
  EXPECT_EQ(parts(s, 1), (std::vector<Part>{{"start_bonus", "", 1},
                                            {"buildings", "", 0},
                                            {"score_card", "SC03", 9},
                                            {"birds", "", 0}}));
  EXPECT_EQ(parts(s, 0), (std::vector<Part>{{"start_bonus", "", 0},
                                            {"buildings", "", 0},
                                            {"score_card", "SC03", 0},
                                            {"birds", "", 0}}));
  EXPECT_EQ(sum(s, 1), s.players[1].score);
  EXPECT_EQ(sum(s, 0), s.players[0].score);
}

// Table rules, "Construire un bâtiment": the builder gains the construction bonus printed on the
// tile (a lighthouse with a bird disc: 2).
TEST(SantaCruzPointsBySource, ConstructionBonusIsTheBuildingsPart) {
  auto s = play_position(2);
  put_tile(s, "C05", "TC03");  // lighthouse, 2, bird disc
  act(s, 0, build("ship", "C05"));
  EXPECT_EQ(parts(s, 0),
            (std::vector<Part>{{"start_bonus", "", 0}, {"buildings", "", 2}, {"birds", "", 0}}));
  EXPECT_EQ(sum(s, 0), s.players[0].score);
}

// Table rules, "Eruption volcanique - -2": each building on a volcano tile costs its owner 2
// points. The loss is the card's part (negative); the construction bonus once gained stays in the
// buildings part.
TEST(SantaCruzPointsBySource, EruptionIsANegativeScoreCardPart) {
  auto s = play_position(2, Variant::table);
  put_tile(s, "V01", "TV04");
  put_building(s, 1, "V01");
  set_hand(s, 0, {"SC12"});
  act(s, 0, score("eruption"));
  EXPECT_EQ(parts(s, 1), (std::vector<Part>{{"start_bonus", "", 1},
                                            {"buildings", "", 0},
                                            {"score_card", "SC12", -2},
                                            {"birds", "", 0}}));
  EXPECT_EQ(sum(s, 1), s.players[1].score);
  EXPECT_EQ(s.players[1].score, -1);
}

// A score card played by another player that gives a seat nothing leaves no part for that seat; one
// that gives points does (online "Gold 6" played by Red, Green holding gold).
TEST(SantaCruzPointsBySource, OtherPlayersCardsAppearOnlyWhenTheyScore) {
  auto s = play_position(3);
  put_tile(s, "V03", "TV03");  // gold
  put_building(s, 1, "V03");
  set_hand(s, 0, {"SC02"});
  act(s, 0, score("gold"));
  EXPECT_EQ(parts(s, 1), (std::vector<Part>{{"start_bonus", "", 1},
                                            {"buildings", "", 0},
                                            {"score_card", "SC02", 6},
                                            {"birds", "", 0}}));
  EXPECT_EQ(parts(s, 2),
            (std::vector<Part>{{"start_bonus", "", 2}, {"buildings", "", 0}, {"birds", "", 0}}));
}

// Table rules, end of the game: the bird tokens are revealed and scored, a tern 1, a cockatoo 2, a
// macaw 3. Until then they are in nobody's score, so not in the breakdown either.
TEST(SantaCruzPointsBySource, BirdsCountOnceRevealedAtTheEnd) {
  auto s = play_position(2, Variant::table);
  give_birds(s, 1, {"tern", "cockatoo", "macaw"});
  EXPECT_EQ(std::get<2>(parts(s, 1).back()), 0);
  s.phase = sc::Phase::over;
  EXPECT_EQ(parts(s, 1).back(), (Part{"birds", "", 1 + 2 + 3}));
}

// Every part has its words in both languages, the French ones the rule books'.
TEST(SantaCruzPointsBySource, LabelsInEnglishAndFrench) {
  auto s = play_position(2);
  set_hand(s, 0, {"SC03"});
  act(s, 0, score("fish"));
  for (const auto& p : sc::score_parts(s, 0)) {
    EXPECT_FALSE(p.label.en.empty()) << p.source;
    EXPECT_FALSE(p.label.fr.empty()) << p.source;
  }
  EXPECT_EQ(sc::score_parts(s, 0)[2].label.fr, "Carte score");
  EXPECT_EQ(sc::score_parts(s, 0)[3].label.fr, "Jetons oiseau");
}

// The tracked parts are part of the full state and survive its round trip byte for byte.
TEST(SantaCruzPointsBySource, TrackedPartsSurviveTheStateRoundTrip) {
  auto s = play_position(2);
  put_tile(s, "C05", "TC03");
  act(s, 0, build("ship", "C05"));
  set_hand(s, 1, {"SC09"});
  set_turn(s, 1);
  act(s, 1, score("coast"));
  const auto j = sc::Rules::to_json(s);
  EXPECT_EQ(j.at("players").at(0).at("building_points"), 2);
  auto back = sc::Rules::from_json(j);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(sc::Rules::to_json(back.value()).dump(), j.dump());
  EXPECT_EQ(parts(back.value(), 0), parts(s, 0));
  EXPECT_EQ(parts(back.value(), 1), parts(s, 1));
}

}  // namespace
}  // namespace archipel::testing::santa_cruz
