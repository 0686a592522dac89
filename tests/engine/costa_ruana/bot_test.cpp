// Bot support: determinize rebuilds a full state from one seat's client view (the view of the
// result equals the given view; to_act and legal actions match), hidden parts sampled; evaluate is
// the final margin once over.

#include "engine/costa_ruana/costa_ruana.hpp"

#include <gtest/gtest.h>

#include "engine/core/client_views.hpp"
#include "engine/core/game_of.hpp"
#include "engine/core/rng.hpp"
#include "tests/engine/costa_ruana/position.hpp"

namespace archipel::testing::costa_ruana {
namespace {

TEST(CostaRuanaBot, DeterminizeMatchesTheViewAlongGames) {
  for (int n : {2, 4, 6}) {
    auto s = cr::Rules::setup(n, {}, 20 + n).value();
    engine::Rng chooser(2), sampler(3);
    int checked = 0;
    while (s.phase != cr::Phase::over) {
      const Seat seat = acting(s);
      for (Seat viewer = 0; viewer < n; ++viewer) {
        engine::GameOf<cr::Rules> game(s);
        Json view = engine::client_view(game, engine::Viewer::of(viewer));
        auto d = cr::Rules::determinize(view, viewer, sampler);
        ASSERT_TRUE(d.ok()) << d.error().message;
        view.erase("to_act");
        view.erase("legal");
        ASSERT_EQ(cr::Rules::view(d.value(), engine::Viewer::of(viewer)).dump(), view.dump())
            << n << " players, step " << checked;
        ASSERT_EQ(cr::Rules::to_act(d.value()), cr::Rules::to_act(s));
        ASSERT_EQ(cr::Rules::legal_actions(d.value(), viewer), cr::Rules::legal_actions(s, viewer));
        ASSERT_TRUE(cr::Rules::check_invariants(d.value()).empty());
      }
      ++checked;
      auto legal = cr::Rules::legal_actions(s, seat);
      ASSERT_TRUE(cr::Rules::apply(s, seat, legal[chooser.below(legal.size())]).ok());
    }
    // Over: evaluate is the exact final margin.
    for (Seat seat = 0; seat < n; ++seat) {
      int best_other = -1000;
      for (Seat other = 0; other < n; ++other)
        if (other != seat) best_other = std::max(best_other, cr::score_of(s, other));
      EXPECT_EQ(cr::Rules::evaluate(s, seat), cr::score_of(s, seat) - best_other);
    }
  }
}

TEST(CostaRuanaBot, DeterminizeSamplesHiddenCards) {
  auto s = fresh(3, 0);
  place_setup(s, {"I1", "I2", "I3"});
  engine::GameOf<cr::Rules> game(s);
  const Json view = engine::client_view(game, engine::Viewer::of(0));
  engine::Rng a(1), b(2);
  auto one = cr::Rules::determinize(view, 0, a).value();
  auto two = cr::Rules::determinize(view, 0, b).value();
  EXPECT_EQ(one.players[0].hand, s.players[0].hand);
  EXPECT_NE(one.players[1].hand, two.players[1].hand);
  auto bad = cr::Rules::determinize(Json{{"game", "costa-ruana"}}, 0, a);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().rule, "bad_view");
  EXPECT_FALSE(cr::Rules::determinize(view, 1, a).ok());  // another seat's view
}

TEST(CostaRuanaBot, EvaluateCountsMajorities) {
  auto s = fresh(2, 0);
  place_setup(s, {"I1", "I2"});
  // Seat 0 alone on I1, seat 1 alone on I2: even.
  EXPECT_EQ(cr::Rules::evaluate(s, 0), 0);
  put(s, 0, "I2", 4);  // seat 0 now leads on I2 too: two treasures to come, four natives out
  EXPECT_EQ(cr::Rules::evaluate(s, 0), (2 + 2 + 3) - (0 + 7));
}

}  // namespace
}  // namespace archipel::testing::costa_ruana
