#include "bots/strategy.hpp"

#include <chrono>
#include <set>

#include <gtest/gtest.h>

#include "bots/arena.hpp"
#include "bots/strategy_impl.hpp"
#include "engine/core/client_views.hpp"
#include "engine/core/registry.hpp"
#include "tests/bots/positions.hpp"

namespace archipel::testing::bots {
namespace {

using archipel::bots::make_strategy;
using archipel::bots::StrategyOptions;
using nlohmann::json;

TEST(BotStrategies, NamesAreKnown) {
  for (const auto& name : archipel::bots::strategy_names()) {
    auto strategy = make_strategy(name);
    ASSERT_NE(strategy, nullptr) << name;
    EXPECT_EQ(strategy->name(), name);
  }
  EXPECT_EQ(make_strategy("nonsense"), nullptr);
}

TEST(BotStrategies, ValidIndicesWithinBudgetOnRandomSantaCruzPositions) {
  // Random walks of 0-159 steps end many games (a whole game is about 55-90 steps); since the
  // landing rule changed the walks, 24 walks left only 9 running games, so 60 walks are drawn.
  auto positions = random_positions("santa-cruz", 60, 7);
  ASSERT_GE(positions.size(), 15u);
  StrategyOptions budget;
  budget.think_ms = 100;
  for (const auto& name : archipel::bots::strategy_names()) {
    auto strategy = make_strategy(name, budget);
    engine::Rng rng(3);
    for (const auto& p : positions) {
      const json view = engine::client_view(*p.game, engine::Viewer::of(p.seat));
      const auto start = std::chrono::steady_clock::now();
      const std::size_t index = strategy->choose("santa-cruz", view, p.seat, rng);
      const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::steady_clock::now() - start);
      ASSERT_LT(index, view["legal"].size()) << name;
      // 100 ms asked; generous slack for a loaded 2-core machine or a sanitizer build.
      EXPECT_LT(ms.count(), 400) << name << " took " << ms.count() << " ms";
      EXPECT_TRUE(p.game->clone()->apply(p.seat, view["legal"][index]["action"]).ok()) << name;
    }
  }
}

// The default budgets are bounded in work, not timed here (a loaded machine or a sanitizer build
// would make a time limit flaky; docs/bots.md measures the time): every strategy answers with a
// legal move, and `expert` runs at most its documented default playouts.
TEST(BotStrategies, DefaultBudgetsAreBoundedInWork) {
  auto positions = random_positions("santa-cruz", 6, 11);
  for (const auto& name : archipel::bots::strategy_names()) {
    auto strategy = make_strategy(name);
    engine::Rng rng(5);
    for (const auto& p : positions) {
      const json view = engine::client_view(*p.game, engine::Viewer::of(p.seat));
      ASSERT_LT(strategy->choose("santa-cruz", view, p.seat, rng), view["legal"].size()) << name;
      if (const auto* expert =
              dynamic_cast<const archipel::bots::ExpertStrategy*>(strategy.get())) {
        EXPECT_LE(expert->last_playouts(), archipel::bots::ExpertStrategy::kDefaultPlayouts);
      }
    }
  }
}

// Two different true states behind the same seat view: the decision cannot differ.
TEST(BotStrategies, DecisionIgnoresOtherSeatsHiddenInformation) {
  const auto* entry = engine::default_registry().find("santa-cruz");
  auto positions = random_positions("santa-cruz", 10, 21);
  StrategyOptions fixed;
  fixed.iterations = 40;  // no time budget: deterministic for a given generator
  int compared = 0;
  for (const auto& p : positions) {
    const json view = engine::client_view(*p.game, engine::Viewer::of(p.seat));
    engine::Rng other_world(99);
    auto alternative = entry->determinize(view, p.seat, other_world);
    ASSERT_TRUE(alternative.ok()) << alternative.error().message;
    const auto& twin = alternative.value();
    ASSERT_NE(twin->to_json(), p.game->to_json());  // a different true state...
    const json twin_view = engine::client_view(*twin, engine::Viewer::of(p.seat));
    ASSERT_EQ(twin_view, view);  // ...with the same view
    for (const auto& name : archipel::bots::strategy_names()) {
      auto a = make_strategy(name, fixed);
      auto b = make_strategy(name, fixed);
      engine::Rng ra(1234), rb(1234);
      EXPECT_EQ(a->choose("santa-cruz", view, p.seat, ra),
                b->choose("santa-cruz", twin_view, p.seat, rb))
          << name;
    }
    ++compared;
  }
  EXPECT_GE(compared, 5);
}

TEST(SantaCruzSampler, SampledStateShowsTheSameView) {
  const auto* entry = engine::default_registry().find("santa-cruz");
  ASSERT_TRUE(entry->determinize);
  auto positions = random_positions("santa-cruz", 40, 5);
  int differing = 0, total = 0;
  for (const auto& p : positions) {
    for (engine::Seat seat = 0; seat < p.game->num_seats(); ++seat) {
      const json view = engine::client_view(*p.game, engine::Viewer::of(seat));
      std::set<std::string> hidden_parts;
      for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        engine::Rng rng(seed);
        auto sample = entry->determinize(view, seat, rng);
        ASSERT_TRUE(sample.ok()) << sample.error().message;
        ASSERT_EQ(engine::client_view(*sample.value(), engine::Viewer::of(seat)), view)
            << "seed " << seed;
        json full = sample.value()->to_json();
        full.erase("rng");
        hidden_parts.insert(full.dump());
      }
      ++total;
      if (hidden_parts.size() > 1) ++differing;
    }
  }
  // Hidden things remain almost everywhere (face-down tiles, other hands, bird chips): samples
  // differ.
  EXPECT_GE(differing * 10, total * 9) << differing << " of " << total;
}

