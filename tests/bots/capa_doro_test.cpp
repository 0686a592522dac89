// Capa d'Oro's bot support (engine/capa_doro/capa_doro_bot.cpp): the sampler keeps everything a
// viewer knows (the whole public state: nothing in Capa d'Oro is private to a seat), redistributes
// only what nobody knows (the order of the bag, of the event pile and of the B and C piles) and
// conserves every count; the evaluation is in the unit engine/core/game.hpp states (victory points,
// as a margin over the best other seat; the exact final margin once over); and no strategy's
// decision depends on the hidden order behind a view.

#include <algorithm>
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "bots/strategy.hpp"
#include "engine/core/client_views.hpp"
#include "engine/core/registry.hpp"
#include "tests/bots/positions.hpp"

namespace archipel::testing::bots {
namespace {

using archipel::bots::make_strategy;
using archipel::bots::StrategyOptions;
using nlohmann::json;

const engine::GameEntry& capa_doro() {
  return *engine::default_registry().find("capa-doro");
}

/// A list's items as a sorted multiset (their order dropped).
std::vector<std::string> sorted_items(const json& list) {
  std::vector<std::string> out;
  for (const auto& item : list) out.push_back(item.dump());
  std::sort(out.begin(), out.end());
  return out;
}

constexpr const char* kHiddenLists[] = {"bag", "event_pile", "a_box", "b_pile", "c_pile"};

TEST(CapaDoroSampler, SampledStateShowsTheSameView) {
  ASSERT_TRUE(capa_doro().determinize);
  // Random walks of 0-159 steps end about a third of the games: 40 walks leave 20 or more running.
  auto positions = random_positions("capa-doro", 40, 5);
  ASSERT_GE(positions.size(), 20u);
  for (const auto& p : positions) {
    for (engine::Seat seat = 0; seat < p.game->num_seats(); ++seat) {
      const json view = engine::client_view(*p.game, engine::Viewer::of(seat));
      for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        engine::Rng rng(seed);
        auto sample = capa_doro().determinize(view, seat, rng);
        ASSERT_TRUE(sample.ok()) << sample.error().message;
        ASSERT_EQ(engine::client_view(*sample.value(), engine::Viewer::of(seat)), view)
            << "seed " << seed;
        // Every other viewer sees the same too: nothing is private to a seat.
        ASSERT_EQ(sample.value()->view(engine::Viewer::spectator()),
                  p.game->view(engine::Viewer::spectator()));
      }
    }
  }
}

// What the viewer knows stays exactly as it is; only the hidden orders move, their contents (which
// bales and beetles are in the bag, which cards in each pile) are those of the true state, and the
// generator is new.
TEST(CapaDoroSampler, KeepsTheKnownRedistributesTheUnknownConservesCounts) {
  auto positions = random_positions("capa-doro", 30, 17);
  ASSERT_GE(positions.size(), 20u);
  int reordered = 0, orders = 0;
  for (const auto& p : positions) {
    const engine::Seat seat = p.seat;
    const json truth = p.game->to_json();
    json truth_public = truth;
    truth_public.erase("hidden");
    const json view = engine::client_view(*p.game, engine::Viewer::of(seat));
    std::map<std::string, std::set<std::string>> seen_orders;
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      engine::Rng rng(seed);
      auto sample = capa_doro().determinize(view, seat, rng);
      ASSERT_TRUE(sample.ok()) << sample.error().message;
      const json full = sample.value()->to_json();
      json sample_public = full;
      sample_public.erase("hidden");
      EXPECT_EQ(sample_public, truth_public) << "the public state is kept as is";
      for (const char* list : kHiddenLists) {
        EXPECT_EQ(sorted_items(full["hidden"][list]), sorted_items(truth["hidden"][list]))
            << list << ": the same contents as the true state";
        seen_orders[list].insert(full["hidden"][list].dump());
      }
      EXPECT_NE(full["hidden"]["rng"], truth["hidden"]["rng"])
          << "a new generator, not the true one";
      // The counts the view gives are the sample's.
      std::map<int, int> bag;
      for (const auto& item : full["hidden"]["bag"]) ++bag[item.get<int>()];
      const char* kinds[] = {"orange", "grey", "brown", "gold", "beetle"};
      for (int k = 0; k < 5; ++k) EXPECT_EQ(bag[k], view["bag"][kinds[k]].get<int>()) << kinds[k];
      EXPECT_EQ(full["hidden"]["event_pile"].size(), view["event_pile"].get<std::size_t>());
      EXPECT_EQ(full["hidden"]["b_pile"].size(), view["b_pile"].get<std::size_t>());
      EXPECT_EQ(full["hidden"]["c_pile"].size(), view["c_pile"].get<std::size_t>());
    }
    // The shuffled lists (the A box is out of the game: its order never matters) take several
    // orders.
    for (const char* list : {"bag", "event_pile", "b_pile", "c_pile"}) {
      const auto items = sorted_items(truth["hidden"][list]);
      if (items.size() < 3 || items.front() == items.back()) continue;  // one order only
      ++orders;
      if (seen_orders[list].size() > 1) ++reordered;
    }
  }
  ASSERT_GT(orders, 40);
  EXPECT_EQ(reordered, orders)
      << "every pile of 3 or more items, not all alike, is reshuffled across 8 samples";
}

