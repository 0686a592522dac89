// kill -9 at random moments (issue 9): the real server binary on a temporary data folder (SQLite),
// or on a PostgreSQL database (--store, issue 34), two players playing Santa Cruz through their
// legal actions over loopback, the process killed with SIGKILL again and again (while moves are in
// flight, between them, right after a start), then started again on the same store. After each
// restart: the SQLite file passes its integrity check, both players get their seat back with their
// token, and the game is at or past every version any player had seen (a patch reaches anyone only
// after its move is stored, so each patch is an acknowledged move), with the very view they held
// when nothing was stored after it. Never a move lost.

#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>

#include <gtest/gtest.h>

#include "engine/core/rng.hpp"
#include "tests/support/postgres_server.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

namespace fs = std::filesystem;

/// PRAGMA integrity_check on the database the killed server left ("ok" when intact). Read-only, so
/// closing does not checkpoint the log: the next start sees the files exactly as the kill left
/// them.
std::string integrity(const fs::path& db) {
  sqlite3* handle = nullptr;
  std::string result = "cannot open";
  if (sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(handle, "PRAGMA integrity_check", -1, &stmt, nullptr) == SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW)
      result = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    sqlite3_finalize(stmt);
  }
  sqlite3_close(handle);
  return result;
}

/// One player: a connection, the room's view as its messages make it (state, then patches), and the
/// moves it has sent. `seen` is the highest version that reached this player.
struct Player {
  std::string name;
  std::string token;
  std::unique_ptr<TestClient> client;
  json seat;  // as the state message gives it
  json view;
  std::int64_t version = -1;
  bool waiting = false;  // a move sent, its own patch not yet back
  std::chrono::steady_clock::time_point next_move{};
};

// Reads what has arrived for `p`; false once its connection is gone. Fails on a gap in versions.
bool pump(Player& p, std::int64_t room, bool& over) {
  while (auto m = p.client->next(2ms)) {
    const std::string type = m->value("type", "");
    if (type == "error") {  // only moves are sent while playing: any error is a refused legal move
      ADD_FAILURE() << p.name << ": a legal move was refused: " << m->dump();
      p.waiting = false;
    }
    if ((*m).value("room", json()) != room) continue;
    if (type == "state") {
      p.seat = (*m)["seat"];
      p.view = (*m)["view"];
      p.version = (*m)["version"];
      p.waiting = false;
    } else if (type == "patch") {
      EXPECT_EQ((*m)["from"], p.version) << p.name << ": a patch does not follow the version held";
      p.view = p.view.patch((*m)["ops"]);
      p.version = (*m)["to"];
      if ((*m)["by"] == p.seat) p.waiting = false;
    } else if (type == "over") {
      over = true;
    }
  }
  return !p.client->closed();
}

// Opens a Santa Cruz room for both players (leaving the finished one, if any) and starts it;
// returns once both hold the first state (the start is stored), so a kill after this finds a game
// to resume.
std::int64_t start_game(std::vector<Player>& players, std::int64_t previous) {
  for (auto& p : players) {
    if (previous != 0) p.client->chat("/leave");
    p.client->drain(100ms);
  }
  TestClient& host = *players[0].client;
  host.chat("/create santa-cruz");
  const std::int64_t room =
      host.expect_where(
              "room",
              [&](const json& r) { return r["id"] != previous && r["host"] == players[0].name; })
          .value("id", std::int64_t{0});
  players[1].client->chat("/join " + std::to_string(room));
  host.expect_where("room", [&](const json& r) {
    return r["id"] == room && r["seats"][1]["name"] == players[1].name;
  });
  host.chat("/start");
  for (auto& p : players) {
    const json state = p.client->expect_where(
        "state", [&](const json& s) { return s["room"] == room; }, 5000ms);
    p.seat = state["seat"];
    p.view = state["view"];
    p.version = state["version"];
    p.waiting = false;
  }
  return room;
}

