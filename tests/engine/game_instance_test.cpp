// GameOf (engine/core/game_of.hpp) applies an accepted action to its state in place, keeping the
// state as it was beside it. A game that breaks its promise that a legal action applies, by
// refusing it or throwing after it changed the state, must leave the instance as it was: the room
// reports the bug and plays on.

#include <stdexcept>

#include <gtest/gtest.h>

#include "tests/support/race_game.hpp"

namespace archipel::testing {
namespace {

// The race, with a bug: adding 2 changes the counter and is then refused; betting low changes the
// bets and then throws.
struct PromiseBreakingRaceRules : RaceRules {
  static engine::Result<std::vector<Json>> apply(State& s, Seat seat, const Json& action) {
    auto events = RaceRules::apply(s, seat, action);
    if (action.value("n", 0) == 2)
      return engine::fail("broken.refused", "a legal action refused", "un coup permis refusé");
    if (action.value("side", "") == "low") throw std::runtime_error("a legal action threw");
    return events;
  }
};

engine::GamePtr new_game() {
  auto created = engine::entry_for<PromiseBreakingRaceRules>().setup(2, {{"target", "10"}}, 11);
  EXPECT_TRUE(created.ok());
  return std::move(created).value();
}

TEST(GameInstance, AnActionThatThrowsLeavesTheStateAsItWas) {
  auto game = new_game();
  const Json before = game->to_json();
  EXPECT_THROW(game->apply_accepted(0, Json{{"type", "bet"}, {"side", "low"}}), std::runtime_error);
  EXPECT_EQ(game->to_json(), before);
  // And it plays on from there.
  EXPECT_TRUE(game->apply_accepted(0, Json{{"type", "bet"}, {"side", "high"}}).ok());
  EXPECT_EQ(game->to_json()["bets"], Json::array({"high", ""}));
}

TEST(GameInstance, ALegalActionRefusedAfterItChangedTheStateLeavesItAsItWas) {
  auto game = new_game();
  ASSERT_TRUE(game->apply_accepted(0, Json{{"type", "bet"}, {"side", "high"}}).ok());
  ASSERT_TRUE(game->apply_accepted(1, Json{{"type", "bet"}, {"side", "high"}}).ok());
  const Json before = game->to_json();
  const auto refused = game->apply_accepted(0, Json{{"type", "add"}, {"n", 2}});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().rule, "broken.refused");
  EXPECT_EQ(game->to_json(), before);
  // The next action starts from the state before the refused one, twice in a row (the kept copy is
  // reused).
  for (int counter : {1, 2}) {
    const Seat seat = game->to_act().at(0);
    ASSERT_TRUE(game->apply_accepted(seat, Json{{"type", "add"}, {"n", 1}}).ok());
    EXPECT_EQ(game->to_json()["counter"], counter);
  }
}

}  // namespace
}  // namespace archipel::testing
