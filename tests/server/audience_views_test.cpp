// server/audience_views.hpp: the patches a room sends after each move, built from the public part
// once and the private parts per audience, must bring every present audience's view to exactly its
// fresh client view, for every registered game (split views or not); absent audiences go stale and
// come back with a whole view. A game that names view sections (engine/core/view_sections.hpp) has
// only what a move changed rebuilt: whole games of every game and player count check that nothing
// it keeps is stale.

#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <tuple>

#include <gtest/gtest.h>

#include "engine/core/client_views.hpp"
#include "engine/core/registry.hpp"
#include "engine/core/rng.hpp"
#include "server/audience_views.hpp"
#include "tests/support/race_game.hpp"

namespace archipel::server {
namespace {

using engine::Viewer;
using nlohmann::json;

// The whole patch an audience applies (the shared ops, then its own), or nullopt when it gets none.
std::optional<json> ops_of(const AudienceViews::Patches& move, std::size_t slot) {
  if (!move.own.at(slot)) return std::nullopt;
  json all = json::parse(move.shared);
  for (const auto& op : json::parse(*move.own[slot])) all.push_back(op);
  return all;
}

// Plays `moves` random moves of `game_id`; `present_at(step, slot)` says who is there at each move.
// Checks each patch against the fresh view and returns how many patches and whole views were sent,
// and the moves made.
std::tuple<int, int, int> play(const std::string& game_id, int seats, int moves,
                               const std::function<bool(int, std::size_t)>& present_at,
                               std::uint64_t seed = 11) {
  auto game = testing::registry_with_race().create(game_id, seats, {}, seed).value();
  AudienceViews views;
  views.reset(seats);
  std::vector<json> client(static_cast<std::size_t>(seats) + 1);  // what each audience holds
  for (int k = 0; k <= seats; ++k) client[k] = views.full_view(*game, Viewer{k - 1});
  engine::Rng rng(seed * 3);
  int patches = 0, wholes = 0, step = 0;
  for (; step < moves && !game->over(); ++step) {
    const auto acting = game->to_act();
    const int seat = acting[rng.below(acting.size())];
    const auto legal = game->legal_actions(seat);
    EXPECT_TRUE(game->apply(seat, legal[rng.below(legal.size())]).ok());
    std::vector<bool> present;
    for (int k = 0; k <= seats; ++k)
      present.push_back(present_at(step, static_cast<std::size_t>(k)));
    const auto move = views.patches(*game, present);
    for (int k = 0; k <= seats; ++k) {
      const Viewer viewer{k - 1};
      const auto ops = ops_of(move, static_cast<std::size_t>(k));
      if (!present[k]) {
        EXPECT_FALSE(ops.has_value());
        continue;
      }
      if (ops) {
        client[k] = client[k].patch(*ops);
        ++patches;
      } else {
        client[k] = views.full_view(*game, viewer);
        ++wholes;
      }
      EXPECT_EQ(client[k], engine::client_view(*game, viewer))
          << game_id << " step " << step << " viewer " << viewer.seat;
    }
  }
  return {patches, wholes, step};
}

TEST(AudienceViews, EveryPatchGivesTheFreshViewForEveryGame) {
  for (const auto& entry : testing::registry_with_race().games()) {
    const int seats = entry.spec->max_players;
    auto [patches, wholes, moves] =
        play(entry.spec->id, seats, 150, [](int, std::size_t) { return true; });
    EXPECT_GE(moves, 10) << entry.spec->id;
    EXPECT_EQ(patches, moves * (seats + 1))
        << entry.spec->id << ": one patch per audience per move";
    EXPECT_EQ(wholes, 0) << entry.spec->id << ": everyone was there, nobody needed a whole view";
  }
}

// Whole games, every player count, three seeds each: the sections a move leaves alone and the
// private parts of the seats it does not touch are kept as they were sent, and every audience still
// ends each move with exactly its fresh view. A section test that said "unchanged" wrongly would
// show here as a stale view.
TEST(AudienceViews, WholeGamesOfEveryGameAndPlayerCountPatchToTheFreshViews) {
  for (const auto& entry : testing::registry_with_race().games()) {
    for (int seats = entry.spec->min_players; seats <= entry.spec->max_players; ++seats) {
      for (std::uint64_t seed : {5, 6, 7}) {
        auto [patches, wholes, moves] = play(
            entry.spec->id, seats, 100000, [](int, std::size_t) { return true; }, seed);
        EXPECT_TRUE(moves > 0 && moves < 100000) << entry.spec->id << ": played to its end";
        EXPECT_EQ(wholes, 0) << entry.spec->id;
        EXPECT_EQ(patches, moves * (seats + 1))
            << entry.spec->id << " " << seats << " seed " << seed;
      }
    }
  }
}

// Plays a random 4-player game of `game_id` through AudienceViews, everyone present, and hands each
// move's seat, its view changes and its patches to `on_move`.
void play_through_views(
    const std::string& game_id, std::uint64_t seed, std::uint64_t moves_seed,
    const std::function<void(const engine::GameInstance&, int, const engine::ViewChanges&,
                             const AudienceViews::Patches&)>& on_move) {
  auto game = testing::registry_with_race().create(game_id, 4, {}, seed).value();
  AudienceViews views;
  views.reset(4);
  for (int k = 0; k <= 4; ++k) views.full_view(*game, Viewer{k - 1});
  const std::vector<bool> everyone(5, true);
  engine::Rng rng(moves_seed);
  while (!game->over()) {
    const auto acting = game->to_act();
    const int seat = acting[rng.below(acting.size())];
    const auto legal = game->legal_actions(seat);
    ASSERT_TRUE(game->apply(seat, legal[rng.below(legal.size())]).ok());
    on_move(*game, seat, game->client_views().last_changes(), views.patches(*game, everyone));
  }
}

// Santa Cruz names its board, buildings and players as sections of entries (a site, a seat): a move
// builds only the entries it changed, and the patch touches no other. A move that reveals no tile
// keeps the board as sent (no op under /board), and a seat whose private part the move leaves alone
// gets no op of its own.
TEST(AudienceViews, SantaCruzRebuildsOnlyWhatAMoveChanged) {
  int board_kept = 0, seats_untouched = 0, moves = 0, players_by_entry = 0, sites_by_entry = 0;
  play_through_views(
      "santa-cruz", 21, 4,
      [&](const engine::GameInstance& game, int seat, const engine::ViewChanges& changes,
          const AudienceViews::Patches& move) {
        ++moves;
        EXPECT_FALSE(changes.spectators) << "a spectator's private part never changes";
        const auto update = game.client_views().public_update(changes);
        const auto kept = [&](std::string_view key) {
          return std::find(update.kept.begin(), update.kept.end(), key) != update.kept.end();
        };
        // None of the three is ever built whole from one move to the next: each is kept, its
        // changed entries built alone.
        for (const char* key : {"board", "buildings", "players"}) {
          EXPECT_FALSE(update.built.contains(key)) << key << " move " << moves;
          EXPECT_TRUE(kept(key)) << key << " move " << moves;
        }
        std::set<std::string> sites_built, players_built;
        for (const auto& e : update.entries) {
          if (e.section == "players") players_built.insert(std::to_string(e.index));
          if (e.section != "players")
            sites_built.insert(std::string(e.section) + "/" + std::string(e.name));
        }
        // Every op under a section is under an entry built for this move.
        for (const auto& op : json::parse(move.shared)) {
          const std::string path = op["path"];
          if (path.rfind("/players/", 0) == 0) {
            EXPECT_TRUE(players_built.count(path.substr(9, path.find('/', 9) - 9))) << op;
          } else if (path.rfind("/board/", 0) == 0 || path.rfind("/buildings/", 0) == 0) {
            const auto end = path.find('/', path.find('/', 1) + 1);
            EXPECT_TRUE(sites_built.count(path.substr(1, end == std::string::npos ? end : end - 1)))
                << op;
          }
        }
        if (!players_built.empty() && players_built.size() < 4) ++players_by_entry;
        if (!sites_built.empty() && sites_built.size() <= 4) ++sites_by_entry;
        if (!changes.section(0)) {
          ++board_kept;
          for (const auto& op : json::parse(move.shared))
            EXPECT_NE(op["path"].get<std::string>().rfind("/board", 0), 0u) << op;
        }
        for (int s = 0; s < 4; ++s) {
          if (changes.seat(s) || changes.legal_moves(s)) continue;
          ++seats_untouched;
          ASSERT_TRUE(move.own[static_cast<std::size_t>(s) + 1]);
          EXPECT_EQ(*move.own[static_cast<std::size_t>(s) + 1], "[]")
              << "seat " << s << " move " << moves;
        }
        EXPECT_TRUE(changes.legal_moves(seat) || game.over())
            << "the mover's legal moves change with its move";
      });
  EXPECT_GT(board_kept, moves / 2) << "most moves reveal no tile";
  EXPECT_GT(seats_untouched, 0);
  EXPECT_GT(players_by_entry, moves / 2)
      << "most moves change one or two players' entries, not all four";
  EXPECT_GT(sites_by_entry, moves / 4) << "a build changes a site or two, not the board";
}

// How many entries of `section` the update built alone.
std::ptrdiff_t entries_built(const engine::PublicViewUpdate& update, std::string_view section) {
  return std::count_if(update.entries.begin(), update.entries.end(),
                       [&](const engine::SectionEntry& e) { return e.section == section; });
}

// Capa d'Oro's players are a section of entries: a move builds the entries of the seats it changed,
// never the whole array from one move to the next, and most moves change fewer than all four.
TEST(AudienceViews, CapaDOroBuildsOnlyThePlayersAMoveChanged) {
  int moves = 0, some_players = 0;
  play_through_views("capa-doro", 3, 8,
                     [&](const engine::GameInstance& game, int, const engine::ViewChanges& changes,
                         const AudienceViews::Patches&) {
                       ++moves;
                       const auto update = game.client_views().public_update(changes);
                       EXPECT_FALSE(update.built.contains("players")) << "move " << moves;
                       if (entries_built(update, "players") < 4) ++some_players;
                     });
  EXPECT_GT(some_players, moves / 2);
}

// Santa Maria's players are a section of entries too, and a seat's private part is its port's ship
// ids: a move builds the entries of the seats it changed, and a seat whose port it leaves alone
// (and who is not to act before or after it) gets no op of its own.
TEST(AudienceViews, SantaMariaBuildsOnlyThePlayersAMoveChanged) {
  int moves = 0, some_players = 0, seats_untouched = 0, legal_only = 0;
  play_through_views("santa-maria", 3, 4,
                     [&](const engine::GameInstance& game, int, const engine::ViewChanges& changes,
                         const AudienceViews::Patches& move) {
                       ++moves;
                       const auto update = game.client_views().public_update(changes);
                       EXPECT_FALSE(update.built.contains("players")) << "move " << moves;
                       if (entries_built(update, "players") < 4) ++some_players;
                       for (int s = 0; s < 4; ++s) {
                         ASSERT_TRUE(move.own[static_cast<std::size_t>(s) + 1]);
                         const std::string& own = *move.own[static_cast<std::size_t>(s) + 1];
                         if (changes.legal_moves(s) && !changes.seat(s)) {
                           // To act before or after the move, its port left alone: its legal moves
                           // at most, its private part not rebuilt.
                           ++legal_only;
                           for (const auto& op : json::parse(own))
                             EXPECT_EQ(op["path"], "/legal") << "seat " << s << " move " << moves;
                         }
                         if (changes.seat(s) || changes.legal_moves(s)) continue;
                         ++seats_untouched;
                         EXPECT_EQ(own, "[]") << "seat " << s << " move " << moves;
                       }
                     });
  EXPECT_GT(some_players, moves / 2);
  EXPECT_GT(seats_untouched, moves);
  EXPECT_GT(legal_only, moves / 2) << "most moves leave the ports of the seats to act alone";
}

// Costa Ruana names two sections (islands, the cards on the table): moves that leave one alone keep
// it out of the public part built for them, and a seat whose hand, hut and face-down cards a move
// leaves alone gets no op. The islands are built island by island: a move that changes one builds
// that one.
TEST(AudienceViews, CostaRuanaKeepsWhatAMoveLeavesAlone) {
  int kept[2] = {0, 0}, seats_untouched = 0, moves = 0, some_islands = 0;
  play_through_views(
      "costa-ruana", 5, 6,
      [&](const engine::GameInstance& game, int, const engine::ViewChanges& changes,
          const AudienceViews::Patches& move) {
        ++moves;
        const auto update = game.client_views().public_update(changes);
        EXPECT_FALSE(update.built.contains("islands")) << "move " << moves;
        const auto islands = entries_built(update, "islands");
        if (islands > 0 && islands < static_cast<std::ptrdiff_t>(
                                         game.client_views().public_part()["islands"].size()))
          ++some_islands;
        for (int i = 0; i < 2; ++i) {
          const std::string key = i == 0 ? "islands" : "played";
          if (changes.section(static_cast<std::size_t>(i))) continue;
          ++kept[i];
          EXPECT_FALSE(update.built.contains(key)) << key << " move " << moves;
          EXPECT_NE(std::find(update.kept.begin(), update.kept.end(), key), update.kept.end())
              << key << " move " << moves;
        }
        for (int s = 0; s < 4; ++s) {
          if (changes.seat(s) || changes.legal_moves(s)) continue;
          ++seats_untouched;
          ASSERT_TRUE(move.own[static_cast<std::size_t>(s) + 1]);
          EXPECT_EQ(*move.own[static_cast<std::size_t>(s) + 1], "[]")
              << "seat " << s << " move " << moves;
        }
      });
  EXPECT_GT(kept[0], 0) << "some moves leave the islands alone (laying a card)";
  EXPECT_GT(kept[1], 0) << "some moves leave the table alone (placing a native at the start)";
  EXPECT_GT(some_islands, 0) << "some moves change some islands, not all";
  EXPECT_GT(seats_untouched, 0);
}

// Views two actions old (no patch in between): the last action's changes do not cover them, so
// everything is built and compared; likewise after the game is replaced by another instance (a
// clone) at the same count.
TEST(AudienceViews, ViewsOlderThanOneActionAreRebuiltWhole) {
  auto game = testing::registry_with_race().create("santa-cruz", 3, {}, 8).value();
  AudienceViews views;
  views.reset(3);
  std::vector<json> client;
  for (int k = 0; k <= 3; ++k) client.push_back(views.full_view(*game, Viewer{k - 1}));
  const std::vector<bool> everyone(4, true);
  engine::Rng rng(9);
  const auto play_one = [&](engine::GameInstance& g) {
    const auto acting = g.to_act();
    const int seat = acting[rng.below(acting.size())];
    const auto legal = g.legal_actions(seat);
    ASSERT_TRUE(g.apply(seat, legal[rng.below(legal.size())]).ok());
  };
  const auto check = [&](const engine::GameInstance& g, const char* when) {
    const auto move = views.patches(g, everyone);
    for (int k = 0; k <= 3; ++k) {
      const auto ops = ops_of(move, static_cast<std::size_t>(k));
      ASSERT_TRUE(ops) << when;
      client[k] = client[k].patch(*ops);
      EXPECT_EQ(client[k], engine::client_view(g, Viewer{k - 1})) << when << " viewer " << k - 1;
    }
  };
  for (int i = 0; i < 12; ++i) {
    play_one(*game);
    play_one(*game);
    check(*game, "two actions");
  }
  auto other = game->clone();
  play_one(*other);
  check(*other, "another instance");
}

// Seat 1 leaves for ten moves and the spectators for five: nothing is built for them meanwhile, and
// each gets one whole view on its return, then patches again.
TEST(AudienceViews, AnAbsentAudienceGoesStaleAndComesBackWhole) {
  for (const std::string game :
       {"santa-cruz", "santa-maria"}) {  // a split view, and one built whole
    auto [patches, wholes, moves] = play(game, 3, 40, [](int step, std::size_t slot) {
      if (slot == 2) return step < 10 || step >= 20;  // seat 1
      if (slot == 0) return step < 5 || step >= 10;   // the spectators
      return true;
    });
    ASSERT_EQ(moves, 40) << game;
    EXPECT_EQ(wholes, 2) << game;
    // Everyone at every move but seat 1 for ten and the spectators for five, less the two wholes.
    EXPECT_EQ(patches, 40 * 4 - 10 - 5 - 2) << game;
  }
}

TEST(AudienceViews, WithNobodyThereTheNextComerGetsTheWholeView) {
  auto [patches, wholes, moves] =
      play("santa-cruz", 2, 30, [](int step, std::size_t) { return step < 3 || step >= 8; });
  ASSERT_EQ(moves, 30);
  EXPECT_EQ(wholes, 3);  // each of the three audiences once, at step 8
  EXPECT_EQ(patches, 3 * (30 - 5) - 3);
}

}  // namespace
}  // namespace archipel::server
