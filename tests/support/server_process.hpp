#pragma once
// The archipel-server binary as a child process, on a loopback port, killed with SIGKILL: the crash
// tests (tests/server/crash_test.cpp) start it on one store again and again. Header-only, as
// child_process.hpp.

#include <signal.h>
#include <sys/wait.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/child_process.hpp"

namespace archipel::testing {

class ServerProcess {
 public:
  /// Starts `binary` with `store_args` (--data FOLDER, --store URL); its port file and its log
  /// (appended) go in `dir`. port() is 0 if it did not start listening within 5 s.
  ServerProcess(const std::string& binary, const std::filesystem::path& dir,
                const std::vector<std::string>& store_args)
      : port_file_(dir / "port") {
    std::filesystem::remove(port_file_);
    std::vector<std::string> argv{binary,        "--bind", "127.0.0.1",   "--port",           "0",
                                  "--log-level", "warn",   "--port-file", port_file_.string()};
    argv.insert(argv.end(), store_args.begin(), store_args.end());
    pid_ = spawn_program(argv, {}, dir / "log");
    if (pid_ > 0) port_ = wait_for_port_file(port_file_);
  }
  ~ServerProcess() { kill9(); }
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  std::uint16_t port() const { return port_; }
  /// SIGKILL, then reaps the process. True if it was still running (it did not die on its own).
  bool kill9() {
    if (pid_ <= 0) return false;
    int status = 0;
    const bool running = waitpid(pid_, &status, WNOHANG) == 0;
    ::kill(pid_, SIGKILL);
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return running;
  }

 private:
  std::filesystem::path port_file_;
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
};

}  // namespace archipel::testing
