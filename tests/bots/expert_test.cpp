// The expert strategy (bots/expert_strategy.cpp, issue 39): information-set MCTS that samples
// hidden information from the seat's view only. In every game: its choice cannot change when only
// what the seat does not see changes; it runs exactly the playouts it is told, and stops at its
// time budget (counted in playouts against a clock of the test's own, never the machine's speed).

#include <gtest/gtest.h>

#include "bots/strategy.hpp"
#include "bots/strategy_impl.hpp"
#include "engine/core/client_views.hpp"
#include "engine/core/registry.hpp"
#include "tests/bots/positions.hpp"

namespace archipel::testing::bots {
namespace {

using archipel::bots::ExpertStrategy;
using archipel::bots::StrategyOptions;
using nlohmann::json;

const std::vector<std::string> kGames = {"santa-cruz", "costa-ruana", "capa-doro", "santa-maria"};

StrategyOptions playouts(int n) {
  StrategyOptions options;
  options.iterations = n;  // no time budget: deterministic for a given generator
  return options;
}

// Two true states behind one view of the seat (the real game, and a state the sampler draws from
// that view with another seed: other hands, pile orders, the generator of future draws): the views
// are equal, the states are not, and the expert chooses the same move in both.
TEST(ExpertStrategy, ChoiceIgnoresWhatTheSeatCannotSeeInEveryGame) {
  for (const auto& game_id : kGames) {
    const auto* entry = engine::default_registry().find(game_id);
    ASSERT_TRUE(entry && entry->determinize) << game_id;
    auto positions = random_positions(game_id, 8, 53);
    int compared = 0;
    for (const auto& p : positions) {
      const json view = engine::client_view(*p.game, engine::Viewer::of(p.seat));
      if (view["legal"].size() < 2) continue;  // nothing to choose
      engine::Rng other_world(4242);
      auto alternative = entry->determinize(view, p.seat, other_world);
      ASSERT_TRUE(alternative.ok()) << game_id << ": " << alternative.error().message;
      const auto& twin = alternative.value();
      ASSERT_NE(twin->to_json(), p.game->to_json()) << game_id;  // a different true state...
      const json twin_view = engine::client_view(*twin, engine::Viewer::of(p.seat));
      ASSERT_EQ(twin_view, view) << game_id;  // ...with the same view
      ExpertStrategy a(playouts(150)), b(playouts(150));
      engine::Rng ra(77), rb(77);
      EXPECT_EQ(a.choose(game_id, view, p.seat, ra), b.choose(game_id, twin_view, p.seat, rb))
          << game_id;
      EXPECT_EQ(a.last_playouts(), 150) << game_id;
      ++compared;
    }
    EXPECT_GE(compared, 3) << game_id;
  }
}

// Told N playouts, it runs exactly N, in every game (when there is a choice to make).
TEST(ExpertStrategy, RunsExactlyThePlayoutsItIsTold) {
  for (const auto& game_id : kGames) {
    auto positions = random_positions(game_id, 6, 61);
    int checked = 0;
    for (const auto& p : positions) {
      const json view = engine::client_view(*p.game, engine::Viewer::of(p.seat));
      for (const int n : {1, 37, 120}) {
        ExpertStrategy expert(playouts(n));
        engine::Rng rng(5);
        const auto index = expert.choose(game_id, view, p.seat, rng);
        ASSERT_LT(index, view["legal"].size());
        EXPECT_TRUE(p.game->clone()->apply(p.seat, view["legal"][index]["action"]).ok());
        EXPECT_EQ(expert.last_playouts(), view["legal"].size() < 2 ? 0 : n) << game_id;
      }
      ++checked;
    }
    EXPECT_GE(checked, 3) << game_id;
  }
}

// Told 100 ms and far more playouts than fit, it stops by the clock. The clock is the test's: each
// reading is 1 ms after the one before, so the count of playouts is the time spent, whatever the
// machine's speed. It reads the clock once at the start and once before each playout, and starts
// none at 90% of the budget or later (the rest is for answering): 89 playouts, 89 "ms".
TEST(ExpertStrategy, StopsAtItsTimeBudgetCountedInPlayouts) {
  auto positions = random_positions("santa-cruz", 10, 7);
  int checked = 0;
  for (const auto& p : positions) {
    const json view = engine::client_view(*p.game, engine::Viewer::of(p.seat));
    if (view["legal"].size() < 2) continue;
    StrategyOptions options;
    options.iterations = 100000;
    options.think_ms = 100;
    ExpertStrategy expert(options);
    auto fake = ExpertStrategy::Clock::time_point{};
    expert.set_clock([&fake] { return fake += std::chrono::milliseconds(1); });
    engine::Rng rng(9);
    ASSERT_LT(expert.choose("santa-cruz", view, p.seat, rng), view["legal"].size());
    EXPECT_EQ(expert.last_playouts(), 89);
    EXPECT_LT(fake - ExpertStrategy::Clock::time_point{}, std::chrono::milliseconds(100));
    ++checked;
  }
  EXPECT_GE(checked, 3);
}

// A single legal move is played at once, without a playout.
TEST(ExpertStrategy, ASingleMoveNeedsNoThought) {
  json view = {{"legal", json::array({{{"action", {{"type", "pass"}}}, {"text", "pass"}}})}};
  ExpertStrategy expert(playouts(50));
  engine::Rng rng(1);
  EXPECT_EQ(expert.choose("santa-cruz", view, 0, rng), 0u);
  EXPECT_EQ(expert.last_playouts(), 0);
}

}  // namespace
}  // namespace archipel::testing::bots
