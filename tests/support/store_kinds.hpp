#pragma once
// The stores that the store suite runs over (tests/server/store_test.cpp, store_writer_test.cpp):
// memory, SQLite and PostgreSQL behind one Store contract. A test gets a place of its own (nothing,
// a temporary folder, a fresh database on the tests' PostgreSQL server) and opens its store there
// as often as it likes: opening a durable store again is how a test plays a restart.

#include <filesystem>
#include <memory>
#include <ostream>
#include <string>

#include <gtest/gtest.h>

#include "server/store.hpp"

namespace archipel::testing {

enum class StoreKind { memory, sqlite, postgresql };

/// The records the store tests write: a game of the test game "race" between Ann (token "ta", the
/// host) and Ben
/// ("tb"), seed 1, room `id`; and its "add n" action by `seat`.
server::GameRecord game(server::RoomId id);
server::ActionRecord act(int seat, int n);

/// The test-name suffix of each kind (Memory, SQLite, PostgreSQL), for INSTANTIATE_TEST_SUITE_P.
std::string store_kind_name(const ::testing::TestParamInfo<StoreKind>& info);
/// The same name where GoogleTest prints the parameter (and ctest's test names, after "GetParam()
/// =").
void PrintTo(StoreKind kind, std::ostream* out);

class StoreTest : public ::testing::TestWithParam<StoreKind> {
 protected:
  /// The test's place. Over PostgreSQL: skipped, or failed when required, if PostgreSQL cannot run
  /// here.
  void SetUp() override;
  void TearDown() override;
  /// The test's store, opened at its place (memory: a new, empty one at each call).
  std::unique_ptr<server::Store> open() const;
  /// Whether what a store holds outlives it (SQLite, PostgreSQL): open() then finds it again.
  bool durable() const { return GetParam() != StoreKind::memory; }

  std::filesystem::path folder_;  // SQLite's data folder
  std::string url_;               // PostgreSQL's database
};

}  // namespace archipel::testing
