// archipel-arena's and the engine bench's --option flags, read against a game's OptionSpec; and the
// arena's per-seat strategy names ("expert:400": a strategy with iterations of its own).
#include "bots/arena.hpp"

#include <gtest/gtest.h>

#include "bots/strategy_impl.hpp"
#include "engine/core/client_views.hpp"
#include "engine/core/registry.hpp"

namespace archipel::bots {
namespace {

const engine::GameSpec& santa_cruz() {
  return *engine::default_registry().find("santa-cruz")->spec;
}

TEST(ArenaOptions, NoFlagsGiveTheDefaults) {
  auto options = parse_game_options({}, santa_cruz(), 2);
  ASSERT_TRUE(options.ok()) << options.error().message;
  for (const auto& spec : santa_cruz().options) {
    if (spec.applies_to(2)) {
      EXPECT_EQ(options.value().at(spec.key), spec.default_value) << spec.key;
    }
  }
}

TEST(ArenaOptions, AValidChoiceIsKept) {
  auto options = parse_game_options({"rules=table"}, santa_cruz(), 4);
  ASSERT_TRUE(options.ok()) << options.error().message;
  EXPECT_EQ(options.value().at("rules"), "table");
}

TEST(ArenaOptions, UnknownKeyBadValueMissingEqualsAndRepeatsAreRefused) {
  for (const auto& flags : std::vector<std::vector<std::string>>{{"colour=red"},
                                                                 {"rules=fast"},
                                                                 {"rules"},
                                                                 {"=table"},
                                                                 {"rules=table", "rules=online"}}) {
    auto options = parse_game_options(flags, santa_cruz(), 2);
    ASSERT_FALSE(options.ok()) << flags.front();
    EXPECT_EQ(options.error().rule, "bad_option");
  }
}

TEST(ArenaOptions, RunArenaRefusesABadOption) {
  ArenaConfig config;
  config.game = "santa-cruz";
  config.players = 2;
  config.strategies = {"random", "random"};
  config.games = 1;
  config.game_options = {{"rules", "fast"}};
  EXPECT_THROW(run_arena(config), std::invalid_argument);
  config.game_options = {{"rules", "table"}};
  EXPECT_EQ(run_arena(config).failed, 0);
}

// "name:N" gives that seat's strategy N iterations of its own; a bad count or name is refused.
TEST(ArenaOptions, AStrategyMayCarryItsOwnIterations) {
  StrategyOptions options;
  options.iterations = 500;
  auto expert = arena_strategy("expert:40", options);
  ASSERT_NE(expert, nullptr);
  EXPECT_EQ(expert->name(), "expert");
  auto game = engine::default_registry().create("santa-cruz", 2, {}, 3).value();
  const auto seat = game->to_act().front();
  const auto view = engine::client_view(*game, engine::Viewer::of(seat));
  ASSERT_GE(view["legal"].size(), 2u);
  engine::Rng rng(1);
  expert->choose("santa-cruz", view, seat, rng);
  EXPECT_EQ(dynamic_cast<ExpertStrategy&>(*expert).last_playouts(), 40);
  auto plain = arena_strategy("expert", options);
  plain->choose("santa-cruz", view, seat, rng);
  EXPECT_EQ(dynamic_cast<ExpertStrategy&>(*plain).last_playouts(), 500);
  for (const char* bad : {"expert:", "expert:0", "expert:x", "expert:-3", "nonsense:4"})
    EXPECT_EQ(arena_strategy(bad, options), nullptr) << bad;

  ArenaConfig config;
  config.players = 2;
  config.strategies = {"random:3", "greedy:2"};
  config.games = 2;
  const auto result = run_arena(config);
  ASSERT_EQ(result.standings.size(), 2u);
  EXPECT_EQ(result.standings[0].strategy, "random:3");
  EXPECT_EQ(result.standings[1].appearances, 2);
  config.strategies = {"random", "greedy:0"};
  EXPECT_THROW(run_arena(config), std::invalid_argument);
}

}  // namespace
}  // namespace archipel::bots
