// Set-up, the year's flow, the shared blue dice variant, errors, text forms, hidden information
// and bot support.

#include "engine/santa_maria/santa_maria.hpp"

#include <gtest/gtest.h>

#include "tests/engine/santa_maria/position.hpp"

namespace archipel::engine::santa_maria::testing {
namespace {

void finish_turn(State& s, Seat seat) {
  while (!s.tasks.empty()) act(s, seat, {{"type", "skip"}});
  act(s, seat, {{"type", "end"}});
}

TEST(SantaMariaFlow, ComponentsParse) {
  const Components& c = components();
  EXPECT_EQ(c.boards.size(), 5u);
  EXPECT_EQ(c.tiles.size(), 30u);
  EXPECT_EQ(c.ships.size(), 34u);
  EXPECT_EQ(c.scholars.size(), 10u);
  EXPECT_EQ(c.bishops.size(), 6u);
  EXPECT_EQ(c.monk_symbols.size(), 6u);
}

TEST(SantaMariaFlow, YearEndScoresResetsAndRefreshes) {
  State s = blank_game(2);
  lay(s, 0, "a1", "FOR +W");
  const auto old_offer = s.offer;
  act(s, 0, {{"type", "activate"}, {"cell", "a1"}});
  act(s, 0, {{"type", "end"}});
  act(s, 1, {{"type", "retreat"}, {"space", 1}});
  finish_turn(s, 1);
  EXPECT_EQ(Rules::to_act(s), std::vector<Seat>{0});  // seat 1 is out for the year
  act(s, 0, {{"type", "retreat"}, {"space", 3}});
  finish_turn(s, 0);
  EXPECT_EQ(s.year, 2);
  EXPECT_EQ(s.players[0].points, 4);  // the only conquistador: first of two, year 1
  EXPECT_EQ(s.players[0].conquest, 0);
  EXPECT_EQ(s.players[0].grid[cell("a1")].coins, 0);
  EXPECT_EQ(s.players[0].activations, 0);
  EXPECT_EQ(s.first, 1);  // retreat space 1
  EXPECT_EQ(Rules::to_act(s), std::vector<Seat>{1});
  EXPECT_EQ(s.offer.size(), 10u);
  EXPECT_EQ(s.discarded, old_offer);
  EXPECT_EQ(s.white.size(), 6u);
  for (const auto& p : s.players) EXPECT_EQ(p.retreat, -1);
  EXPECT_TRUE(Rules::check_invariants(s).empty());
}

TEST(SantaMariaFlow, ThreeWhiteDiceAYear) {
  State s = blank_game(2);
  for (const char* c : {"a1", "a2", "a3", "a4", "a5", "a6"}) lay(s, 0, c, "FOR +W");
  s.white = {1, 1, 1, 1, 1, 1};
  s.players[0].white_used = 3;
  EXPECT_FALSE(is_legal(s, 0, {{"type", "die"}, {"color", "white"}, {"value", 1}}));
  s.players[0].white_used = 2;
  EXPECT_TRUE(is_legal(s, 0, {{"type", "die"}, {"color", "white"}, {"value", 1}}));
}

TEST(SantaMariaFlow, BlueDieUnlockedAtARetreatWaitsForNextYear) {
  State s = blank_game(2);
  s.players[0].religion = 1;
  act(s, 0, {{"type", "retreat"}, {"space", 2}});  // religion: onto the first monk symbol
  EXPECT_EQ(s.players[0].blue_unlocked, 2);
  EXPECT_EQ(s.players[0].blue_waiting, 1);
  EXPECT_EQ(s.players[0].blue.size(), 1u);
  EXPECT_TRUE(Rules::check_invariants(s).empty());
  finish_turn(s, 0);
  act(s, 1, {{"type", "retreat"}, {"space", 1}});
  finish_turn(s, 1);
  EXPECT_EQ(s.players[0].blue.size(), 2u);
  EXPECT_EQ(s.players[0].blue_waiting, 0);
}

TEST(SantaMariaFlow, SharedBlueDiceNoMoreThanUnlocked) {
  State s = setup_game(2, {{"blue_dice", "shared"}});
  for (auto& p : s.players) p.grid = {};
  for (const char* c : {"a1", "a2", "a3", "a4", "a5", "a6"}) lay(s, 0, c, "FOR +W");
  EXPECT_EQ(s.blue_pool.size(), 2u);
  EXPECT_TRUE(s.players[0].blue.empty());
  const int v = s.blue_pool.front();
  act(s, 0, {{"type", "die"}, {"color", "blue"}, {"value", v}});
  act(s, 0, {{"type", "value"}, {"value", v}});
  act(s, 0, {{"type", "end"}});
  act(s, 1, {{"type", "sell"}, {"resource", "wood"}});
  act(s, 1, {{"type", "retreat"}, {"space", 1}});
  finish_turn(s, 1);
  ASSERT_EQ(s.blue_pool.size(), 1u);
  EXPECT_FALSE(is_legal(s, 0, {{"type", "die"}, {"color", "blue"}, {"value", s.blue_pool[0]}}));
  EXPECT_TRUE(Rules::check_invariants(s).empty());
}

TEST(SantaMariaFlow, RejectedActionsChangeNothing) {
  State s = blank_game(2);
  const std::string before = Rules::to_json(s).dump();
  auto r = Rules::apply(s, 0, {{"type", "activate"}, {"cell", "a1"}});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "santa_maria.not_free");
  r = Rules::apply(s, 1, {{"type", "end"}});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "not_your_turn");
  r = Rules::apply(s, 0, {{"type", "end"}});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "santa_maria.main_action_first");
  r = Rules::apply(s, 0, {{"type", "retreat"}, {"space", "x"}});
  ASSERT_FALSE(r.ok());
  r = Rules::apply(s, 0, Json::array());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(Rules::to_json(s).dump(), before);
}

