#pragma once
// A real binary run as a child process, for the tests that need one rather than a server in the
// test's own process: the server killed with SIGKILL (crash_test), under a tiny open-file limit
// (limits_test), the load tool paused and resumed by signals (tools/load_tool_test). Header-only,
// so any test executable can use it.

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace archipel::testing {

/// Starts argv[0] with the given arguments; its standard output and error go to the given files
/// when named (appended), else to the test's own. Returns the child's pid, or -1 if it could not
/// start. The child gets no other descriptor of the test's: a test server's listening socket
/// inherited by a child would keep its port taken after the server has gone (a server restarted on
/// the same port could not bind it).
inline pid_t spawn_program(const std::vector<std::string>& argv,
                           const std::filesystem::path& out = {},
                           const std::filesystem::path& err = {}) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!out.empty())
    posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (!err.empty())
    posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  posix_spawn_file_actions_addclosefrom_np(&actions, 3);
  pid_t pid = -1;
  if (posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ) != 0) pid = -1;
  posix_spawn_file_actions_destroy(&actions);
  return pid;
}

/// Waits for the child `pid` to end (through signals that interrupt the wait); returns its
/// waitpid() status.
inline int wait_for_exit(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

/// A loopback port nobody listens on now (the kernel's choice), for a server the test starts.
/// Another program could take it before that server binds it: callers try again on another.
inline std::uint16_t free_loopback_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof addr;
  std::uint16_t port = 0;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &size) == 0)
    port = ntohs(addr.sin_port);
  ::close(fd);
  return port;
}

/// The whole text of `file` ("" if it cannot be read).
inline std::string read_file(const std::filesystem::path& file) {
  std::ifstream in(file);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The end of a child's log (its last 1,500 characters), for a message that says why it failed.
inline std::string log_tail(const std::filesystem::path& log) {
  std::string text = read_file(log);
  if (text.size() > 1500) text = "..." + text.substr(text.size() - 1500);
  return text;
}

/// Polls `file` until `ready(its text so far)` holds; false if it has not within `patience`. A
/// child's output file or a server's --port-file is read this way: the child writes it when it gets
/// there.
template <class Ready>
bool wait_for_file(const std::filesystem::path& file, Ready ready,
                   std::chrono::milliseconds patience = std::chrono::seconds(5)) {
  const auto until = std::chrono::steady_clock::now() + patience;
  do {
    if (ready(read_file(file))) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
  } while (std::chrono::steady_clock::now() < until);
  return false;
}

/// The port a server wrote to its --port-file, once it has; 0 if it has not within `patience`.
inline std::uint16_t wait_for_port_file(
    const std::filesystem::path& file,
    std::chrono::milliseconds patience = std::chrono::seconds(5)) {
  int port = 0;
  const bool written = wait_for_file(
      file,
      [&](const std::string& text) {
        port = std::atoi(text.c_str());
        return port > 0 && port < 65536;
      },
      patience);
  return written ? static_cast<std::uint16_t>(port) : 0;
}

}  // namespace archipel::testing
