// Abandoned games (issue 9, point 6): a running game whose seated people have all been away for
// --abandon-after is ended without a result, unlisted, freed, its players' names freed, and not
// restored after a restart. Someone coming back stops the count; bots do not count as people; the
// count goes on across a restart from when the people left (the store keeps it).

#include <unistd.h>

#include <filesystem>

#include <gtest/gtest.h>

#include "engine/core/registry.hpp"
#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

using Clock = std::chrono::steady_clock;

struct TempDir {
  explicit TempDir(const std::string& name)
      : path(std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::filesystem::path path;
};

server::Config abandoning_after(std::chrono::milliseconds after) {
  auto config = TestServer::default_config();
  config.abandon_after = after;
  config.lobby_flush_ms = 0;  // the lobby hears of the room's end at once
  return config;
}

// Whether a rooms_delta names `room` in `part` ("added", "changed": room objects; "removed": ids).
std::function<bool(const json&)> delta_names(std::int64_t room, const char* part) {
  return [room, part](const json& m) {
    for (const auto& r : m[part])
      if ((r.is_object() ? r["id"] : r) == room) return true;
    return false;
  };
}

// Polls `done` for up to 3 s (a room is freed once the last message on its way to it is handled).
bool eventually(const std::function<bool()>& done) {
  for (int i = 0; i < 300 && !done(); ++i) std::this_thread::sleep_for(10ms);
  return done();
}

// Two people start a race and drop; seats the two, returns the room id and their tokens.
std::int64_t start_and_drop(TestServer& server, std::string* ann_token = nullptr,
                            std::string* ben_token = nullptr) {
  TestClient a(server.port()), b(server.port());
  const std::string ta = a.hello("Ann")["token"], tb = b.hello("Ben")["token"];
  if (ann_token) *ann_token = ta;
  if (ben_token) *ben_token = tb;
  const std::int64_t room = open_room(a, {&b}, "/create race");
  a.chat("/start");
  a.expect("state");
  b.expect("state");
  return room;  // both connections close here: every person of the game is away
}

TEST(Abandon, AGameEveryoneLeftEndsIsUnlistedAndNotRestored) {
  TempDir dir("archipel-abandon");
  const auto after = std::chrono::milliseconds(1000);
  std::int64_t room = 0;
  std::string ann_token;
  {
    TestServer server(registry_with_race(), dir.path.string(), abandoning_after(after));
    TestClient watcher(server.port());
    watcher.hello("Wes");
    room = start_and_drop(server, &ann_token);
    const auto left = Clock::now();
    watcher.expect_where("rooms_delta", delta_names(room, "removed"), 10s);
    EXPECT_GE(Clock::now() - left, after - 100ms) << "ended before --abandon-after";
    EXPECT_EQ(server.metrics().games_abandoned.load(), 1);
    EXPECT_EQ(server.metrics().games_running.load(), 0);

    // Gone from the list and from memory; the players' names are free, their tokens forgotten.
    watcher.send(json{{"type", "rooms"}});
    EXPECT_TRUE(watcher.expect("rooms")["rooms"].empty());
    EXPECT_TRUE(eventually([&] { return server.metrics().rooms.load() == 0; }))
        << "the room was not freed";
    TestClient again(server.port());
    EXPECT_EQ(again.hello("Ann")["name"], "Ann");
    TestClient old(server.port());
    old.send(json{{"type", "hello"}, {"token", ann_token}});
    old.expect_error("bad_token");
    // The moves stay readable in the store.
    again.chat("/log " + std::to_string(room));
    again.expect_where("info", [&](const json& m) {
      return m["text"].get<std::string>().rfind("Room " + std::to_string(room) + " log:", 0) == 0;
    });
    server.kill();
  }
  {
    TestServer restarted(registry_with_race(), dir.path.string(), abandoning_after(after));
    EXPECT_EQ(restarted.metrics().rooms.load(), 0) << "the abandoned game was restored";
    EXPECT_EQ(restarted.metrics().games_running.load(), 0);
    TestClient c(restarted.port());
    c.send(json{{"type", "hello"}, {"name", "Cat"}});
    c.expect("welcome");
    EXPECT_TRUE(c.expect("rooms")["rooms"].empty());
    restarted.kill();
  }
  auto store = server::make_sqlite_store(dir.path.string());
  const auto record = store->load_game(room);
  ASSERT_TRUE(record);
  EXPECT_EQ(record->status, "abandoned");
  EXPECT_FALSE(record->outcome) << "an abandoned game has no result";
  EXPECT_TRUE(store->load_unfinished().empty());
}

TEST(Abandon, SomeoneBackStopsTheCountAndItStartsAgainWhenTheyLeave) {
  const auto after = std::chrono::milliseconds(1500);
  TestServer server(registry_with_race(), "", abandoning_after(after));
  TestClient watcher(server.port());
  watcher.hello("Wes");
  std::string ann_token;
  const std::int64_t room = start_and_drop(server, &ann_token);
  std::this_thread::sleep_for(700ms);
  {
    TestClient ann(server.port());
    ann.send(json{{"type", "hello"}, {"token", ann_token}});
    ann.expect("welcome");
    ann.expect("state");
    std::this_thread::sleep_for(after +
                                500ms);  // past the first deadline: Ann is here, the game goes on
    EXPECT_EQ(server.metrics().games_abandoned.load(), 0);
    ann.chat("/who");
    EXPECT_NE(ann.expect("info")["text"].get<std::string>().find("playing"), std::string::npos);
  }  // Ann leaves again: a new count, from now
  const auto left = Clock::now();
  watcher.expect_where("rooms_delta", delta_names(room, "removed"), 10s);
  EXPECT_GE(Clock::now() - left, after - 100ms);
  EXPECT_EQ(server.metrics().games_abandoned.load(), 1);
}

TEST(Abandon, BotsDoNotCountAsPeople) {
  TestServer server(engine::default_registry(), "", abandoning_after(1000ms));
  TestClient watcher(server.port());
  watcher.hello("Wes");
  std::int64_t room = 0;
  {
    TestClient host(server.port());
    host.hello("Hana");
    host.chat("/create santa-cruz");
    room = host.expect("room").value("id", std::int64_t{0});
    host.chat("/addbot");
    host.expect_where("room", [](const json& r) { return r["seats"][1].value("bot", false); });
    host.chat("/start");
    host.expect("state");
  }  // Hana leaves; the bot stays connected
  watcher.expect_where("rooms_delta", delta_names(room, "removed"), 10s);
  EXPECT_EQ(server.metrics().games_abandoned.load(), 1);
  TestClient again(server.port());
  EXPECT_EQ(again.hello("Hana")["name"], "Hana");
}

TEST(Abandon, TheCountGoesOnAcrossARestart) {
  TempDir dir("archipel-abandon-restart");
  const auto after = std::chrono::milliseconds(6000);
  std::int64_t room = 0;
  {
    TestServer server(registry_with_race(), dir.path.string(), abandoning_after(after));
    room = start_and_drop(server);
    std::this_thread::sleep_for(4000ms);  // 4 of the 6 seconds pass before the crash
    server.kill();
  }
  TestServer restarted(registry_with_race(), dir.path.string(), abandoning_after(after));
  const auto started = Clock::now();
  EXPECT_EQ(restarted.metrics().games_running.load(), 1)
      << "the game, not yet abandoned, was not restored";
  TestClient watcher(restarted.port());
  watcher.hello("Wes");
  watcher.expect_where("rooms_delta", delta_names(room, "removed"), 10s);
  // About 2 s after the restart; a count started anew would take 6.
  EXPECT_LT(Clock::now() - started, after - 1000ms);
  EXPECT_EQ(restarted.metrics().games_abandoned.load(), 1);
}

}  // namespace
}  // namespace archipel::testing
