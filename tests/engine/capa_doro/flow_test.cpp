// The game as a whole: components, registration, the /play texts the issue gives, the view and what
// it hides, the state JSON, bot support (determinize, evaluate), and seeded playouts through the
// conformance harness with this game's own conservation hook.

#include <gtest/gtest.h>

#include "engine/core/client_views.hpp"
#include "engine/core/game_of.hpp"
#include "engine/core/registry.hpp"
#include "tests/engine/capa_doro/position.hpp"
#include "tests/support/playout.hpp"

namespace archipel::testing::capa_doro {
namespace {

using cd::Column;
using cd::Phase;

TEST(CapaDoroFlow, ComponentsMatchTheBook) {
  const auto& c = cd::components();
  EXPECT_EQ(c.cigars.size(), 36u);
  EXPECT_EQ(c.cigars_of(cd::Level::a).size(), 12u);
  EXPECT_EQ(c.cigars_of(cd::Level::c).size(), 12u);
  EXPECT_EQ(c.events.size(), 16u);
  EXPECT_EQ(c.total_bales, 112);
  EXPECT_EQ(c.beetles, 8);
  EXPECT_EQ(c.continents[0].bales, 40);
  EXPECT_EQ(c.continents[3].bales, 16);
  EXPECT_EQ(c.win_points, 60);
  // Every item carries a status; the readings are there.
  const Json j = Json::parse(cd::components_json_text());
  for (const char* list : {"continents", "cigars", "events", "tiles", "readings"})
    for (const auto& item : j.at(list)) EXPECT_TRUE(item.contains("status")) << list;
  EXPECT_GE(j.at("readings").size(), 8u);
}

TEST(CapaDoroFlow, RegisteredForTwoToFourPlayers) {
  const auto* entry = engine::default_registry().find("capa-doro");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->spec->title, "Capa d'Oro");
  EXPECT_TRUE(engine::default_registry().create("capa-doro", 4, {{"events", "off"}}, 1).ok());
  EXPECT_FALSE(engine::default_registry().create("capa-doro", 1, {}, 1).ok());
}

TEST(CapaDoroFlow, PlayTextsAsTheIssueGivesThem) {
  const cd::State s = blank();
  auto text = [&](const Json& a) { return cd::Rules::action_text(s, 0, a); };
  EXPECT_EQ(text({{"type", "seed"}, {"row", "AS2"}}), "seed AS2");
  EXPECT_EQ(text({{"type", "grow"}, {"row", "SA1"}}), "grow SA1");
  EXPECT_EQ(text({{"type", "roll"}}), "roll");
  EXPECT_EQ(text({{"type", "beetle"}, {"row", "AS2"}, {"column", "growth"}}), "beetle AS2 growth");
  EXPECT_EQ(text({{"type", "beetle"}, {"stock", 2}}), "beetle stock 3");
  EXPECT_EQ(text({{"type", "eat"}, {"colour", "orange"}}), "eat orange");
  EXPECT_EQ(text({{"type", "hurricane"}, {"continent", "africa"}}), "hurricane africa");
  EXPECT_EQ(text({{"type", "customs"}, {"continent", "asia"}}), "customs asia");
  EXPECT_EQ(text({{"type", "fallow"}, {"row", "SA3"}}), "fallow SA3");
  EXPECT_EQ(text({{"type", "smuggle"}, {"seat", 2}, {"colour", "gold"}}), "smuggle 3 gold");
  EXPECT_EQ(text({{"type", "harvest"}}), "harvest");
  EXPECT_EQ(text({{"type", "sow"}, {"row", "AS2"}}), "sow AS2");
  EXPECT_EQ(text({{"type", "neutral"}, {"row", "AS2"}}), "neutral AS2");
  EXPECT_EQ(text({{"type", "buy"}, {"colour", "grey"}}), "buy grey");
  EXPECT_EQ(text({{"type", "sell"}, {"colour", "gold"}}), "sell gold");
  EXPECT_EQ(text({{"type", "cigar"}, {"card", "A07"}}), "cigar A07");
  EXPECT_EQ(text({{"type", "done"}}), "done");
  EXPECT_EQ(text(Json::array()), "?");
}

TEST(CapaDoroFlow, PlayTextParsesThroughTheRoom) {
  auto game = engine::default_registry().create("capa-doro", 2, {}, 9);
  ASSERT_TRUE(game.ok());
  const Seat seat = game.value()->to_act().front();
  auto parsed = game.value()->parse_text(seat, "SEED  as2");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed.value(), (Json{{"type", "seed"}, {"row", "AS2"}}));
}

