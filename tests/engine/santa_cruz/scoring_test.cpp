// Every score card of components.json, in both variants where they differ, plus the scoring order
// and what counts as "your building" (shared sites, buildings removed by an eruption).

#include "engine/santa_cruz/santa_cruz.hpp"

#include <set>

#include <gtest/gtest.h>

#include "tests/engine/santa_cruz/position.hpp"

namespace archipel::testing::santa_cruz {
namespace {

using sc::Variant;

void place(sc::State& s, Seat seat, const std::string& site, const std::string& tile) {
  put_tile(s, site, tile);
  put_building(s, seat, site);
}

TEST(SantaCruzScoring, SixteenCardsWithUniqueShortNames) {
  const auto& cards = sc::components().score_cards;
  ASSERT_EQ(cards.size(), 16u);
  std::set<std::string> names;
  for (const auto& c : cards) EXPECT_TRUE(names.insert(c.name).second) << c.name;
  EXPECT_EQ(names,
            (std::set<std::string>{"sheep", "gold", "fish", "wood-sugar", "buildings", "houses",
                                   "connected", "river", "coast", "volcano", "birds", "eruption",
                                   "wood", "sugar", "sheep-fish", "gold-wood"}));
}

TEST(SantaCruzScoring, SingleResourceCards) {
  auto s = play_position(2);
  place(s, 0, "L05", "TL06");  // sheep
  place(s, 0, "L06", "TL11");  // wood
  place(s, 1, "L07", "TL16");  // sugar
  place(s, 1, "V01", "TV03");  // gold
  EXPECT_EQ(points(s, "sheep", 0), 7);
  EXPECT_EQ(points(s, "sheep", 1), 0);
  EXPECT_EQ(points(s, "wood", 0), 5);
  EXPECT_EQ(points(s, "wood", 1), 0);
  EXPECT_EQ(points(s, "sugar", 1), 5);
  EXPECT_EQ(points(s, "gold", 1), 6);
  EXPECT_EQ(points(s, "gold", 0), 0);
}

TEST(SantaCruzScoring, FishCardWithoutFishPaysNothing) {
  auto s = play_position(2);
  place(s, 0, "C05", "TC14");
  EXPECT_EQ(points(s, "fish", 0), 0);
}

TEST(SantaCruzScoring, PairCardsSevenOrThree) {
  auto s = play_position(3);
  place(s, 0, "V01", "TV03");  // gold
  place(s, 0, "L05", "TL11");  // wood
  place(s, 1, "L06", "TL12");  // wood
  EXPECT_EQ(points(s, "gold-wood", 0), 7);
  EXPECT_EQ(points(s, "gold-wood", 1), 3);
  EXPECT_EQ(points(s, "gold-wood", 2), 0);
}

TEST(SantaCruzScoring, SheepFishPairAddsFishBonuses) {
  auto s = play_position(3);
  place(s, 0, "C05", "TC15");  // sheep
  place(s, 0, "C06", "TC06");  // fish +3
  place(s, 1, "C07", "TC12");  // fish +2
  place(s, 1, "C08", "TC11");  // fish +1
  place(s, 2, "L05", "TL06");  // sheep only
  EXPECT_EQ(points(s, "sheep-fish", 0), 7 + 3);
  EXPECT_EQ(points(s, "sheep-fish", 1), 3 + 2 + 1);
  EXPECT_EQ(points(s, "sheep-fish", 2), 3);
  EXPECT_EQ(points(s, "sheep", 1), 0);  // a card without a fish pays no fish bonus
}

TEST(SantaCruzScoring, AllThreeBuildingTypes) {
  auto s = play_position(2);
  place(s, 0, "C05", "TC07");  // lighthouse
  place(s, 0, "L05", "TL04");  // church
  EXPECT_EQ(points(s, "buildings", 0), 0);
  place(s, 0, "L06", "TL09");  // house
  EXPECT_EQ(points(s, "buildings", 0), 6);
}

TEST(SantaCruzScoring, FourHouses) {
  auto s = play_position(2);
  place(s, 0, "L05", "TL09");
  place(s, 0, "L06", "TL10");
  place(s, 0, "C05", "TC14");
  place(s, 0, "L07", "TL01");  // a church does not count
  EXPECT_EQ(points(s, "houses", 0), 0);
  place(s, 0, "V01", "TV06");
  EXPECT_EQ(points(s, "houses", 0), 6);
}

TEST(SantaCruzScoring, FourConnectedInAChain) {
  auto s = play_position(2);
  for (const char* site : {"L10", "L11", "L12", "L01"}) put_building(s, 0, site);
  s.players[0].supply = {8, 3, 2};
  EXPECT_EQ(points(s, "connected", 0), 7);
}

TEST(SantaCruzScoring, FourConnectedAsATree) {
  auto s = play_position(2);
  for (const char* site : {"L13", "L01", "L02", "L14"})
    put_building(s, 0, site);  // L13 in the middle
  EXPECT_EQ(points(s, "connected", 0), 7);
}

TEST(SantaCruzScoring, ConnectedNeedsRoadsBetweenOwnBuildings) {
  auto s = play_position(2);
  for (const char* site : {"C04", "L05", "L16", "V03"})
    put_building(s, 0, site);  // river R2: no roads
  EXPECT_EQ(points(s, "connected", 0), 0);
  auto t = play_position(2);
  for (const char* site : {"L10", "L11", "L01"}) put_building(t, 0, site);
  put_building(t, 1, "L12");  // another player's building breaks the chain
  EXPECT_EQ(points(t, "connected", 0), 0);
  put_building(t, 0, "C11");
  EXPECT_EQ(points(t, "connected", 0), 0);  // L10-L11-C11 and L01: 3 and 1
  put_building(t, 0, "C10");
  EXPECT_EQ(points(t, "connected", 0), 7);  // L10-L11-C11-C10
}

TEST(SantaCruzScoring, PlacesPerBuilding) {
  auto s = play_position(2);
  for (const char* site : {"C01", "L02", "L14", "C05", "V02"}) put_building(s, 0, site);
  s.players[0].supply = {8, 3, 2};
  EXPECT_EQ(points(s, "river", 0), 3 * 3);    // C01, L02, L14 are on R1
  EXPECT_EQ(points(s, "coast", 0), 2 * 3);    // C01, C05
  EXPECT_EQ(points(s, "volcano", 0), 1 * 3);  // V02
  EXPECT_EQ(points(s, "eruption", 0), -2);
}

TEST(SantaCruzScoring, BirdsThreeOnlineTwoAtTheTable) {
  auto online = play_position(2, Variant::online);
  auto table = play_position(2, Variant::table);
  give_birds(online, 0, {"tern", "cockatoo"});
  give_birds(table, 0, {"tern", "cockatoo"});
  EXPECT_EQ(points(online, "birds", 0), 6);
  EXPECT_EQ(points(table, "birds", 0), 4);
}

TEST(SantaCruzScoring, SharedSiteCountsForBothPlayers) {
  auto s = play_position(2);
  place(s, 0, "V01", "TV03");  // gold
  put_building(s, 1, "V01");
  EXPECT_EQ(points(s, "gold", 0), 6);
  EXPECT_EQ(points(s, "gold", 1), 6);
  EXPECT_EQ(points(s, "eruption", 1), -2);
}

TEST(SantaCruzScoring, RemovedBuildingsNoLongerCount) {
  auto s = play_position(2);
  place(s, 0, "V01", "TV03");
  set_hand(s, 0, {"SC12", "SC02"});
  act(s, 0, score("eruption"));
  EXPECT_EQ(points(s, "gold", 0), 0);
  EXPECT_EQ(points(s, "volcano", 0), 0);
}

TEST(SantaCruzScoring, EveryPlayerScoresFromThePlayerClockwise) {
  auto s = play_position(4);
  for (Seat seat = 0; seat < 4; ++seat) put_building(s, seat, "C0" + std::to_string(seat + 1));
  for (Seat seat = 0; seat < 4; ++seat) set_score(s, seat, 10);
  set_hand(s, 2, {"SC09"});
  set_turn(s, 2);
  auto events = act(s, 2, score("coast"));
  std::vector<int> order;
  for (const auto& g : events.at(0).at("gains")) order.push_back(g.at("seat").get<int>());
  EXPECT_EQ(order, (std::vector<int>{2, 3, 0, 1}));
  EXPECT_EQ(sc::track_order(s), (std::vector<Seat>{2, 3, 0, 1}));  // all on 13, in arrival order
}

TEST(SantaCruzScoring, ScoresMayGoBelowZero) {
  auto s = play_position(2);
  place(s, 0, "V01", "TV04");
  s.players[0].score = 0;
  set_hand(s, 0, {"SC12"});
  act(s, 0, score("eruption"));
  EXPECT_EQ(s.players[0].score, -2);
}

}  // namespace
}  // namespace archipel::testing::santa_cruz
