// What only the PostgreSQL store has (the contract is tests/server/store_test.cpp, over every
// store), on the tests' own PostgreSQL server (tests/support/postgres_server.hpp): the schema's
// versions and migrations (an older database migrated, a second open changing nothing, nodes
// opening a new database together migrating it once, a newer database refused with nothing
// written), the index restore reads by, a lost connection made again, a database gone failing calls
// instead of the server, and clear errors at open that never show a password.

#include <atomic>
#include <thread>

#include <gtest/gtest.h>

#include "server/store.hpp"
#include "tests/support/postgres_server.hpp"
#include "tests/support/store_kinds.hpp"

namespace archipel::testing {
namespace {

using nlohmann::json;
using server::ActionRecord;
using server::GameRecord;
using server::make_postgresql_store;
using server::PendingAction;
using server::RoomId;
using server::SeatRecord;

std::string database_name(const std::string& url) {
  return url.substr(url.rfind('/') + 1);
}
// The server's own database, for what cannot be done from inside a database (ALTER DATABASE, ending
// sessions).
std::string admin_url(const std::string& url) {
  return url.substr(0, url.rfind('/') + 1) + "postgres";
}

// Ends every session on the test's database but the one asking: the store's connection is lost.
void cut_connections(const std::string& url) {
  postgres_query(admin_url(url),
                 "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" +
                     database_name(url) + "' AND pid <> pg_backend_pid()");
}

std::string versions(const std::string& url) {
  return postgres_value(
      url, "SELECT string_agg(version::text, ',' ORDER BY version) FROM schema_version");
}

class PostgreSQLStore : public ::testing::Test {
 protected:
  void SetUp() override {
    ARCHIPEL_NEED_POSTGRES();
    url_ = fresh_postgres_database();
  }
  std::string url_;
};

// A database at version 1 (games and actions, as the first SQLite databases had them), with a
// running game: the open migrates it to the current version, the game is restored and the new
// columns work. A second open finds nothing to do: the migrations would fail if run again (ADD
// COLUMN of a column there), and the versions table is unchanged to the microsecond.
TEST_F(PostgreSQLStore, AnOlderSchemaIsMigratedAndASecondOpenChangesNothing) {
  postgres_query(url_, R"(
    CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now());
    CREATE TABLE games (id BIGINT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed TEXT NOT NULL,
                        seats TEXT NOT NULL, host TEXT NOT NULL, status TEXT NOT NULL, outcome TEXT,
                        created_at TIMESTAMPTZ NOT NULL DEFAULT now());
    CREATE TABLE actions (game BIGINT NOT NULL REFERENCES games(id), idx INTEGER NOT NULL, seat INTEGER NOT NULL,
                          action TEXT NOT NULL, PRIMARY KEY (game, idx));
    CREATE INDEX games_by_status ON games(status);
    INSERT INTO schema_version (version) VALUES (1);
    INSERT INTO games (id, game, options, seed, seats, host, status)
      VALUES (9, 'race', '{}', '1', '[{"name":"Ann","token":"ta","bot":false}]', 'ta', 'playing');
    INSERT INTO actions VALUES (9, 0, 0, '{"n":2,"type":"add"}');
    INSERT INTO games (id, game, options, seed, seats, host, status, outcome, created_at)
      VALUES (8, 'race', '{}', '1', '[{"name":"Ann","token":"ta","bot":false},{"name":"B0b","token":"tb","bot":false}]',
              'ta', 'over', '{"ranking":[1,0],"scores":[4,10]}', to_timestamp(1700000000)))");
  {
    auto store = make_postgresql_store(url_);
    const auto games = store->load_unfinished();
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].id, 9);
    EXPECT_EQ(games[0].seats.at(0).name, "Ann");
    ASSERT_EQ(games[0].actions.size(), 1u);
    EXPECT_EQ(games[0].actions[0].action, json({{"type", "add"}, {"n", 2}}));
    EXPECT_FALSE(games[0].away_since);
    EXPECT_TRUE(store->set_away_since(9, 7));
    EXPECT_TRUE(store->set_seat_play(9, server::SeatPlay{{"greedy"}, json()}));
    EXPECT_TRUE(store->append_action(9, 1, act(1, 3)));
    // Version 4's accounts, beside the game of version 1.
    EXPECT_TRUE(store->create_account(server::AccountRecord{"Ann", "ann", "$argon2id$x", 1}, "ta"));
  }
  EXPECT_EQ(versions(url_), "1,2,3,4,5,6");
  const std::string applied = postgres_value(
      url_,
      "SELECT string_agg(version || ' ' || applied_at, ',' ORDER BY version) FROM schema_version");
  auto store = make_postgresql_store(url_);
  EXPECT_EQ(postgres_value(url_,
                           "SELECT string_agg(version || ' ' || applied_at, ',' ORDER BY version) "
                           "FROM schema_version"),
            applied);
  const auto game9 = store->load_game(9);
  ASSERT_TRUE(game9);
  EXPECT_EQ(game9->away_since, 7);
  EXPECT_EQ(game9->play.stand_ins, std::vector<std::string>{"greedy"});
  EXPECT_EQ(game9->actions.size(), 2u);
  EXPECT_EQ(store->account_of_token("ta"), "ann");
  // Version 6 listed the game over in its people's histories, dated by its start; not the running
  // one.
  const auto bobs = store->finished_games("bob", std::nullopt, 10);
  ASSERT_EQ(bobs.size(), 1u);
  EXPECT_EQ(bobs[0].room, 8);
  EXPECT_EQ(bobs[0].ended_ms, 1700000000000);
  EXPECT_EQ(bobs[0].seats.at(1).name, "B0b");
}