// The crash test on one store: `store_args` for the server (--data or --store), `after_kill` checks
// what the killed server left (SQLite: the file's integrity) before the next start.
void kill_nine_at_random_moments(const fs::path& dir, const std::vector<std::string>& store_args,
                                 const std::function<void(int kills)>& after_kill) {
  engine::Rng rng(20261123);
  std::vector<Player> players(2);
  players[0].name = "Ann";
  players[1].name = "Ben";
  std::int64_t room = 0;
  std::int64_t seen =
      -1;  // the highest version of this game any player received: acknowledged up to there
  int kills = 0, mid_game = 0, exact_views = 0, moves_sent = 0, games = 0;

  constexpr int kKills = 8;
  for (int round = 0; round < kKills; ++round) {
    ServerProcess server(ARCHIPEL_SERVER_BIN, dir, store_args);
    ASSERT_GT(server.port(), 0) << "the server did not start after kill " << kills;
    for (auto& p : players) {
      p.client = std::make_unique<TestClient>(server.port());
      if (round == 0) {
        p.token = p.client->hello(p.name)["token"];
        continue;
      }
      p.client->send(json{{"type", "hello"}, {"token", p.token}});
      EXPECT_EQ(p.client->expect("welcome")["name"], p.name);
      const json state = p.client->expect_where(
          "state", [&](const json& s) { return s["room"] == room; }, 5000ms);
      // The check: nothing acknowledged before the kill is missing, and the game is the one that
      // was played.
      const std::int64_t version = state["version"];
      EXPECT_GE(version, seen) << p.name << " after kill " << kills
                               << ": acknowledged moves were lost";
      if (version == p.version) {
        EXPECT_EQ(state["view"], p.view)
            << p.name << " after kill " << kills << ": the game differs";
        ++exact_views;
      }
      p.seat = state["seat"];
      p.view = state["view"];
      p.version = version;
      p.waiting = false;
    }
    if (::testing::Test::HasFailure()) break;
    if (round == 0) room = start_game(players, 0), ++games, seen = 0;

    // Kill at a random moment within the next 1.2 s of play (0 ms: right after the restart).
    const auto kill_at =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(rng.below(1200));
    for (bool alive = true; alive;) {
      bool over = false;
      for (auto& p : players) {
        alive = pump(p, room, over) && alive;
        seen = std::max(seen, p.version);
        const auto now = std::chrono::steady_clock::now();
        const bool turn =
            p.view.contains("legal") && p.view["legal"].is_array() && !p.view["legal"].empty();
        if (alive && turn && !p.waiting && now >= p.next_move) {
          const json& legal = p.view["legal"];
          p.client->send(json{{"type", "action"},
                              {"room", room},
                              {"action", legal[rng.below(legal.size())]["action"]}});
          p.waiting = true;
          p.next_move = now + 60ms;  // within the server's rate limit (20 messages a second)
          ++moves_sent;
        }
      }
      ASSERT_TRUE(alive) << "the server died on its own";
      if (over)
        room = start_game(players, room), ++games,
        seen = 0;  // the game ended: another one, same players
      if (std::chrono::steady_clock::now() >= kill_at) {
        EXPECT_TRUE(server.kill9()) << "the server had died on its own";
        ++kills;
        mid_game += seen > 0;
        alive = false;
      }
    }
    for (auto& p :
         players) {  // what reached a player before its socket closed was acknowledged too
      bool over = false;
      pump(p, room, over);
      seen = std::max(seen, p.version);
      p.client.reset();
    }
    after_kill(kills);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_EQ(kills, kKills);
  EXPECT_GE(mid_game, kKills / 2) << "too few kills fell in the middle of a game";
  EXPECT_GT(exact_views, 0) << "no restart could compare the view itself";
  ::testing::Test::RecordProperty("moves_sent", moves_sent);
  ::testing::Test::RecordProperty("games", games);
  ::testing::Test::RecordProperty("last_version", static_cast<int>(seen));
}

TEST(Crash, KillNineAtRandomMomentsLosesNoAcknowledgedMove) {
  const fs::path dir = fs::temp_directory_path() / ("archipel-crash-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  kill_nine_at_random_moments(dir, {"--data", dir.string()}, [&dir](int kills) {
    ASSERT_TRUE(fs::exists(dir / "archipel.sqlite3"));
    EXPECT_EQ(integrity(dir / "archipel.sqlite3"), "ok") << "after kill " << kills;
  });
  fs::remove_all(dir);
}

// The same over PostgreSQL (--store): every server started on one database, each after the last was
// killed, and every acknowledged move is there at each restart.
TEST(Crash, PostgreSQLKillNineAtRandomMomentsLosesNoAcknowledgedMove) {
  ARCHIPEL_NEED_POSTGRES();
  const fs::path dir =
      fs::temp_directory_path() / ("archipel-crash-pg-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string url = fresh_postgres_database();
  kill_nine_at_random_moments(dir, {"--store", url}, [](int) {});
  EXPECT_NE(postgres_value(url, "SELECT count(*) FROM actions"), "0");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace archipel::testing
