// Every worked example of the two French rule books of Santa Cruz (the table rules and the online
// rules), one named test each, built as exact positions.

#include "engine/santa_cruz/santa_cruz.hpp"

#include <set>

#include <gtest/gtest.h>

#include "tests/engine/santa_cruz/position.hpp"

namespace archipel::testing::santa_cruz {
namespace {

using sc::BuildMode;
using sc::Variant;

std::vector<std::string> names4() {
  return {"Red", "Green", "Blue", "Yellow"};
}

Json find_event(const std::vector<Json>& events, const std::string& type) {
  for (const auto& e : events)
    if (e.value("type", "") == type) return e;
  ADD_FAILURE() << "no " << type << " event";
  return Json::object();
}

int gain_of(const Json& score_event, Seat seat) {
  for (const auto& g : score_event.at("gains"))
    if (g.at("seat") == seat) return g.at("points").get<int>();
  return -1000;
}

// Table rules 1.d: the last to choose a set plays first and starts on 0, the others 1, 2, 3
// clockwise. Online rules: the last in turn order chooses first, the first player last; players
// 2/3/4 get 1/2/3 points.
TEST(SantaCruzExamples, StartOrderAndCompensation) {
  for (Variant rules : {Variant::online, Variant::table}) {
    auto s = sc::Rules::setup(4, {{"rules", sc::to_string(rules)}}, 7).value();
    for (Seat seat = 0; seat < 4; ++seat) EXPECT_EQ(s.players[seat].score, seat);
    EXPECT_EQ(sc::Rules::to_act(s), std::vector<Seat>{3});
    act(s, 3, Json{{"type", "choose_set"}, {"set", "A"}});
    EXPECT_EQ(sc::Rules::to_act(s), std::vector<Seat>{2});
    act(s, 2, Json{{"type", "choose_set"}, {"set", "C"}});
    EXPECT_EQ(texts(s, 1), (std::vector<std::string>{"set B", "set D"}));
    auto events = act(s, 1, Json{{"type", "choose_set"}, {"set", "D"}});
    // With four players the last chooser cannot choose: seat 0 gets the set left and plays first.
    EXPECT_EQ(s.players[0].set, sc::components().set_index("B"));
    EXPECT_EQ(s.phase, sc::Phase::landing);
    EXPECT_EQ(sc::Rules::to_act(s), std::vector<Seat>{0});
    EXPECT_EQ(sc::Rules::describe(events[1], names4()).en, "Red takes set B (the set left)");
  }
}

// Table rules 1.c: with fewer players the sets left over go back to the box; they are not offered
// in round 2.
TEST(SantaCruzExamples, UnchosenSetsAreSetAside) {
  auto s = sc::Rules::setup(2, {{"rules", "table"}}, 3).value();
  act(s, 1, Json{{"type", "choose_set"}, {"set", "B"}});
  EXPECT_EQ(texts(s, 0), (std::vector<std::string>{"set A", "set C", "set D"}));
  act(s, 0, Json{{"type", "choose_set"}, {"set", "D"}});
  EXPECT_EQ(s.phase, sc::Phase::landing);
  EXPECT_EQ(s.players[0].cards_left, (std::array<int, 4>{2, 2, 2, 1}));
}

// Table rules 1.c: "il est aussi possible de distribuer les sets au hasard". With sets=random each
// seat is dealt a different set at set-up, the game opens on the landing, the deal follows the
// seed, and the rest of the set-up (tiles, hands, birds) is the one sets=choose makes from the same
// seed.
TEST(SantaCruzExamples, SetsDealtAtRandom) {
  for (int players = 2; players <= 4; ++players) {
    std::set<int> seat0_sets;
    for (std::uint64_t seed = 1; seed <= 24; ++seed) {
      auto dealt = sc::Rules::setup(players, {{"sets", "random"}}, seed).value();
      auto chosen = sc::Rules::setup(players, {{"sets", "choose"}}, seed).value();
      EXPECT_EQ(dealt.phase, sc::Phase::landing);
      EXPECT_EQ(sc::Rules::to_act(dealt), std::vector<Seat>{0});
      std::set<int> sets;
      for (Seat seat = 0; seat < players; ++seat) {
        const int set = dealt.players[seat].set;
        ASSERT_GE(set, 0);
        sets.insert(set);
        EXPECT_EQ(dealt.players[seat].cards_left, sc::components().sets[set].cards);
        EXPECT_EQ(dealt.players[seat].hand, chosen.players[seat].hand);
        EXPECT_EQ(dealt.players[seat].score, chosen.players[seat].score);
      }
      EXPECT_EQ(sets.size(), static_cast<std::size_t>(players)) << "a set dealt twice";
      for (std::size_t site = 0; site < dealt.sites.size(); ++site)
        EXPECT_EQ(dealt.sites[site].tile, chosen.sites[site].tile);
      EXPECT_EQ(dealt.bird_pile, chosen.bird_pile);
      EXPECT_EQ(chosen.phase, sc::Phase::choose_set);
      seat0_sets.insert(dealt.players[0].set);
    }
    EXPECT_EQ(seat0_sets.size(), 4u) << "over 24 seeds seat 0 was dealt every set";
  }
  EXPECT_FALSE(sc::Rules::setup(2, {{"sets", "pick"}}, 1).ok());
}

// Online rules, player display: in the example set, 4 road cards, 1 river, 1 ship and 1 double (set
// B).
TEST(SantaCruzExamples, NessiSetBComposition) {
  const auto& b = sc::components().sets[sc::components().set_index("B")];
  EXPECT_EQ(b.cards, (std::array<int, 4>{1, 1, 4, 1}));
  for (const auto& set : sc::components().sets) {
    int total = 0;
    for (int k : set.cards) {
      EXPECT_GE(k, 1) << set.letter << ": every set has every card type";
      total += k;
    }
    EXPECT_EQ(total, 7) << set.letter;
  }
}

// Table rules, resources: "Sheep - 7" pays 7 to every player with a building on at least one sheep
// tile, and not more for several.
TEST(SantaCruzExamples, SheepSevenPaysOncePerPlayer) {
  auto s = play_position(3);
  put_tile(s, "L05", "TL06");
  put_tile(s, "L06", "TL07");
  put_tile(s, "L08", "TL03");
  put_building(s, 1, "L05");
  put_building(s, 1, "L06");
  put_building(s, 2, "L08");
  set_hand(s, 0, {"SC01"});
  auto e = find_event(act(s, 0, score("sheep")), "score");
  EXPECT_EQ(gain_of(e, 0), 0);
  EXPECT_EQ(gain_of(e, 1), 7);
  EXPECT_EQ(gain_of(e, 2), 7);
  EXPECT_EQ(s.players[1].score, 1 + 7);
}

// Table rules, resources: "Wood/Sugar - 7/3": 7 for both resources, 3 for only one.
TEST(SantaCruzExamples, WoodSugarSevenOrThree) {
  auto s = play_position(3);
  put_tile(s, "L05", "TL11");  // wood
  put_tile(s, "L06", "TL16");  // sugar
  put_tile(s, "L08", "TL12");  // wood
  put_building(s, 0, "L05");
  put_building(s, 0, "L06");
  put_building(s, 1, "L08");
  EXPECT_EQ(points(s, "wood-sugar", 0), 7);
  EXPECT_EQ(points(s, "wood-sugar", 1), 3);
  EXPECT_EQ(points(s, "wood-sugar", 2), 0);
}

// Table rules, fish bonus: Red plays "Fish - 5"; Green has fish tiles with +3 and +1: 5 + 3 + 1
// = 9.
TEST(SantaCruzExamples, FishBonus531) {
  auto s = play_position(2, Variant::table);
  put_tile(s, "C05", "TC13");  // house, fish +3
  put_tile(s, "C06", "TC11");  // house, fish +1
  put_building(s, 1, "C05");
  put_building(s, 1, "C06");
  set_hand(s, 0, {"SC03"});
  auto events = act(s, 0, score("fish"));
  auto e = find_event(events, "score");
  EXPECT_EQ(gain_of(e, 1), 9);
  EXPECT_EQ(gain_of(e, 0), 0);
  EXPECT_EQ(s.players[1].score, 1 + 9);
  EXPECT_EQ(sc::Rules::describe(e, names4()).en, "Red plays Fish: Green +9");
}

// Online rules, fish bonus: Green has one fish tile (+1) and gets 6; Blue has +2 and +3 and
// gets 10.
TEST(SantaCruzExamples, OnlineFishBonusSixAndTen) {
  auto s = play_position(3);
  put_tile(s, "C02", "TC18");  // +1
  put_tile(s, "C05", "TC12");  // +2
  put_tile(s, "C06", "TC13");  // +3
  put_building(s, 1, "C02");
  put_building(s, 2, "C05");
  put_building(s, 2, "C06");
  set_hand(s, 0, {"SC03"});
  auto e = find_event(act(s, 0, score("fish")), "score");
  EXPECT_EQ(gain_of(e, 1), 6);
  EXPECT_EQ(gain_of(e, 2), 10);
  EXPECT_EQ(sc::Rules::describe(e, {"Anna", "Bruno", "Carla"}).en,
            "Anna plays Fish: Bruno +6, Carla +10");
}

// Online rules: "Gold 6": every player with at least one building on a gold tile gets 6.
TEST(SantaCruzExamples, OnlineGoldSix) {
  auto s = play_position(2);
  put_tile(s, "V03", "TV03");
  put_tile(s, "V04", "TV04");
  put_building(s, 0, "V03");
  put_building(s, 0, "V04");
  EXPECT_EQ(points(s, "gold", 0), 6);
  EXPECT_EQ(points(s, "gold", 1), 0);
}

// Table rules, places: Red plays "Coast - 3" with 5 buildings on coast tiles and gets 15.
TEST(SantaCruzExamples, CoastThreeWithFiveBuildings15) {
  auto s = play_position(2, Variant::table);
  const std::vector<std::pair<std::string, std::string>> coast{
      {"C01", "TC11"}, {"C04", "TC12"}, {"C07", "TC14"}, {"C10", "TC16"}, {"C13", "TC17"}};
  for (const auto& [site, tile] : coast) {
    put_tile(s, site, tile);
    put_building(s, 0, site);
  }
  put_tile(s, "L05", "TL09");
  put_building(s, 0, "L05");  // a land building does not count
  set_hand(s, 0, {"SC09"});
  auto e = find_event(act(s, 0, score("coast")), "score");
  EXPECT_EQ(gain_of(e, 0), 15);
  EXPECT_EQ(s.players[0].score, 15);
}

// Table and online rules, eruption: -2 per own building on a volcano site; those buildings leave
// the board and do not return to supply before round 2; the sites are free again for anyone.
TEST(SantaCruzExamples, EruptionMinusTwoRemovesVolcanoBuildings) {
  auto s = play_position(3);
  put_tile(s, "V01", "TV03");
  put_tile(s, "V02", "TV04");
  put_tile(s, "V05", "TV05");
  put_tile(s, "L13", "TL09");
  put_building(s, 0, "V01");
  put_building(s, 0, "V02");
  put_building(s, 0, "L13");
  put_building(s, 1, "V05");
  set_score(s, 0, 20);
  set_score(s, 1, 20);
  set_hand(s, 2, {"SC12"});
  set_turn(s, 2);
  auto e = find_event(act(s, 2, score("eruption")), "score");
  EXPECT_EQ(gain_of(e, 0), -4);
  EXPECT_EQ(gain_of(e, 1), -2);
  EXPECT_EQ(gain_of(e, 2), 0);
  EXPECT_EQ(e.at("removed").size(), 3u);
  EXPECT_TRUE(s.sites[site_of("V01")].owners.empty());
  EXPECT_TRUE(s.sites[site_of("V05")].owners.empty());
  EXPECT_EQ(s.sites[site_of("L13")].owners, std::vector<int>{0});
  EXPECT_EQ(s.players[0].removed[0], 2);  // two houses out for the round
  EXPECT_EQ(s.players[0].supply[0], 8 - 3);
  EXPECT_EQ(s.players[0].score, 16);
  // V01 is free again: seat 0 may road-build there from L13.
  set_turn(s, 0);
  auto road = targets(s, 0, BuildMode::road);
  EXPECT_NE(std::find(road.begin(), road.end(), "V01"), road.end());
}

// Table rules, river card on a face-down tile: it is revealed and must then be built on; if that is
// impossible the turn ends there.
TEST(SantaCruzExamples, RiverCardRevealsFaceDownTile) {
  auto s = play_position(2, Variant::table);
  put_tile(s, "C01", "TC14");
  put_building(s, 0, "C01");                 // on river R1
  put_tile(s, "L14", "TL02", false);         // church, 4 points, sugar, face down
  s.sites[site_of("L14")].revealed = false;  // (C01 is not L14's neighbour, but be explicit)
  auto river = targets(s, 0, BuildMode::river);
  EXPECT_NE(std::find(river.begin(), river.end(), "L14"), river.end());
  auto events = act(s, 0, build("river", "L14"));
  ASSERT_GE(events.size(), 2u);
  EXPECT_EQ(sc::Rules::describe(events[0], names4()).en,
            "Tile L14 revealed: church, 4 points, sugar");
  EXPECT_EQ(events[1].at("type"), "build");
  EXPECT_EQ(sc::Rules::describe(events[1], names4()).en, "Red builds a church on L14 (+4)");
  EXPECT_EQ(s.players[0].score, 4);
  EXPECT_EQ(s.sites[site_of("L14")].owners, std::vector<int>{0});
}

TEST(SantaCruzExamples, RiverRevealWithoutThatBuildingEndsTheTurn) {
  auto s = play_position(2, Variant::table);
  put_tile(s, "C01", "TC14");
  put_building(s, 0, "C01");
  put_tile(s, "L14", "TL02", false);  // a church
  s.players[0].supply[1] = 0;         // no church left
  const int river_before = s.players[0].cards_left[1];
  auto events = act(s, 0, build("river", "L14"));
  EXPECT_EQ(events.at(0).at("type"), "reveal");
  EXPECT_EQ(events.at(1).at("type"), "build_failed");
  EXPECT_EQ(sc::Rules::describe(events[1], names4()).en,
            "Red has no church left for L14: the card ends");
  EXPECT_TRUE(s.sites[site_of("L14")].revealed);
  EXPECT_TRUE(s.sites[site_of("L14")].owners.empty());
  EXPECT_EQ(s.players[0].cards_left[1], river_before - 1);
  EXPECT_EQ(sc::Rules::to_act(s), std::vector<Seat>{1});
}

// Online rules, road card example: red has two buildings; every free site one road segment from
// either may be built on; the one occupied by green may not, nor one without a direct road.
TEST(SantaCruzExamples, RoadAdjacencyFromEitherBuilding) {
  auto s = play_position(2);
  put_building(s, 0, "L13");
  put_building(s, 0, "L05");
  put_building(s, 1, "L02");  // occupied by green
  s.players[0].supply = {8, 3, 2};
  EXPECT_EQ(targets(s, 0, BuildMode::road),
            (std::vector<std::string>{"C05", "L01", "L04", "L06", "L14", "L15", "L21", "V01"}));
  EXPECT_EQ(refuse(s, 0, build("road", "L02")), "santa_cruz.site_occupied");
  EXPECT_EQ(refuse(s, 0, build("road", "L12")), "santa_cruz.not_road_adjacent");
}

// Online rules, river card example: green has a house on one branch of the river and may build on
// any free site of that river, the other branch included, but not on the site red occupies.
TEST(SantaCruzExamples, RiverAnyFreeSiteAlongBothBranches) {
  auto s = play_position(
      3);  // three players, so seat 1 is not the last player (no occupied-site privilege)
  put_tile(s, "C01", "TC14");
  put_building(s, 1, "C01");  // green, on the C01 arm of R1
  put_building(s, 0, "L14");  // red, on R1 too
  set_turn(s, 1);
  EXPECT_EQ(targets(s, 1, BuildMode::river), (std::vector<std::string>{"C03", "L02", "V01"}));
  EXPECT_EQ(refuse(s, 1, build("river", "L14")), "santa_cruz.site_occupied");
  EXPECT_EQ(refuse(s, 1, build("river", "L05")), "santa_cruz.not_on_your_river");
}

// Online rules, double turn: one type for both builds (table rules: mixing is forbidden).
TEST(SantaCruzExamples, DoubleTurnBuildsTwiceWithOneType) {
  auto s = play_position(2);
  put_building(s, 0, "L13");
  set_cards(s, 0, {1, 1, 1, 1});
  act(s, 0, Json{{"type", "double"}, {"kind", "road"}});
  EXPECT_EQ(s.players[0].cards_left, (std::array<int, 4>{1, 1, 1, 0}));
  EXPECT_EQ(refuse(s, 0, build("ship", "C05")), "santa_cruz.double_pending");
  EXPECT_EQ(refuse(s, 0, score("fish")), "santa_cruz.double_pending");
  act(s, 0, build("road", "L01"));
  EXPECT_EQ(sc::Rules::to_act(s), std::vector<Seat>{0});  // the second build
  // The second build may use the first as its anchor: L12 is one segment from L01 only.
  auto road = targets(s, 0, BuildMode::road);
  EXPECT_NE(std::find(road.begin(), road.end(), "L12"), road.end());
  act(s, 0, build("road", "L12"));
  EXPECT_EQ(sc::Rules::to_act(s), std::vector<Seat>{1});
  EXPECT_EQ(s.players[0].cards_left,
            (std::array<int, 4>{1, 1, 1, 0}));  // only the double was spent
}

// Table and online rules: the last player of the round may build once on an occupied site; both
// buildings stay.
TEST(SantaCruzExamples, LastPlayerBuildsOnceOnAnOccupiedSite) {
  auto s = play_position(3);
  put_tile(s, "C04", "TC14");
  put_tile(s, "C05", "TC16");
  put_building(s, 0, "C04");
  put_building(s, 1, "C05");
  set_turn(s, 1);
  EXPECT_EQ(refuse(s, 1, build("ship", "C04")), "santa_cruz.site_occupied");  // seat 1 is not last
  set_turn(s, 2);
  EXPECT_EQ(sc::last_player(s), 2);
  act(s, 2, build("ship", "C04"));
  EXPECT_EQ(s.sites[site_of("C04")].owners, (std::vector<int>{0, 2}));
  EXPECT_TRUE(s.privilege_used);
  EXPECT_EQ(points(s, "coast", 0), 3);
  EXPECT_EQ(points(s, "coast", 2), 3);
  set_turn(s, 2);
  EXPECT_EQ(refuse(s, 2, build("ship", "C05")), "santa_cruz.site_occupied");  // once a round
}

// Online rules, "evaluations": "Birds" counts chips, not their values: 3 a chip online, 2 at the
// table.
TEST(SantaCruzExamples, BirdsCardCountsChipsNotValues) {
  for (Variant rules : {Variant::online, Variant::table}) {
    auto s = play_position(2, rules);
    give_birds(s, 1, {"macaw", "macaw", "tern"});
    EXPECT_EQ(points(s, "birds", 1), rules == Variant::online ? 9 : 6);
    EXPECT_EQ(points(s, "birds", 0), 0);
  }
}

// Table rules, "gagner des points": a marker arriving on an occupied score goes behind; no ties at
// the table. The player who plays a score card scores first, then the others clockwise.
TEST(SantaCruzExamples, ScoreTrackArrivalOrderBreaksTies) {
  auto s = play_position(3, Variant::table);
  set_score(s, 0, 10);
  set_score(s, 2, 10);
  set_score(s, 1, 4);
  EXPECT_EQ(sc::track_order(s), (std::vector<Seat>{0, 2, 1}));
  put_tile(s, "C04", "TC14");
  put_tile(s, "C05", "TC16");
  put_building(s, 0, "C04");
  put_building(s, 2, "C05");
  set_hand(s, 2, {"SC09"});
  set_turn(s, 2);
  act(s, 2,
      score("coast"));  // seat 2 scores first, then seat 0: both reach 13, seat 2 arrived first
  EXPECT_EQ(s.players[0].score, 13);
  EXPECT_EQ(s.players[2].score, 13);
  EXPECT_EQ(sc::track_order(s), (std::vector<Seat>{2, 0, 1}));
}

// Table rules, "gagner des points": past 50 a "+50" marker goes under the counter (a counter on 14
// with two markers is 114), and an eruption taking a counter from 0 back to 49 removes one. The
// engine keeps plain integers; the markers are display only.
TEST(SantaCruzExamples, FiftyMarkersAreDisplayOnly) {
  auto s = play_position(2, Variant::table);
  put_tile(s, "V01", "TV04");
  put_building(s, 1, "V01");
  set_score(s, 0, 114);
  set_score(s, 1, 51);
  set_hand(s, 0, {"SC12"});
  act(s, 0, score("eruption"));
  EXPECT_EQ(s.players[1].score, 49);
  const Json view = sc::Rules::view(s, engine::Viewer::spectator());
  EXPECT_EQ(view.at("players").at(0).at("score"), 114);
  EXPECT_EQ(view.at("players").at(1).at("score"), 49);
}

// Table rules 3.a and online rules "Manche 2": buildings back (eruption losses included), chips
// kept, revealed tiles stay, one new secret score card each, piles chosen from last on the track,
// then a secret discard; the last on the track plays first.
TEST(SantaCruzExamples, SecondRoundSetUp) {
  for (Variant rules : {Variant::online, Variant::table}) {
    auto s = play_position(3, rules);
    put_tile(s, "L05", "TL09");
    put_building(s, 0, "L05");
    give_birds(s, 0, {"tern"});
    s.players[1].removed = {1, 0, 0};
    s.players[1].supply = {7, 3, 2};
    // Round 1 ends when the last card is played: seat 2 holds one score card, nobody anything else.
    for (Seat seat = 0; seat < 3; ++seat) set_cards(s, seat, {0, 0, 0, 0});
    set_hand(s, 0, {});
    set_hand(s, 1, {});
    set_hand(s, 2, {"SC05"});
    s.players[0].played = {card_of_name("fish")};
    s.players[1].played = {card_of_name("gold")};
    s.score_pile.erase(
        std::remove_if(
            s.score_pile.begin(), s.score_pile.end(),
            [](int c) { return c == card_of_name("fish") || c == card_of_name("gold"); }),
        s.score_pile.end());
    set_score(s, 0, 30);
    set_score(s, 1, 12);
    set_score(s, 2, 20);
    set_turn(s, 2);
    act(s, 2, score("buildings"));
    EXPECT_EQ(s.round, 2);
    EXPECT_EQ(s.phase, sc::Phase::choose_pile);
    EXPECT_TRUE(s.sites[site_of("L05")].revealed);
    EXPECT_TRUE(s.sites[site_of("L05")].owners.empty());
    for (const auto& p : s.players) EXPECT_EQ(p.supply, (std::array<int, 3>{8, 3, 2}));
    EXPECT_EQ(s.players[0].birds.size(), 1u);
    // Pick order: last on the track first (seat 1 at 12, seat 2 at 20, seat 0 at 30).
    EXPECT_EQ(s.pick_order, (std::vector<Seat>{1, 2, 0}));
    EXPECT_EQ(s.order, (std::vector<Seat>{1, 2, 0}));
    // Both books: a pile is a set plus the score cards played with it (the online book says
    // nothing else); each player has only the new card so far.
    EXPECT_EQ(s.players[0].hand.size(), 1u);
    EXPECT_EQ(texts(s, 1), (std::vector<std::string>{"pile A", "pile B", "pile C"}));
    act(s, 1, Json{{"type", "choose_pile"}, {"set", "A"}});  // seat 0's set, with its Fish card
    EXPECT_NE(std::find(s.players[1].hand.begin(), s.players[1].hand.end(), card_of_name("fish")),
              s.players[1].hand.end());
    act(s, 2, Json{{"type", "choose_pile"}, {"set", "B"}});  // seat 0 gets the last pile
    EXPECT_EQ(s.players[0].set, sc::components().set_index("C"));
    EXPECT_EQ(s.phase, sc::Phase::discard);
    EXPECT_EQ(sc::Rules::to_act(s), (std::vector<Seat>{0, 1, 2}));  // all at once, any order
    for (Seat seat : {2, 0, 1}) {
      const int card = s.players[seat].hand.front();
      act(s, seat, Json{{"type", "discard"}, {"card", sc::components().score_cards[card].id}});
    }
    EXPECT_EQ(s.phase, sc::Phase::landing);
    EXPECT_EQ(sc::Rules::to_act(s), std::vector<Seat>{1});
    EXPECT_EQ(sc::last_player(s), 0);
  }
}

// Table rules 4 and online rules "Fin de la partie": bird chips are revealed at the end and add
// 1/2/3.
TEST(SantaCruzExamples, GameEndAddsBirdValues) {
  auto s = play_position(2);
  s.round = 2;
  give_birds(s, 0, {"tern", "cockatoo", "macaw"});
  give_birds(s, 1, {"tern"});
  for (Seat seat = 0; seat < 2; ++seat) set_cards(s, seat, {0, 0, 0, 0});
  set_hand(s, 0, {"SC05"});
  set_hand(s, 1, {"SC06"});
  act(s, 0, score("buildings"));
  auto events = act(s, 1, score("houses"));
  EXPECT_EQ(s.phase, sc::Phase::over);
  EXPECT_EQ(s.players[0].score, 0 + 6);
  EXPECT_EQ(s.players[1].score, 1 + 1);
  auto birds = find_event(events, "birds_revealed");
  EXPECT_EQ(sc::Rules::describe(birds, names4()).en, "Red reveals 1 cockatoo, 1 macaw, 1 tern: +6");
  auto out = sc::Rules::outcome(s);
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(out->ranking, (std::vector<Seat>{0, 1}));
}

}  // namespace
}  // namespace archipel::testing::santa_cruz
