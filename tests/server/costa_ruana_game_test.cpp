// Costa Ruana end to end at its largest table: six clients play a whole game over real WebSockets
// through the default registry, every patch is checked against the version each holds, the patched
// views equal a fresh sync at the end, and the `over` message (scores, ranking, shared places)
// equals the engine's own outcome for the same seed and actions, replayed here without a server
// (tests/support/game_over_sockets.hpp); so does the board's own final table.

#include <gtest/gtest.h>

#include "tests/support/game_over_sockets.hpp"

namespace archipel::testing {
namespace {

TEST(CostaRuanaOverSockets, SixPlayersPlayAFullGameAndOverMatchesTheEngine) {
  SocketGame game;
  game.game = "costa-ruana";
  game.names = {"Antoine", "Marie", "Serge", "Lucie", "Paulo", "Ines"};
  game.seed = 1313;
  game.chooser_seed = 11;
  game.max_steps = 3000;
  game.one_seat_at_a_time = true;
  SocketGameResult result;
  play_game_over_sockets(game, result);
  if (::testing::Test::HasFatalFailure()) return;
  EXPECT_EQ(result.static_data["islands"].size(), 10u) << "six players play on ten islands";
  for (const json& view : result.views) {
    EXPECT_EQ(view["final"]["scores"].get<std::vector<int>>(), result.outcome.scores);
    EXPECT_EQ(view["final"]["places"].get<std::vector<int>>(), result.outcome.places);
  }
}

}  // namespace
}  // namespace archipel::testing
