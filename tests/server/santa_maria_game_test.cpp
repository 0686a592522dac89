// Santa Maria end to end: four clients (the largest table) play a whole game over real WebSockets through
// the default registry, colonies chosen (so the pick phase goes over the wire too); every patch is checked
// against the version chain, and the final `over` message (scores, ranking, places) equals the engine's own
// outcome for the same seed and the same actions, replayed here without a server.

#include <gtest/gtest.h>

#include "engine/core/registry.hpp"
#include "engine/core/rng.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

constexpr std::uint64_t kSeed = 5151;
constexpr int kPlayers = 4;

// Random legal moves, but the free actions (sell, buy, Logistics moves) only now and then: uniform
// choices would spend most of the game selling and buying back, which tests nothing more.
std::size_t pick(const json& legal, engine::Rng& chooser) {
  std::vector<std::size_t> main;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const std::string type = legal[i]["action"]["type"];
    if (type != "sell" && type != "buy" && type != "move") main.push_back(i);
  }
  if (main.empty() || chooser.below(10) == 0) return chooser.below(legal.size());
  return main[chooser.below(main.size())];
}

TEST(SantaMariaOverSockets, FourPlayersPlayAFullGameAndOverMatchesTheEngine) {
  auto config = TestServer::default_config();
  config.rate_per_second = 1000;  // four scripted players move far faster than people do
  config.rate_burst = 1000;
  TestServer server(engine::default_registry(), "", config, kSeed);

  std::vector<std::unique_ptr<TestClient>> clients;
  const std::vector<std::string> names{"Anna", "Eric", "David", "Maria"};
  for (const auto& name : names) {
    clients.push_back(std::make_unique<TestClient>(server.port()));
    clients.back()->hello(name);
  }
  const std::int64_t room = open_room(*clients[0], {clients[1].get(), clients[2].get(), clients[3].get()},
                                      "/create santa-maria colonies=choose");
  clients[0]->chat("/start");

  // Seats follow the order the joins arrived in: index everything by seat from here on.
  std::vector<json> views(kPlayers);
  std::vector<std::int64_t> versions(kPlayers);
  std::vector<std::unique_ptr<TestClient>> by_seat(kPlayers);
  for (auto& client : clients) {
    json state = client->expect("state");
    const int seat = state["seat"];
    ASSERT_FALSE(by_seat[seat]) << "two clients in seat " << seat;
    views[seat] = state["view"];
    versions[seat] = state["version"];
    by_seat[seat] = std::move(client);
  }
  clients = std::move(by_seat);
  ASSERT_EQ(views[0]["phase"], "colony") << "colonies=choose starts with the picks";

  std::vector<std::pair<engine::Seat, engine::Json>> log;
  engine::Rng chooser(11);
  int steps = 0;
  while (!views[0]["to_act"].empty()) {
    ASSERT_LT(steps, 6000) << "the game does not end";
    const json& to_act = views[0]["to_act"];
    const int seat = to_act[chooser.below(to_act.size())];
    const json& legal = views[seat]["legal"];
    ASSERT_FALSE(legal.empty()) << "seat " << seat << " must act but has no legal move";
    for (int other = 0; other < kPlayers; ++other) {
      if (other != seat) {
        ASSERT_TRUE(views[other]["legal"].empty()) << "seat " << other << " sees moves out of turn";
      }
    }
    const json action = legal[pick(legal, chooser)]["action"];
    clients[seat]->send(json{{"type", "action"}, {"room", room}, {"action", action}});
    log.emplace_back(seat, action);
    for (int i = 0; i < kPlayers; ++i) {
      json patch = clients[i]->expect("patch");
      ASSERT_EQ(patch["from"], versions[i]);
      views[i] = views[i].patch(patch["ops"]);
      versions[i] = patch["to"];
    }
    ++steps;
  }
  for (int i = 0; i < kPlayers; ++i) {
    clients[i]->send(json{{"type", "sync"}, {"room", room}});
    EXPECT_EQ(clients[i]->expect("state")["view"], views[i]) << "seat " << i << "'s patched view drifted";
  }
  EXPECT_EQ(views[0]["phase"], "over");
  EXPECT_EQ(views[0]["year"], 3);
  json over = clients[2]->expect("over");

  auto replayed =
      engine::default_registry().create("santa-maria", kPlayers, {{"colonies", "choose"}}, kSeed);
  ASSERT_TRUE(replayed.ok());
  for (const auto& [seat, action] : log) ASSERT_TRUE(replayed.value()->apply(seat, action).ok());
  auto outcome = replayed.value()->outcome();
  ASSERT_TRUE(outcome.has_value());
  EXPECT_EQ(over["scores"].get<std::vector<int>>(), outcome->scores);
  ASSERT_EQ(over["ranking"].size(), outcome->ranking.size());
  for (std::size_t i = 0; i < outcome->ranking.size(); ++i) {
    const engine::Seat seat = outcome->ranking[i];
    EXPECT_EQ(over["ranking"][i]["seat"], seat);
    EXPECT_EQ(over["ranking"][i]["place"], outcome->places[seat]) << "seat " << seat << "'s place";
    EXPECT_EQ(over["ranking"][i]["score"], outcome->scores[seat]);
  }
  // Every client's final view holds the same breakdown, its totals the `over` scores.
  for (int i = 0; i < kPlayers; ++i)
    for (int seat = 0; seat < kPlayers; ++seat) {
      EXPECT_EQ(views[i]["final"][seat]["total"], outcome->scores[seat]);
      EXPECT_EQ(views[i]["final"][seat]["place"], outcome->places[seat]);
    }
  std::printf("[santa-maria over sockets] %d actions, scores %s\n", steps, over["scores"].dump().c_str());
}

}  // namespace
}  // namespace archipel::testing
