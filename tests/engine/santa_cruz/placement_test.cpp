// One test per placement rule: landing, ship, river, road, double, occupied sites and the last
// player's privilege, the building supply, forced builds and wasted cards, and the reveal of
// neighbours.

#include "engine/santa_cruz/santa_cruz.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "tests/engine/santa_cruz/position.hpp"

namespace archipel::testing::santa_cruz {
namespace {

using sc::BuildMode;
using sc::Variant;

bool has(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

sc::State landing_position(int seats) {
  auto s = play_position(seats);
  s.phase = sc::Phase::landing;
  return s;
}

TEST(SantaCruzPlacement, LandingOnAnyFreeCoastSiteIncludingIslets) {
  auto s = landing_position(3);
  auto t = texts(s, 0);
  EXPECT_EQ(t.size(), 16u);
  EXPECT_EQ(t.front(), "land C01");
  EXPECT_TRUE(has(t, "land C16"));  // the south islet
  EXPECT_EQ(refuse(s, 0, land("L01")), "santa_cruz.not_coast");
  EXPECT_EQ(refuse(s, 0, build("ship", "C01")), "santa_cruz.landing");
  act(s, 0, land("C04"));
  EXPECT_EQ(s.sites[site_of("C04")].owners, std::vector<int>{0});
  EXPECT_EQ(sc::Rules::to_act(s), std::vector<Seat>{1});
  EXPECT_EQ(refuse(s, 1, land("C04")), "santa_cruz.site_occupied");
  EXPECT_EQ(texts(s, 1).size(), 15u);
}

// Both books land on a free ("libre") coast site: the last player's privilege is for card builds.
TEST(SantaCruzPlacement, LastPlayerLandsOnAFreeSiteToo) {
  auto s = landing_position(2);
  act(s, 0, land("C04"));
  auto t = texts(s, 1);
  EXPECT_EQ(t.size(), 15u);  // the 15 free sites; C04 is occupied and the privilege does not apply
  EXPECT_FALSE(has(t, "land C04"));
  EXPECT_EQ(refuse(s, 1, land("C04")), "santa_cruz.site_occupied");
  act(s, 1, land("C05"));
  EXPECT_FALSE(s.privilege_used);  // still there for a card build this round
  EXPECT_EQ(s.phase, sc::Phase::play);
}

TEST(SantaCruzPlacement, LandingScoresAndRevealsNeighbours) {
  auto s = landing_position(2);
  put_tile(s, "C01", "TC07");  // lighthouse, 4
  EXPECT_FALSE(s.sites[site_of("L01")].revealed);
  EXPECT_FALSE(s.sites[site_of("L02")].revealed);
  auto events = act(s, 0, land("C01"));
  EXPECT_EQ(s.players[0].score, 4);
  EXPECT_EQ(s.players[0].supply, (std::array<int, 3>{8, 3, 1}));
  EXPECT_TRUE(s.sites[site_of("L01")].revealed);  // road neighbour
  EXPECT_TRUE(s.sites[site_of("L02")].revealed);  // river neighbour
  EXPECT_FALSE(s.sites[site_of("L13")].revealed);
  EXPECT_EQ(events.size(), 3u);  // the build and two reveals
}

TEST(SantaCruzPlacement, ShipBuildsOnAnyFreeCoastSite) {
  auto s = play_position(3);
  put_building(s, 1, "C09");
  auto ship = targets(s, 0, BuildMode::ship);
  EXPECT_EQ(ship.size(), 15u);
  EXPECT_FALSE(has(ship, "C09"));
  EXPECT_TRUE(has(ship, "C13"));  // no building needed nearby
  EXPECT_EQ(refuse(s, 0, build("ship", "L05")), "santa_cruz.not_coast");
  EXPECT_EQ(refuse(s, 0, build("ship", "C09")), "santa_cruz.site_occupied");
}

TEST(SantaCruzPlacement, RiverNeedsOwnBuildingOnThatRiver) {
  auto s = play_position(3);
  EXPECT_TRUE(targets(s, 0, BuildMode::river).empty());
  EXPECT_EQ(refuse(s, 0, build("river", "L16")), "santa_cruz.not_on_your_river");
  EXPECT_EQ(refuse(s, 0, build("river", "L01")), "santa_cruz.not_on_a_river");
  put_building(s, 0, "C04");  // R2: V03, L16, L05, C04
  EXPECT_EQ(targets(s, 0, BuildMode::river), (std::vector<std::string>{"L05", "L16", "V03"}));
}

TEST(SantaCruzPlacement, RiverTargetMayBeFaceDownWhateverItHides) {
  auto s = play_position(3);
  put_building(s, 0, "C08");  // R3: V06, L17, L09, C08
  ASSERT_FALSE(s.sites[site_of("L17")].revealed);
  // Legality of a face-down target must not depend on the hidden tile: with lighthouses only, L17
  // is offered.
  s.players[0].supply = {0, 0, 1};
  EXPECT_TRUE(has(targets(s, 0, BuildMode::river), "L17"));
  // With no building at all, nothing is offered and the river card may be played for nothing.
  s.players[0].supply = {0, 0, 0};
  EXPECT_TRUE(targets(s, 0, BuildMode::river).empty());
  EXPECT_TRUE(has(texts(s, 0), "river"));
}

TEST(SantaCruzPlacement, RoadOneSegmentFromOwnBuilding) {
  auto s = play_position(3);
  put_building(s, 0, "C06");
  EXPECT_EQ(targets(s, 0, BuildMode::road), (std::vector<std::string>{"C07", "L06"}));
  EXPECT_EQ(refuse(s, 0, build("road", "L16")), "santa_cruz.not_road_adjacent");
  // A river segment is not a road: L14 is joined to L02 by river only.
  auto t = play_position(3);
  put_building(t, 0, "L02");
  EXPECT_FALSE(has(targets(t, 0, BuildMode::road), "L14"));
  EXPECT_TRUE(has(targets(t, 0, BuildMode::river), "L14"));
}

TEST(SantaCruzPlacement, BuildingMustBeInSupply) {
  auto s = play_position(3);
  put_tile(s, "C05", "TC07");  // lighthouse
  put_tile(s, "C06", "TC14");  // house
  s.players[0].supply = {8, 3, 0};
  auto ship = targets(s, 0, BuildMode::ship);
  EXPECT_FALSE(has(ship, "C05"));
  EXPECT_TRUE(has(ship, "C06"));
  EXPECT_EQ(refuse(s, 0, build("ship", "C05")), "santa_cruz.no_building_left");
}

TEST(SantaCruzPlacement, CardNeedsToBeInHand) {
  auto s = play_position(3);
  set_cards(s, 0, {0, 1, 1, 0});
  EXPECT_EQ(refuse(s, 0, build("ship", "C05")), "santa_cruz.no_such_card");
  EXPECT_EQ(refuse(s, 0, Json{{"type", "double"}, {"kind", "ship"}}), "santa_cruz.no_such_card");
  set_hand(s, 0, {"SC02"});
  EXPECT_EQ(refuse(s, 0, score("sheep")), "santa_cruz.not_in_hand");
}

TEST(SantaCruzPlacement, MustBuildWhenTheCardCan) {
  auto s = play_position(3);
  set_cards(s, 0, {1, 1, 1, 1});
  auto t = texts(s, 0);
  EXPECT_FALSE(has(t, "ship"));    // free coast sites exist
  EXPECT_TRUE(has(t, "river"));    // no own building on a river
  EXPECT_TRUE(has(t, "road"));     // no own building at all
  EXPECT_FALSE(has(t, "double"));  // a double ship can build
  EXPECT_EQ(refuse(s, 0, Json{{"type", "play"}, {"card", "ship"}}), "santa_cruz.must_build");
  auto events = act(s, 0, Json{{"type", "play"}, {"card", "road"}});
  EXPECT_EQ(events.at(0).at("type"), "card_wasted");
  EXPECT_EQ(s.players[0].cards_left, (std::array<int, 4>{1, 1, 0, 1}));
  EXPECT_EQ(s.players[0].cards_played, (std::array<int, 4>{0, 0, 1, 0}));
}

TEST(SantaCruzPlacement, DoubleWithNoTargetAnywhereIsWasted) {
  auto s = play_position(3);
  set_cards(s, 0, {0, 0, 0, 1});
  set_hand(s, 0, {});
  s.players[0].supply = {0, 0, 0};
  EXPECT_EQ(texts(s, 0), std::vector<std::string>{"double"});
  act(s, 0, Json{{"type", "play"}, {"card", "double"}});
  EXPECT_EQ(sc::Rules::to_act(s), std::vector<Seat>{1});
}

TEST(SantaCruzPlacement, DoubleOnlyOffersKindsThatCanBuild) {
  auto s = play_position(3);
  set_cards(s, 0, {0, 0, 0, 1});
  auto t = texts(s, 0);
  EXPECT_TRUE(has(t, "double ship"));
  EXPECT_FALSE(has(t, "double road"));
  EXPECT_FALSE(has(t, "double river"));
  EXPECT_EQ(refuse(s, 0, Json{{"type", "double"}, {"kind", "road"}}), "santa_cruz.no_target");
}

TEST(SantaCruzPlacement, DoubleSecondBuildLostWithoutTarget) {
  auto s = play_position(3);
  set_cards(s, 0, {0, 0, 0, 1});
  put_tile(s, "C15", "TC14");  // S islet: C15 - V09 - V10 - C16
  put_building(s, 0, "C15");
  put_tile(s, "V09", "TV09");       // a house
  put_tile(s, "V10", "TV10");       // a house
  s.players[0].supply = {1, 3, 2};  // one house left: after V09 nothing can be built
  act(s, 0, Json{{"type", "double"}, {"kind", "road"}});
  auto events = act(s, 0, build("road", "V09"));
  EXPECT_EQ(events.back().at("type"), "double_lost");
  EXPECT_EQ(sc::Rules::to_act(s), std::vector<Seat>{1});
}

TEST(SantaCruzPlacement, DoubleFirstBuildFailingLosesTheSecond) {
  auto s = play_position(3);
  set_cards(s, 0, {0, 0, 0, 1});
  put_building(s, 0, "C08");          // on R3
  put_tile(s, "L17", "TL02", false);  // a church, face down
  s.players[0].supply = {5, 0, 2};
  act(s, 0, Json{{"type", "double"}, {"kind", "river"}});
  auto events = act(s, 0, build("river", "L17"));
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].at("type"), "reveal");
  EXPECT_EQ(events[1].at("type"), "build_failed");
  EXPECT_EQ(events[2].at("type"), "double_lost");
  EXPECT_EQ(sc::Rules::to_act(s), std::vector<Seat>{1});
}

TEST(SantaCruzPlacement, PrivilegeNotOnOwnSiteAndNotForOthers) {
  auto s = play_position(2);
  put_building(s, 1, "C04");
  put_building(s, 0, "C05");
  set_turn(s, 1);
  EXPECT_EQ(refuse(s, 1, build("ship", "C04")), "santa_cruz.site_occupied");  // own building
  auto ship = targets(s, 1, BuildMode::ship);
  EXPECT_TRUE(has(ship, "C05"));
  EXPECT_FALSE(has(ship, "C04"));
  set_turn(s, 0);
  EXPECT_FALSE(has(targets(s, 0, BuildMode::ship), "C04"));
}

TEST(SantaCruzPlacement, PrivilegeIsOptionalForTheSecondBuild) {
  // Seat 1 (last of two) doubles on roads from C06; after C07 only the occupied L07 is left: it may
  // pass.
  auto s = play_position(2);
  set_cards(s, 1, {0, 0, 0, 1});
  put_building(s, 1, "C06");
  put_building(s, 0, "L06");
  put_building(s, 0, "L07");
  set_turn(s, 1);
  act(s, 1, Json{{"type", "double"}, {"kind", "road"}});
  EXPECT_EQ(texts(s, 1),
            (std::vector<std::string>{"road C07", "road L06"}));  // L06 through the privilege
  act(s, 1, build("road", "C07"));
  EXPECT_EQ(texts(s, 1), (std::vector<std::string>{"road L06", "road L07", "pass"}));
  auto events = act(s, 1, Json{{"type", "pass"}});
  EXPECT_EQ(events.at(0).at("type"), "pass");
  EXPECT_FALSE(s.privilege_used);
}

TEST(SantaCruzPlacement, PassRefusedWhenABuildIsPossible) {
  auto s = landing_position(2);
  EXPECT_EQ(refuse(s, 0, Json{{"type", "pass"}}), "santa_cruz.must_build");
  auto p = play_position(2);
  EXPECT_EQ(refuse(p, 0, Json{{"type", "pass"}}), "santa_cruz.nothing_to_pass");
}

TEST(SantaCruzPlacement, PrivilegeBelongsToTheLastPlayerOfTheRound) {
  auto s = play_position(4);
  EXPECT_EQ(sc::last_player(s), 3);
  s.order = {2, 3, 0, 1};
  EXPECT_EQ(sc::last_player(s), 1);
  s.phase = sc::Phase::discard;
  EXPECT_EQ(sc::last_player(s), -1);
}

TEST(SantaCruzPlacement, WrongTurnAndMalformedActionsAreRefused) {
  auto s = play_position(3);
  EXPECT_EQ(refuse(s, 1, build("ship", "C01")), "not_your_turn");
  EXPECT_EQ(refuse(s, 0, Json::array()), "santa_cruz.bad_action");
  EXPECT_EQ(refuse(s, 0, Json{{"type", 3}}), "santa_cruz.bad_action");
  EXPECT_EQ(refuse(s, 0, Json{{"type", "build"}, {"card", 1}, {"site", "C01"}}),
            "santa_cruz.bad_action");
  EXPECT_EQ(refuse(s, 0, Json{{"type", "build"}, {"card", "ship"}, {"site", 5}}),
            "santa_cruz.bad_action");
  EXPECT_EQ(refuse(s, 0, Json{{"type", "build"}, {"card", "ship"}, {"site", "Z99"}}),
            "santa_cruz.unknown_site");
  EXPECT_EQ(refuse(s, 0, Json{{"type", "build"}, {"card", "double"}, {"site", "C01"}}),
            "santa_cruz.bad_action");
  EXPECT_EQ(refuse(s, 0, Json{{"type", "score"}, {"card", "SC99"}}), "santa_cruz.unknown_card");
  EXPECT_EQ(refuse(s, 0, Json{{"type", "score"}, {"card", nullptr}}), "santa_cruz.bad_action");
  EXPECT_EQ(refuse(s, 0, Json{{"type", "play"}, {"card", "nothing"}}), "santa_cruz.bad_action");
  EXPECT_EQ(refuse(s, 0, Json{{"type", "dance"}}), "santa_cruz.bad_action");
  EXPECT_EQ(refuse(s, 0, Json{{"type", "choose_set"}, {"set", "A"}}), "santa_cruz.bad_action");
}

// Building on a tile with a bird disc draws a chip from the face-down pile: the builder learns its
// species, the event names no species.
TEST(SantaCruzPlacement, BirdDiscTileDrawsAChip) {
  auto s = play_position(2);
  put_tile(s, "C05", "TC03");  // lighthouse, 2, bird disc
  const int top = s.bird_pile.back();
  auto events = act(s, 0, build("ship", "C05"));
  EXPECT_EQ(s.players[0].birds, std::vector<int>{top});
  EXPECT_EQ(s.bird_pile.size(), 21u);
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.front().at("type"), "build");
  EXPECT_EQ(events.front().at("bird"), "drawn");
  EXPECT_EQ(sc::Rules::view(s, engine::Viewer::of(1)).at("players").at(0).at("birds"), 1);
}

// An empty bird pile gives nothing: the build still happens and scores.
TEST(SantaCruzPlacement, BirdDiscTileWithAnEmptyPileGivesNothing) {
  auto s = play_position(2);
  put_tile(s, "C05", "TC03");
  s.players[1].birds = s.bird_pile;  // every chip already drawn
  s.bird_pile.clear();
  auto events = act(s, 0, build("ship", "C05"));
  EXPECT_TRUE(s.players[0].birds.empty());
  EXPECT_EQ(s.sites[site_of("C05")].owners, std::vector<int>{0});
  EXPECT_EQ(s.players[0].score, 0 + 2);
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.front().at("bird"), "pile_empty");
  EXPECT_TRUE(sc::Rules::check_invariants(s).empty());
}

}  // namespace
}  // namespace archipel::testing::santa_cruz
