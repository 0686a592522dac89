// A player's games over real sockets (issue 36, docs/protocol.md "A player's games"): /history
// lists the finished games newest first, ten a page, with each game's players, places and scores,
// and a cursor to the next page; after a restart on the same SQLite file, when no room holds those
// games any more, /history answers the same and /replay (the message and the chat command) serves
// any of them from the store, step for step as the room served it before the restart.

#include <unistd.h>

#include <filesystem>

#include <gtest/gtest.h>

#include "server/game_history.hpp"
#include "server/stored_replays.hpp"
#include "tests/support/race_game.hpp"
#include "tests/support/store_kinds.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

server::Config fast_config() {
  auto config = TestServer::default_config();
  config.rate_per_second = 1000;  // eleven games in a row: far faster than people play
  config.rate_burst = 1000;
  return config;
}

// Ann (the host) and Ben play a race to its end, then both go back to the lobby. Ann's `over`.
json play_race(TestClient& ann, TestClient& ben) {
  json over = play_to_the_end(ann, ben, "/create race");
  for (TestClient* c : {&ann, &ben}) {
    c->chat("/leave");
    c->expect_where("left", [&](const json& m) { return m["room"] == over["room"]; });
  }
  return over;
}

json replay_step(TestClient& client, std::int64_t room, int step, bool with_static) {
  json request{{"type", "replay"}, {"room", room}, {"step", step}};
  if (with_static) request["static"] = true;
  client.send(request);
  return client.expect("replay");
}

std::vector<std::int64_t> rooms_listed(const json& history) {
  std::vector<std::int64_t> out;
  for (const auto& g : history["games"]) out.push_back(g["room"]);
  return out;
}

TEST(GameHistory, PagedNewestFirstAndReplayedFromTheStoreAfterARestart) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("archipel-history-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::vector<std::int64_t> rooms;  // in the order the games ended
  std::vector<json> overs;
  json first_page, second_page, step0_before, step1_before;
  {
    TestServer server(registry_with_race(), dir.string(), fast_config());
    TestClient ann(server.port()), ben(server.port());
    ann.hello("Ann");
    ben.hello("Ben");
    for (int i = 0; i < 11; ++i) {
      overs.push_back(play_race(ann, ben));
      ASSERT_FALSE(HasFatalFailure()) << "game " << i;
      rooms.push_back(overs.back()["room"]);
    }
    first_page = ask(ann, "/history", "game_history");
    EXPECT_EQ(first_page["name"], "Ann");
    EXPECT_FALSE(first_page.contains("after"));
    const std::vector<std::int64_t> newest(rooms.rbegin(), rooms.rbegin() + 10);
    EXPECT_EQ(rooms_listed(first_page), newest) << first_page.dump();
    ASSERT_TRUE(first_page.contains("next")) << "eleven games: a second page";
    const std::string next = first_page["next"];
    second_page = ask(ben, "/history Ann " + next, "game_history");
    EXPECT_EQ(rooms_listed(second_page), std::vector<std::int64_t>{rooms.front()});
    EXPECT_EQ(second_page["after"], next);
    EXPECT_FALSE(second_page.contains("next")) << "the last page";
    EXPECT_NE(
        second_page["text"].get<std::string>().find("/replay " + std::to_string(rooms.front())),
        std::string::npos)
        << second_page["text"];

    // Each game's players, by place, with the places and scores of its `over` message.
    const json& oldest = second_page["games"][0];
    EXPECT_EQ(oldest["game"], "race");
    EXPECT_EQ(oldest["title"], "Race to ten (test game)");
    ASSERT_EQ(oldest["players"].size(), 2u);
    for (const auto& p : oldest["players"]) {
      const std::size_t seat = p["seat"];
      EXPECT_EQ(p["place"], overs.front()["places"][seat]) << p.dump();
      EXPECT_EQ(p["score"], overs.front()["scores"][seat]) << p.dump();
      EXPECT_EQ(p["name"], seat == 0 ? "Ann" : "Ben");
    }
    EXPECT_LE(oldest["players"][0]["place"], oldest["players"][1]["place"]);

    // The oldest game's room is still held: its replay, to compare after the restart.
    step0_before = replay_step(ben, rooms.front(), 0, true);
    step1_before = replay_step(ben, rooms.front(), 1, false);
    server.stop();
  }
  TestServer again(registry_with_race(), dir.string(), fast_config());
  TestClient cy(again.port()), fanny(again.port());
  cy.hello("Cy");  // a guest may read anyone's
  fanny.hello("Fanny", "fr");
  EXPECT_EQ(ask(cy, "/history Ann", "game_history"), first_page) << "the same page from the store";
  const json look_alike = ask(cy, "/history A_nn", "game_history");
  EXPECT_EQ(look_alike["name"], "A_nn") << "a guest's name, as asked";
  EXPECT_EQ(look_alike["games"], first_page["games"]) << "found by the name's skeleton";
  EXPECT_EQ(ask(cy, "/history Ann " + first_page["next"].get<std::string>(), "game_history"),
            second_page);

  // No room holds the oldest game now: its replay comes from the store, the same step for step.
  const json step0 = replay_step(cy, rooms.front(), 0, true);
  EXPECT_EQ(step0, step0_before);
  EXPECT_EQ(step0["game"], "race");
  EXPECT_EQ(step0["names"], json({"Ann", "Ben"}));
  EXPECT_TRUE(step0["by"].is_null());
  EXPECT_TRUE(step0.contains("static"));
  EXPECT_EQ(replay_step(cy, rooms.front(), 1, false), step1_before);
  const int steps = step0["steps"];
  EXPECT_GT(steps, 2);
  EXPECT_EQ(replay_step(cy, rooms.front(), steps, false)["step"], steps) << "the last step";
  EXPECT_EQ(replay_step(cy, rooms.front(), 0, false)["view"], step0["view"]) << "and back";
  cy.send(json{{"type", "replay"}, {"room", rooms.front()}, {"step", steps + 1}});
  cy.expect_error("bad_arguments");
  // Another game of the store, by the chat command, in French.
  fanny.chat("/replay " + std::to_string(rooms[5]) + " 1");
  const std::string text =
      fanny
          .expect_where("info",
                        [](const json& m) {
                          return m["text"].get<std::string>().rfind("Salle ", 0) == 0;
                        })["text"]
          .get<std::string>();
  EXPECT_EQ(text.rfind("Salle " + std::to_string(rooms[5]) + ", étape 1 sur ", 0), 0u) << text;
  fanny.chat("/replay 4242");
  fanny.expect_error("no_such_room");

  // A player with none, in the reader's language.
  const json none = ask(fanny, "/history Nobody", "game_history");
  EXPECT_TRUE(none["games"].empty());
  EXPECT_EQ(none["text"], "Nobody n'a pas de partie finie");
  again.stop();
  std::filesystem::remove_all(dir);
}