// Nodes starting together on a new database: the migration lock lets one create the schema, and the
// others find it made. Without the lock, two would create the same tables and one would fail.
// Several rounds, each on a new database, each with four openings at once.
TEST_F(PostgreSQLStore, NodesOpeningANewDatabaseTogetherMigrateItOnce) {
  for (int round = 0; round < 3; ++round) {
    const std::string url = round == 0 ? url_ : fresh_postgres_database();
    std::atomic<int> ready{0}, opened{0};
    std::vector<std::string> errors(4);
    std::vector<std::thread> nodes;
    for (int n = 0; n < 4; ++n)
      nodes.emplace_back([&, n] {
        ++ready;
        while (ready < 4)
          std::this_thread::yield();  // all four connect and migrate at the same moment
        try {
          auto store = make_postgresql_store(url);
          opened += store->max_room_id() == 0;
        } catch (const std::exception& e) {
          errors[n] = e.what();
        }
      });
    for (auto& t : nodes) t.join();
    for (const auto& e : errors) EXPECT_EQ(e, "") << "round " << round;
    EXPECT_EQ(opened, 4) << "round " << round;
    EXPECT_EQ(versions(url), "1,2,3,4,5,6") << "round " << round;
  }
}

// A database written by a newer server is refused at open, and nothing is written to it: no table
// created.
TEST_F(PostgreSQLStore, ANewerSchemaIsRefusedWithNothingWritten) {
  postgres_query(
      url_,
      "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL "
      "DEFAULT now()); INSERT INTO schema_version (version) VALUES (" +
          std::to_string(server::kStoreSchemaVersion + 1) + ")");
  try {
    make_postgresql_store(url_);
    ADD_FAILURE() << "a newer database was opened";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("newer"), std::string::npos) << e.what();
  }
  EXPECT_EQ(versions(url_), std::to_string(server::kStoreSchemaVersion + 1));
  EXPECT_EQ(postgres_value(url_, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"),
            "1");
}

// Restore reads the running games by the status index, not by reading every game ever played: with
// thousands of ended games and three running, the planner takes the index for the store's own
// query.
TEST_F(PostgreSQLStore, RunningGamesAreFoundByAnIndex) {
  { auto store = make_postgresql_store(url_); }
  postgres_query(url_, R"(
    INSERT INTO games (id, game, options, seed, seats, host, status)
      SELECT n, 'race', '{}', '1', '[]', 'ta', CASE WHEN n % 1000 = 0 THEN 'playing' ELSE 'over' END
      FROM generate_series(1, 3000) AS n;
    ANALYZE games)");
  std::string plan;
  for (const auto& row :
       postgres_query(url_,
                      "EXPLAIN SELECT id, game, options, seed, seats, host, status, outcome, "
                      "away_since, seat_play FROM games WHERE status = 'playing' ORDER BY id"))
    plan += row.at(0) + "\n";
  EXPECT_NE(plan.find("games_by_status"), std::string::npos) << plan;
  EXPECT_EQ(plan.find("Seq Scan"), std::string::npos) << plan;
  auto store = make_postgresql_store(url_);
  std::vector<RoomId> running;
  for (const auto& g : store->load_unfinished()) running.push_back(g.id);
  EXPECT_EQ(running, (std::vector<RoomId>{1000, 2000, 3000}));
}

