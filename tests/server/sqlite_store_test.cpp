// What only the SQLite store has (the contract is tests/server/store_test.cpp, over every store):
// running games are read by an index on the status (issue 9, point 6), whatever the number of ended
// games; a database made before the schema had a version gains the columns it lacks and the
// version; a database of a newer version is refused, with nothing written.

#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>

#include <gtest/gtest.h>

#include "server/store.hpp"
#include "tests/support/store_kinds.hpp"

namespace archipel::server {
namespace {

using archipel::testing::game;
using nlohmann::json;

struct TempDir {
  std::filesystem::path path = std::filesystem::temp_directory_path() /
                               ("archipel-store-" + std::to_string(::getpid()) + "-" +
                                ::testing::UnitTest::GetInstance()->current_test_info()->name());
  TempDir() { std::filesystem::remove_all(path); }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string db() const { return (path / "archipel.sqlite3").string(); }
};

std::vector<RoomId> ids(const std::vector<GameRecord>& games) {
  std::vector<RoomId> out;
  for (const auto& g : games) out.push_back(g.id);
  return out;
}

// The first column of the first row of `sql` on the database file `db` (-1 if none).
int number(const std::string& db, const char* sql) {
  sqlite3* handle = nullptr;
  EXPECT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(handle, sql, -1, &st, nullptr), SQLITE_OK);
  const int n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
  sqlite3_finalize(st);
  sqlite3_close(handle);
  return n;
}

int user_version(const std::string& db) {
  return number(db, "PRAGMA user_version");
}

std::string query_plan(const std::string& db, const std::string& sql) {
  sqlite3* handle = nullptr;
  EXPECT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(handle, ("EXPLAIN QUERY PLAN " + sql).c_str(), -1, &st, nullptr),
            SQLITE_OK);
  std::string plan;
  while (sqlite3_step(st) == SQLITE_ROW)
    plan += std::string(reinterpret_cast<const char*>(sqlite3_column_text(st, 3))) + "\n";
  sqlite3_finalize(st);
  sqlite3_close(handle);
  return plan;
}

// Restore reads the running games through the status index, not by scanning every game ever stored.
TEST(SqliteStore, RunningGamesAreFoundByAnIndex) {
  TempDir dir;
  { auto store = make_sqlite_store(dir.path.string()); }
  const std::string plan =
      query_plan(dir.db(), "SELECT id FROM games WHERE status='playing' ORDER BY id");
  EXPECT_NE(plan.find("games_by_status"), std::string::npos) << plan;
  EXPECT_EQ(plan.find("SCAN games"), std::string::npos) << plan;
}