TEST(SantaCruzSampler, RejectsABadView) {
  const auto* entry = engine::default_registry().find("santa-cruz");
  engine::Rng rng(1);
  EXPECT_FALSE(entry->determinize(json{{"game", "santa-cruz"}}, 0, rng).ok());
  EXPECT_FALSE(entry->determinize(json::array(), 0, rng).ok());
}

TEST(SantaCruzEvaluation, FinalMarginDecidesAFinishedGame) {
  auto game = engine::default_registry().create("santa-cruz", 2, {}, 4).value();
  engine::Rng rng(2);
  while (!game->over()) {
    const auto seat = game->to_act().front();
    const auto moves = game->legal_actions(seat);
    ASSERT_TRUE(game->apply(seat, moves[rng.below(moves.size())]).ok());
  }
  const auto outcome = game->outcome().value();
  const int margin = outcome.scores[0] - outcome.scores[1];
  EXPECT_EQ(*game->evaluate(0) > 0, margin > 0);
  EXPECT_EQ(*game->evaluate(1) > 0, margin < 0);
}

TEST(BotViewTracker, StatePatchAndGap) {
  archipel::bots::ViewTracker tracker;
  using Update = archipel::bots::ViewTracker::Update;
  EXPECT_EQ(tracker.on_message(json{{"type", "chat"}, {"text", "hi"}}), Update::ignored);
  EXPECT_EQ(tracker.on_message(json{
                {"type", "patch"}, {"room", 3}, {"from", 1}, {"to", 2}, {"ops", json::array()}}),
            Update::ignored);
  EXPECT_EQ(tracker.on_message(json{
                {"type", "state"}, {"room", 3}, {"version", 1}, {"seat", 1}, {"view", {{"a", 1}}}}),
            Update::updated);
  EXPECT_TRUE(tracker.has_view());
  EXPECT_EQ(tracker.seat(), 1);
  const json ops = json::parse(R"([{"op":"replace","path":"/a","value":2}])");
  EXPECT_EQ(tracker.on_message(
                json{{"type", "patch"}, {"room", 3}, {"from", 1}, {"to", 2}, {"ops", ops}}),
            Update::updated);
  EXPECT_EQ(tracker.view()["a"], 2);
  EXPECT_EQ(tracker.version(), 2);
  EXPECT_EQ(tracker.on_message(
                json{{"type", "patch"}, {"room", 4}, {"from", 2}, {"to", 3}, {"ops", ops}}),
            Update::ignored);  // another room
  EXPECT_EQ(tracker.on_message(
                json{{"type", "patch"}, {"room", 3}, {"from", 5}, {"to", 6}, {"ops", ops}}),
            Update::need_sync);  // a gap
  // A patch that fails after its first op: the view is not followed any more (its first op may have
  // applied), and nothing is patched onto it until a full state comes.
  const json bad =
      json::parse(R"([{"op":"replace","path":"/a","value":5},{"op":"remove","path":"/nothing"}])");
  EXPECT_EQ(tracker.on_message(
                json{{"type", "patch"}, {"room", 3}, {"from", 2}, {"to", 3}, {"ops", bad}}),
            Update::need_sync);
  EXPECT_FALSE(tracker.has_view());
  EXPECT_FALSE(tracker.may_act());
  EXPECT_EQ(tracker.on_message(
                json{{"type", "patch"}, {"room", 3}, {"from", 2}, {"to", 3}, {"ops", ops}}),
            Update::need_sync);
  EXPECT_EQ(
      tracker.on_message(json{
          {"type", "state"}, {"room", 3}, {"version", 7}, {"seat", nullptr}, {"view", {{"a", 9}}}}),
      Update::updated);
  EXPECT_FALSE(tracker.seat().has_value());
  EXPECT_EQ(tracker.version(), 7);
}

