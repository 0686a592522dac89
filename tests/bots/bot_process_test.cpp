// archipel-bot processes (the built binary, ARCHIPEL_BOT_BIN) fill every seat of a Santa Cruz game
// against an in-process server and play it to the end; a spectator test client watches and receives
// `over`. And through a server restart: the bots come back by themselves, with their tokens, and
// finish the game.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

#include <gtest/gtest.h>

#include "engine/core/registry.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

// Exit status of `pid`, or -1 if it has not exited within `timeout` (then it is killed).
int wait_exit(pid_t pid, std::chrono::seconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : -2;
    std::this_thread::sleep_for(50ms);
  }
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  return -1;
}

TEST(BotProcesses, ThreeBotsPlaySantaCruzToTheEndWatchedByASpectator) {
  auto config = TestServer::default_config();
  config.rate_per_second = 1000;
  config.rate_burst = 1000;
  TestServer server(engine::default_registry(), "", config, 77);
  const std::string bin = ARCHIPEL_BOT_BIN;
  const std::string port = std::to_string(server.port());

  TestClient watcher(server.port());
  watcher.hello("Watcher");

  std::vector<pid_t> bots;
  bots.push_back(spawn_program({bin, "--port", port, "--name", "HostBot", "--create", "santa-cruz",
                                "--start-when", "3", "--strategy", "greedy", "--seed", "1",
                                "--idle-timeout", "60"}));
  ASSERT_GT(bots.back(), 0);
  // The room exists once the lobby announces it (a `rooms_delta` adding it); then the others join
  // it by number and the spectator watches it.
  const json delta = watcher.expect_where(
      "rooms_delta", [](const json& m) { return m.contains("added") && !m["added"].empty(); },
      10000ms);
  const std::int64_t room = delta["added"][0]["id"];
  for (int i = 0; i < 2; ++i) {
    bots.push_back(spawn_program({bin, "--port", port, "--name", "JoinBot" + std::to_string(i),
                                  "--room", std::to_string(room), "--strategy",
                                  i == 0 ? "random" : "search", "--think-ms", "30", "--seed",
                                  std::to_string(10 + i), "--idle-timeout", "60"}));
    ASSERT_GT(bots.back(), 0);
  }
  watcher.chat("/watch " + std::to_string(room));
  const json over = watcher.expect_where(
      "over", [&](const json& m) { return m["room"] == room; }, 180000ms);
  ASSERT_EQ(over["ranking"].size(), 3u);
  for (pid_t pid : bots) EXPECT_EQ(wait_exit(pid, std::chrono::seconds(20)), 0);
  EXPECT_EQ(server.metrics().errors_sent.load(), 0) << "a bot sent a move the server refused";
}

// A restart in the middle of a game (the graceful stop an operator's SIGTERM makes, then a new
// server on the same port and data folder): the bots, told the server is restarting and closed with
// 1012, connect again by themselves, say hello with their tokens, get their seats back and play the
// game to its end.
TEST(BotProcesses, TwoBotsComeBackAfterARestartAndFinishTheGame) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("archipel-bot-restart-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  auto config = TestServer::default_config();
  config.rate_per_second = 1000;
  config.rate_burst = 1000;
  const std::string bin = ARCHIPEL_BOT_BIN;
  std::vector<pid_t> bots;
  struct Reaper {  // a failed assertion leaves no bot running (wait_exit reaps those that finished)
    std::vector<pid_t>& pids;
    ~Reaper() {
      for (pid_t pid : pids)
        if (waitpid(pid, nullptr, WNOHANG) == 0) kill(pid, SIGKILL), waitpid(pid, nullptr, 0);
    }
  } reaper{bots};
  std::int64_t room = 0;
  {
    auto first = std::make_unique<TestServer>(engine::default_registry(), dir.string(), config, 5);
    config.port = first->port();  // the restarted server listens where the bots look for it
    const std::string port = std::to_string(first->port());
    TestClient watcher(first->port());
    watcher.hello("Watcher");
    // --max-rate 4: slow enough that the game is still on when the server stops.
    for (int i = 0; i < 2; ++i) {
      std::vector<std::string> args{bin,
                                    "--port",
                                    port,
                                    "--name",
                                    "Back" + std::to_string(i),
                                    "--strategy",
                                    "random",
                                    "--seed",
                                    std::to_string(i + 1),
                                    "--idle-timeout",
                                    "60",
                                    "--max-rate",
                                    "4",
                                    "--reconnect-for",
                                    "30"};
      if (i == 0)
        args.insert(args.end(), {"--create", "santa-cruz", "--start-when", "2"});
      else
        args.insert(args.end(), {"--room", std::to_string(room)});
      bots.push_back(spawn_program(args));
      ASSERT_GT(bots.back(), 0);
      if (i == 0) {
        const json delta = watcher.expect_where(
            "rooms_delta", [](const json& m) { return m.contains("added") && !m["added"].empty(); },
            10000ms);
        room = delta["added"][0]["id"];
      }
    }
    watcher.chat("/watch " + std::to_string(room));
    // A few moves in, and not over.
    watcher.expect_where(
        "patch", [](const json& m) { return m["to"].get<int>() >= 4; }, 20000ms);
    first->stop();
    std::this_thread::sleep_for(300ms);
  }
  TestServer second(engine::default_registry(), dir.string(), config, 5);
  TestClient watcher(second.port());
  watcher.hello("Watcher2");
  watcher.chat("/watch " + std::to_string(room));
  const json over = watcher.expect_where(
      "over", [&](const json& m) { return m["room"] == room; }, 180000ms);
  ASSERT_EQ(over["ranking"].size(), 2u);
  for (pid_t pid : bots) EXPECT_EQ(wait_exit(pid, std::chrono::seconds(20)), 0);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace archipel::testing
