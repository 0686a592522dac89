// Random games through the conformance harness (tests/support/playout.hpp), which after every step
// calls Rules::check_invariants (santa_cruz_invariants.cpp: buildings, tiles, bird chips, score and
// construction cards conserved; arrivals distinct). What needs two steps stays here: a score only
// goes down through the Eruption card.

#include "engine/santa_cruz/santa_cruz.hpp"

#include <algorithm>
#include <cstdlib>

#include <gtest/gtest.h>

#include "engine/core/any_game.hpp"
#include "engine/core/registry.hpp"
#include "tests/support/playout.hpp"

namespace archipel::testing {
namespace {

// Scores before the step, by seat, read from the public view (no downcast); reset at each new game.
class ScoresOnlyDropThroughAnEruption {
 public:
  void operator()(const engine::GameInstance& game, const std::vector<engine::Json>& events) {
    EXPECT_TRUE(game.invariant_violations().empty());
    const engine::Json view = game.view(engine::Viewer::spectator());
    std::vector<int> scores;
    for (const auto& p : view.at("players")) scores.push_back(p.at("score").get<int>());
    const bool eruption = std::any_of(events.begin(), events.end(), [](const engine::Json& e) {
      return e.value("type", "") == "score" && e.contains("removed");
    });
    if (scores_.size() == scores.size() && !eruption) {
      for (std::size_t seat = 0; seat < scores.size(); ++seat) {
        EXPECT_GE(scores[seat], scores_[seat])
            << "seat " << seat << " lost points without an eruption";
      }
    }
    scores_ = std::move(scores);
  }

 private:
  std::vector<int> scores_;
};

TEST(SantaCruzInvariants, PiecesAndCardsConservedInRandomGames) {
  const char* env = std::getenv("ARCHIPEL_PLAYOUTS");
  // Each game here also runs every harness check, so a few per configuration are enough by default.
  const int games = env ? std::max(1, std::atoi(env) / 30) : 6;
  for (int seats = 2; seats <= 4; ++seats)
    for (const char* rules : {"online", "table"})
      for (int i = 0; i < games; ++i) {
        ScoresOnlyDropThroughAnEruption check;
        auto result =
            run_playout(engine::default_registry(),
                        PlayoutConfig{"santa-cruz", seats, {{"rules", rules}}}, 5000 + i,
                        [&check](const engine::GameInstance& game,
                                 const std::vector<engine::Json>& events) { check(game, events); });
        ASSERT_TRUE(result.ended);
        if (HasFailure()) return;
      }
}

}  // namespace
}  // namespace archipel::testing
