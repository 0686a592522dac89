// Costa Ruana for the bots, as Santa Cruz is in strategy_test.cpp: the sampler (determinize keeps
// what the viewer knows, re-deals only what it does not, and conserves every count), the evaluation
// (the game's victory points as a margin over the best other seat, game.hpp's unit; the exact
// margin once over), and the hidden-state guarantee (two true states behind one view give the same
// decision). The engine's own checks of the sampler along whole games are in
// tests/engine/costa_ruana/bot_test.cpp.

#include <algorithm>
#include <chrono>
#include <set>

#include <gtest/gtest.h>

#include "bots/strategy.hpp"
#include "engine/core/client_views.hpp"
#include "engine/core/registry.hpp"
#include "engine/costa_ruana/costa_ruana.hpp"
#include "tests/bots/positions.hpp"

namespace archipel::testing::bots {
namespace {

namespace cr = engine::costa_ruana;
using archipel::bots::make_strategy;
using archipel::bots::StrategyOptions;
using nlohmann::json;

constexpr const char* kCostaRuana = "costa-ruana";

const engine::GameEntry& costa_ruana_entry() {
  const auto* e = engine::default_registry().find(kCostaRuana);
  EXPECT_NE(e, nullptr);
  return *e;
}

/// The ids of cards nobody but their holder (or nobody at all) may know, from `viewer`'s side, in a
/// full state's JSON (to_json): other hands, others' face-down cards, the pile.
std::multiset<std::string> unseen_cards(const json& state, engine::Seat viewer) {
  std::multiset<std::string> out;
  const auto& players = state["players"];
  for (std::size_t seat = 0; seat < players.size(); ++seat)
    if (static_cast<engine::Seat>(seat) != viewer)
      for (const auto& id : players[seat]["hand"]) out.insert(id.get<std::string>());
  for (const auto& p : state["played"])
    if (!p["up"].get<bool>() && p["by"].get<int>() != viewer)
      out.insert(p["card"].get<std::string>());
  for (const auto& id : state["pile"]) out.insert(id.get<std::string>());
  return out;
}

int others_huts(const json& state, engine::Seat viewer) {
  int total = 0;
  for (std::size_t seat = 0; seat < state["players"].size(); ++seat)
    if (static_cast<engine::Seat>(seat) != viewer)
      total += state["players"][seat]["hut"].get<int>();
  return total;
}

TEST(CostaRuanaSampler, KeepsWhatTheViewerKnowsAndConservesCounts) {
  auto positions = random_positions(kCostaRuana, 40, 13);
  ASSERT_GE(positions.size(), 20u);  // two-player walks of 160 steps end some games
  std::set<int> player_counts;
  for (const auto& p : positions) {
    const json truth = p.game->to_json();
    const int n = p.game->num_seats();
    player_counts.insert(n);
    for (engine::Seat seat = 0; seat < n; ++seat) {
      const json view = engine::client_view(*p.game, engine::Viewer::of(seat));
      for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        engine::Rng rng(seed);
        auto sample = costa_ruana_entry().determinize(view, seat, rng);
        ASSERT_TRUE(sample.ok()) << sample.error().message;
        ASSERT_EQ(engine::client_view(*sample.value(), engine::Viewer::of(seat)), view);
        const json got = sample.value()->to_json();
        // Known to the viewer: unchanged.
        EXPECT_EQ(got["players"][seat]["hand"], truth["players"][seat]["hand"]);
        EXPECT_EQ(got["players"][seat]["hut"], truth["players"][seat]["hut"]);
        EXPECT_EQ(got["discards"], truth["discards"]);
        EXPECT_EQ(got["islands"], truth["islands"]);
        ASSERT_EQ(got["played"].size(), truth["played"].size());
        for (std::size_t k = 0; k < truth["played"].size(); ++k) {
          const json& t = truth["played"][k];
          const json& g = got["played"][k];
          EXPECT_EQ(g["to"], t["to"]);
          EXPECT_EQ(g["natives"], t["natives"]);
          if (t["up"].get<bool>() || t["by"].get<int>() == seat) {
            EXPECT_EQ(g["card"], t["card"]) << "slot " << k;
          }
        }
        // Unknown to the viewer: re-dealt among the same places, every count conserved.
        for (engine::Seat other = 0; other < n; ++other)
          EXPECT_EQ(got["players"][other]["hand"].size(), truth["players"][other]["hand"].size());
        EXPECT_EQ(got["pile"].size(), truth["pile"].size());
        EXPECT_EQ(unseen_cards(got, seat), unseen_cards(truth, seat))
            << "the unseen cards are the same cards";
        EXPECT_EQ(others_huts(got, seat), others_huts(truth, seat))
            << "the others' huts keep their total";
      }
    }
  }
  EXPECT_GE(player_counts.size(), 4u) << "positions at most player counts";
}

TEST(CostaRuanaSampler, RedistributesOnlyWhatTheViewerDoesNotKnow) {
  auto positions = random_positions(kCostaRuana, 30, 29);
  int hands_differ = 0, hands_total = 0, huts_differ = 0, huts_total = 0;
  for (const auto& p : positions) {
    const json truth = p.game->to_json();
    const int n = p.game->num_seats();
    const engine::Seat seat = p.seat;
    const json view = engine::client_view(*p.game, engine::Viewer::of(seat));
    std::set<std::string> hands_seen, huts_seen;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      engine::Rng rng(seed);
      const json got = costa_ruana_entry().determinize(view, seat, rng).value()->to_json();
      json hands = json::array(), huts = json::array();
      for (engine::Seat other = 0; other < n; ++other)
        if (other != seat) {
          hands.push_back(got["players"][other]["hand"]);
          huts.push_back(got["players"][other]["hut"]);
        }
      hands_seen.insert(hands.dump());
      huts_seen.insert(huts.dump());
    }
    ++hands_total;
    if (hands_seen.size() > 1) ++hands_differ;
    // A split can vary only with a treasure in some other hut and at least two others to hold it.
    if (others_huts(truth, seat) > 0 && n > 2 && truth["phase"] != "over") {
      ++huts_total;
      if (huts_seen.size() > 1) ++huts_differ;
    }
  }
  EXPECT_GE(hands_differ * 10, hands_total * 9) << hands_differ << " of " << hands_total;
  EXPECT_GE(huts_total, 3) << "positions with hidden huts to split";
  EXPECT_EQ(huts_differ, huts_total) << "the others' huts are split afresh";
}