// Santa Cruz, two players: greedy against random.
archipel::bots::ArenaConfig greedy_against_random(int games, std::uint64_t seed) {
  archipel::bots::ArenaConfig config;
  config.players = 2;
  config.strategies = {"greedy", "random"};
  config.games = games;
  config.seed = seed;
  return config;
}

TEST(BotArena, SmokeReportsSaneNumbers) {
  auto config = greedy_against_random(6, 42);
  config.threads = 2;
  const auto result = archipel::bots::run_arena(config);
  EXPECT_EQ(result.games, 6);
  EXPECT_EQ(result.failed, 0);
  EXPECT_TRUE(result.failures.empty());
  ASSERT_EQ(result.standings.size(), 2u);
  double wins = 0;
  for (const auto& st : result.standings) {
    EXPECT_EQ(st.appearances, 6);
    EXPECT_LE(st.low, st.rate());
    EXPECT_GE(st.high, st.rate());
    EXPECT_GT(st.mean_score(), 0.0);  // Santa Cruz's start bonus alone gives every seat points
    wins += st.wins;
  }
  EXPECT_DOUBLE_EQ(wins, 6.0);  // one win per game, ties shared
  const auto [low, high] = archipel::bots::wilson_interval(50, 100);
  EXPECT_NEAR(low, 0.4038, 1e-3);
  EXPECT_NEAR(high, 0.5962, 1e-3);
}

// A game that does not end within the move cap is a failure reported with what replays it (its seed
// and its seats in order), and counts for no strategy: what archipel-arena prints for a looping
// bot.
TEST(BotArena, AGameOverTheMoveCapFailsWithItsSeedAndSeats) {
  auto config = greedy_against_random(3, 100);
  config.move_cap = 4;  // a Santa Cruz game is far longer
  const auto result = archipel::bots::run_arena(config);
  EXPECT_EQ(result.games, 3);
  EXPECT_EQ(result.failed, 3);
  ASSERT_EQ(result.failures.size(), 3u);
  for (std::uint64_t g = 0; g < 3; ++g) {
    const auto& failed = result.failures[g];  // one thread: in the order played
    EXPECT_EQ(failed.failure, archipel::bots::ArenaFailure::move_cap);
    EXPECT_STREQ(archipel::bots::to_string(failed.failure), "no end after the move cap");
    EXPECT_EQ(failed.seed, 100 + g);
    const std::vector<std::string> rotated = g % 2 == 0
                                                 ? std::vector<std::string>{"greedy", "random"}
                                                 : std::vector<std::string>{"random", "greedy"};
    EXPECT_EQ(failed.seats, rotated);
  }
  for (const auto& st : result.standings) {
    EXPECT_EQ(st.appearances, 0) << st.strategy;
    EXPECT_DOUBLE_EQ(st.wins, 0.0);
  }
}

