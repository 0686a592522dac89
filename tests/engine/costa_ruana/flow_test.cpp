// Set-up for each player count, the round flow, the action and text forms of the issue, bad input
// (a rule id and a sentence, nothing changed) and broken stored states.

#include "engine/costa_ruana/costa_ruana.hpp"

#include <set>

#include <gtest/gtest.h>

#include "engine/core/game_of.hpp"
#include "engine/core/rng.hpp"
#include "tests/engine/costa_ruana/position.hpp"

namespace archipel::testing::costa_ruana {
namespace {

TEST(CostaRuanaSetup, EachPlayerCount) {
  const int islands[] = {0, 0, 4, 6, 7, 9, 10};
  for (int n = 2; n <= 6; ++n) {
    auto s = cr::Rules::setup(n, {}, 40 + n).value();
    EXPECT_EQ(static_cast<int>(s.islands.size()), islands[n]) << n;
    int fours = 0, fives = 0, treasures = 0;
    for (const auto& isl : s.islands) {
      fours += isl.treasures == 4;
      fives += isl.treasures == 5;
      treasures += isl.treasures;
      EXPECT_EQ(cr::island_total(isl), 0);
    }
    EXPECT_EQ(fours, 2) << n;
    EXPECT_EQ(fives, islands[n] - 2) << n;
    EXPECT_EQ(treasures, 2 * 4 + (islands[n] - 2) * 5) << n;  // every island holds 4 or 5
    // Cards with notches <= players: 24/36/48/60/72, 5 each, the rest the pile.
    EXPECT_EQ(static_cast<int>(s.pile.size()), 12 * n - 5 * n) << n;
    for (const auto& p : s.players) {
      EXPECT_EQ(p.hand.size(), 5u);
      EXPECT_EQ(p.reserve, 10);
      for (int c : p.hand) EXPECT_LE(cr::components().cards[c].notches, n);
    }
    EXPECT_EQ(s.phase, cr::Phase::setup);
    EXPECT_EQ(cr::Rules::to_act(s), (std::vector<Seat>{s.shaman}));
    EXPECT_TRUE(cr::Rules::check_invariants(s).empty());
    // From the shaman clockwise, one native at a time, until each placed 3.
    std::vector<Seat> order;
    for (int k = 0; k < 3 * n; ++k) {
      const Seat seat = acting(s);
      order.push_back(seat);
      play(s, seat, "place I" + std::to_string(1 + k % islands[n]));
    }
    for (int k = 0; k < 3 * n; ++k) EXPECT_EQ(order[k], (s.shaman + k) % n);
    EXPECT_EQ(s.phase, cr::Phase::card_up);
    EXPECT_EQ(s.round, 1);
    EXPECT_EQ(acting(s), s.shaman);
    for (const auto& p : s.players) EXPECT_EQ(p.reserve, 7);
  }
}

TEST(CostaRuanaSetup, RandomShamanAndConditionFaces) {
  std::set<Seat> shamans;
  std::set<std::pair<bool, bool>> faces;
  std::set<std::vector<int>> small_islands;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    auto s = cr::Rules::setup(4, {}, seed).value();
    shamans.insert(s.shaman);
    faces.insert({s.tide_high, s.time_day});
    std::vector<int> small;
    for (int i = 0; i < 7; ++i)
      if (s.islands[i].treasures == 4) small.push_back(i);
    small_islands.insert(small);
  }
  EXPECT_EQ(shamans.size(), 4u);
  EXPECT_EQ(faces.size(), 4u);
  EXPECT_GT(small_islands.size(), 5u);
}

TEST(CostaRuanaSetup, RefusesBadCountsAndOptions) {
  EXPECT_FALSE(cr::Rules::setup(1, {}, 1).ok());
  EXPECT_FALSE(cr::Rules::setup(7, {}, 1).ok());
  EXPECT_FALSE(cr::Rules::setup(3, {{"variant", "x"}}, 1).ok());
  EXPECT_TRUE(cr::Rules::spec().options.empty());
}

TEST(CostaRuanaFlow, FiveRoundsThenScores) {
  for (int n : {2, 4, 6}) {
    auto s = cr::Rules::setup(n, {}, 9).value();
    engine::Rng chooser(3);
    int rounds_seen = 0;
    while (s.phase != cr::Phase::over) {
      const Seat seat = acting(s);
      auto legal = cr::Rules::legal_actions(s, seat);
      auto events = cr::Rules::apply(s, seat, legal[chooser.below(legal.size())]).value();
      rounds_seen += static_cast<int>(of_type(events, "round").size());
      ASSERT_TRUE(cr::Rules::check_invariants(s).empty());
    }
    EXPECT_EQ(rounds_seen, 5);
    EXPECT_TRUE(cr::Rules::to_act(s).empty());
    auto o = cr::Rules::outcome(s);
    ASSERT_TRUE(o.has_value());
    for (Seat seat = 0; seat < n; ++seat)
      EXPECT_EQ(o->scores[seat],
                2 * (s.players[seat].hut + s.players[seat].awards) + s.players[seat].reserve);
    // Two cards left in each hand (12 seen, 10 played), the pile used up.
    for (const auto& p : s.players) EXPECT_EQ(p.hand.size(), 2u);
    EXPECT_TRUE(s.pile.empty());
  }
}

TEST(CostaRuanaText, IssueForms) {
  auto s = fresh(3, 0);
  const std::vector<std::pair<Json, std::string>> forms{
      {Json{{"type", "place"}, {"island", "I3"}}, "place I3"},
      {Json{{"type", "card"}, {"face", "up"}, {"card", "CR07"}, {"to", 2}}, "up p2-night 3"},
      {Json{{"type", "card"}, {"face", "down"}, {"card", "CR05"}, {"to", 0}}, "down mt-day 1"},
      {Json{{"type", "native"}, {"slot", "3b"}}, "native 3b"},
      {Json{{"type", "pass"}}, "pass"},
      {Json{{"type", "flip"}, {"card", "tide"}}, "flip tide"},
      {Json{{"type", "flip"}, {"card", "time"}}, "flip time"},
      {Json{{"type", "resolve"}, {"slot", "2a"}}, "resolve 2a"},
      {Json{{"type", "remove"}, {"island", "I3"}}, "remove I3"},
      {Json{{"type", "treasure"}, {"from", "I2"}, {"to", "I5"}}, "treasure I2 I5"},
      {Json{{"type", "take"}, {"seat", 3}, {"island", "I2"}}, "take 4 I2"},
      {Json{{"type", "to"}, {"island", "I5"}}, "to I5"},
      {Json{{"type", "keep"}}, "keep"},
      {Json{{"type", "shaman"}, {"seat", 1}}, "shaman 2"},
  };
  for (const auto& [action, text] : forms) EXPECT_EQ(cr::Rules::action_text(s, 0, action), text);
  EXPECT_EQ(cr::Rules::action_text(s, 0, Json::array()), "?");
}

TEST(CostaRuanaText, DescribeNeverThrows) {
  const std::vector<std::string> names{"Antoine", "Marie", "Serge"};
  EXPECT_EQ(cr::Rules::describe(Json{{"type", "place"}, {"seat", 1}, {"island", "I2"}}, names).en,
            "Marie places a native on I2");
  EXPECT_EQ(
      cr::Rules::describe(
          Json{{"type", "card"}, {"seat", 0}, {"to", 2}, {"face", "down"}, {"slot", "3a"}}, names)
          .en,
      "Antoine lays a card face down before Serge (3a)");
  EXPECT_EQ(cr::Rules::describe(Json{{"type", "award"}, {"seat", 2}, {"island", "I1"}}, names).en,
            "Serge takes a treasure from I1 and sends a native home");
  EXPECT_FALSE(cr::Rules::describe(Json{{"type", "card"}, {"seat", "x"}}, names).en.empty());
  EXPECT_EQ(cr::Rules::describe(Json(3), names).en, "?");
}

// Every refusal: a rule id, a sentence, the state unchanged.
void expect_refused(cr::State& s, Seat seat, const Json& action, const std::string& rule) {
  const std::string before = cr::Rules::to_json(s).dump();
  auto r = cr::Rules::apply(s, seat, action);
  ASSERT_FALSE(r.ok()) << action.dump();
  EXPECT_EQ(r.error().rule, rule) << action.dump() << ": " << r.error().message;
  EXPECT_FALSE(r.error().message.empty());
  EXPECT_EQ(cr::Rules::to_json(s).dump(), before) << action.dump();
}

TEST(CostaRuanaInput, BadActionsAreRefusedAndChangeNothing) {
  auto s = fresh(2, 0);
  expect_refused(s, 1, Json{{"type", "place"}, {"island", "I1"}}, "not_your_turn");
  expect_refused(s, 0, Json::array(), "costa_ruana.bad_action");
  expect_refused(s, 0, Json{{"type", "place"}}, "costa_ruana.bad_action");
  expect_refused(s, 0, Json{{"type", "place"}, {"island", 3}}, "costa_ruana.bad_action");
  expect_refused(s, 0, Json{{"type", "dance"}}, "costa_ruana.bad_action");
  expect_refused(s, 0, Json{{"type", "place"}, {"island", "I9"}}, "costa_ruana.unknown_island");
  expect_refused(s, 0, Json{{"type", "pass"}}, "costa_ruana.wrong_step");
  place_setup(s, {"I1", "I2"});
  give(s, 0, {"CR07"});
  const int foreign = s.players[1].hand.front();
  expect_refused(s, 0,
                 Json{{"type", "card"},
                      {"face", "up"},
                      {"card", cr::components().cards[foreign].id},
                      {"to", 1}},
                 "costa_ruana.not_in_hand");
  expect_refused(s, 0, Json{{"type", "card"}, {"face", "down"}, {"card", "CR07"}, {"to", 1}},
                 "costa_ruana.wrong_face");
  expect_refused(s, 0, Json{{"type", "card"}, {"face", "up"}, {"card", "CR07"}, {"to", 5}},
                 "costa_ruana.bad_action");
  expect_refused(s, 0, Json{{"type", "card"}, {"face", "up"}, {"card", "XX"}, {"to", 1}},
                 "costa_ruana.unknown_card");
  // Through the type-erased wrapper too: refused, unchanged, no exception.
  engine::GameOf<cr::Rules> game(s);
  const std::string before = game.to_json().dump();
  EXPECT_FALSE(game.apply(0, Json{{"type", "card"}, {"face", 7}}).ok());
  EXPECT_FALSE(game.apply(0, Json{{"type", "native"}, {"slot", "9z"}}).ok());
  EXPECT_FALSE(game.parse_text(0, "up nothing 1").ok());
  EXPECT_EQ(game.to_json().dump(), before);
  EXPECT_TRUE(game.parse_text(0, "UP  P2-Night 2").ok());
}

TEST(CostaRuanaInput, RoundTripAndBrokenStatesRefused) {
  auto s = fresh(4, 1);
  place_setup(s, {"I1", "I2", "I3", "I4"});
  const Json j = cr::Rules::to_json(s);
  auto back = cr::Rules::from_json(j);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(cr::Rules::to_json(back.value()).dump(), j.dump());
  auto refused = [&](Json broken, const char* what) {
    auto r = cr::Rules::from_json(broken);
    ASSERT_FALSE(r.ok()) << what;
    EXPECT_EQ(r.error().rule, "bad_state") << what;
  };
  Json k = j;
  k.erase("pile");
  refused(k, "missing pile");
  k = j;
  k["islands"][0]["natives"][0] = 5;  // a native from nowhere
  refused(k, "natives not conserved");
  k = j;
  k["pile"][0] = k["players"][0]["hand"][0];  // a card twice
  refused(k, "duplicate card");
  k = j;
  k["phase"] = "dancing";
  refused(k, "unknown phase");
  k = j;
  k["islands"][0]["treasures"] = 40;
  refused(k, "treasures not conserved");
  k = j;
  k["resolving"]["played"] = 3;
  refused(k, "resolving a card that is not there");
  refused(Json::array(), "not an object");
  refused(Json{{"game", "santa-cruz"}}, "another game");
}

}  // namespace
}  // namespace archipel::testing::costa_ruana

