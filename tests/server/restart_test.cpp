// Kill the server in the middle of a game, start it again on the same data folder, reconnect with
// the token: the game is where it was, and it plays on to the end.

#include <filesystem>

#include <gtest/gtest.h>

#include "engine/core/registry.hpp"
#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

// An empty folder for a test's data, named after it and this process (removed first if a crash left
// it).
std::filesystem::path fresh_folder(const std::string& prefix) {
  const auto dir = std::filesystem::temp_directory_path() / (prefix + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir;
}

TEST(Restart, AKilledServerResumesTheGameFromItsLog) {
  const auto dir = fresh_folder("archipel-restart-");
  std::string ann_token, ben_token;
  std::int64_t room = 0;
  json ann_view, ben_view;
  std::int64_t version = 0;
  {
    TestServer server(registry_with_race(), dir.string());
    TestClient a(server.port()), b(server.port());
    ann_token = a.hello("Ann")["token"];
    ben_token = b.hello("Ben")["token"];
    room = open_room(a, {&b}, "/create race");
    a.chat("/start");
    a.expect("state");
    b.expect("state");
    // Each waits for the patch of its own bet (versions 2 then 3): Ben's first patch is Ann's bet,
    // so waiting for any patch let Ann's next move reach the room before Ben's bet, and be refused
    // (the likely reading of a timeout seen once in sixty runs on a loaded machine; none in sixty
    // since).
    std::int64_t to = 2;
    for (const auto* side : {"high", "low"}) {
      TestClient& c = std::string(side) == "high" ? a : b;
      c.send(
          json{{"type", "action"}, {"room", room}, {"action", {{"type", "bet"}, {"side", side}}}});
      c.expect_where("patch", [&](const json& m) { return m["to"] == to; });
      ++to;
    }
    a.send(json{{"type", "action"}, {"room", room}, {"action", {{"type", "add"}, {"n", 2}}}});
    // Its own patch (the third move's): a sync sent before it arrives may see the state before the
    // move, which is still on its way to the store.
    a.expect_where("patch", [](const json& m) { return m["to"] == 4; });
    a.send(json{{"type", "sync"}, {"room", room}});
    json s = a.expect("state");
    ann_view = s["view"];
    version = s["version"];
    b.send(json{{"type", "sync"}, {"room", room}});
    ben_view = b.expect("state")["view"];
    server.kill();  // no goodbye, no flush beyond what each action already committed
  }
  {
    TestServer server(registry_with_race(), dir.string());
    TestClient a(server.port()), b(server.port()), forger(server.port());
    a.send(json{{"type", "hello"}, {"token", ann_token}});
    EXPECT_EQ(a.expect("welcome")["name"], "Ann");
    json s = a.expect("state");
    EXPECT_EQ(s["room"], room);
    EXPECT_EQ(s["version"], version);
    EXPECT_EQ(s["view"], ann_view);
    b.send(json{{"type", "hello"}, {"token", ben_token}});
    b.expect("welcome");
    EXPECT_EQ(b.expect("state")["view"], ben_view);
    forger.send(json{{"type", "hello"}, {"token", std::string(32, 'a')}});
    forger.expect_error("bad_token");
    // The name of a seated player stays theirs while they are away.
    forger.send(json{{"type", "hello"}, {"name", "ann"}});
    forger.expect_error("name_taken");

    // Play on to the end: Ben then Ann add until the counter reaches 10.
    json view = ben_view;
    TestClient* clients[2] = {&a, &b};
    for (int step = 0; step < 20; ++step) {
      a.send(json{{"type", "sync"}, {"room", room}});
      view = a.expect("state")["view"];
      if (view["to_act"].empty()) break;
      const int actor = view["to_act"][0];
      clients[actor]->send(
          json{{"type", "action"}, {"room", room}, {"action", {{"type", "add"}, {"n", 2}}}});
      clients[actor]->expect("patch");
    }
    EXPECT_TRUE(view["to_act"].empty());
    a.chat("/log " + std::to_string(room));
    json log = a.expect("info");
    while (log["text"].get<std::string>().rfind("Room", 0) != 0) log = a.expect("info");
    EXPECT_NE(log["text"].get<std::string>().find("Ann adds 2 (counter 2)"), std::string::npos)
        << log.dump();
  }
  {  // A finished game stays readable after another restart.
    TestServer server(registry_with_race(), dir.string());
    TestClient c(server.port());
    c.hello("Curious");
    c.chat("/log " + std::to_string(room));
    json log = c.expect("info");
    while (log["text"].get<std::string>().rfind("Room", 0) != 0) log = c.expect("info");
    EXPECT_NE(log["text"].get<std::string>().find("reaches the target"), std::string::npos);
  }
  std::filesystem::remove_all(dir);
}

// A restart (SIGTERM's graceful stop, as an operator upgrading a node does it): every player is
// told in their language that the game is kept, the connection closes with 1012 (service restart,
// not 1001's "going away"), and after the restart each comes back with their token to the very view
// they held.
TEST(Restart, AStoppedServerSaysSoInEachLanguageAndTheGameComesBack) {
  const auto dir = fresh_folder("archipel-restart-notice-");
  std::string ann_token, ben_token;
  std::int64_t room = 0;
  json ann_view, ben_view;
  {
    TestServer server(registry_with_race(), dir.string());
    TestClient a(server.port()), b(server.port()), idle(server.port());
    ann_token = a.hello("Ann")["token"];
    b.send(json{{"type", "hello"}, {"name", "Ben"}, {"lang", "fr"}});
    ben_token = b.expect("welcome")["token"];
    idle.hello("Idle");
    room = open_room(a, {&b}, "/create race");
    a.chat("/start");
    a.expect("state");
    b.expect("state");
    a.send(
        json{{"type", "action"}, {"room", room}, {"action", {{"type", "bet"}, {"side", "high"}}}});
    a.expect_where("patch", [](const json& m) { return m["to"] == 2; });
    b.expect_where("patch", [](const json& m) { return m["to"] == 2; });
    a.send(json{{"type", "sync"}, {"room", room}});
    ann_view = a.expect("state")["view"];
    b.send(json{{"type", "sync"}, {"room", room}});
    ben_view = b.expect("state")["view"];

    server.stop();
    const auto notice = [](TestClient& c) {
      return c.expect_where(
          "info", [](const json& m) { return m.value("code", "") == "server_restarting"; });
    };
    EXPECT_NE(notice(a)["text"].get<std::string>().find("restarting"), std::string::npos);
    EXPECT_NE(notice(b)["text"].get<std::string>().find("redémarre"), std::string::npos);
    notice(idle);  // in the lobby, in no room: told all the same
    for (TestClient* c : {&a, &b, &idle}) {
      while (!c->closed() && c->next(3000ms)) {
      }
      EXPECT_TRUE(c->closed());
      EXPECT_EQ(c->close_code(), 1012);
    }
  }
  {
    TestServer server(registry_with_race(), dir.string());
    TestClient a(server.port()), b(server.port());
    a.send(json{{"type", "hello"}, {"token", ann_token}});
    a.expect("welcome");
    EXPECT_EQ(a.expect("state")["view"], ann_view);
    b.send(json{{"type", "hello"}, {"token", ben_token}});
    b.expect("welcome");
    EXPECT_EQ(b.expect("state")["view"], ben_view);
  }
  std::filesystem::remove_all(dir);
}

// A server bot (/addbot) keeps its seat through a crash: after the restart it is back in the game
// and plays on.
TEST(Restart, ABotSeatComesBackAndPlaysOn) {
  const auto dir = fresh_folder("archipel-restart-bot-");
  std::string token, bot_name;
  std::int64_t room = 0;
  {
    TestServer server(engine::default_registry(), dir.string());
    TestClient a(server.port());
    token = a.hello("Ann")["token"];
    a.chat("/create santa-cruz");
    room = a.expect("room").value("id", std::int64_t{0});
    a.chat("/addbot greedy");
    const json seated =
        a.expect_where("room", [](const json& r) { return r["seats"][1]["name"].is_string(); });
    bot_name = seated["seats"][1]["name"];
    a.chat("/start");
    EXPECT_TRUE(play_first_moves(a, room, a.expect("state"), 6).is_null())
        << "the game is not over yet";
    server.kill();
  }
  {
    TestServer server(engine::default_registry(), dir.string());
    TestClient a(server.port());
    a.send(json{{"type", "hello"}, {"token", token}});
    a.expect("welcome");
    const json over = play_first_moves(a, room, a.expect("state"));
    ASSERT_FALSE(over.is_null()) << "the game did not end after the restart";
    ASSERT_EQ(over["ranking"].size(), 2u);
    std::vector<std::string> names;
    for (const auto& r : over["ranking"]) names.push_back(r["name"]);
    EXPECT_NE(std::find(names.begin(), names.end(), bot_name), names.end())
        << "the same bot finished the game";
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace archipel::testing