TEST(CapaDoroFlow, ViewShowsCountsNeverTheOrders) {
  cd::State s = blank(3);
  const Json view = cd::Rules::view(s, engine::Viewer::of(1));
  EXPECT_EQ(view, cd::Rules::view(s, engine::Viewer::spectator()));
  EXPECT_EQ(view["bag"]["orange"], 32);
  EXPECT_EQ(view["bag"]["beetle"], 8);
  EXPECT_EQ(view["event_pile"], 16);
  EXPECT_EQ(view["b_pile"], 12);
  EXPECT_FALSE(view.contains("hidden"));
  for (const auto& secret : cd::Rules::secrets(s)) {
    EXPECT_FALSE(contains_string(view, secret.token)) << secret.token;
    EXPECT_FALSE(secret.known_to.has_value());
  }
  EXPECT_EQ(cd::Rules::secrets(s).size(), 16u + 12u + 12u);
  // Reordering the bag and every pile changes the state, never a view.
  engine::Rng rng(5);
  const cd::State scrambled = cd::Rules::scramble_hidden(s, engine::Viewer::of(0), rng);
  EXPECT_NE(cd::Rules::to_json(scrambled).dump(), cd::Rules::to_json(s).dump());
  EXPECT_EQ(cd::Rules::view(scrambled, engine::Viewer::of(0)).dump(), view.dump());
}

// Issue 37: an empty market has no buy price (null), never a price of 0 that a board would print;
// the sell price is still shown (the top of the track).
TEST(CapaDoroFlow, EmptyMarketShowsNoBuyPrice) {
  cd::State s = blank(3);
  s.junk[0] += s.market[0];
  s.market[0] = 0;
  const Json view = cd::Rules::view(s, engine::Viewer::spectator());
  EXPECT_TRUE(view["buy_prices"]["orange"].is_null()) << view["buy_prices"].dump();
  EXPECT_EQ(view["sell_prices"]["orange"], cd::components().continents[0].prices.front());
  EXPECT_EQ(view["buy_prices"]["grey"], cd::buy_price(s, 1));
  EXPECT_GT(view["buy_prices"]["grey"].get<int>(), 0);
  // The view reads back (determinize) with the null in it.
  engine::Rng rng(3);
  EXPECT_TRUE(cd::Rules::determinize(cd::Rules::view(s, engine::Viewer::of(0)), 0, rng).ok());
}

// Issue 37: "an orange bale", "a grey bale" in every English line that names one bale; the French
// says "une balle orange" either way.
TEST(CapaDoroFlow, LogSaysAnOrangeBale) {
  const std::vector<std::string> names{"Ann", "Bob"};
  auto en = [&](const Json& e) { return cd::Rules::describe(e, names).en; };
  auto fr = [&](const Json& e) { return cd::Rules::describe(e, names).fr; };
  const Json buy{
      {"type", "move"}, {"move", "buy"}, {"seat", 0}, {"colour", "orange"}, {"coins", 2}};
  EXPECT_EQ(en(buy), "Ann buys an orange bale for 2 coins.");
  EXPECT_EQ(fr(buy), "Ann achète une balle orange pour 2 pièces.");
  Json sell = buy;
  sell["move"] = "sell";
  sell["colour"] = "grey";
  EXPECT_EQ(en(sell), "Ann sells a grey bale for 2 coins.");
  EXPECT_EQ(en({{"type", "yield"}, {"colour", "orange"}, {"to", "market"}}),
            "An orange bale goes to the market.");
  EXPECT_EQ(en({{"type", "yield"}, {"colour", "gold"}, {"to", "CA1"}}), "A gold bale goes to CA1.");
  EXPECT_EQ(en({{"type", "eaten"}, {"seat", 1}, {"colour", "orange"}}),
            "A beetle eats an orange bale from Bob's stock.");
  EXPECT_EQ(
      en({{"type", "move"}, {"move", "smuggle"}, {"seat", 0}, {"from", 1}, {"colour", "orange"}}),
      "Ann smuggles an orange bale from Bob.");
}