TEST(CapaDoroSampler, RejectsABadOrInconsistentView) {
  engine::Rng rng(1);
  EXPECT_FALSE(capa_doro().determinize(json{{"game", "capa-doro"}}, 0, rng).ok());
  EXPECT_FALSE(capa_doro().determinize(json::array(), 0, rng).ok());
  auto game = engine::default_registry().create("capa-doro", 3, {}, 9).value();
  const json view = engine::client_view(*game, engine::Viewer::of(0));
  ASSERT_TRUE(capa_doro().determinize(view, 0, rng).ok());
  EXPECT_FALSE(capa_doro().determinize(view, 3, rng).ok()) << "no seat 4 at a 3-player table";
  json extra_bale = view;
  extra_bale["bag"]["orange"] = view["bag"]["orange"].get<int>() + 1;  // 113 bales
  EXPECT_FALSE(capa_doro().determinize(extra_bale, 0, rng).ok());
  json short_pile = view;
  short_pile["b_pile"] = view["b_pile"].get<int>() - 1;  // a B card nowhere
  EXPECT_FALSE(capa_doro().determinize(short_pile, 0, rng).ok());
  json short_events = view;
  short_events["event_pile"] = view["event_pile"].get<int>() + 1;  // an event card twice
  EXPECT_FALSE(capa_doro().determinize(short_events, 0, rng).ok());
}

/// Plays random legal moves to the end.
engine::GamePtr finished_game(int seats, std::uint64_t seed) {
  auto game = engine::default_registry().create("capa-doro", seats, {}, seed).value();
  engine::Rng rng(seed + 1);
  while (!game->over()) {
    const auto seat = game->to_act().front();
    const auto moves = game->legal_actions(seat);
    if (!game->apply(seat, moves[rng.below(moves.size())]).ok()) return nullptr;
  }
  return game;
}

TEST(CapaDoroEvaluation, FinishedGameIsTheExactPointMargin) {
  for (int seats = 2; seats <= 4; ++seats) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto game = finished_game(seats, 100 * seats + seed);
      ASSERT_TRUE(game);
      const auto outcome = game->outcome().value();
      for (engine::Seat s = 0; s < seats; ++s) {
        int best_other = -1;
        for (engine::Seat o = 0; o < seats; ++o)
          if (o != s) best_other = std::max(best_other, outcome.scores[o]);
        EXPECT_EQ(*game->evaluate(s), outcome.scores[s] - best_other)
            << seats << " players, seat " << s;
      }
      // The winner (place 1) never evaluates below zero, a seat behind on points always below.
      for (engine::Seat s = 0; s < seats; ++s) {
        if (outcome.places[s] == 1) {
          EXPECT_GE(*game->evaluate(s), 0);
        }
        if (outcome.scores[s] < outcome.scores[outcome.ranking[0]]) {
          EXPECT_LT(*game->evaluate(s), 0);
        }
      }
    }
  }
}