TEST(SantaMariaFlow, TextForms) {
  State s = blank_game(2);
  auto text = [&](const Json& a) { return Rules::action_text(s, 0, a); };
  EXPECT_EQ(text({{"type", "colony"}, {"board", "A3"}}), "colony A3");
  EXPECT_EQ(text({{"type", "lot"}, {"lot", 2}}), "lot 2");
  EXPECT_EQ(text({{"type", "town_hall"}, {"cell", "c4"}, {"rotation", "east"}}),
            "townhall c4 east");
  EXPECT_EQ(text({{"type", "expand"}, {"tile", "D05"}}), "expand D05");
  EXPECT_EQ(text({{"type", "put"}, {"cell", "c4"}, {"rotation", "east"}}), "put c4 east");
  EXPECT_EQ(text({{"type", "activate"}, {"cell", "c4"}}), "activate c4");
  EXPECT_EQ(text({{"type", "die"}, {"color", "white"}, {"value", 3}}), "white 3");
  EXPECT_EQ(text({{"type", "die"}, {"color", "blue"}, {"value", 5}}), "blue 5");
  EXPECT_EQ(text({{"type", "value"}, {"value", 4}}), "value 4");
  EXPECT_EQ(text({{"type", "exchange"}, {"resource", "wood"}}), "exchange wood");
  EXPECT_EQ(text({{"type", "skip"}}), "skip");
  EXPECT_EQ(text({{"type", "ship"}, {"dock", "religion"}}), "ship religion");
  EXPECT_EQ(text({{"type", "boost"}, {"pay", "grain"}}), "grain");
  EXPECT_EQ(text({{"type", "monk"}, {"space", "bishop2"}}), "monk bishop2");
  EXPECT_EQ(text({{"type", "retreat"}, {"space", 2}}), "retreat 2");
  EXPECT_EQ(text({{"type", "sell"}, {"resource", "sugar"}}), "sell sugar");
  EXPECT_EQ(text({{"type", "buy"}, {"resource", "wood"}}), "buy wood");
  EXPECT_EQ(text({{"type", "end"}}), "end");
  s.tasks.push_back(Task{TaskKind::monk, 0, 0, 0, {}});
  EXPECT_EQ(text({{"type", "skip"}}), "no monk");
  EXPECT_EQ(
      Rules::describe({{"type", "ship"}, {"seat", 1}, {"dock", "religion"}}, {"Anna", "Eric"}).en,
      "Eric buys the ship at the religion dock.");
}

