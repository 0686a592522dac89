// Capa d'Oro end to end: four clients (the largest table) play a whole game over real WebSockets through the
// default registry, every patch is checked against the version held, and the `over` message (scores and places,
// shared places included) equals the engine's own outcome for the same seed and actions, replayed here without a
// server; the last view every client patched its way to equals the replayed engine's client view.

#include <gtest/gtest.h>

#include "engine/core/registry.hpp"
#include "engine/core/rng.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

constexpr std::uint64_t kSeed = 1414;
constexpr int kSeats = 4;

TEST(CapaDoroOverSockets, FourPlayersPlayAFullGameAndOverMatchesTheEngine) {
  auto config = TestServer::default_config();
  config.rate_per_second = 10000;  // four scripted players move far faster than people do
  config.rate_burst = 10000;
  TestServer server(engine::default_registry(), "", config, kSeed);

  std::vector<std::unique_ptr<TestClient>> clients;
  for (const std::string name : {"Anna", "Bruno", "Carla", "Dario"}) {
    clients.push_back(std::make_unique<TestClient>(server.port()));
    clients.back()->hello(name);
  }
  const std::int64_t room =
      open_room(*clients[0], {clients[1].get(), clients[2].get(), clients[3].get()}, "/create capa-doro events=on");
  clients[0]->chat("/start");

  // Seats follow the order the joins arrived in: index everything by seat from here on.
  std::vector<json> views(kSeats);
  std::vector<std::int64_t> versions(kSeats);
  std::vector<std::unique_ptr<TestClient>> by_seat(kSeats);
  for (auto& client : clients) {
    json state = client->expect("state");
    const int seat = state["seat"];
    ASSERT_FALSE(by_seat[seat]) << "two clients in seat " << seat;
    views[seat] = state["view"];
    versions[seat] = state["version"];
    by_seat[seat] = std::move(client);
  }
  clients = std::move(by_seat);

  // Random legal moves, except that `done` is taken only when nothing else is legal or one time in four: a
  // uniform choice would trade back and forth for long stretches.
  std::vector<std::pair<engine::Seat, engine::Json>> log;
  engine::Rng chooser(11);
  int steps = 0;
  while (!views[0]["to_act"].empty()) {
    ASSERT_LT(steps, 20000) << "the game does not end";
    const json& to_act = views[0]["to_act"];
    ASSERT_EQ(to_act.size(), 1u) << "one seat acts at a time";
    const int seat = to_act[0];
    const json& legal = views[seat]["legal"];
    ASSERT_FALSE(legal.empty()) << "seat " << seat << " must act but has no legal move";
    json action = legal[chooser.below(legal.size())]["action"];
    if (action["type"] == "done" && legal.size() > 1 && chooser.below(4) != 0)
      action = legal[chooser.below(legal.size() - 1)]["action"];  // `done` is always listed last
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
  json over = clients[2]->expect("over");

  auto replayed = engine::default_registry().create("capa-doro", kSeats, {{"events", "on"}}, kSeed);
  ASSERT_TRUE(replayed.ok());
  for (const auto& [seat, action] : log) ASSERT_TRUE(replayed.value()->apply(seat, action).ok());
  auto outcome = replayed.value()->outcome();
  ASSERT_TRUE(outcome.has_value());
  EXPECT_EQ(over["scores"].get<std::vector<int>>(), outcome->scores);
  EXPECT_EQ(over["places"].get<std::vector<int>>(), outcome->places);
  ASSERT_EQ(over["ranking"].size(), outcome->ranking.size());
  for (std::size_t i = 0; i < outcome->ranking.size(); ++i) {
    EXPECT_EQ(over["ranking"][i]["seat"], outcome->ranking[i]);
    EXPECT_EQ(over["ranking"][i]["place"], outcome->places[outcome->ranking[i]]);
  }
  // Every client's patched view is the replayed engine's client view for its seat (the game's view, the same
  // for every seat since nothing in Capa d'Oro is private, plus `to_act` and `legal`).
  for (int i = 0; i < kSeats; ++i)
    EXPECT_EQ(views[i], replayed.value()->client_view(engine::Viewer::of(i))) << "seat " << i << "'s patched view";
  // The game ended for one of the book's two reasons, as the view says.
  const std::string end = views[0]["end"];
  EXPECT_TRUE(end == "sixty" || end == "tobacco") << end;
  std::printf("[capa-doro over sockets] %d actions, end %s, scores %s, places %s\n", steps, end.c_str(),
              over["scores"].dump().c_str(), over["places"].dump().c_str());
}

}  // namespace
}  // namespace archipel::testing