TEST(CapaDoroFlow, EventsNeverNameAnUndrawnCard) {
  cd::State s = blank(3);
  next_draws(s, {0});
  force_die(s, 1);
  const auto events = must(s, 0, {{"type", "roll"}});
  for (const auto& secret : cd::Rules::secrets(s))
    for (const auto& e : events) EXPECT_FALSE(contains_string(e, secret.token)) << e.dump();
  bool drew = false;
  for (const auto& e : events) drew |= e["type"] == "event";
  EXPECT_TRUE(drew);
}

TEST(CapaDoroFlow, StaticDataHasTheBoardAndCatalogue) {
  const Json j = cd::Rules::static_data(blank());
  EXPECT_EQ(j["board"]["continents"].size(), 4u);
  EXPECT_EQ(j["board"]["continents"][1]["rows"], (Json{"SA1", "SA2", "SA3", "SA4"}));
  EXPECT_EQ(j["board"]["continents"][0]["prices"].size(), 10u);
  EXPECT_EQ(j["cigars"].size(), 36u);
  EXPECT_EQ(j["events"].size(), 16u);
}

TEST(CapaDoroFlow, DeterminizeRebuildsTheView) {
  auto game = engine::default_registry().create("capa-doro", 3, {}, 11);
  ASSERT_TRUE(game.ok());
  engine::Rng chooser(3);
  for (int step = 0; step < 60 && !game.value()->over(); ++step) {
    const Seat seat = game.value()->to_act().front();
    const auto moves = game.value()->legal_actions(seat);
    ASSERT_TRUE(game.value()->apply(seat, moves[chooser.below(moves.size())]).ok());
  }
  const Seat seat = 1;
  const Json client = engine::client_view(*game.value(), engine::Viewer::of(seat));
  engine::Rng rng(8);
  auto state = cd::Rules::determinize(client, seat, rng);
  ASSERT_TRUE(state.ok()) << state.error().message;
  Json expected = client;
  expected.erase("to_act");
  expected.erase("legal");
  EXPECT_EQ(cd::Rules::view(state.value(), engine::Viewer::of(seat)).dump(), expected.dump());
  EXPECT_EQ(cd::Rules::to_act(state.value()), game.value()->to_act());
  EXPECT_FALSE(cd::Rules::determinize(Json::array(), 0, rng).ok());
  Json broken = expected;
  broken["bag"]["orange"] = 0;
  auto refused = cd::Rules::determinize(broken, 0, rng);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().rule, "bad_view");
}

TEST(CapaDoroFlow, EvaluateIsThePointMargin) {
  cd::State s = at_action(3);
  s.players[0].points = 30;
  s.players[1].points = 20;
  s.players[2].points = 25;
  EXPECT_GT(cd::Rules::evaluate(s, 0), 0);
  EXPECT_LT(cd::Rules::evaluate(s, 1), 0);
  s.phase = Phase::over;
  s.end = cd::EndReason::tobacco;
  EXPECT_EQ(cd::Rules::evaluate(s, 0), 5);
  EXPECT_EQ(cd::Rules::evaluate(s, 1), -10);
}

