// archipel-load --pause, end to end: the real tool against the real server. It stops before seating and before
// closing until it gets SIGUSR1, so that bench/instructions.sh can have a profiler count the seating alone.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/child_process.hpp"

namespace archipel::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string read_all(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Kills and reaps a child at the end of the test, passed or failed: a server left running would hold ctest's
// output pipe open, and ctest would wait on it.
struct Reaper {
  pid_t pid;
  ~Reaper() {
    if (pid <= 0) return;
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
  }
};

// The tool's output holds `text` (within 20 s: a loaded machine may be slow to connect and seat).
bool wait_for_text(const fs::path& file, const std::string& text) {
  return wait_for_file(
      file, [&](const std::string& so_far) { return so_far.find(text) != std::string::npos; }, 20s);
}

TEST(LoadPause, WaitsForASignalBeforeSeatingAndBeforeClosing) {
  const fs::path dir = fs::temp_directory_path() / ("archipel-load-pause-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const pid_t server = spawn_program({ARCHIPEL_SERVER_BIN, "--bind", "127.0.0.1", "--port", "0", "--data", "memory",
                                      "--log-level", "warn", "--port-file", (dir / "port").string()},
                                     {}, dir / "server.log");
  ASSERT_GT(server, 0);
  Reaper server_reaper{server};
  const std::uint16_t port = wait_for_port_file(dir / "port");
  ASSERT_GT(port, 0);
  const pid_t load = spawn_program({ARCHIPEL_LOAD_BIN, "--port", std::to_string(port), "--clients", "8", "--seats",
                                    "4", "--mode", "chat", "--rate", "0.001", "--duration", "0", "--pause", "--json",
                                    "--quiet"},
                                   dir / "load.out", dir / "load.err");
  ASSERT_GT(load, 0);
  Reaper load_reaper{load};
  int status = 0;

  ASSERT_TRUE(wait_for_text(dir / "load.err", "paused before seat")) << read_all(dir / "load.err");
  std::this_thread::sleep_for(300ms);  // a tool that did not wait would seat 8 clients and be gone by now
  EXPECT_EQ(waitpid(load, &status, WNOHANG), 0) << "archipel-load ended without its signal";
  EXPECT_EQ(read_all(dir / "load.err").find("paused before close"), std::string::npos);

  kill(load, SIGUSR1);
  ASSERT_TRUE(wait_for_text(dir / "load.err", "paused before close")) << read_all(dir / "load.err");
  std::this_thread::sleep_for(300ms);
  EXPECT_EQ(waitpid(load, &status, WNOHANG), 0) << "archipel-load closed without its signal";
  EXPECT_EQ(read_all(dir / "load.out"), "") << "the summary is printed after the sockets close";

  kill(load, SIGUSR1);
  ASSERT_EQ(waitpid(load, &status, 0), load);
  load_reaper.pid = -1;
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << read_all(dir / "load.err");
  const std::string out = read_all(dir / "load.out");
  const auto last_line = out.substr(out.rfind("\n{") + 1);  // --json: the summary's last line
  const auto summary = nlohmann::json::parse(last_line, nullptr, false);
  ASSERT_TRUE(summary.is_object()) << out;
  EXPECT_EQ(summary["seated"], 8);
  EXPECT_EQ(summary["failed"], 0);

  fs::remove_all(dir);
}

}  // namespace
}  // namespace archipel::testing
