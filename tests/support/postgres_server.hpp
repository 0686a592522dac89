#pragma once
// A PostgreSQL server of the tests' own, for the store suite over PostgreSQL: Debian's PostgreSQL
// 15 (or the programs of the folder ARCHIPEL_POSTGRES_BIN names), a new cluster (initdb) in a
// temporary folder, listening on 127.0.0.1 on a free port with its Unix socket in that folder,
// started by the first test of the program that needs it and stopped and deleted when the program
// ends (a GoogleTest environment). Each test takes a database of its own, so tests share nothing
// but the server.
//
// PostgreSQL refuses to run as root. As root (CI, the containers), initdb and pg_ctl run as the
// `postgres` user that Debian's package creates (runuser), in a folder that user owns; as anyone
// else, as that user.
//
// Where PostgreSQL is not installed, a test that needs it is skipped with the reason, or fails with
// it when ARCHIPEL_REQUIRE_POSTGRES=1 (scripts/test.sh sets it: there, a missing PostgreSQL is a
// broken install).

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace archipel::testing {

/// Why PostgreSQL cannot run here, or "" once the tests' server runs (started by the first call).
const std::string& postgres_unavailable();

/// Whether a test that needs PostgreSQL must fail rather than be skipped when it cannot run
/// (ARCHIPEL_REQUIRE_POSTGRES=1).
bool postgres_required();

/// A new, empty database on the tests' server: its URL (postgresql://archipel@127.0.0.1:port/name).
std::string fresh_postgres_database();

/// Runs `sql` (one or more statements, no parameters: the tests' own text) on the database `url`
/// names, as the server's superuser. Returns the rows of the last statement as text (NULL as "").
/// Throws std::runtime_error with PostgreSQL's message on failure.
std::vector<std::vector<std::string>> postgres_query(const std::string& url,
                                                     const std::string& sql);

/// The first column of the first row of postgres_query ("" if there is none).
std::string postgres_value(const std::string& url, const std::string& sql);

}  // namespace archipel::testing

/// In a test's body or SetUp: ends the test unless PostgreSQL runs here (skipped with the reason,
/// or failed when postgres_required()).
#define ARCHIPEL_NEED_POSTGRES()                                                              \
  do {                                                                                        \
    if (const std::string& why = ::archipel::testing::postgres_unavailable(); !why.empty()) { \
      if (::archipel::testing::postgres_required()) GTEST_FAIL() << why;                      \
      GTEST_SKIP() << why;                                                                    \
    }                                                                                         \
  } while (false)
