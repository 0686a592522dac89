// Santa Cruz end to end: four clients play a whole game over real WebSockets through the default
// registry, every patch is checked, and the final `over` scores equal the engine's own outcome for
// the same seed and actions, replayed here without a server (tests/support/game_over_sockets.hpp).

#include <gtest/gtest.h>

#include "tests/support/game_over_sockets.hpp"

namespace archipel::testing {
namespace {

TEST(SantaCruzOverSockets, FourPlayersPlayAFullGameAndOverMatchesTheEngine) {
  SocketGame game;
  game.game = "santa-cruz";
  game.names = {"Anna", "Bruno", "Carla", "Dario"};
  game.seed = 4242;
  game.chooser_seed = 7;
  SocketGameResult result;
  play_game_over_sockets(game, result);
}

}  // namespace
}  // namespace archipel::testing