// Issue 37: the bots' evaluation counts what a seat grows, else a sowing looks like coins thrown
// away and no bot grows tobacco. Plantations with bales are worth more than none, and the same
// bales are worth more the nearer they are to the stock (harvest column over seed column).
TEST(CapaDoroFlow, EvaluateCountsPlantationsAndTheirBales) {
  cd::State bare = at_action(2);
  const int nothing = cd::Rules::evaluate(bare, 0);
  cd::State growing = bare;
  put(growing, "AS1", cd::Column::growth, 0, 2);
  put(growing, "SA1", cd::Column::growth, 0, 2);
  put(growing, "AF1", cd::Column::seed, 0, 0);
  EXPECT_GT(cd::Rules::evaluate(growing, 0), nothing);
  EXPECT_LT(cd::Rules::evaluate(growing, 1), cd::Rules::evaluate(bare, 1))
      << "the other seat's plantations count against it";
  cd::State near = bare, far = bare;
  for (const char* r : {"AS1", "AS2", "SA1", "SA2", "AF1"}) {
    put(near, r, cd::Column::harvest, 0, 2);
    put(far, r, cd::Column::seed, 0, 2);
  }
  EXPECT_GT(cd::Rules::evaluate(far, 0), nothing);
  EXPECT_GT(cd::Rules::evaluate(near, 0), cd::Rules::evaluate(far, 0))
      << "ten bales a harvest away are worth more than the same ten a whole growth away";
}

TEST(CapaDoroFlow, DescribeGivesALineForEveryEvent) {
  auto game = engine::default_registry().create("capa-doro", 4, {}, 21);
  ASSERT_TRUE(game.ok());
  engine::Rng chooser(4);
  const std::vector<std::string> names{"Ann", "Bob", "Cy", "Di"};
  while (!game.value()->over()) {
    const Seat seat = game.value()->to_act().front();
    const auto moves = game.value()->legal_actions(seat);
    auto events = game.value()->apply(seat, moves[chooser.below(moves.size())]);
    ASSERT_TRUE(events.ok());
    for (const auto& e : events.value()) {
      const std::string line = game.value()->describe(e, names).en;
      EXPECT_FALSE(line.empty());
      EXPECT_NE(line, e["type"].get<std::string>()) << "no log line for " << e.dump();
      EXPECT_EQ(line.find("a orange"), std::string::npos) << line;
      EXPECT_EQ(line.find("A orange"), std::string::npos) << line;
    }
  }
}

// The conservation hook on seeded playouts of the harness, every player count and option.
void conserved(const engine::GameInstance& game, const std::vector<Json>&) {
  const auto* typed = dynamic_cast<const engine::GameOf<cd::Rules>*>(&game);
  ASSERT_NE(typed, nullptr);
  const cd::State& s = typed->state();
  int bales = 0, beetles = s.beetles_pending + s.beetles_gone;
  for (auto item : s.bag) (item == cd::kBeetle ? beetles : bales) += 1;
  for (int c = 0; c < 4; ++c) {
    bales += s.market[c] + s.junk[c] + cd::bales_on_board(s, c);
    for (const auto& p : s.players) bales += p.stock[c];
  }
  EXPECT_EQ(bales, 112);
  EXPECT_EQ(beetles, 8);
  EXPECT_TRUE(cd::Rules::check_invariants(s).empty());
}

TEST(CapaDoroFlow, SeededPlayoutsConserveEverything) {
  for (int seats = 2; seats <= 4; ++seats)
    for (const char* events : {"on", "off"}) {
      PlayoutConfig config{"capa-doro", seats, {{"events", events}}};
      for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        auto result = run_playout(engine::default_registry(), config, seed, conserved);
        EXPECT_TRUE(result.ended);
        EXPECT_GT(result.scrambles_changed, 0);
      }
    }
}

}  // namespace
}  // namespace archipel::testing::capa_doro
