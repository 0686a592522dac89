// The real server over real loopback WebSockets: two players meet, create, join, start and play a
// game of the test-only "race" game; every patch applied to the previous view gives exactly the
// next full view.

#include <gtest/gtest.h>

#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

struct Seat {
  TestClient* client;
  json view;
  std::int64_t version = 0;
};

// Reads the patch every seat receives after an action and checks it against a fresh full state.
void receive_patch(Seat& s, std::int64_t room) {
  json patch = s.client->expect("patch");
  ASSERT_EQ(patch["room"], room);
  ASSERT_EQ(patch["from"], s.version) << "patch does not follow the last version";
  ASSERT_EQ(patch["to"], s.version + 1);
  s.view = s.view.patch(patch["ops"]);
  s.version = patch["to"];
  s.client->send(json{{"type", "sync"}, {"room", room}});
  json full = s.client->expect("state");
  EXPECT_EQ(full["version"], s.version);
  EXPECT_EQ(full["view"], s.view) << "patched view differs from the full view";
}

TEST(Loopback, TwoPlayersCreateJoinStartAndPlayWithPatches) {
  TestServer server(registry_with_race());
  TestClient anna_ws(server.port()), bruno_ws(server.port());
  EXPECT_EQ(anna_ws.hello("Anna")["version"], 1);
  bruno_ws.hello("Bruno");

  anna_ws.chat("/create race");
  const std::int64_t room = expect_seated(anna_ws, "Anna")["id"];
  bruno_ws.chat("/join " + std::to_string(room));
  json seated = expect_seated(bruno_ws, "Bruno");
  EXPECT_EQ(seated["host"], "Anna");
  EXPECT_EQ(seated["status"], "waiting");

  bruno_ws.chat("/start");  // not the host
  bruno_ws.expect_error("not_host");
  anna_ws.chat("/start");

  std::vector<Seat> seats{{&anna_ws, {}, 0}, {&bruno_ws, {}, 0}};
  for (int i = 0; i < 2; ++i) {
    json state = seats[i].client->expect("state");
    EXPECT_EQ(state["seat"], i);
    seats[i].view = state["view"];
    seats[i].version = state["version"];
  }
  // Each seat sees its own card and not the other's.
  EXPECT_TRUE(seats[0].view["seats"][0].contains("card"));
  EXPECT_FALSE(seats[0].view["seats"][1].contains("card"));

  int steps = 0;
  while (!seats[0].view["to_act"].empty() && steps < 50) {
    const int actor = seats[0].view["to_act"][0];
    const int other = 1 - actor;
    ASSERT_FALSE(seats[actor].view["legal"].empty());
    const json action = seats[actor].view["legal"].back()["action"];

    if (std::find(seats[0].view["to_act"].begin(), seats[0].view["to_act"].end(), other) ==
        seats[0].view["to_act"].end()) {
      // Out of turn: an error to the sender, and nothing changes for anyone.
      seats[other].client->send(json{{"type", "action"}, {"room", room}, {"action", action}});
      seats[other].client->expect_error("not_your_turn");
      seats[other].client->send(json{{"type", "sync"}, {"room", room}});
      EXPECT_EQ(seats[other].client->expect("state")["version"], seats[other].version);
    }
    // Illegal: not one of the legal actions.
    seats[actor].client->send(
        json{{"type", "action"}, {"room", room}, {"action", {{"type", "add"}, {"n", 7}}}});
    seats[actor].client->expect("error");

    seats[actor].client->send(json{{"type", "action"}, {"room", room}, {"action", action}});
    for (auto& s : seats) receive_patch(s, room);
    if (HasFatalFailure()) return;
    ++steps;
  }
  EXPECT_TRUE(seats[0].view["to_act"].empty()) << "game did not end";
  json over = anna_ws.expect("over");
  EXPECT_EQ(over["room"], room);
  EXPECT_EQ(over["scores"].size(), 2u);
  EXPECT_EQ(over["ranking"].size(), 2u);
  // At the end the cards are revealed to everyone, and the scores follow from the view.
  const json& final_view = seats[1].view;
  ASSERT_TRUE(final_view["seats"][0].contains("card"));

  anna_ws.chat("/log");
  json log = anna_ws.expect("info");
  while (log["text"].get<std::string>().rfind("Room", 0) != 0) log = anna_ws.expect("info");
  EXPECT_NE(log["text"].get<std::string>().find("reaches the target"), std::string::npos)
      << log.dump();
}

TEST(Loopback, PlayCommandUsesTheTextFormAndMovesListsIt) {
  TestServer server(registry_with_race());
  TestClient a(server.port()), b(server.port());
  a.hello("Ann");
  b.hello("Ben");
  a.chat("/create race target=6");
  const std::int64_t room = expect_seated(a, "Ann")["id"];
  EXPECT_EQ(a.history().back().value("options", json::object()).value("target", ""), "6");
  b.chat("/join " + std::to_string(room));
  expect_seated(b, "Ben");
  a.chat("/start");
  a.expect("state");
  a.chat("/moves");
  json moves = a.expect("info");
  while (moves["text"].get<std::string>().rfind("Your moves", 0) != 0) moves = a.expect("info");
  EXPECT_EQ(moves["text"], "Your moves (/play <move>):\n  bet high\n  bet low");  // one per line
  a.chat("/play BET  high");
  json patch = a.expect("patch");
  EXPECT_EQ(patch["to"], 2);
  a.chat("/play bet low");  // already bet: no longer among the moves
  a.expect_error("not_your_turn");
}

TEST(Loopback, SpectatorSeesNoHiddenCardsAndGetsPatches) {
  TestServer server(registry_with_race());
  TestClient a(server.port()), b(server.port()), w(server.port());
  a.hello("Ann");
  b.hello("Ben");
  w.hello("Wes");
  a.chat("/create race");
  const std::int64_t room = expect_seated(a, "Ann")["id"];
  b.chat("/join " + std::to_string(room));
  expect_seated(b, "Ben");
  w.chat("/watch " + std::to_string(room));
  w.expect("room");
  a.chat("/start");
  json state = w.expect("state");
  EXPECT_TRUE(state["seat"].is_null());
  for (const auto& s : state["view"]["seats"]) EXPECT_FALSE(s.contains("card"));
  EXPECT_TRUE(state["view"]["legal"].empty());
  a.send(json{{"type", "action"}, {"room", room}, {"action", {{"type", "bet"}, {"side", "high"}}}});
  json patch = w.expect("patch");
  json view = state["view"].patch(patch["ops"]);
  EXPECT_TRUE(view["seats"][0]["has_bet"]);
  EXPECT_FALSE(view["seats"][0].contains("bet")) << "a bet is secret until every seat has bet";
  // A spectator cannot act.
  w.send(json{{"type", "action"}, {"room", room}, {"action", {{"type", "bet"}, {"side", "low"}}}});
  w.expect_error("not_in_room");
}

}  // namespace
}  // namespace archipel::testing
