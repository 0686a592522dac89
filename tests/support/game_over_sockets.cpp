#include "tests/support/game_over_sockets.hpp"

#include <gtest/gtest.h>

#include "engine/core/registry.hpp"

namespace archipel::testing {

void play_game_over_sockets(const SocketGame& game, SocketGameResult& result) {
  const int seats = static_cast<int>(game.names.size());
  auto config = TestServer::default_config();
  config.rate_per_second = 10000;  // scripted players move far faster than people do
  config.rate_burst = 10000;
  TestServer server(engine::default_registry(), "", config, game.seed);

  std::vector<std::unique_ptr<TestClient>> clients;
  for (const auto& name : game.names) {
    clients.push_back(std::make_unique<TestClient>(server.port()));
    clients.back()->hello(name);
  }
  std::vector<TestClient*> others;
  for (int i = 1; i < seats; ++i) others.push_back(clients[i].get());
  std::string create = "/create " + game.game;
  for (const auto& [key, value] : game.options) create += " " + key + "=" + value;
  const std::int64_t room = open_room(*clients[0], others, create);
  clients[0]->chat("/start");

  // Seats follow the order the joins arrived in: index everything by seat from here on.
  result.views.assign(seats, json());
  std::vector<std::int64_t> versions(seats);
  std::vector<std::unique_ptr<TestClient>> by_seat(seats);
  for (auto& client : clients) {
    json state = client->expect("state");
    const int seat = state["seat"];
    ASSERT_FALSE(by_seat[seat]) << "two clients in seat " << seat;
    result.views[seat] = state["view"];
    versions[seat] = state["version"];
    if (result.static_data.is_null()) result.static_data = state["static"];
    EXPECT_EQ(state["static"], result.static_data) << "every seat gets the same static data";
    by_seat[seat] = std::move(client);
  }
  clients = std::move(by_seat);
  result.first_views = result.views;

  engine::Rng chooser(game.chooser_seed);
  auto& views = result.views;
  while (!views[0]["to_act"].empty()) {
    ASSERT_LT(result.steps, game.max_steps) << "the game does not end";
    const json& to_act = views[0]["to_act"];
    if (game.one_seat_at_a_time) {
      ASSERT_EQ(to_act.size(), 1u) << game.game << " asks one seat at a time";
    }
    const int seat = to_act[chooser.below(to_act.size())];
    if (game.one_seat_at_a_time) {
      for (int other = 0; other < seats; ++other) {
        if (other != seat) {
          ASSERT_TRUE(views[other]["legal"].empty())
              << "seat " << other << " has moves out of turn";
        }
      }
    }
    const json& legal = views[seat]["legal"];
    ASSERT_FALSE(legal.empty()) << "seat " << seat << " must act but has no legal move";
    const std::size_t index = game.pick ? game.pick(legal, chooser) : chooser.below(legal.size());
    ASSERT_LT(index, legal.size());
    const json action = legal[index]["action"];
    clients[seat]->send(json{{"type", "action"}, {"room", room}, {"action", action}});
    result.log.emplace_back(seat, action);
    for (int i = 0; i < seats; ++i) {
      json patch = clients[i]->expect("patch");
      ASSERT_EQ(patch["from"], versions[i]);
      views[i] = views[i].patch(patch["ops"]);
      versions[i] = patch["to"];
    }
    ++result.steps;
  }
  for (int i = 0; i < seats; ++i) {
    clients[i]->send(json{{"type", "sync"}, {"room", room}});
    EXPECT_EQ(clients[i]->expect("state")["view"], views[i])
        << "seat " << i << "'s patched view drifted";
  }
  result.over = clients[seats - 1]->expect("over");

  auto replayed = engine::default_registry().create(game.game, seats, game.options, game.seed);
  ASSERT_TRUE(replayed.ok());
  result.replayed = std::move(replayed.value());
  for (const auto& [seat, action] : result.log)
    ASSERT_TRUE(result.replayed->apply(seat, action).ok());
  const auto outcome = result.replayed->outcome();
  ASSERT_TRUE(outcome.has_value());
  result.outcome = *outcome;
  const json& over = result.over;
  EXPECT_EQ(over["scores"].get<std::vector<int>>(), outcome->scores);
  ASSERT_EQ(over["ranking"].size(), outcome->ranking.size());
  for (std::size_t i = 0; i < outcome->ranking.size(); ++i) {
    const engine::Seat seat = outcome->ranking[i];
    EXPECT_EQ(over["ranking"][i]["seat"], seat);
    EXPECT_EQ(over["ranking"][i]["place"], outcome->places[seat]) << "seat " << seat << "'s place";
    EXPECT_EQ(over["ranking"][i]["score"], outcome->scores[seat]);
  }
  std::printf("[%s over sockets] %d actions, scores %s\n", game.game.c_str(), result.steps,
              over["scores"].dump().c_str());
}

}  // namespace archipel::testing
