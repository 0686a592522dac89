// Round 2: the pick order on a tie, an eruption, the piles' public score cards, and what a viewer
// may not know there (secrets, scramble_hidden, check_invariants on built positions).

#include "engine/santa_cruz/santa_cruz.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "tests/engine/santa_cruz/position.hpp"

namespace archipel::testing::santa_cruz {
namespace {

using engine::Viewer;
using sc::Variant;

bool holds(const std::vector<int>& cards, int card) {
  return std::find(cards.begin(), cards.end(), card) != cards.end();
}

// The end of round 1 for three players: seat 0 played Fish, seat 1 Gold, seat 2 plays its last
// card (All three building types, which scores nobody here) and the round ends. Scores are set in
// the order seat 0, seat 1, seat 2, so with equal scores seat 0's marker arrived first.
sc::State end_of_round_one(Variant rules, int score0, int score1, int score2) {
  auto s = play_position(3, rules);
  for (Seat seat = 0; seat < 3; ++seat) set_cards(s, seat, {0, 0, 0, 0});
  set_hand(s, 0, {});
  set_hand(s, 1, {});
  set_hand(s, 2, {"SC05"});
  for (Seat seat : {0, 1}) {
    const int card = card_of_name(seat == 0 ? "fish" : "gold");
    s.score_pile.erase(std::find(s.score_pile.begin(), s.score_pile.end(), card));
    s.players[seat].played = {card};
  }
  set_score(s, 0, score0);
  set_score(s, 1, score1);
  set_score(s, 2, score2);
  set_turn(s, 2);
  act(s, 2, score("buildings"));
  EXPECT_EQ(s.phase, sc::Phase::choose_pile);
  return s;
}

// Table rules "gagner des points" (a marker arriving on an occupied score goes behind) and, where
// the online book is silent, the same: on equal scores the later arrival is behind on the track, so
// it picks its pile first and plays first in round 2.
TEST(SantaCruzRoundTwo, TiedScoresPickInTrackOrder) {
  for (Variant rules : {Variant::online, Variant::table}) {
    auto s = end_of_round_one(rules, 20, 20, 30);
    EXPECT_EQ(sc::track_order(s), (std::vector<Seat>{2, 0, 1}));
    EXPECT_EQ(s.pick_order, (std::vector<Seat>{1, 0, 2}));
    EXPECT_EQ(sc::Rules::to_act(s), std::vector<Seat>{1});
    EXPECT_EQ(s.order, (std::vector<Seat>{1, 2, 0}));  // seat 1 first, then clockwise
  }
}

// Both books: the eruption works the same in round 2: -2 a volcano building, the buildings leave
// the board for the rest of the game (there is no round 3 to bring them back), the sites are free.
TEST(SantaCruzRoundTwo, EruptionInRoundTwo) {
  auto s = play_position(2);
  s.round = 2;
  put_tile(s, "V01", "TV04");  // house
  put_tile(s, "V02", "TV01");  // church
  put_building(s, 0, "V01");
  put_building(s, 0, "V02");
  put_building(s, 1, "V03");
  put_building(s, 1, "L14");  // a road segment from V02
  set_score(s, 0, 30);
  set_score(s, 1, 25);
  set_hand(s, 0, {"SC12"});
  auto events = act(s, 0, score("eruption"));
  EXPECT_EQ(s.round, 2);
  EXPECT_EQ(s.players[0].score, 30 - 4);
  EXPECT_EQ(s.players[1].score, 25 - 2);
  for (const char* site : {"V01", "V02", "V03"}) EXPECT_TRUE(s.sites[site_of(site)].owners.empty());
  EXPECT_EQ(s.players[0].removed, (std::array<int, 3>{1, 1, 0}));
  EXPECT_EQ(s.players[0].supply, (std::array<int, 3>{7, 2, 2}));  // not back in supply
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.front().at("removed").size(), 3u);
  EXPECT_TRUE(sc::Rules::check_invariants(s).empty());
  // The sites are free again for anyone: seat 1 may road-build from L14 onto V02.
  const auto road = targets(s, 1, sc::BuildMode::road);
  EXPECT_NE(std::find(road.begin(), road.end(), "V02"), road.end());
}

// The cards that travel with a pile were played face up and everyone sees who takes the pile: they
// are public knowledge of the taker (secrets() does not list them), while the round-2 draw and the
// never-played cards stay secret.
TEST(SantaCruzRoundTwo, PileCardsArePublicKnowledgeOfTheTaker) {
  auto s = end_of_round_one(Variant::online, 30, 12, 20);
  const int fish = card_of_name("fish");
  act(s, 1, Json{{"type", "choose_pile"}, {"set", "A"}});  // seat 0's set, with its Fish card
  ASSERT_TRUE(holds(s.players[1].hand, fish));
  EXPECT_EQ(sc::public_holder(s, fish), 1);
  const int drawn =
      s.players[1].hand.front() == fish ? s.players[1].hand.back() : s.players[1].hand.front();
  EXPECT_EQ(sc::public_holder(s, drawn), -1);
  auto secret = [&](int card) {
    for (const auto& sec : sc::Rules::secrets(s))
      if (sec.token == sc::components().score_cards[card].id) return sec.known_to.value_or(-1);
    return -2;
  };
  EXPECT_EQ(secret(fish), -2);
  EXPECT_EQ(secret(drawn), 1);
  EXPECT_TRUE(sc::Rules::check_invariants(s).empty());
}

// scramble_hidden changes what the viewer may not know and nothing the viewer sees: every view of
// that viewer is byte-identical, the pile's public cards stay with their taker.
TEST(SantaCruzRoundTwo, ScrambleKeepsTheViewerViewAndPublicCards) {
  auto s = end_of_round_one(Variant::table, 30, 12, 20);
  act(s, 1, Json{{"type", "choose_pile"}, {"set", "A"}});
  act(s, 2, Json{{"type", "choose_pile"}, {"set", "B"}});
  ASSERT_EQ(s.phase, sc::Phase::discard);
  act(s, 1,
      Json{{"type", "discard"}, {"card", sc::components().score_cards[card_of_name("fish")].id}});
  give_birds(s, 0, {"tern", "macaw"});
  give_birds(s, 2, {"cockatoo"});
  const std::string before = sc::Rules::to_json(s).dump();
  int changed = 0;
  for (Seat viewer = -1; viewer < 3; ++viewer) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      engine::Rng rng(seed);
      const sc::State scrambled = sc::Rules::scramble_hidden(s, Viewer{viewer}, rng);
      EXPECT_EQ(sc::Rules::view(scrambled, Viewer{viewer}).dump(),
                sc::Rules::view(s, Viewer{viewer}).dump())
          << "viewer " << viewer << " seed " << seed;
      EXPECT_TRUE(sc::Rules::check_invariants(scrambled).empty());
      const auto& taker = scrambled.players[1];
      EXPECT_TRUE(holds(taker.hand, card_of_name("fish")) ||
                  holds(taker.discarded, card_of_name("fish")));
      if (viewer == 1) {
        EXPECT_EQ(taker.discarded, s.players[1].discarded);
      }
      if (viewer >= 0) {
        EXPECT_EQ(scrambled.players[viewer].birds, s.players[viewer].birds);
      }
      changed += sc::Rules::to_json(scrambled).dump() != before;
    }
  }
  EXPECT_GT(changed, 0);
  EXPECT_EQ(sc::Rules::to_json(s).dump(), before);
}

// check_invariants is an honest check: it names a duplicated card, a lost building, a lost chip.
TEST(SantaCruzInvariants, BrokenStatesAreReported) {
  auto s = play_position(3);
  EXPECT_TRUE(sc::Rules::check_invariants(s).empty());
  auto duplicated = s;
  duplicated.players[0].hand.push_back(duplicated.score_pile.back());
  std::sort(duplicated.players[0].hand.begin(), duplicated.players[0].hand.end());
  EXPECT_FALSE(sc::Rules::check_invariants(duplicated).empty());
  auto lost_building = s;
  --lost_building.players[1].supply[0];
  EXPECT_FALSE(sc::Rules::check_invariants(lost_building).empty());
  auto lost_chip = s;
  lost_chip.bird_pile.pop_back();
  EXPECT_FALSE(sc::Rules::check_invariants(lost_chip).empty());
  auto same_arrival = s;
  same_arrival.players[1].arrival = same_arrival.players[0].arrival;
  EXPECT_FALSE(sc::Rules::check_invariants(same_arrival).empty());
}

}  // namespace
}  // namespace archipel::testing::santa_cruz