TEST(GameHistory, ACursorThatIsNotOneIsRefused) {
  TestServer server(registry_with_race());
  TestClient gus(server.port());
  gus.hello("Gus");
  gus.chat("/history Gus 12:ab");
  gus.expect_error("bad_arguments");
  gus.chat("/history Gus Ann");
  gus.expect_error("bad_arguments");
  const json own = ask(gus, "/history", "game_history");
  EXPECT_EQ(own["name"], "Gus");
  EXPECT_EQ(own["text"], "Gus has no finished game");
}

// A game's players by place: the outcome's places (shared ones shared), or for an outcome stored
// before places were (schema version 5), the ranking's order; bots keep their seats.
TEST(HistoryGame, PlacesFromTheOutcomeOrElseItsRanking) {
  server::FinishedGame g{
      7,
      "race",
      1000,
      {{"Ann", ""}, {"Ben", ""}, {"greedy-bot-1", "", true}},
      json{{"scores", {5, 9, 5}}, {"ranking", {1, 0, 2}}, {"places", {2, 1, 2}}}};
  auto shown = server::history_game(g, "Race");
  ASSERT_EQ(shown.players.size(), 3u);
  EXPECT_EQ(shown.players[0].name, "Ben");
  EXPECT_EQ(shown.players[0].place, 1);
  EXPECT_EQ(shown.players[1].name, "Ann");
  EXPECT_EQ(shown.players[1].place, 2);
  EXPECT_EQ(shown.players[2].place, 2) << "a shared place";
  EXPECT_TRUE(shown.players[2].bot);
  EXPECT_EQ(shown.players[2].score, 5);
  g.outcome.erase("places");
  shown = server::history_game(g, "Race");
  EXPECT_EQ(shown.players[0].name, "Ben");
  EXPECT_EQ(shown.players[1].name, "Ann");
  EXPECT_EQ(shown.players[2].place, 3) << "the ranking's order";
  EXPECT_EQ(shown.title, "Race");
  EXPECT_EQ(shown.ended_ms, 1000);
}

// The replays opened from the store: kept between requests, the least recently asked dropped past
// kKept; requests that wait for a record come back in their order, once.
TEST(StoredReplays, KeepsTheMostRecentlyAskedAndQueuesWaiters) {
  server::StoredReplays replays;
  const auto kept = server::StoredReplays::kKept;
  for (std::int64_t room = 1; room <= static_cast<std::int64_t>(kept); ++room) {
    auto cursor = server::ReplayCursor::open(registry_with_race(), game(room));
    ASSERT_TRUE(cursor.ok());
    replays.keep(room, std::move(cursor).value());
  }
  ASSERT_NE(replays.find(1), nullptr) << "room 1 is now the most recently asked";
  auto more = server::ReplayCursor::open(registry_with_race(), game(99));
  ASSERT_TRUE(more.ok());
  replays.keep(99, std::move(more).value());
  EXPECT_EQ(replays.open(), kept);
  EXPECT_EQ(replays.find(2), nullptr) << "the least recently asked went";
  EXPECT_NE(replays.find(1), nullptr);
  EXPECT_NE(replays.find(99), nullptr);
  EXPECT_EQ(replays.find(99)->go_to(0).value().step, 0);

  protocol::ReplayRequest first{5, 0, true}, second{5, 3, false};
  EXPECT_TRUE(replays.wait(5, {nullptr, first, false})) << "the first reads the record";
  EXPECT_FALSE(replays.wait(5, {nullptr, second, true}));
  const auto waiting = replays.take_waiting(5);
  ASSERT_EQ(waiting.size(), 2u);
  EXPECT_EQ(waiting[0].request.step, 0);
  EXPECT_EQ(waiting[1].request.step, 3);
  EXPECT_TRUE(replays.take_waiting(5).empty());
}

}  // namespace
}  // namespace archipel::testing
