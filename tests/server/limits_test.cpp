// What bounds one client, and the server as a whole (issue 9, points 3 and 5): a connection that
// never says hello is closed; a client that never reads is dropped once its queue holds too many
// bytes; past the socket cap new connections get HTTP 503 while /healthz still answers; at a real
// open-file limit the server refuses cleanly instead of spinning on accept and flooding its log.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

#include <gtest/gtest.h>

#include "tests/support/child_process.hpp"
#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

TEST(Limits, AConnectionThatNeverSaysHelloIsClosed) {
  auto config = TestServer::default_config();
  config.hello_timeout_seconds = 1;
  TestServer server(registry_with_race(), "", config);
  TestClient silent(server.port());
  TestClient talker(server.port());
  talker.hello("Ann");
  silent.expect_error("hello_first", 3000ms);
  while (silent.next(2000ms)) {
  }
  EXPECT_TRUE(silent.closed());
  talker.chat("/who");  // a welcomed connection stays
  talker.expect("info", 2000ms);
  EXPECT_FALSE(talker.closed());
}

// The queue bound is in bytes as well as messages: with room for 100,000 messages but 256 KiB, a
// client that never reads is dropped while a lobby floods it with chat; the one who reads stays.
TEST(Limits, ANonReadingClientIsDroppedByQueuedBytes) {
  auto config = TestServer::default_config();
  config.max_queue = 100000;
  config.max_queue_bytes = 256 * 1024;
  config.rate_per_second = 100000;
  config.rate_burst = 100000;
  TestServer server(registry_with_race(), "", config);
  TestClient sleeper(server.port());  // reads only when asked: never, below
  sleeper.hello("Sleeper");
  TestClient flooder(server.port());
  flooder.hello("Flooder");
  const std::string line(480, 'x');
  for (int i = 0; i < 40000 && server.metrics().slow_clients_dropped.load() == 0; ++i) {
    flooder.chat(line);
    if (i % 100 == 99)
      flooder.drain(20ms);  // the flooder reads its own echo, well within its bound
  }
  for (int i = 0; i < 50 && server.metrics().slow_clients_dropped.load() == 0; ++i)
    std::this_thread::sleep_for(100ms);
  EXPECT_GE(server.metrics().slow_clients_dropped.load(), 1);
  flooder.chat("/who");
  flooder.expect_where("info", [](const json& m) {
    return m["text"].get<std::string>().find("Online") != std::string::npos;
  });
}

// Issue 9, point 4: a player may hold seats in at most --max-rooms-per-player rooms they created (a
// game left with /leave keeps its seat, so it counts); past it /create is refused with
// too_many_rooms.
TEST(Limits, RoomsCreatedPerPlayerAreCapped) {
  auto config = TestServer::default_config();
  config.max_rooms_per_player = 2;
  TestServer server(registry_with_race(), "", config);
  TestClient host(server.port()), other(server.port());
  host.hello("Hana");
  other.hello("Olaf");
  for (int i = 0; i < 2; ++i) {
    host.chat("/create santa-cruz");
    host.expect("room");
    host.chat("/addbot");
    host.expect_where("room", [](const json& r) { return r["seats"][1].value("bot", false); });
    host.chat("/start");
    host.expect("state");
    host.chat("/leave");  // the game goes on; Hana's seat waits for her
    host.expect("left");
  }
  host.chat("/create santa-cruz");
  EXPECT_NE(host.expect_error("too_many_rooms")["message"].get<std::string>().find("2 rooms"),
            std::string::npos);
  host.chat("/create race");
  host.expect_error("too_many_rooms");
  // The limit is per player, and a waiting room its creator left no longer counts (it closed): Olaf
  // creates and leaves three rooms in turn.
  for (int i = 0; i < 3; ++i) {
    other.chat("/create race");
    other.expect("room");
    other.chat("/leave");
    other.expect("left");
  }
}

TEST(Limits, PastTheSocketCapConnectionsGet503AndHealthzAnswers) {
  auto config = TestServer::default_config();
  config.max_connections = 36;  // WebSockets may use 36 - 16 (kept for plain HTTP) = 20
  TestServer server(registry_with_race(), "", config);
  std::vector<std::unique_ptr<TestClient>> clients;
  for (int i = 0; i < 20; ++i) clients.push_back(std::make_unique<TestClient>(server.port()));
  EXPECT_THROW(TestClient extra(server.port()), std::exception) << "a 21st WebSocket was accepted";
  auto health = http_get(server.port(), "/healthz");
  EXPECT_EQ(health.result(), server::http::status::ok);
  EXPECT_GE(server.metrics().connections_refused.load(), 1);
  clients.pop_back();  // one leaves: there is room again
  std::this_thread::sleep_for(200ms);
  TestClient again(server.port());
  EXPECT_EQ(again.hello("Again")["name"], "Again");
}

// The real binary under `ulimit -n 64`, with the cap set above what the limit allows, so accept
// itself fails (EMFILE): the server must back off, log little, and serve again once connections go.
TEST(Limits, AtTheOpenFileLimitTheServerBacksOffAndLogsLittle) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("archipel-limits-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const auto port_file = dir / "port";
  const auto log_file = dir / "log";
  const std::string command =
      "ulimit -n 64 && exec " + std::string(ARCHIPEL_SERVER_BIN) +
      " --bind 127.0.0.1 --port 0 --data memory --log-level warn --max-connections 1000"
      " --port-file " +
      port_file.string() + " 2>" + log_file.string();
  const pid_t pid = spawn_program({"/bin/bash", "-c", command});
  ASSERT_GT(pid, 0);
  const std::uint16_t port = wait_for_port_file(port_file);
  ASSERT_GT(port, 0);
  std::vector<std::unique_ptr<TestClient>> clients;
  int refused = 0;
  for (int i = 0; i < 80; ++i) {
    try {
      auto c = std::make_unique<TestClient>(port);
      clients.push_back(std::move(c));
    } catch (const std::exception&) {
      ++refused;
    }
  }
  EXPECT_GT(refused, 0) << "all 80 connections were accepted under a limit of 64 files";
  std::this_thread::sleep_for(2s);  // the server keeps failing to accept meanwhile
  clients.clear();                  // connections go: the server accepts again
  std::this_thread::sleep_for(1500ms);
  EXPECT_EQ(http_get(port, "/healthz").result(), server::http::status::ok);
  TestClient after(port);
  EXPECT_EQ(after.hello("After")["name"], "After");
  kill(pid, SIGTERM);
  int status = 0;
  waitpid(pid, &status, 0);
  EXPECT_LT(std::filesystem::file_size(log_file), 4096u) << "the log grew while accept failed";
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace archipel::testing
