// Capa d'Oro end to end: four clients (the largest table) play a whole game over real WebSockets
// through the default registry, every patch is checked against the version held, and the `over`
// message (scores and places, shared places included) equals the engine's own outcome for the same
// seed and actions, replayed here without a server (tests/support/game_over_sockets.hpp); the last
// view every client patched its way to equals the replayed engine's client view.

#include <gtest/gtest.h>

#include "engine/core/client_views.hpp"
#include "tests/support/game_over_sockets.hpp"

namespace archipel::testing {
namespace {

TEST(CapaDoroOverSockets, FourPlayersPlayAFullGameAndOverMatchesTheEngine) {
  SocketGame game;
  game.game = "capa-doro";
  game.options = {{"events", "on"}};
  game.names = {"Anna", "Bruno", "Carla", "Dario"};
  game.seed = 1414;
  game.chooser_seed = 11;
  game.max_steps = 20000;
  game.one_seat_at_a_time = true;
  // Random legal moves, except that `done` is taken only when nothing else is legal or one time in
  // four: a uniform choice would trade back and forth for long stretches.
  game.pick = [](const json& legal, engine::Rng& chooser) -> std::size_t {
    const std::size_t index = chooser.below(legal.size());
    if (legal[index]["action"]["type"] == "done" && legal.size() > 1 && chooser.below(4) != 0)
      return chooser.below(legal.size() - 1);  // `done` is always listed last
    return index;
  };
  SocketGameResult result;
  play_game_over_sockets(game, result);
  if (::testing::Test::HasFatalFailure()) return;
  EXPECT_EQ(result.over["places"].get<std::vector<int>>(), result.outcome.places);
  // Every client's patched view is the replayed engine's client view for its seat (the game's view,
  // the same for every seat since nothing in Capa d'Oro is private, plus `to_act` and `legal`).
  for (int i = 0; i < static_cast<int>(result.views.size()); ++i)
    EXPECT_EQ(result.views[i], engine::client_view(*result.replayed, engine::Viewer::of(i)))
        << "seat " << i << "'s patched view";
  // The game ended for one of the book's two reasons, as the view says.
  const std::string end = result.views[0]["end"];
  EXPECT_TRUE(end == "sixty" || end == "tobacco") << end;
  std::printf("[capa-doro over sockets] end %s, places %s\n", end.c_str(),
              result.over["places"].dump().c_str());
}

}  // namespace
}  // namespace archipel::testing