TEST(CostaRuanaSampler, RejectsABrokenView) {
  auto game = engine::default_registry().create(kCostaRuana, 3, {}, 5).value();
  const json view = engine::client_view(*game, engine::Viewer::of(0));
  engine::Rng rng(1);
  ASSERT_TRUE(costa_ruana_entry().determinize(view, 0, rng).ok());
  const auto refused = [&](json v, engine::Seat seat, const char* why) {
    auto d = costa_ruana_entry().determinize(v, seat, rng);
    ASSERT_FALSE(d.ok()) << why;
    EXPECT_EQ(d.error().rule, "bad_view") << why;
  };
  refused(json{{"game", kCostaRuana}}, 0, "an empty view");
  refused(json::array(), 0, "not an object");
  refused(view, 1, "another seat's view");
  json v = view;
  v["islands"].erase(0);
  refused(v, 0, "an island missing");
  v = view;
  v["you"]["hand"][0]["id"] = "CR99";
  refused(v, 0, "an unknown card");
  v = view;
  v["islands"][0]["treasures"] = 40;
  refused(v, 0, "more treasures than the game has");
  v = view;
  v["pile"] = v["pile"].get<int>() + 1;
  refused(v, 0, "a pile larger than the unseen cards");
}

TEST(CostaRuanaEvaluation, FinalMarginDecidesAFinishedGame) {
  for (int n : {2, 4, 6}) {
    auto game = engine::default_registry().create(kCostaRuana, n, {}, 40 + n).value();
    engine::Rng rng(n);
    while (!game->over()) {
      const auto seat = game->to_act().front();
      const auto moves = game->legal_actions(seat);
      ASSERT_TRUE(game->apply(seat, moves[rng.below(moves.size())]).ok());
    }
    const auto outcome = game->outcome().value();
    for (engine::Seat seat = 0; seat < n; ++seat) {
      int best_other = -1000;
      for (engine::Seat other = 0; other < n; ++other)
        if (other != seat) best_other = std::max(best_other, outcome.scores[other]);
      EXPECT_EQ(*game->evaluate(seat), outcome.scores[seat] - best_other)
          << n << " players, seat " << seat;
      EXPECT_EQ(*game->evaluate(seat) > 0,
                outcome.places[seat] == 1 &&
                    std::count(outcome.places.begin(), outcome.places.end(), 1) == 1 &&
                    outcome.scores[seat] > best_other);
    }
  }
}