namespace archipel::testing::costa_ruana {
namespace {

// Random, mostly malformed actions at every step of seeded games: Rules::apply (called directly,
// without the wrapper's legality filter) never throws, a refusal changes nothing, and what it
// accepts is a legal action (fields it does not read are ignored: the same effect as the legal
// action of the same text; the wrapper accepts only exact legal actions).
TEST(CostaRuanaInput, RandomActionsNeverThrowNorChangeARefusingState) {
  const std::vector<std::string> types{"place",   "card",   "native",   "pass", "flip",
                                       "resolve", "remove", "treasure", "take", "to",
                                       "keep",    "shaman", "x"};
  const std::vector<Json> values{Json("I1"),    Json("I11"),   Json("CR07"),  Json("1a"),
                                 Json("2b"),    Json("up"),    Json("down"),  Json("tide"),
                                 Json(0),       Json(2),       Json(-1),      Json(99),
                                 Json(nullptr), Json::array(), Json::object()};
  const std::vector<std::string> keys{"island", "card", "face", "to", "slot", "from", "seat"};
  for (int n : {2, 5}) {
    auto s = cr::Rules::setup(n, {}, 31 + n).value();
    engine::Rng rng(n);
    while (s.phase != cr::Phase::over) {
      const Seat seat = acting(s);
      const auto legal = cr::Rules::legal_actions(s, seat);
      for (int k = 0; k < 20; ++k) {
        Json action{{"type", types[rng.below(types.size())]}};
        for (const auto& key : keys)
          if (rng.below(2)) action[key] = values[rng.below(values.size())];
        const std::string before = cr::Rules::to_json(s).dump();
        cr::State copy = s;
        auto r = cr::Rules::apply(copy, static_cast<Seat>(rng.below(n)), action);
        const bool is_legal = std::find(legal.begin(), legal.end(), action) != legal.end();
        if (!r.ok()) {
          EXPECT_EQ(cr::Rules::to_json(copy).dump(), before) << action.dump();
          EXPECT_EQ(
              r.error().rule.rfind("costa_ruana.", 0) == 0 || r.error().rule == "not_your_turn",
              true)
              << r.error().rule;
        } else if (!is_legal) {
          // Accepted with extra fields: it did exactly what the legal action of the same text does.
          const std::string text = cr::Rules::action_text(s, seat, action);
          cr::State reference = s;
          bool found = false;
          for (const auto& l : legal)
            if (cr::Rules::action_text(s, seat, l) == text) {
              found = cr::Rules::apply(reference, seat, l).ok();
              break;
            }
          EXPECT_TRUE(found) << action.dump();
          EXPECT_EQ(cr::Rules::to_json(copy).dump(), cr::Rules::to_json(reference).dump())
              << action.dump();
        }
      }
      ASSERT_TRUE(cr::Rules::apply(s, seat, legal[rng.below(legal.size())]).ok());
    }
  }
}

}  // namespace
}  // namespace archipel::testing::costa_ruana
