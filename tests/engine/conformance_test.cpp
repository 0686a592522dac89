// Every registered game (and the test-only "race") goes through the same seeded random playouts
// with the contract's invariants checked at every step, then ten times as many lighter playouts.
// ARCHIPEL_PLAYOUTS sets the number of fully checked games per configuration (default 60; 600 light
// ones).

#include <algorithm>
#include <cstdlib>

#include <gtest/gtest.h>

#include "tests/support/playout.hpp"
#include "tests/support/race_game.hpp"

namespace archipel::testing {
namespace {

int playouts_per_config(int fallback) {
  const char* env = std::getenv("ARCHIPEL_PLAYOUTS");
  return env ? std::max(1, std::atoi(env)) : fallback;
}

std::vector<PlayoutConfig> all_configs() {
  std::vector<PlayoutConfig> configs;
  for (const auto& entry : registry_with_race().games())
    for (int seats = entry.spec->min_players; seats <= entry.spec->max_players; ++seats)
      for (const auto& options : option_variants(*entry.spec)) {
        // An option that does not exist at this player count is not played there (it would repeat
        // another set).
        const bool applies = std::all_of(options.begin(), options.end(), [&](const auto& kv) {
          return std::all_of(entry.spec->options.begin(), entry.spec->options.end(),
                             [&](const engine::OptionSpec& o) {
                               return o.key != kv.first || o.applies_to(seats);
                             });
        });
        if (applies) configs.push_back(PlayoutConfig{entry.spec->id, seats, options});
      }
  return configs;
}

std::string config_name(const ::testing::TestParamInfo<PlayoutConfig>& info) {
  std::string name = info.param.game + "_" + std::to_string(info.param.seats) + "p";
  for (const auto& [k, v] : info.param.options) name += "_" + k + "_" + v;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

class Conformance : public ::testing::TestWithParam<PlayoutConfig> {};

TEST_P(Conformance, RandomPlayoutsKeepEveryInvariant) {
  const int games = playouts_per_config(60);
  int scrambles_changed = 0;
  for (int i = 0; i < games; ++i) {
    auto result = run_playout(registry_with_race(), GetParam(), 1000 + i);
    ASSERT_TRUE(result.ended) << "seed " << 1000 + i;
    scrambles_changed += result.scrambles_changed;
    if (HasFailure()) return;  // one failing seed is enough to read
  }
  // A game that declares a hidden-information scramble must actually change something with it, or
  // the byte-identical view check above proved nothing.
  const auto& config = GetParam();
  auto game = registry_with_race().create(config.game, config.seats, config.options, 1);
  ASSERT_TRUE(game.ok());
  engine::Rng rng(1);
  if (game.value()->scrambled_for(engine::Viewer::spectator(), rng)) {
    EXPECT_GT(scrambles_changed, 0) << "the scramble never changed a state";
  }
}

TEST_P(Conformance, ThousandsOfLightPlayoutsEnd) {
  PlayoutConfig config = GetParam();
  config.full_checks = false;
  const int games = 10 * playouts_per_config(60);
  for (int i = 0; i < games; ++i) {
    auto result = run_playout(registry_with_race(), config, 500000 + i);
    ASSERT_TRUE(result.ended) << "seed " << 500000 + i;
    if (HasFailure()) break;
  }
}

TEST_P(Conformance, SameSeedAndActionsGiveTheSameBytes) {
  for (int i = 0; i < 20; ++i) {
    auto result = run_playout(registry_with_race(), GetParam(), 77 + i);
    ASSERT_TRUE(result.ended);
    EXPECT_EQ(replay(registry_with_race(), GetParam(), 77 + i, result.log), result.final_state);
  }
}

// The harness's check of the log lines (run on every event of every playout above) catches what it
// is for.
TEST(LogLines, TheCheckFindsAForgottenTranslationAndTemplateLeftovers) {
  EXPECT_TRUE(log_line_problems("Red passes", "Red passe").empty());
  EXPECT_EQ(log_line_problems("Red passes", "Red passes").size(), 1u)
      << "French is a copy of the English";
  EXPECT_FALSE(log_line_problems("Red passes", "").empty());
  EXPECT_FALSE(log_line_problems("", "Red passe").empty());
  EXPECT_FALSE(log_line_problems("{seat} passes", "Red passe").empty());
  EXPECT_FALSE(log_line_problems("Red passes", "%s passe").empty());
  EXPECT_FALSE(log_line_problems("Red takes set ", "Red prend le set ").empty())
      << "an empty field at the end";
  EXPECT_FALSE(log_line_problems("Red builds on  (+2)", "Red construit sur C01 (+2)").empty());
  EXPECT_FALSE(log_line_problems("Red plays null", "Red joue null").empty());
}

INSTANTIATE_TEST_SUITE_P(AllGames, Conformance, ::testing::ValuesIn(all_configs()), config_name);

}  // namespace
}  // namespace archipel::testing