// A database written before games could be abandoned (no away_since column) opens, and its games
// restore.
TEST(SqliteStore, AnOlderDatabaseGainsTheAwayColumn) {
  TempDir dir;
  std::filesystem::create_directories(dir.path);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(dir.db().c_str(), &db), SQLITE_OK);
  const char* old_schema = R"(
    CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed TEXT NOT NULL,
                        seats TEXT NOT NULL, host TEXT NOT NULL, status TEXT NOT NULL, outcome TEXT,
                        created_at INTEGER NOT NULL DEFAULT (strftime('%s','now')));
    CREATE TABLE actions (game INTEGER NOT NULL REFERENCES games(id), idx INTEGER NOT NULL, seat INTEGER NOT NULL,
                          action TEXT NOT NULL, PRIMARY KEY (game, idx));
    INSERT INTO games (id, game, options, seed, seats, host, status)
      VALUES (9, 'race', '{}', '1', '[{"name":"Ann","token":"ta","bot":false}]', 'ta', 'playing');)";
  ASSERT_EQ(sqlite3_exec(db, old_schema, nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  ASSERT_EQ(user_version(dir.db()), 0);
  auto store = make_sqlite_store(dir.path.string());
  const auto games = store->load_unfinished();
  ASSERT_EQ(ids(games), std::vector<RoomId>{9});
  EXPECT_FALSE(games[0].away_since);
  EXPECT_TRUE(store->set_away_since(9, 7));
  EXPECT_EQ(store->load_game(9)->away_since, 7);
  EXPECT_TRUE(store->set_seat_play(9, SeatPlay{{"greedy"}, json()}));
  EXPECT_EQ(store->load_game(9)->play.stand_ins, std::vector<std::string>{"greedy"});
  EXPECT_EQ(user_version(dir.db()), kStoreSchemaVersion);
}

// A database made between the two columns (away_since, no seat_play) and before versions: each
// migration checks what is there, so the column it has is not added twice, and the other is.
TEST(SqliteStore, ADatabaseWithSomeColumnsGainsTheOthers) {
  TempDir dir;
  { auto store = make_sqlite_store(dir.path.string()); }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(dir.db().c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "ALTER TABLE games DROP COLUMN seat_play; PRAGMA user_version=0",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  auto store = make_sqlite_store(dir.path.string());
  ASSERT_TRUE(store->save_game(game(2)));
  EXPECT_TRUE(store->set_away_since(2, 5));
  EXPECT_TRUE(store->set_seat_play(2, SeatPlay{{"", "greedy"}, json()}));
  EXPECT_EQ(store->load_game(2)->play.stand_ins, (std::vector<std::string>{"", "greedy"}));
  EXPECT_EQ(user_version(dir.db()), kStoreSchemaVersion);
}

// A database of version 3 (before accounts) keeps its games and gains the accounts' tables.
TEST(SqliteStore, AVersionThreeDatabaseGainsAccounts) {
  TempDir dir;
  {
    auto store = make_sqlite_store(dir.path.string());
    ASSERT_TRUE(store->save_game(game(4)));
  }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(dir.db().c_str(), &db), SQLITE_OK);
  ASSERT_EQ(
      sqlite3_exec(db, "DROP TABLE account_tokens; DROP TABLE accounts; PRAGMA user_version=3",
                   nullptr, nullptr, nullptr),
      SQLITE_OK);
  sqlite3_close(db);
  auto store = make_sqlite_store(dir.path.string());
  EXPECT_EQ(user_version(dir.db()), kStoreSchemaVersion);
  EXPECT_EQ(ids(store->load_unfinished()), std::vector<RoomId>{4});
  ASSERT_TRUE(store->create_account(AccountRecord{"Ann", "ann", "$argon2id$x", 1}, "ta"));
  EXPECT_EQ(store->account_of_token("ta"), "ann");
}

// A database of version 4 (accounts, no ratings) keeps its accounts and gains the ratings' tables.
TEST(SqliteStore, AVersionFourDatabaseGainsRatings) {
  TempDir dir;
  {
    auto store = make_sqlite_store(dir.path.string());
    ASSERT_TRUE(store->create_account(AccountRecord{"Ann", "ann", "$argon2id$x", 1}, "ta"));
    ASSERT_TRUE(store->create_account(AccountRecord{"Ben", "ben", "$argon2id$x", 1}, "tb"));
  }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(dir.db().c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "DROP TABLE ratings; DROP TABLE rating_history; PRAGMA user_version=4",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  auto store = make_sqlite_store(dir.path.string());
  EXPECT_EQ(user_version(dir.db()), kStoreSchemaVersion);
  EXPECT_EQ(store->account_of_token("ta"), "ann");
  const server::Rating fresh{25.0, 25.0 / 3.0};
  ASSERT_TRUE(store->record_rating_changes(
      {server::RatingChange{"ann", "race", 1, 1, fresh, {27.0, 8.0}, 10},
       server::RatingChange{"ben", "race", 1, 2, fresh, {23.0, 8.0}, 10}}));
  EXPECT_EQ(store->top_ratings("race", 20).at(0).name, "Ann");
}

// A player's history is read a page at a time down an index (issue 36): from the newest game or
// from a cursor, the store's query searches game_players_by_time by skeleton and time, never
// scanning the table, and joins each game by its key.
TEST(SqliteStore, AHistoryPageIsOneSearchOfAnIndex) {
  TempDir dir;
  { auto store = make_sqlite_store(dir.path.string()); }
  const std::string plan =
      query_plan(dir.db(),
                 "SELECT g.id, g.game, g.seats, g.outcome, p.ended_ms FROM game_players p "
                 "JOIN games g ON g.id = p.room WHERE p.skeleton = 'ann' "
                 "AND p.ended_ms <= 5000 AND (p.ended_ms < 5000 OR p.room < 7) "
                 "ORDER BY p.ended_ms DESC, p.room DESC LIMIT 11");
  EXPECT_NE(plan.find("INDEX game_players_by_time (skeleton=? AND ended_ms<?)"), std::string::npos)
      << plan;
  EXPECT_EQ(plan.find("SCAN"), std::string::npos) << plan;
  EXPECT_EQ(plan.find("TEMP B-TREE"), std::string::npos) << "no sort: the index's order" << plan;
}

// A database of version 5 gains the history's table, and its games already over are listed in it,
// dated by their start; a running game is not.
TEST(SqliteStore, AVersionFiveDatabaseListsItsFinishedGames) {
  TempDir dir;
  {
    auto store = make_sqlite_store(dir.path.string());
    for (RoomId id : {1, 2, 3}) ASSERT_TRUE(store->save_game(game(id)));
    ASSERT_TRUE(store->finish_game(1, json{{"scores", {3, 1}}, {"ranking", {0, 1}}}, 50));
    ASSERT_TRUE(store->finish_game(2, json{{"scores", {1, 3}}, {"ranking", {1, 0}}}, 60));
  }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(dir.db().c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db,
                         "DROP TABLE game_players; UPDATE games SET created_at = 1700000000 + id; "
                         "PRAGMA user_version=5",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  auto store = make_sqlite_store(dir.path.string());
  EXPECT_EQ(user_version(dir.db()), kStoreSchemaVersion);
  const auto games = store->finished_games("ben", std::nullopt, 10);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].room, 2);
  EXPECT_EQ(games[0].ended_ms, 1700000002000) << "dated by its start";
  EXPECT_EQ(games[0].outcome["ranking"], json({1, 0}));
  EXPECT_EQ(games[1].room, 1);
}

// A database written by a newer server (a higher version) is refused at open, and left as it was.
TEST(SqliteStore, ANewerDatabaseIsRefused) {
  TempDir dir;
  std::filesystem::create_directories(dir.path);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(dir.db().c_str(), &db), SQLITE_OK);
  const std::string newer = "PRAGMA user_version=" + std::to_string(kStoreSchemaVersion + 1);
  ASSERT_EQ(sqlite3_exec(db, newer.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  try {
    make_sqlite_store(dir.path.string());
    ADD_FAILURE() << "a newer database was opened";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("newer"), std::string::npos) << e.what();
  }
  EXPECT_EQ(user_version(dir.db()), kStoreSchemaVersion + 1);
  EXPECT_EQ(number(dir.db(), "SELECT count(*) FROM sqlite_master"), 0) << "no table was created";
}

}  // namespace
}  // namespace archipel::server
