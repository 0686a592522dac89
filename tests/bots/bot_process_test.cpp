// archipel-bot processes (the built binary, ARCHIPEL_BOT_BIN) fill every seat of a Santa Cruz game against an
// in-process server and play it to the end; a spectator test client watches and receives `over`.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "engine/core/registry.hpp"
#include "tests/support/test_server.hpp"

extern char** environ;

namespace archipel::testing {
namespace {

pid_t spawn(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = -1;
  if (posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0) return -1;
  return pid;
}

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
  bots.push_back(spawn({bin, "--port", port, "--name", "HostBot", "--create", "santa-cruz", "--start-when", "3",
                        "--strategy", "greedy", "--seed", "1", "--idle-timeout", "60"}));
  ASSERT_GT(bots.back(), 0);
  // The room exists once the lobby announces it (a `rooms_delta` adding it); then the others join it by number
  // and the spectator watches it.
  const json delta = watcher.expect_where(
      "rooms_delta", [](const json& m) { return m.contains("added") && !m["added"].empty(); }, 10000ms);
  const std::int64_t room = delta["added"][0]["id"];
  for (int i = 0; i < 2; ++i) {
    bots.push_back(spawn({bin, "--port", port, "--name", "JoinBot" + std::to_string(i), "--room",
                          std::to_string(room), "--strategy", i == 0 ? "random" : "search", "--think-ms", "30",
                          "--seed", std::to_string(10 + i), "--idle-timeout", "60"}));
    ASSERT_GT(bots.back(), 0);
  }
  watcher.chat("/watch " + std::to_string(room));
  const json over = watcher.expect_where(
      "over", [&](const json& m) { return m["room"] == room; }, 180000ms);
  ASSERT_EQ(over["ranking"].size(), 3u);
  for (pid_t pid : bots) EXPECT_EQ(wait_exit(pid, std::chrono::seconds(20)), 0);
  EXPECT_EQ(server.metrics().errors_sent.load(), 0) << "a bot sent a move the server refused";
}

}  // namespace
}  // namespace archipel::testing
