// archipel-load end to end: the real tool against the real server. --pause stops it before seating
// and before closing until it gets SIGUSR1, so that bench/instructions.sh can have a profiler count
// the seating alone;
// --rooms-at-once seats rooms a few at a time, as people arriving steadily would fill them.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/child_process.hpp"

namespace archipel::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// Kills and reaps a child at the end of the test, passed or failed: a server left running would
// hold ctest's output pipe open, and ctest would wait on it.
struct Reaper {
  pid_t pid = -1;
  void reap() {
    if (pid <= 0) return;
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    pid = -1;
  }
  ~Reaper() { reap(); }
};

// The tool's output holds `text` (within 20 s: a loaded machine may be slow to connect and seat).
bool wait_for_text(const fs::path& file, const std::string& text) {
  return wait_for_file(
      file, [&](const std::string& so_far) { return so_far.find(text) != std::string::npos; }, 20s);
}

// The real server on a free port, in a folder of its own; killed and reaped at the end, passed or
// failed.
class LoadTool : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("archipel-load-tool-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    server_.pid =
        spawn_program({ARCHIPEL_SERVER_BIN, "--bind", "127.0.0.1", "--port", "0", "--data",
                       "memory", "--log-level", "warn", "--port-file", (dir_ / "port").string()},
                      {}, dir_ / "server.log");
    ASSERT_GT(server_.pid, 0);
    port_ = wait_for_port_file(dir_ / "port");
    ASSERT_GT(port_, 0);
  }
  void TearDown() override {
    load_.reap();
    server_.reap();
    fs::remove_all(dir_);
  }

  /// Starts archipel-load against the server with `args` after the port; its output goes to
  /// load.out and load.err.
  pid_t start_load(const std::vector<std::string>& args) {
    std::vector<std::string> argv{ARCHIPEL_LOAD_BIN, "--port", std::to_string(port_)};
    argv.insert(argv.end(), args.begin(), args.end());
    load_.pid = spawn_program(argv, dir_ / "load.out", dir_ / "load.err");
    return load_.pid;
  }
  /// Waits for the tool to end; its --json summary (null if it printed none). The test fails unless
  /// it exits 0.
  nlohmann::json finish_load() {
    int status = 0;
    if (waitpid(load_.pid, &status, 0) != load_.pid) return nullptr;
    load_.pid = -1;
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << read_file(dir_ / "load.err");
    const std::string out = read_file(dir_ / "load.out");
    const auto at = out.rfind("\n{");  // --json: the summary's last line
    if (at == std::string::npos) return nullptr;
    return nlohmann::json::parse(out.substr(at + 1), nullptr, false);
  }

  fs::path dir_;
  std::uint16_t port_ = 0;
  Reaper server_, load_;
};

TEST_F(LoadTool, PauseWaitsForASignalBeforeSeatingAndBeforeClosing) {
  const pid_t load = start_load({"--clients", "8", "--seats", "4", "--mode", "chat", "--rate",
                                 "0.001", "--duration", "0", "--pause", "--json", "--quiet"});
  ASSERT_GT(load, 0);
  int status = 0;

  ASSERT_TRUE(wait_for_text(dir_ / "load.err", "paused before seat"))
      << read_file(dir_ / "load.err");
  std::this_thread::sleep_for(
      300ms);  // a tool that did not wait would seat 8 clients and be gone by now
  EXPECT_EQ(waitpid(load, &status, WNOHANG), 0) << "archipel-load ended without its signal";
  EXPECT_EQ(read_file(dir_ / "load.err").find("paused before close"), std::string::npos);

  kill(load, SIGUSR1);
  ASSERT_TRUE(wait_for_text(dir_ / "load.err", "paused before close"))
      << read_file(dir_ / "load.err");
  std::this_thread::sleep_for(300ms);
  EXPECT_EQ(waitpid(load, &status, WNOHANG), 0) << "archipel-load closed without its signal";
  EXPECT_EQ(read_file(dir_ / "load.out"), "") << "the summary is printed after the sockets close";

  kill(load, SIGUSR1);
  const auto summary = finish_load();
  ASSERT_TRUE(summary.is_object()) << read_file(dir_ / "load.out");
  EXPECT_EQ(summary["seated"], 8);
  EXPECT_EQ(summary["failed"], 0);
}

// By default every room is opened at once; --rooms-at-once N opens the next room only as one fills,
// so at most N are being seated at any time, and everyone is seated all the same.
TEST_F(LoadTool, RoomsAtOnceBoundsTheRoomsBeingSeated) {
  const std::vector<std::string> run{"--clients", "20",      "--seats",      "4",          "--mode",
                                     "chat",      "--rate",  "0.001",        "--duration", "0",
                                     "--json",    "--quiet", "--name-prefix"};
  auto args = run;
  args.push_back("all");
  ASSERT_GT(start_load(args), 0);
  auto summary = finish_load();
  ASSERT_TRUE(summary.is_object()) << read_file(dir_ / "load.out");
  EXPECT_EQ(summary["seated"], 20);
  EXPECT_EQ(summary["rooms_at_once"], 5) << "every room opened at once";

  fs::remove(dir_ / "load.out");
  args = run;
  args.insert(args.end(), {"one", "--rooms-at-once", "1"});
  ASSERT_GT(start_load(args), 0);
  summary = finish_load();
  ASSERT_TRUE(summary.is_object()) << read_file(dir_ / "load.out");
  EXPECT_EQ(summary["seated"], 20);
  EXPECT_EQ(summary["failed"], 0);
  EXPECT_EQ(summary["rooms_at_once"], 1);
}

}  // namespace
}  // namespace archipel::testing
