// archipel_bench: engine playouts for every registered game at every player count it supports (or one game and
// count with --game/--players), through GameInstance, the interface the server uses. Two measures of exactly the
// same games (same seeds, same random choices), so what it prints is a ratio rather than an absolute time that
// depends on the machine:
//   - no views: what deciding and applying costs: legal moves of a seat to act + apply;
//   - views: the same games plus what the server computes after every action today (server/room.cpp,
//     send_views_after_action): client_view for every seat and for the spectator, json::diff against that
//     viewer's previous view, the patch serialized.
// The first measure runs for --seconds (default 1 s; --long: 10 s) and fixes the number of games; the second
// plays those same games. Run:
//   build/bench/archipel_bench                                   every game, every player count
//   build/bench/archipel_bench --game santa-cruz --players 4 --option rules=table --long
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "bots/arena.hpp"  // parse_game_options: the same --option reading as archipel-arena
#include "engine/core/registry.hpp"
#include "engine/core/rng.hpp"

namespace {

using archipel::engine::GameEntry;
using archipel::engine::GamePtr;
using archipel::engine::Json;
using archipel::engine::Options;
using archipel::engine::Rng;
using archipel::engine::Viewer;
using Clock = std::chrono::steady_clock;

struct Totals {
  std::size_t games = 0;
  std::size_t actions = 0;
  std::size_t view_bytes = 0;   // every view serialized, as a full state would send it
  std::size_t patch_bytes = 0;  // every patch's ops serialized
  double seconds = 0;
};

// Plays one random game to its end; with `views`, does the server's per-action view work as well.
void play(const GameEntry& entry, int seats, const Options& options, std::uint64_t seed, bool views,
          Totals& totals) {
  auto created = entry.setup(seats, options, seed);
  if (!created.ok()) {
    std::fprintf(stderr, "%s: set-up failed: %s\n", entry.spec->id.c_str(), created.error().message.c_str());
    std::exit(1);
  }
  GamePtr game = std::move(created).value();
  std::vector<Json> last;  // by viewer: seats 0..n-1, then the spectator
  if (views)
    for (int viewer = 0; viewer <= seats; ++viewer)
      last.push_back(game->client_view(Viewer{viewer < seats ? viewer : -1}));
  Rng chooser(seed * 7919 + 1);
  while (!game->over()) {
    const auto acting = game->to_act();
    const auto seat = acting[chooser.below(acting.size())];
    const auto moves = game->legal_actions(seat);
    if (!game->apply(seat, moves[chooser.below(moves.size())]).ok()) {
      std::fprintf(stderr, "%s: a legal action was refused (seed %llu)\n", entry.spec->id.c_str(),
                   static_cast<unsigned long long>(seed));
      std::exit(1);
    }
    ++totals.actions;
    if (!views) continue;
    for (int viewer = 0; viewer <= seats; ++viewer) {
      Json view = game->client_view(Viewer{viewer < seats ? viewer : -1});
      totals.patch_bytes += Json::diff(last[viewer], view).dump().size();
      totals.view_bytes += view.dump().size();
      last[viewer] = std::move(view);
    }
  }
  ++totals.games;
}

// Without views: as many games as fit in `budget` seconds (at least 2).
Totals run_for(const GameEntry& entry, int seats, const Options& options, double budget) {
  Totals t;
  const auto start = Clock::now();
  do {
    play(entry, seats, options, t.games + 1, false, t);
    t.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  } while (t.seconds < budget || t.games < 2);
  return t;
}

// With views: the same `games` games.
Totals run_games(const GameEntry& entry, int seats, const Options& options, std::size_t games) {
  Totals t;
  const auto start = Clock::now();
  for (std::size_t g = 1; g <= games; ++g) play(entry, seats, options, g, true, t);
  t.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"archipel_bench: random playouts of every registered game, without and with the server's views"};
  std::string only_game;
  int only_players = 0;
  std::vector<std::string> option_flags;
  double seconds = 1.0;
  bool long_run = false;
  app.add_option("--game", only_game, "one game id (default: every registered game)");
  app.add_option("--players", only_players, "one player count (default: every count the game supports)");
  app.add_option("--option", option_flags, "a game option key=value (repeatable; needs --game)");
  app.add_option("--seconds", seconds, "seconds of the no-views measure per game and player count")
      ->check(CLI::Range(0.01, 3600.0))
      ->capture_default_str();
  app.add_flag("--long", long_run, "10 seconds per measure instead of --seconds");
  CLI11_PARSE(app, argc, argv);
  if (long_run) seconds = 10.0;
  if (!option_flags.empty() && only_game.empty()) {
    std::fprintf(stderr, "archipel_bench: --option needs --game (options belong to one game)\n");
    return 2;
  }

  const auto& registry = archipel::engine::default_registry();
  std::vector<const GameEntry*> entries;
  for (const auto& entry : registry.games())
    if (only_game.empty() || entry.spec->id == only_game) entries.push_back(&entry);
  if (entries.empty()) {
    std::fprintf(stderr, "archipel_bench: no game called '%s'\n", only_game.c_str());
    return 2;
  }
  if (entries.size() == 1 && only_players &&
      (only_players < entries[0]->spec->min_players || only_players > entries[0]->spec->max_players)) {
    std::fprintf(stderr, "archipel_bench: %s is for %d to %d players\n", entries[0]->spec->id.c_str(),
                 entries[0]->spec->min_players, entries[0]->spec->max_players);
    return 2;
  }

  std::printf("%-12s %7s %6s %12s %12s %8s %11s %12s %12s\n", "game", "players", "games", "games/s", "games/s",
              "views", "actions", "view bytes", "patch bytes");
  std::printf("%-12s %7s %6s %12s %12s %8s %11s %12s %12s\n", "", "", "", "no views", "views", "cost x",
              "per game", "per action", "per action");
  for (const GameEntry* entry : entries) {
    const auto& spec = *entry->spec;
    for (int seats = spec.min_players; seats <= spec.max_players; ++seats) {
      if (only_players && seats != only_players) continue;
      auto options = archipel::bots::parse_game_options(option_flags, spec, seats);
      if (!options.ok()) {
        std::fprintf(stderr, "archipel_bench: %s\n", options.error().message.c_str());
        return 2;
      }
      const Totals bare = run_for(*entry, seats, options.value(), seconds);
      const Totals viewed = run_games(*entry, seats, options.value(), bare.games);
      if (viewed.actions != bare.actions) {  // the same seeds and choices must give the same games
        std::fprintf(stderr, "%s: the two measures played different games\n", spec.id.c_str());
        return 1;
      }
      const double bare_rate = bare.games / bare.seconds, viewed_rate = viewed.games / viewed.seconds;
      std::printf("%-12s %7d %6zu %12.1f %12.1f %8.2f %11.1f %12.0f %12.0f\n", spec.id.c_str(), seats, bare.games,
                  bare_rate, viewed_rate, bare_rate / viewed_rate,
                  static_cast<double>(bare.actions) / bare.games,
                  static_cast<double>(viewed.view_bytes) / viewed.actions,
                  static_cast<double>(viewed.patch_bytes) / viewed.actions);
      std::fflush(stdout);
    }
  }
  return 0;
}