TEST(SantaMariaFlow, PortsAndPilesAreHidden) {
  State s = setup_game(3);
  s.players[1].port[2] = {s.ship_pile.back()};
  s.ship_pile.pop_back();
  const std::string hidden = components().ships[s.players[1].port[2][0]].id;
  const std::string own = Rules::view(s, Viewer::of(1)).dump();
  const std::string other = Rules::view(s, Viewer::of(0)).dump();
  const std::string spectator = Rules::view(s, Viewer::spectator()).dump();
  EXPECT_NE(own.find("\"" + hidden + "\""), std::string::npos);
  EXPECT_EQ(other.find("\"" + hidden + "\""), std::string::npos);
  EXPECT_EQ(spectator.find("\"" + hidden + "\""), std::string::npos);
  for (int t : s.pile_doubles)
    EXPECT_EQ(own.find("\"" + components().tiles[t].id + "\""), std::string::npos);
  for (int k : s.box_scholars)
    EXPECT_EQ(own.find("\"" + components().scholars[k].id + "\""), std::string::npos);
  bool listed = false;
  for (const auto& secret : Rules::secrets(s))
    listed = listed || (secret.token == hidden && secret.known_to == 1);
  EXPECT_TRUE(listed);
}

// At the end every port is turned over: everyone's ship ids are in the public part.
TEST(SantaMariaFlow, PortsAreTurnedOverAtTheEnd) {
  State s = setup_game(3);
  s.players[1].port[2] = {s.ship_pile.back()};
  s.ship_pile.pop_back();
  const std::string hidden = components().ships[s.players[1].port[2][0]].id;
  const Json playing = Rules::public_view(s);
  EXPECT_FALSE(playing["players"][1].contains("ships"));
  s.phase = Phase::over;
  const Json over = Rules::view(s, Viewer::spectator());
  EXPECT_EQ(over["players"][1]["ships"][components().dock_names[2]], Json::array({hidden}));
  EXPECT_EQ(over["players"][0]["ships"][components().dock_names[2]], Json::array());
}

TEST(SantaMariaFlow, DeterminizeMatchesTheView) {
  for (const Options& options :
       {Options{}, Options{{"setup", "advanced"}}, Options{{"blue_dice", "shared"}}}) {
    State s = setup_game(3, options, 9);
    Rng chooser(3);
    for (int step = 0; step < 80 && !Rules::to_act(s).empty(); ++step) {
      const Seat seat = Rules::to_act(s)[0];
      const auto legal = Rules::legal_actions(s, seat);
      act(s, seat, legal[chooser.below(legal.size())]);
      const Seat viewer = step % 3;
      Rng rng(step);
      auto d = Rules::determinize(Rules::view(s, Viewer::of(viewer)), viewer, rng);
      ASSERT_TRUE(d.ok()) << d.error().message;
      EXPECT_EQ(Rules::view(d.value(), Viewer::of(viewer)), Rules::view(s, Viewer::of(viewer)));
      EXPECT_EQ(Rules::legal_actions(d.value(), viewer), Rules::legal_actions(s, viewer));
      EXPECT_TRUE(Rules::check_invariants(d.value()).empty());
    }
  }
  Rng rng(1);
  EXPECT_FALSE(Rules::determinize(Json{{"game", "santa-cruz"}}, 0, rng).ok());
}

TEST(SantaMariaFlow, EvaluateIsTheProjectedMargin) {
  State s = blank_game(2);
  s.players[0].points = 10;
  EXPECT_EQ(Rules::evaluate(s, 0), score_final(s, 0).total - score_final(s, 1).total);
  EXPECT_EQ(Rules::evaluate(s, 0), -Rules::evaluate(s, 1));
  State solo = setup_game(1);
  EXPECT_EQ(Rules::evaluate(solo, 0), score_final(solo, 0).total - 100);
}

TEST(SantaMariaFlow, BrokenStatesAreRefused) {
  State s = setup_game(2);
  Json j = Rules::to_json(s);
  EXPECT_TRUE(Rules::from_json(j).ok());
  Json bad = j;
  bad["players"][0]["monks"] = 2;  // monks not conserved
  EXPECT_FALSE(Rules::from_json(bad).ok());
  bad = j;
  bad["white"] = Json::array();
  EXPECT_FALSE(Rules::from_json(bad).ok());
  bad = j;
  bad["players"][0]["resources"]["wood"] = "x";
  EXPECT_FALSE(Rules::from_json(bad).ok());
  EXPECT_FALSE(Rules::from_json(Json::array()).ok());
  EXPECT_EQ(Rules::to_json(Rules::from_json(j).value()), j);
}

}  // namespace
}  // namespace archipel::engine::santa_maria::testing
