// Costa Ruana end to end at its largest table: six clients play a whole game over real WebSockets through
// the default registry, every patch is checked against the version each holds, the patched views equal a fresh
// sync at the end, and the `over` message (scores, ranking, shared places) equals the engine's own outcome for
// the same seed and actions, replayed here without a server.

#include <gtest/gtest.h>

#include "engine/core/registry.hpp"
#include "engine/core/rng.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

constexpr std::uint64_t kSeed = 1313;
constexpr int kSeats = 6;

TEST(CostaRuanaOverSockets, SixPlayersPlayAFullGameAndOverMatchesTheEngine) {
  auto config = TestServer::default_config();
  config.rate_per_second = 1000;  // six scripted players move far faster than people do
  config.rate_burst = 1000;
  TestServer server(engine::default_registry(), "", config, kSeed);

  std::vector<std::unique_ptr<TestClient>> clients;
  for (const char* name : {"Antoine", "Marie", "Serge", "Lucie", "Paulo", "Ines"}) {
    clients.push_back(std::make_unique<TestClient>(server.port()));
    clients.back()->hello(name);
  }
  std::vector<TestClient*> others;
  for (int i = 1; i < kSeats; ++i) others.push_back(clients[i].get());
  const std::int64_t room = open_room(*clients[0], others, "/create costa-ruana");
  clients[0]->chat("/start");

  // Seats follow the order the joins arrived in: index everything by seat from here on.
  std::vector<json> views(kSeats);
  std::vector<std::int64_t> versions(kSeats);
  std::vector<std::unique_ptr<TestClient>> by_seat(kSeats);
  json static_data;
  for (auto& client : clients) {
    json state = client->expect("state");
    const int seat = state["seat"];
    ASSERT_FALSE(by_seat[seat]) << "two clients in seat " << seat;
    views[seat] = state["view"];
    versions[seat] = state["version"];
    if (static_data.is_null()) static_data = state["static"];
    EXPECT_EQ(state["static"], static_data) << "every seat gets the same static data";
    by_seat[seat] = std::move(client);
  }
  clients = std::move(by_seat);
  ASSERT_EQ(static_data["islands"].size(), 10u) << "six players play on ten islands";

  std::vector<std::pair<engine::Seat, engine::Json>> log;
  engine::Rng chooser(11);
  int steps = 0;
  while (!views[0]["to_act"].empty()) {
    ASSERT_LT(steps, 3000) << "the game does not end";
    const json& to_act = views[0]["to_act"];
    ASSERT_EQ(to_act.size(), 1u) << "Costa Ruana asks one seat at a time";
    const int seat = to_act[0];
    for (int i = 0; i < kSeats; ++i) {
      if (i != seat) {
        ASSERT_TRUE(views[i]["legal"].empty()) << "seat " << i << " has moves out of turn";
      }
    }
    const json& legal = views[seat]["legal"];
    ASSERT_FALSE(legal.empty()) << "seat " << seat << " must act but has no legal move";
    const json action = legal[chooser.below(legal.size())]["action"];
    clients[seat]->send(json{{"type", "action"}, {"room", room}, {"action", action}});
    log.emplace_back(seat, action);
    for (int i = 0; i < kSeats; ++i) {
      json patch = clients[i]->expect("patch");
      ASSERT_EQ(patch["from"], versions[i]);
      views[i] = views[i].patch(patch["ops"]);
      versions[i] = patch["to"];
    }
    ++steps;
  }
  for (int i = 0; i < kSeats; ++i) {
    clients[i]->send(json{{"type", "sync"}, {"room", room}});
    EXPECT_EQ(clients[i]->expect("state")["view"], views[i]) << "seat " << i << "'s patched view drifted";
  }
  const json over = clients[3]->expect("over");

  auto replayed = engine::default_registry().create("costa-ruana", kSeats, {}, kSeed);
  ASSERT_TRUE(replayed.ok());
  for (const auto& [seat, action] : log) ASSERT_TRUE(replayed.value()->apply(seat, action).ok());
  const auto outcome = replayed.value()->outcome();
  ASSERT_TRUE(outcome.has_value());
  EXPECT_EQ(over["scores"].get<std::vector<int>>(), outcome->scores);
  ASSERT_EQ(over["ranking"].size(), outcome->ranking.size());
  for (std::size_t i = 0; i < outcome->ranking.size(); ++i) {
    const int seat = outcome->ranking[i];
    EXPECT_EQ(over["ranking"][i]["seat"], seat);
    EXPECT_EQ(over["ranking"][i]["place"], outcome->places[seat]) << "seat " << seat << "'s place";
    EXPECT_EQ(over["ranking"][i]["score"], outcome->scores[seat]);
  }
  // The board's own final table (every seat's view) agrees with the engine too.
  for (int i = 0; i < kSeats; ++i) {
    EXPECT_EQ(views[i]["final"]["scores"].get<std::vector<int>>(), outcome->scores);
    EXPECT_EQ(views[i]["final"]["places"].get<std::vector<int>>(), outcome->places);
  }
  std::printf("[costa-ruana over sockets] %d actions, scores %s\n", steps, over["scores"].dump().c_str());
}

}  // namespace
}  // namespace archipel::testing
