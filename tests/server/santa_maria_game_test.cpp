// Santa Maria end to end: four clients (the largest table) play a whole game over real WebSockets
// through the default registry, colonies chosen (so the pick phase goes over the wire too); every
// patch is checked against the version chain, and the final `over` message (scores, ranking,
// places) equals the engine's own outcome for the same seed and the same actions, replayed here
// without a server (tests/support/game_over_sockets.hpp); so does every client's final table.

#include <gtest/gtest.h>

#include "tests/support/game_over_sockets.hpp"

namespace archipel::testing {
namespace {

TEST(SantaMariaOverSockets, FourPlayersPlayAFullGameAndOverMatchesTheEngine) {
  SocketGame game;
  game.game = "santa-maria";
  game.options = {{"colonies", "choose"}};
  game.names = {"Anna", "Eric", "David", "Maria"};
  game.seed = 5151;
  game.chooser_seed = 11;
  game.max_steps = 6000;
  game.one_seat_at_a_time = true;
  // Random legal moves, but the free actions (sell, buy, Logistics moves) only now and then:
  // uniform choices would spend most of the game selling and buying back, which tests nothing more.
  game.pick = [](const json& legal, engine::Rng& chooser) -> std::size_t {
    std::vector<std::size_t> main;
    for (std::size_t i = 0; i < legal.size(); ++i) {
      const std::string type = legal[i]["action"]["type"];
      if (type != "sell" && type != "buy" && type != "move") main.push_back(i);
    }
    if (main.empty() || chooser.below(10) == 0) return chooser.below(legal.size());
    return main[chooser.below(main.size())];
  };
  SocketGameResult result;
  play_game_over_sockets(game, result);
  if (::testing::Test::HasFatalFailure()) return;
  EXPECT_EQ(result.first_views[0]["phase"], "colony") << "colonies=choose starts with the picks";
  EXPECT_EQ(result.views[0]["phase"], "over");
  EXPECT_EQ(result.views[0]["year"], 3);
  // Every client's final view holds the same breakdown, its totals the `over` scores.
  const int seats = static_cast<int>(result.views.size());
  for (int i = 0; i < seats; ++i)
    for (int seat = 0; seat < seats; ++seat) {
      EXPECT_EQ(result.views[i]["final"][seat]["total"], result.outcome.scores[seat]);
      EXPECT_EQ(result.views[i]["final"][seat]["place"], result.outcome.places[seat]);
    }
}

}  // namespace
}  // namespace archipel::testing
