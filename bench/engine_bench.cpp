// archipel_bench: engine playouts for every registered game at every player count it supports (or
// one game and count with --game/--players), through GameInstance, the interface the server uses.
// Three measures of exactly the same games (same seeds, same random choices), so what it prints are
// ratios rather than absolute times that depend on the machine:
//   - no views: what deciding and applying costs: legal moves of a seat to act + apply;
//   - server views: the same games plus what a room computes after every action with every seat and
//   a spectator
//     present: server::AudienceViews (the public part built and patched once, each audience's
//     private part), each patch frame written (protocol::patch_frame, the shared ops written once
//     as text);
//   - whole views: the same games with every viewer's whole view rebuilt and json::diff'ed against
//   its previous
//     one, each patch message serialized (how the server worked before AudienceViews: the baseline
//     the server path is measured against).
// The first measure runs for --seconds (default 1 s; --long: 10 s) and fixes the number of games;
// the others play those same games. Run:
//   build/bench/archipel_bench                                   every game, every player count
//   build/bench/archipel_bench --game santa-cruz --players 4 --option rules=table --long
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "bots/arena.hpp"  // parse_game_options: the same --option reading as archipel-arena
#include "engine/core/client_views.hpp"
#include "engine/core/registry.hpp"
#include "engine/core/rng.hpp"
#include "protocol/messages.hpp"
#include "protocol/text.hpp"
#include "server/audience_views.hpp"

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
  std::size_t patch_bytes = 0;  // every patch message serialized (without log lines)
  double seconds = 0;
};

enum class Views { none, server, whole };

// Plays one random game to its end, with the per-action view work of `views`.
void play(const GameEntry& entry, int seats, const Options& options, std::uint64_t seed,
          Views views, Totals& totals) {
  auto created = entry.setup(seats, options, seed);
  if (!created.ok()) {
    std::fprintf(stderr, "%s: set-up failed: %s\n", entry.spec->id.c_str(),
                 created.error().message.c_str());
    std::exit(1);
  }
  GamePtr game = std::move(created).value();
  std::vector<Json> last;  // whole views: by viewer, seats 0..n-1, then the spectator
  archipel::server::AudienceViews audiences;
  const std::vector<bool> everyone(static_cast<std::size_t>(seats) + 1, true);
  if (views == Views::whole)
    for (int viewer = 0; viewer <= seats; ++viewer)
      last.push_back(archipel::engine::client_view(*game, Viewer{viewer < seats ? viewer : -1}));
  if (views == Views::server) {
    audiences.reset(seats);
    for (int viewer = -1; viewer < seats; ++viewer) audiences.full_view(*game, Viewer{viewer});
  }
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
    if (views == Views::server) {
      // As a room sends them: the shared ops written once as text, a patch frame per audience.
      const auto patches = audiences.patches(*game, everyone);
      const std::string& shared = patches.shared;
      for (const auto& own : patches.own)
        if (own)
          totals.patch_bytes += archipel::protocol::patch_frame(1, 0, 1, shared, *own, seat).size();
      continue;
    }
    if (views == Views::none) continue;
    for (int viewer = 0; viewer <= seats; ++viewer) {
      Json view = archipel::engine::client_view(*game, Viewer{viewer < seats ? viewer : -1});
      totals.patch_bytes +=
          archipel::protocol::serialize(
              archipel::protocol::patch_message(1, 0, 1, Json::diff(last[viewer], view), seat))
              .size();
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
    play(entry, seats, options, t.games + 1, Views::none, t);
    t.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  } while (t.seconds < budget || t.games < 2);
  return t;
}

// With views of the kind given: the same `games` games.
Totals run_games(const GameEntry& entry, int seats, const Options& options, std::size_t games,
                 Views views) {
  Totals t;
  const auto start = Clock::now();
  for (std::size_t g = 1; g <= games; ++g) play(entry, seats, options, g, views, t);
  t.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "archipel_bench: random playouts of every registered game, without and with the server's "
      "views"};
  std::string only_game;
  int only_players = 0;
  std::vector<std::string> option_flags;
  double seconds = 1.0;
  bool long_run = false;
  app.add_option("--game", only_game, "one game id (default: every registered game)");
  app.add_option("--players", only_players,
                 "one player count (default: every count the game supports)");
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
      (only_players < entries[0]->spec->min_players ||
       only_players > entries[0]->spec->max_players)) {
    std::fprintf(stderr, "archipel_bench: %s is for %d to %d players\n",
                 entries[0]->spec->id.c_str(), entries[0]->spec->min_players,
                 entries[0]->spec->max_players);
    return 2;
  }

  std::printf("%-12s %7s %6s %10s %10s %8s %10s %8s %9s %11s %11s\n", "game", "players", "games",
              "games/s", "games/s", "server", "games/s", "whole", "actions", "patch B", "patch B");
  std::printf("%-12s %7s %6s %10s %10s %8s %10s %8s %9s %11s %11s\n", "", "", "", "no views",
              "server", "cost x", "whole", "cost x", "per game", "server/act", "whole/act");
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
      const Totals server = run_games(*entry, seats, options.value(), bare.games, Views::server);
      const Totals whole = run_games(*entry, seats, options.value(), bare.games, Views::whole);
      if (server.actions != bare.actions ||
          whole.actions != bare.actions) {  // same seeds and choices: same games
        std::fprintf(stderr, "%s: the measures played different games\n", spec.id.c_str());
        return 1;
      }
      const double bare_rate = bare.games / bare.seconds,
                   server_rate = server.games / server.seconds,
                   whole_rate = whole.games / whole.seconds;
      const auto per_action = [](const Totals& t) {
        return static_cast<double>(t.patch_bytes) / t.actions;
      };
      std::printf("%-12s %7d %6zu %10.1f %10.1f %8.2f %10.1f %8.2f %9.1f %11.0f %11.0f\n",
                  spec.id.c_str(), seats, bare.games, bare_rate, server_rate,
                  bare_rate / server_rate, whole_rate, bare_rate / whole_rate,
                  static_cast<double>(bare.actions) / bare.games, per_action(server),
                  per_action(whole));
      std::fflush(stdout);
    }
  }
  return 0;
}
