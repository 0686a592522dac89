// Santa Maria's bot support (engine/santa_maria/santa_maria_bot.cpp) as the strategies use it,
// through the registry: the sampler (determinize) keeps everything the viewer knows and deals anew
// only what it does not (the tile piles' order, the ship pile and the other seats' port ships, the
// scholars and bishops in the box), conserving every count; the evaluation is the projected margin
// in the game's own points over the best other seat (solo: over the 100-point target), exact once
// the game is over; and a strategy's decision cannot depend on what its seat does not see.

#include <algorithm>
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "bots/strategy.hpp"
#include "engine/core/client_views.hpp"
#include "engine/core/registry.hpp"

namespace archipel::testing::bots {
namespace {

using archipel::bots::make_strategy;
using archipel::bots::StrategyOptions;
using engine::Json;
using nlohmann::json;

const char* kSantaMaria = "santa-maria";

const engine::GameEntry& santa_maria_entry() {
  const auto* e = engine::default_registry().find(kSantaMaria);
  EXPECT_TRUE(e && e->determinize && e->restore);
  return *e;
}

// Random legal moves, the free actions (sell, buy, Logistics moves) only now and then, so that a
// few hundred moves reach the later years (ships in ports, monks placed, tiles gone from the
// piles).
Json pick(const std::vector<Json>& moves, engine::Rng& rng) {
  std::vector<const Json*> main;
  for (const auto& m : moves) {
    const std::string type = m["type"];
    if (type != "sell" && type != "buy" && type != "move") main.push_back(&m);
  }
  if (main.empty() || rng.below(10) == 0) return moves[rng.below(moves.size())];
  return *main[rng.below(main.size())];
}

struct Position {
  engine::GamePtr game;
  int players = 0;
};

/// Games of 1-4 players (options varied), each stopped between `lo` and `hi` percent of its own
/// length: a random game is played to the end first, then replayed up to the chosen step.
std::vector<Position> positions(int count, std::uint64_t seed, int lo, int hi) {
  engine::Rng rng(seed);
  std::vector<Position> out;
  for (int i = 0; i < count; ++i) {
    const int players = 1 + i % 4;
    engine::Options options;
    if (players > 1 && rng.below(2)) options["setup"] = "advanced";
    if (players > 1 && rng.below(2)) options["blue_dice"] = "shared";
    if (players > 1 && rng.below(2)) options["colonies"] = "choose";
    auto create = [&] {
      return engine::default_registry()
          .create(kSantaMaria, players, options, seed * 1000 + i)
          .value();
    };
    auto game = create();
    std::vector<std::pair<engine::Seat, Json>> played;
    while (!game->over()) {
      const auto seat = game->to_act().front();
      Json action = pick(game->legal_actions(seat), rng);
      if (!game->apply(seat, action).ok()) break;
      played.emplace_back(seat, std::move(action));
    }
    const auto length = static_cast<int>(played.size());
    const int stop = length * (lo + static_cast<int>(rng.below(hi - lo))) / 100;
    auto position = create();
    for (int k = 0; k < stop; ++k) position->apply(played[k].first, played[k].second);
    if (!position->over()) out.push_back(Position{std::move(position), players});
  }
  return out;
}

std::multiset<std::string> strings(const json& list) {
  std::multiset<std::string> out;
  for (const auto& s : list) out.insert(s.get<std::string>());
  return out;
}

/// The ships `viewer` cannot see: the pile and every other seat's port, as a multiset of ids.
std::multiset<std::string> unseen_ships(const json& full, int viewer) {
  auto out = strings(full["ship_pile"]);
  for (std::size_t seat = 0; seat < full["players"].size(); ++seat)
    if (static_cast<int>(seat) != viewer)
      for (const auto& [dock, ships] : full["players"][seat]["ships"].items())
        for (const auto& s : ships) out.insert(s.get<std::string>());
  return out;
}

TEST(SantaMariaSampler, SampledStateShowsTheSameViewAndIsValid) {
  int checked = 0;
  for (const auto& p : positions(12, 3, 0, 100)) {
    for (engine::Seat seat = 0; seat < p.game->num_seats(); ++seat) {
      const json view = engine::client_view(*p.game, engine::Viewer::of(seat));
      for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        engine::Rng rng(seed);
        auto sample = santa_maria_entry().determinize(view, seat, rng);
        ASSERT_TRUE(sample.ok()) << sample.error().message;
        ASSERT_EQ(engine::client_view(*sample.value(), engine::Viewer::of(seat)), view)
            << "seed " << seed;
        EXPECT_TRUE(sample.value()->invariant_violations().empty());
        // A full state that the engine's own reader takes back (every count conserved).
        auto restored = santa_maria_entry().restore(sample.value()->to_json());
        ASSERT_TRUE(restored.ok()) << restored.error().message;
        EXPECT_EQ(sample.value()->to_act(), p.game->to_act());
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 100);
}

TEST(SantaMariaSampler, KeepsWhatTheViewerKnowsAndDealsOnlyTheUnseen) {
  int with_hidden_ports = 0;
  for (const auto& p : positions(16, 7, 30, 100)) {
    const json truth = p.game->to_json();
    for (engine::Seat seat = 0; seat < p.game->num_seats(); ++seat) {
      const json view = engine::client_view(*p.game, engine::Viewer::of(seat));
      std::set<std::string> arrangements;  // the unseen parts as dealt
      bool others_have_ships = false;
      for (std::size_t other = 0; other < truth["players"].size(); ++other)
        if (static_cast<int>(other) != seat)
          for (const auto& [dock, ships] : truth["players"][other]["ships"].items())
            others_have_ships |= !ships.empty();
      for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        engine::Rng rng(seed);
        const json sample = santa_maria_entry().determinize(view, seat, rng).value()->to_json();
        // What nobody sees is dealt from exactly the same things: same tiles in each pile, same
        // boxed scholars and bishops (as sets: their order is unknown).
        for (const char* key : {"pile_doubles", "pile_triples", "box_scholars", "box_bishops"}) {
          auto a = strings(sample[key]), b = strings(truth[key]);
          EXPECT_EQ(a, b) << key;
        }
        // The seat's own port, ship for ship and in order; other ports keep their counts per dock.
        EXPECT_EQ(sample["players"][seat]["ships"], truth["players"][seat]["ships"]);
        for (std::size_t other = 0; other < truth["players"].size(); ++other)
          EXPECT_EQ(sample["players"][other]["port"], truth["players"][other]["port"]);
        // The ships it cannot see are the same ones, shared out anew between the pile and other
        // ports.
        EXPECT_EQ(unseen_ships(sample, seat), unseen_ships(truth, seat));
        // Public things are untouched.
        for (const char* key :
             {"offer", "docks", "scholars", "bishops", "white", "blue_pool", "tasks", "lots"})
          EXPECT_EQ(sample[key], truth[key]) << key;
        EXPECT_NE(sample["rng"], truth["rng"])
            << "the sample's generator reveals nothing of the true one";
        json hidden{sample["pile_doubles"], sample["pile_triples"], sample["ship_pile"]};
        for (std::size_t other = 0; other < sample["players"].size(); ++other)
          if (static_cast<int>(other) != seat) hidden.push_back(sample["players"][other]["ships"]);
        arrangements.insert(hidden.dump());
      }
      // The unseen parts are really redistributed, not copied from the truth.
      EXPECT_GT(arrangements.size(), 1u);
      if (others_have_ships) ++with_hidden_ports;
    }
  }
  EXPECT_GE(with_hidden_ports, 3) << "positions where another seat's port hides ships";
}

TEST(SantaMariaSampler, OtherSeatsPortShipsAreRedealt) {
  // A seat whose opponent holds port ships: over several samples those ships change.
  int seen = 0;
  for (const auto& p : positions(24, 11, 60, 100)) {
    if (p.players < 2) continue;
    const json truth = p.game->to_json();
    int count = 0;
    for (const auto& [dock, ships] : truth["players"][1]["ships"].items())
      count += static_cast<int>(ships.size());
    if (count == 0 || truth["ship_pile"].empty()) continue;
    const json view = engine::client_view(*p.game, engine::Viewer::of(0));
    EXPECT_FALSE(view["players"][1].contains("ships")) << "seat 0 sees only seat 1's counts";
    std::set<std::string> ports;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      engine::Rng rng(seed);
      ports.insert(santa_maria_entry()
                       .determinize(view, 0, rng)
                       .value()
                       ->to_json()["players"][1]["ships"]
                       .dump());
    }
    EXPECT_GT(ports.size(), 1u);
    ++seen;
  }
  EXPECT_GE(seen, 2);
}

TEST(SantaMariaSampler, RejectsABadView) {
  engine::Rng rng(1);
  EXPECT_FALSE(santa_maria_entry().determinize(json{{"game", kSantaMaria}}, 0, rng).ok());
  EXPECT_FALSE(santa_maria_entry().determinize(json::array(), 0, rng).ok());
  auto game = engine::default_registry().create(kSantaMaria, 2, {}, 9).value();
  json view = engine::client_view(*game, engine::Viewer::of(0));
  ASSERT_TRUE(santa_maria_entry().determinize(view, 0, rng).ok());
  EXPECT_FALSE(santa_maria_entry().determinize(view, 2, rng).ok()) << "a seat out of range";
  json bad = view;
  bad["pile_sizes"]["doubles"] = bad["pile_sizes"]["doubles"].get<int>() + 1;
  auto refused = santa_maria_entry().determinize(bad, 0, rng);
  ASSERT_FALSE(refused.ok()) << "more face-down tiles than the tiles seen allow";
  EXPECT_EQ(refused.error().rule, "bad_view");
  bad = view;
  bad["pile_sizes"]["ships"] = 0;
  EXPECT_FALSE(santa_maria_entry().determinize(bad, 0, rng).ok())
      << "the ship pile must hold the unseen ships";
}

/// A finished game of `players` (random moves, free actions damped).
engine::GamePtr finished(int players, std::uint64_t seed) {
  auto game = engine::default_registry().create(kSantaMaria, players, {}, seed).value();
  engine::Rng rng(seed);
  while (!game->over()) {
    const auto seat = game->to_act().front();
    EXPECT_TRUE(game->apply(seat, pick(game->legal_actions(seat), rng)).ok());
  }
  return game;
}

TEST(SantaMariaEvaluation, FinishedGameIsTheExactMarginInPoints) {
  for (int players = 2; players <= 4; ++players) {
    auto game = finished(players, 40 + players);
    const auto outcome = game->outcome().value();
    for (engine::Seat seat = 0; seat < players; ++seat) {
      int best = -1 << 30;
      for (engine::Seat other = 0; other < players; ++other)
        if (other != seat) best = std::max(best, outcome.scores[other]);
      EXPECT_EQ(*game->evaluate(seat), outcome.scores[seat] - best)
          << players << " players, seat " << seat;
      // Its sign says who won: a positive margin only for the winner, a negative one never for a
      // winner.
      if (*game->evaluate(seat) > 0) {
        EXPECT_EQ(outcome.places[seat], 1);
      }
      if (*game->evaluate(seat) < 0) {
        EXPECT_NE(outcome.places[seat], 1);
      }
    }
  }
}

TEST(SantaMariaEvaluation, SoloIsTheMarginOverTheTarget) {
  auto game = finished(1, 77);
  const auto outcome = game->outcome().value();
  EXPECT_EQ(*game->evaluate(0), outcome.scores[0] - 100);
  EXPECT_EQ(*game->evaluate(0) >= 0, outcome.solo_won.value());
}

TEST(SantaMariaEvaluation, MidGameMarginIsInPointsAndAntisymmetric) {
  for (const auto& p : positions(8, 21, 10, 90)) {
    if (p.players != 2) continue;
    EXPECT_EQ(*p.game->evaluate(0), -*p.game->evaluate(1))
        << "two seats: one's margin is the other's loss";
    // The unit is the game's points: 5 more points for seat 0 is exactly 5 more on its evaluation.
    json state = p.game->to_json();
    state["players"][0]["points"] = state["players"][0]["points"].get<int>() + 5;
    auto richer = santa_maria_entry().restore(state);
    ASSERT_TRUE(richer.ok()) << richer.error().message;
    EXPECT_EQ(*richer.value()->evaluate(0), *p.game->evaluate(0) + 5);
    EXPECT_EQ(*richer.value()->evaluate(1), *p.game->evaluate(1) - 5);
  }
}

// Two different true states behind the same seat view: no strategy's decision can differ.
TEST(SantaMariaHiddenState, DecisionIgnoresOtherSeatsHiddenInformation) {
  StrategyOptions fixed;
  fixed.iterations = 8;  // no time budget: deterministic for a given generator
  int compared = 0;
  for (const auto& p : positions(6, 31, 10, 90)) {
    const auto seat = p.game->to_act().front();
    const json view = engine::client_view(*p.game, engine::Viewer::of(seat));
    engine::Rng other_world(99);
    auto twin = santa_maria_entry().determinize(view, seat, other_world);
    ASSERT_TRUE(twin.ok()) << twin.error().message;
    ASSERT_NE(twin.value()->to_json(), p.game->to_json());  // a different true state...
    const json twin_view = engine::client_view(*twin.value(), engine::Viewer::of(seat));
    ASSERT_EQ(twin_view, view);  // ...with the same view
    for (const auto& name : archipel::bots::strategy_names()) {
      auto a = make_strategy(name, fixed);
      auto b = make_strategy(name, fixed);
      engine::Rng ra(1234), rb(1234);
      EXPECT_EQ(a->choose(kSantaMaria, view, seat, ra), b->choose(kSantaMaria, twin_view, seat, rb))
          << name;
    }
    ++compared;
  }
  EXPECT_GE(compared, 4);
}

TEST(SantaMariaHiddenState, ViewsShowOtherPortsAsCountsOnlyUntilTheEnd) {
  auto game = finished(3, 5);
  for (engine::Seat seat = 0; seat < 3; ++seat) {
    const json view = engine::client_view(*game, engine::Viewer::of(seat));
    for (int other = 0; other < 3; ++other)
      EXPECT_TRUE(view["players"][other].contains("ships")) << "all turned over at the end";
  }
  for (const auto& p : positions(8, 41, 30, 100)) {
    for (engine::Seat seat = 0; seat < p.game->num_seats(); ++seat) {
      const json view = engine::client_view(*p.game, engine::Viewer::of(seat));
      for (engine::Seat other = 0; other < p.game->num_seats(); ++other) {
        EXPECT_FALSE(view["players"][other].contains("ships"));
        EXPECT_TRUE(view["players"][other].contains("port"));
      }
      // The seat's own ship ids are in its private part.
      EXPECT_EQ(view["you"]["seat"], seat);
      EXPECT_TRUE(view["you"]["ships"].is_object());
      for (const char* key :
           {"pile_doubles", "pile_triples", "ship_pile", "box_scholars", "box_bishops", "rng"})
        EXPECT_FALSE(view.contains(key)) << key;
    }
  }
}

}  // namespace
}  // namespace archipel::testing::bots