// Several seats act at once (secret discards): another seat's patch, computed before our move was
// applied, still offers the move we sent. Only the patch of our own move (`by`), a full state or a
// refusal frees the seat again.
TEST(BotViewTracker, WaitsForItsOwnMoveWhereSeveralSeatsAct) {
  using archipel::bots::ViewTracker;
  ViewTracker tracker;
  const json legal = json::array(
      {json{{"action", {{"type", "discard"}, {"card", "SC01"}}}, {"text", "discard SC01"}}});
  const json view{{"to_act", {0, 1}}, {"legal", legal}};
  ASSERT_EQ(tracker.on_message(
                json{{"type", "state"}, {"room", 5}, {"version", 1}, {"seat", 1}, {"view", view}}),
            ViewTracker::Update::updated);
  EXPECT_TRUE(tracker.may_act());
  tracker.acted();
  EXPECT_FALSE(tracker.may_act());
  // Seat 0 discards first: our seat is still listed with its (stale) move.
  const json by_other = json::parse(R"([{"op":"replace","path":"/to_act","value":[1]}])");
  tracker.on_message(
      json{{"type", "patch"}, {"room", 5}, {"from", 1}, {"to", 2}, {"by", 0}, {"ops", by_other}});
  EXPECT_EQ(tracker.view()["to_act"], json::array({1}));
  EXPECT_FALSE(tracker.may_act()) << "our discard is on its way: sending it again would be refused";
  // Our discard lands: now nobody acts, and we are free again (for whatever comes next).
  const json by_us = json::parse(
      R"([{"op":"replace","path":"/to_act","value":[]},{"op":"replace","path":"/legal","value":[]}])");
  tracker.on_message(
      json{{"type", "patch"}, {"room", 5}, {"from", 2}, {"to", 3}, {"by", 1}, {"ops", by_us}});
  EXPECT_FALSE(tracker.may_act());
  const json again = json::parse(
      R"([{"op":"replace","path":"/to_act","value":[1]},{"op":"replace","path":"/legal","value":[{"action":{"type":"pass"},"text":"pass"}]}])");
  tracker.on_message(
      json{{"type", "patch"}, {"room", 5}, {"from", 3}, {"to", 4}, {"by", 0}, {"ops", again}});
  EXPECT_TRUE(tracker.may_act());
  // A refused move frees the seat at once.
  tracker.acted();
  tracker.forget_action();
  EXPECT_TRUE(tracker.may_act());
  // A full state at the version the move was chosen on was made before the move arrived (a sync
  // asked for earlier): the move is still on its way. A newer one frees the seat.
  tracker.acted();
  tracker.on_message(
      json{{"type", "state"}, {"room", 5}, {"version", 4}, {"seat", 1}, {"view", view}});
  EXPECT_FALSE(tracker.may_act());
  tracker.on_message(
      json{{"type", "state"}, {"room", 5}, {"version", 6}, {"seat", 1}, {"view", view}});
  EXPECT_TRUE(tracker.may_act());
  // A spectator (no seat) never acts.
  tracker.on_message(
      json{{"type", "state"}, {"room", 5}, {"version", 7}, {"seat", nullptr}, {"view", view}});
  EXPECT_FALSE(tracker.may_act());
}

}  // namespace
}  // namespace archipel::testing::bots