TEST(CostaRuanaEvaluation, VictoryPointsAsAMarginInPlay) {
  // Set-up done, two players: the evaluation is antisymmetric, and its unit is the game's points (a
  // treasure in the hut is 2, a native back in reserve 1).
  auto s = cr::Rules::setup(2, {}, 3).value();
  engine::Rng rng(4);
  while (s.phase == cr::Phase::setup) {
    const auto seat = cr::Rules::to_act(s).front();
    const auto moves = cr::Rules::legal_actions(s, seat);
    ASSERT_TRUE(cr::Rules::apply(s, seat, moves[rng.below(moves.size())]).ok());
  }
  const int base = cr::Rules::evaluate(s, 0);
  EXPECT_EQ(cr::Rules::evaluate(s, 1), -base);
  auto richer = s;
  richer.players[0].hut += 1;
  EXPECT_EQ(cr::Rules::evaluate(richer, 0), base + 2) << "a treasure is worth 2";
  EXPECT_EQ(cr::Rules::evaluate(richer, 1), -base - 2);
  auto rested = s;
  rested.players[1].reserve += 1;
  EXPECT_EQ(cr::Rules::evaluate(rested, 0), base - 1)
      << "a native in the other's reserve is worth 1 to them";
}

TEST(CostaRuanaStrategies, ValidMovesWithinBudgetOnRandomPositions) {
  auto positions = random_positions(kCostaRuana, 24, 31);
  ASSERT_GE(positions.size(), 15u);
  StrategyOptions budget;
  budget.think_ms = 100;
  for (const auto& name : archipel::bots::strategy_names()) {
    auto strategy = make_strategy(name, budget);
    engine::Rng rng(3);
    for (const auto& p : positions) {
      const json view = engine::client_view(*p.game, engine::Viewer::of(p.seat));
      const auto start = std::chrono::steady_clock::now();
      const std::size_t index = strategy->choose(kCostaRuana, view, p.seat, rng);
      const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::steady_clock::now() - start);
      ASSERT_LT(index, view["legal"].size()) << name;
      EXPECT_LT(ms.count(), 400) << name << " took " << ms.count()
                                 << " ms";  // 100 asked; a loaded machine
      EXPECT_TRUE(p.game->clone()->apply(p.seat, view["legal"][index]["action"]).ok()) << name;
    }
  }
}

// Two different true states behind the same seat view: the decision cannot differ.
TEST(CostaRuanaStrategies, DecisionIgnoresOtherSeatsHiddenInformation) {
  auto positions = random_positions(kCostaRuana, 12, 37);
  StrategyOptions fixed;
  fixed.iterations = 40;  // no time budget: deterministic for a given generator
  int compared = 0;
  for (const auto& p : positions) {
    const json view = engine::client_view(*p.game, engine::Viewer::of(p.seat));
    engine::Rng other_world(99);
    auto alternative = costa_ruana_entry().determinize(view, p.seat, other_world);
    ASSERT_TRUE(alternative.ok()) << alternative.error().message;
    const auto& twin = alternative.value();
    ASSERT_NE(twin->to_json(), p.game->to_json());  // a different true state...
    const json twin_view = engine::client_view(*twin, engine::Viewer::of(p.seat));
    ASSERT_EQ(twin_view, view);  // ...with the same view
    for (const auto& name : archipel::bots::strategy_names()) {
      auto a = make_strategy(name, fixed);
      auto b = make_strategy(name, fixed);
      engine::Rng ra(1234), rb(1234);
      EXPECT_EQ(a->choose(kCostaRuana, view, p.seat, ra),
                b->choose(kCostaRuana, twin_view, p.seat, rb))
          << name;
    }
    ++compared;
  }
  EXPECT_GE(compared, 8);
}

}  // namespace
}  // namespace archipel::testing::bots
