// archipel-arena's and the engine bench's --option flags, read against a game's OptionSpec.
#include "bots/arena.hpp"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace archipel::bots
