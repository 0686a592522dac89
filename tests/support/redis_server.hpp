#pragma once
// A Redis server of the test's own, for the cluster tests: Debian's redis-server (or the program
// ARCHIPEL_REDIS_SERVER names) on 127.0.0.1 on a free port, in a temporary folder, with no
// persistence (no RDB snapshot, no AOF: a restart comes back empty, as a lost Redis would). Each
// test starts its own (it takes a few milliseconds), so tests share nothing; it is stopped and its
// folder deleted with the object.
//
// Where redis-server is not installed, a test that needs it is skipped with the reason, or fails
// with it when ARCHIPEL_REQUIRE_REDIS=1 (scripts/test.sh sets it, as ARCHIPEL_REQUIRE_POSTGRES:
// there, a missing Redis is a broken install). As postgres_server.hpp.

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace archipel::testing {

/// Whether a test that needs Redis must fail rather than be skipped when it cannot run
/// (ARCHIPEL_REQUIRE_REDIS=1).
bool redis_required();

/// A reply as the tests read it: nil, a string (or status, or error text), an integer or an array
/// of strings.
struct RedisValue {
  bool nil = false;
  bool error = false;
  std::string text;
  long long integer = 0;
  std::vector<std::string> elements;
};

class RedisServer {
 public:
  /// Starts redis-server; why_not() says why it did not.
  RedisServer();
  ~RedisServer();
  RedisServer(const RedisServer&) = delete;
  RedisServer& operator=(const RedisServer&) = delete;

  /// "" once running, else why not.
  const std::string& why_not() const { return why_not_; }
  std::uint16_t port() const { return port_; }
  /// redis://127.0.0.1:port/db
  std::string url(int db = 0) const;

  /// Stops it (SIGTERM, then waits for the process).
  void stop();
  /// Starts it again on the same port, empty. False (with why_not()) if it did not come up.
  bool restart();

  /// One command through hiredis's blocking client, on database `db`. Throws std::runtime_error
  /// if Redis cannot be reached.
  RedisValue query(const std::vector<std::string>& args, int db = 0) const;

 private:
  std::string launch();  // "" once it answers PING

  std::filesystem::path dir_;
  std::string why_not_;
  std::uint16_t port_ = 0;
  pid_t pid_ = -1;
};

}  // namespace archipel::testing

/// In a test's body: ends the test unless `server` (a RedisServer) runs (skipped with the reason,
/// or failed when redis_required()).
#define ARCHIPEL_NEED_REDIS(server)                                   \
  do {                                                                \
    if (const std::string& why = (server).why_not(); !why.empty()) {  \
      if (::archipel::testing::redis_required()) GTEST_FAIL() << why; \
      GTEST_SKIP() << why;                                            \
    }                                                                 \
  } while (false)
