#pragma once
// One whole game played over real WebSockets, the loop every tests/server/<game>_game_test.cpp
// shares: a client per seat says hello, the first creates the room and the others join, the host
// starts; then each step one seat that must act sends one of its legal moves, every client applies
// its patch after checking it follows the version held, and at the end each patched view equals a
// fresh sync, and the `over` message (scores, ranking, places) equals the engine's own outcome for
// the same seed and actions, replayed without a server. A game's test adds its own checks on the
// result.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/any_game.hpp"
#include "engine/core/rng.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {

struct SocketGame {
  std::string game;                // "santa-cruz"
  engine::Options options;         // for /create (as key=value) and for the replay alike
  std::vector<std::string> names;  // one client per name, so the seat count
  std::uint64_t seed = 1;          // the server's first seed: the room's game
  std::uint64_t chooser_seed = 7;  // the random choice of seat and move
  int max_steps = 1000;  // a game still going after this many actions fails "the game ends"
  /// The Costa Ruana / Capa d'Oro / Santa Maria promise: one seat acts at a time, and no other seat
  /// is offered a move meanwhile.
  bool one_seat_at_a_time = false;
  /// Which of the acting seat's legal moves ({"action", "text"} each) to send; uniform when empty.
  std::function<std::size_t(const json& legal, engine::Rng& chooser)> pick;
};

struct SocketGameResult {
  int steps = 0;
  std::vector<json> first_views;  // each seat's view in its first `state`, by seat
  json static_data;         // the `static` part of the first `state` (the same for every seat)
  std::vector<json> views;  // each seat's view at the end, patched step by step, by seat
  json over;                // the `over` message
  std::vector<std::pair<engine::Seat, engine::Json>> log;
  std::unique_ptr<engine::GameInstance> replayed;  // the engine after the same seed and actions
  engine::Outcome outcome;                         // the replayed engine's outcome
};

/// Plays `game` to its end over sockets against a fresh in-process server with the default registry
/// and checks everything said above (GoogleTest assertions; the caller returns early on
/// HasFatalFailure()).
void play_game_over_sockets(const SocketGame& game, SocketGameResult& result);

}  // namespace archipel::testing