// During the game the value is in points too: the point margin, moved by at most what the open
// cigar cards (their points) and the coins could add; with two players it is antisymmetric up to
// rounding.
TEST(CapaDoroEvaluation, MidGameValueIsInPointsAndAntisymmetricAtTwo) {
  const auto positions = random_positions("capa-doro", 60, 29);
  const json catalogue =
      engine::default_registry().create("capa-doro", 2, {}, 1).value()->static_data()["cigars"];
  std::map<std::string, int> card_points;
  for (const auto& c : catalogue) card_points[c["id"].get<std::string>()] = c["points"].get<int>();
  int checked = 0, two = 0;
  for (const auto& p : positions) {
    const json view = p.game->view(engine::Viewer::spectator());
    const int seats = p.game->num_seats();
    std::vector<int> points(seats), extra(seats);
    for (int s = 0; s < seats; ++s) {
      const json& pj = view["players"][s];
      points[s] = pj["points"];
      int open = 0;
      for (const auto& slot : pj["cigars"])
        if (!slot["top_done"].get<bool>())
          open += card_points[slot["cards"].back().get<std::string>()];
      extra[s] = open + pj["coins"].get<int>() / 4 +
                 1;  // recipe share <= 60% of a card's points, coins 0.15
    }
    for (engine::Seat s = 0; s < seats; ++s) {
      int best_points = -1, best_projected = -1;
      for (engine::Seat o = 0; o < seats; ++o) {
        if (o == s) continue;
        best_points = std::max(best_points, points[o]);
        best_projected = std::max(best_projected, points[o] + extra[o]);
      }
      const int value = *p.game->evaluate(s);
      EXPECT_LE(value, points[s] + extra[s] - best_points);
      EXPECT_GE(value, points[s] - best_projected);
      ++checked;
    }
    if (seats == 2) {
      EXPECT_LE(std::abs(*p.game->evaluate(0) + *p.game->evaluate(1)), 1);
      ++two;
    }
  }
  EXPECT_GE(checked, 60);
  EXPECT_GE(two, 5);
}

// Two different true states behind the same view (another bag order, other piles): no strategy
// decides differently.
TEST(CapaDoroHiddenState, DecisionIgnoresTheHiddenOrder) {
  auto positions = random_positions("capa-doro", 12, 21);
  StrategyOptions fixed;
  fixed.iterations = 40;  // no time budget: deterministic for a given generator
  int compared = 0;
  for (const auto& p : positions) {
    const json view = engine::client_view(*p.game, engine::Viewer::of(p.seat));
    engine::Rng other_world(99);
    auto alternative = capa_doro().determinize(view, p.seat, other_world);
    ASSERT_TRUE(alternative.ok()) << alternative.error().message;
    const auto& twin = alternative.value();
    ASSERT_NE(twin->to_json(), p.game->to_json());  // a different true state...
    const json twin_view = engine::client_view(*twin, engine::Viewer::of(p.seat));
    ASSERT_EQ(twin_view, view);  // ...with the same view
    for (const auto& name : archipel::bots::strategy_names()) {
      auto a = make_strategy(name, fixed);
      auto b = make_strategy(name, fixed);
      engine::Rng ra(1234), rb(1234);
      EXPECT_EQ(a->choose("capa-doro", view, p.seat, ra),
                b->choose("capa-doro", twin_view, p.seat, rb))
          << name;
    }
    ++compared;
  }
  EXPECT_GE(compared, 8);
}

// The hidden order matters to the future: the same move from the true state and from a sample
// leads, after the roll, to different draws in at least some positions (so a bot that read the true
// order would play better; the sampler does not give it away).
TEST(CapaDoroHiddenState, SamplesDoNotRevealTheNextDraws) {
  int rolls = 0, differ = 0;
  for (std::uint64_t seed = 1; seed <= 40 && rolls < 20; ++seed) {
    auto game = engine::default_registry().create("capa-doro", 3, {}, seed).value();
    engine::Rng walk(seed);
    // Advance to a roll.
    for (int k = 0; k < 200 && !game->over(); ++k) {
      const auto seat = game->to_act().front();
      const auto moves = game->legal_actions(seat);
      if (k > 10 && moves.size() == 1 && moves[0]["type"] == "roll") break;
      ASSERT_TRUE(game->apply(seat, moves[walk.below(moves.size())]).ok());
    }
    if (game->over()) continue;
    const auto seat = game->to_act().front();
    if (game->legal_actions(seat)[0]["type"] != "roll") continue;
    engine::Rng rng(seed * 7);
    auto sample = capa_doro()
                      .determinize(engine::client_view(*game, engine::Viewer::of(seat)), seat, rng)
                      .value();
    auto real = game->clone();
    ASSERT_TRUE(real->apply(seat, json{{"type", "roll"}}).ok());
    ASSERT_TRUE(sample->apply(seat, json{{"type", "roll"}}).ok());
    ++rolls;
    if (real->view(engine::Viewer::spectator()) != sample->view(engine::Viewer::spectator()))
      ++differ;
  }
  ASSERT_GE(rolls, 10);
  EXPECT_GE(differ * 10, rolls * 8) << differ << " of " << rolls;
}

}  // namespace
}  // namespace archipel::testing::bots