// A player's history on a database of thousands of finished games: the planner walks
// game_players_by_time for the store's own query, from the newest game as from a cursor, and never
// reads the whole table.
TEST_F(PostgreSQLStore, AHistoryPageIsOneWalkDownAnIndex) {
  { auto store = make_postgresql_store(url_); }
  postgres_query(url_, R"(
    INSERT INTO games (id, game, options, seed, seats, host, status)
      SELECT n, 'race', '{}', '1', '[]', 'ta', 'over' FROM generate_series(1, 3000) AS n;
    INSERT INTO game_players (room, seat, skeleton, ended_ms)
      SELECT n, s, 'p' || ((n + s) % 300), n * 1000 FROM generate_series(1, 3000) AS n,
                                                         generate_series(0, 1) AS s;
    ANALYZE games; ANALYZE game_players)");
  for (const char* from : {"9223372036854775807, 9223372036854775807", "2000000, 2000"}) {
    std::string plan;
    for (const auto& row : postgres_query(
             url_,
             std::string("PREPARE page (text, bigint, bigint, bigint) AS SELECT g.id, g.game, "
                         "g.seats, g.outcome, p.ended_ms FROM game_players p JOIN games g ON "
                         "g.id = p.room WHERE p.skeleton = $1 AND "
                         "p.ended_ms <= $2 AND (p.ended_ms < $2 OR p.room < $3) ORDER BY "
                         "p.ended_ms DESC, p.room DESC LIMIT $4; EXPLAIN EXECUTE page('p7', ") +
                 from + ", 11)"))
      plan += row.at(0) + "\n";
    EXPECT_NE(plan.find("game_players_by_time"), std::string::npos) << plan;
    EXPECT_EQ(plan.find("Seq Scan on game_players"), std::string::npos) << plan;
  }
}

// The database ends the store's session (a restart of PostgreSQL, a proxy's timeout): the next call
// connects again and is made, a write as well as a read, one action as well as a group.
TEST_F(PostgreSQLStore, ALostConnectionIsMadeAgain) {
  auto store = make_postgresql_store(url_);
  ASSERT_TRUE(store->save_game(game(1)));
  cut_connections(url_);
  EXPECT_TRUE(store->append_action(1, 0, act(0, 1)));
  cut_connections(url_);
  EXPECT_EQ(store->append_actions({PendingAction{1, 1, act(1, 2)}, PendingAction{1, 2, act(0, 3)}}),
            (std::vector<bool>{true, true}));
  cut_connections(url_);
  const auto record = store->load_game(1);
  ASSERT_TRUE(record);
  EXPECT_EQ(record->actions.size(), 3u);
  cut_connections(url_);
  EXPECT_TRUE(store->finish_game(1, json{{"scores", {1, 0}}}, 1000));
  EXPECT_EQ(postgres_value(url_, "SELECT status FROM games WHERE id = 1"), "over");
}

// While the database takes no connection, every call fails (false, nothing read; the two start-up
// reads throw, so a server does not start as if it had no games) and none crashes; once it takes
// them again, the next call connects and works.
TEST_F(PostgreSQLStore, ADatabaseGoneFailsTheCallsUntilItIsBack) {
  auto store = make_postgresql_store(url_);
  ASSERT_TRUE(store->save_game(game(1)));
  postgres_query(admin_url(url_),
                 "ALTER DATABASE " + database_name(url_) + " ALLOW_CONNECTIONS false");
  cut_connections(url_);
  EXPECT_FALSE(store->append_action(1, 0, act(0, 1)));
  EXPECT_EQ(store->append_actions({PendingAction{1, 0, act(0, 1)}, PendingAction{1, 1, act(1, 2)}}),
            (std::vector<bool>{false, false}));
  EXPECT_FALSE(store->set_away_since(1, 5));
  EXPECT_FALSE(store->save_game(game(2)));
  EXPECT_FALSE(store->load_game(1));
  EXPECT_THROW(store->load_unfinished(), std::runtime_error);
  EXPECT_THROW(store->max_room_id(), std::runtime_error);
  postgres_query(admin_url(url_),
                 "ALTER DATABASE " + database_name(url_) + " ALLOW_CONNECTIONS true");
  EXPECT_TRUE(store->append_action(1, 0, act(0, 1)));
  EXPECT_EQ(store->load_game(1)->actions.size(), 1u);
  EXPECT_EQ(store->max_room_id(), 1) << "game 2 was never stored";
}

// A server that does not answer, a database that does not exist, a URL libpq cannot read: an
// exception that says so, without the password the URL holds.
TEST_F(PostgreSQLStore, AnOpenThatCannotConnectSaysWhyWithoutThePassword) {
  std::string missing =
      url_;  // the tests' server, which trusts any password, and a database it does not have
  missing.replace(missing.find("archipel@"), 9, "archipel:s3cret@");
  missing = missing.substr(0, missing.rfind('/') + 1) + "no_such_database";
  for (const std::string& url : {std::string("postgresql://archipel:s3cret@127.0.0.1:1/archipel"),
                                 missing, std::string("postgresql://archipel:s3cret@[::1")}) {
    try {
      make_postgresql_store(url);
      ADD_FAILURE() << "opened " << url;
    } catch (const std::runtime_error& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("cannot connect to the PostgreSQL database postgresql://archipel:***@"),
                std::string::npos)
          << what;
      EXPECT_EQ(what.find("s3cret"), std::string::npos) << what;
    }
  }
}

}  // namespace
}  // namespace archipel::testing
