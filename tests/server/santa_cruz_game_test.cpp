// Santa Cruz end to end: four clients play a whole game over real WebSockets through the default registry,
// every patch is checked, and the final `over` scores equal the engine's own outcome for the same seed and
// actions, replayed here without a server.

#include <gtest/gtest.h>

#include "engine/core/registry.hpp"
#include "engine/core/rng.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

constexpr std::uint64_t kSeed = 4242;

TEST(SantaCruzOverSockets, FourPlayersPlayAFullGameAndOverMatchesTheEngine) {
  auto config = TestServer::default_config();
  config.rate_per_second = 1000;  // four scripted players move far faster than people do
  config.rate_burst = 1000;
  TestServer server(engine::default_registry(), "", config, kSeed);

  std::vector<std::unique_ptr<TestClient>> clients;
  const std::vector<std::string> names{"Anna", "Bruno", "Carla", "Dario"};
  for (const auto& name : names) {
    clients.push_back(std::make_unique<TestClient>(server.port()));
    clients.back()->hello(name);
  }
  const std::int64_t room =
      open_room(*clients[0], {clients[1].get(), clients[2].get(), clients[3].get()}, "/create santa-cruz");
  clients[0]->chat("/start");

  // Seats follow the order the joins arrived in: index everything by seat from here on.
  std::vector<json> views(4);
  std::vector<std::int64_t> versions(4);
  std::vector<std::unique_ptr<TestClient>> by_seat(4);
  for (auto& client : clients) {
    json state = client->expect("state");
    const int seat = state["seat"];
    ASSERT_FALSE(by_seat[seat]) << "two clients in seat " << seat;
    views[seat] = state["view"];
    versions[seat] = state["version"];
    by_seat[seat] = std::move(client);
  }
  clients = std::move(by_seat);

  std::vector<std::pair<engine::Seat, engine::Json>> log;
  engine::Rng chooser(7);
  int steps = 0;
  while (!views[0]["to_act"].empty()) {
    ASSERT_LT(steps, 1000) << "the game does not end";
    const json& to_act = views[0]["to_act"];
    const int seat = to_act[chooser.below(to_act.size())];
    const json& legal = views[seat]["legal"];
    ASSERT_FALSE(legal.empty()) << "seat " << seat << " must act but has no legal move";
    const json action = legal[chooser.below(legal.size())]["action"];
    clients[seat]->send(json{{"type", "action"}, {"room", room}, {"action", action}});
    log.emplace_back(seat, action);
    for (int i = 0; i < 4; ++i) {
      json patch = clients[i]->expect("patch");
      ASSERT_EQ(patch["from"], versions[i]);
      views[i] = views[i].patch(patch["ops"]);
      versions[i] = patch["to"];
    }
    ++steps;
  }
  for (int i = 0; i < 4; ++i) {
    clients[i]->send(json{{"type", "sync"}, {"room", room}});
    EXPECT_EQ(clients[i]->expect("state")["view"], views[i]) << "seat " << i << "'s patched view drifted";
  }
  json over = clients[2]->expect("over");

  auto replayed = engine::default_registry().create("santa-cruz", 4, {}, kSeed);
  ASSERT_TRUE(replayed.ok());
  for (const auto& [seat, action] : log) ASSERT_TRUE(replayed.value()->apply(seat, action).ok());
  auto outcome = replayed.value()->outcome();
  ASSERT_TRUE(outcome.has_value());
  EXPECT_EQ(over["scores"].get<std::vector<int>>(), outcome->scores);
  for (std::size_t i = 0; i < outcome->ranking.size(); ++i) EXPECT_EQ(over["ranking"][i]["seat"], outcome->ranking[i]);
  std::printf("[santa-cruz over sockets] %d actions, scores %s\n", steps, over["scores"].dump().c_str());
}

}  // namespace
}  // namespace archipel::testing
