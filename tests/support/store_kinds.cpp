#include "tests/support/store_kinds.hpp"

#include <cstdlib>

#include "tests/support/postgres_server.hpp"

namespace archipel::testing {

server::GameRecord game(server::RoomId id) {
  server::GameRecord g;
  g.id = id;
  g.game = "race";
  g.seed = 1;
  g.seats = {server::SeatRecord{"Ann", "ta"}, server::SeatRecord{"Ben", "tb"}};
  g.host = "ta";
  return g;
}

server::ActionRecord act(int seat, int n) {
  return server::ActionRecord{seat, nlohmann::json{{"type", "add"}, {"n", n}}};
}

namespace {

const char* name_of(StoreKind kind) {
  switch (kind) {
    case StoreKind::memory:
      return "Memory";
    case StoreKind::sqlite:
      return "SQLite";
    case StoreKind::postgresql:
      return "PostgreSQL";
  }
  return "Unknown";
}

}  // namespace

std::string store_kind_name(const ::testing::TestParamInfo<StoreKind>& info) {
  return name_of(info.param);
}

void PrintTo(StoreKind kind, std::ostream* out) {
  *out << name_of(kind);
}

void StoreTest::SetUp() {
  if (GetParam() == StoreKind::sqlite) {
    char folder[] = "/tmp/archipel-store-XXXXXX";
    ASSERT_TRUE(::mkdtemp(folder));
    folder_ = folder;
  } else if (GetParam() == StoreKind::postgresql) {
    ARCHIPEL_NEED_POSTGRES();
    url_ = fresh_postgres_database();
  }
}

void StoreTest::TearDown() {
  if (!folder_.empty()) std::filesystem::remove_all(folder_);
}

std::unique_ptr<server::Store> StoreTest::open() const {
  switch (GetParam()) {
    case StoreKind::memory:
      return server::make_memory_store();
    case StoreKind::sqlite:
      return server::make_sqlite_store(folder_.string());
    case StoreKind::postgresql:
      return server::make_postgresql_store(url_);
  }
  return nullptr;
}

}  // namespace archipel::testing
