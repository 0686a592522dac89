// archipel-arena: plays many games between strategies in-process and prints win rates
// (docs/bots.md).
#include <cstdio>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>

#include "bots/arena.hpp"
#include "engine/core/registry.hpp"

int main(int argc, char** argv) {
  using namespace archipel::bots;
  CLI::App app{"archipel-arena: strategies against each other, in-process"};
  ArenaConfig config;
  std::string strategies = "search,random";
  std::vector<std::string> option_flags;
  app.add_option("--game", config.game, "game id")->capture_default_str();
  app.add_option("--players", config.players, "seats per game")->capture_default_str();
  app.add_option("--strategies", strategies,
                 "comma list, one per seat (name, or name:N for N iterations of that one); rotated "
                 "each game")
      ->capture_default_str();
  app.add_option("--games", config.games, "number of games")->capture_default_str();
  app.add_option("--seed", config.seed, "seed of the first game (game g uses seed+g)")
      ->capture_default_str();
  app.add_option("--threads", config.threads, "1 or 2")
      ->check(CLI::Range(1, 2))
      ->capture_default_str();
  app.add_option("--think-ms", config.options.think_ms, "time budget per decision (0: none)");
  app.add_option("--iterations", config.options.iterations, "iterations per decision (0: default)");
  app.add_option("--option", option_flags,
                 "a game option key=value (repeatable), as /create takes them");
  CLI11_PARSE(app, argc, argv);
  std::stringstream in(strategies);
  for (std::string name; std::getline(in, name, ',');) config.strategies.push_back(name);
  try {
    if (const auto* entry = archipel::engine::default_registry().find(config.game)) {
      auto options = parse_game_options(option_flags, *entry->spec, config.players);
      if (!options.ok()) throw std::invalid_argument(options.error().message);
      config.game_options = std::move(options).value();
    }
    const ArenaResult r = run_arena(config);
    std::string shown;
    for (const auto& [key, value] : config.game_options) shown += " " + key + "=" + value;
    std::printf("game %s%s, %d players, %d games (%d failed), %.1f s, %.2f games/s\n",
                config.game.c_str(), shown.c_str(), config.players, r.games, r.failed, r.seconds,
                r.seconds > 0 ? r.games / r.seconds : 0.0);
    for (const auto& st : r.standings)
      std::printf(
          "  %-8s win rate %5.1f%%  95%% CI [%5.1f%%, %5.1f%%]  (%.1f wins / %d seats)  mean score "
          "%.1f\n",
          st.strategy.c_str(), 100 * st.rate(), 100 * st.low, 100 * st.high, st.wins,
          st.appearances, st.mean_score());
    if (!r.ends.empty() || r.round_games > 0) {  // where the game's view says how it ended
      std::string ends;
      for (const auto& [end, n] : r.ends)
        ends += " " + end + " " + std::to_string(n) + " (" +
                std::to_string(static_cast<int>(100.0 * n / (r.games - r.failed) + 0.5)) + "%)";
      std::printf("  ended by:%s\n", ends.empty() ? " -" : ends.c_str());
      if (r.round_games > 0) std::printf("  mean rounds %.1f\n", r.mean_rounds());
    }
    for (const auto& f : r.failures) {  // each with the command line that plays it again
      std::string seats;
      for (const auto& name : f.seats) seats += (seats.empty() ? "" : ",") + name;
      std::printf(
          "  failed: %s; again: --game %s --players %d --strategies %s --seed %llu --games 1\n",
          to_string(f.failure), config.game.c_str(), config.players, seats.c_str(),
          static_cast<unsigned long long>(f.seed));
    }
    return r.failed == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "archipel-arena: " << e.what() << "\n";
    return 2;
  }
}
