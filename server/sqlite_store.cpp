// The embedded default Store: one SQLite file in the data folder. WAL journal so a crash of the
// process loses nothing that was committed (synchronous=NORMAL: a power loss may lose the last
// commits; FULL, on request, survives that too at the cost of a disk flush per commit; see
// operations.md). The writer thread (store_writer.hpp) commits the actions waiting at once as one
// transaction, before the rooms send their results. The statements of the hot path are prepared
// once.
#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <iterator>
#include <memory>
#include <mutex>
#include <stdexcept>

#include <spdlog/spdlog.h>

#include "server/store.hpp"

namespace archipel::server {
namespace {

using Json = nlohmann::json;

class Statement {
 public:
  Statement(sqlite3* db, const char* sql) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK)
      throw std::runtime_error(std::string("sqlite prepare: ") + sqlite3_errmsg(db));
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, std::int64_t v) {
    sqlite3_bind_int64(stmt_, i, v);
    return *this;
  }
  Statement& bind(int i, const std::string& v) {
    sqlite3_bind_text(stmt_, i, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement& bind_real(int i, double v) {
    sqlite3_bind_double(stmt_, i, v);
    return *this;
  }
  int step() { return sqlite3_step(stmt_); }
  /// Ready to run again (a statement kept for reuse).
  void reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  std::int64_t int_at(int i) { return sqlite3_column_int64(stmt_, i); }
  double real_at(int i) { return sqlite3_column_double(stmt_, i); }
  bool is_null(int i) { return sqlite3_column_type(stmt_, i) == SQLITE_NULL; }
  std::string text_at(int i) {
    auto p = sqlite3_column_text(stmt_, i);
    return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
  }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

// kMigrations[v - 1] takes a database from schema version v - 1 to v (store.hpp numbers them as the
// PostgreSQL store does), and PRAGMA user_version holds the version. Databases made before the
// version was kept have user_version 0 whatever they hold, so each step allows for a database that
// has it already: the tables and index IF NOT EXISTS, a column only where it is missing. A
// migration that has shipped never changes.
struct Migration {
  const char* sql;
  const char* new_column;             // the games column the migration adds, if any
  bool lists_finished_games = false;  // then fills game_players from the games over (version 6)
};
constexpr Migration kMigrations[] = {
    // 1: games and their actions; restore reads the running games by the status index, not by
    // scanning every game.
    {R"(CREATE TABLE IF NOT EXISTS games (
          id INTEGER PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed TEXT NOT NULL,
          seats TEXT NOT NULL, host TEXT NOT NULL, status TEXT NOT NULL, outcome TEXT,
          created_at INTEGER NOT NULL DEFAULT (strftime('%s','now')));
        CREATE TABLE IF NOT EXISTS actions (
          game INTEGER NOT NULL REFERENCES games(id), idx INTEGER NOT NULL, seat INTEGER NOT NULL,
          action TEXT NOT NULL, PRIMARY KEY (game, idx));
        CREATE INDEX IF NOT EXISTS games_by_status ON games(status))",
     nullptr},
    // 2: since when every person of a running game has been away (games could not be abandoned
    // before).
    {"ALTER TABLE games ADD COLUMN away_since INTEGER", "away_since"},
    // 3: who plays each seat, and the turn clock (SeatPlay's JSON; seats could not be handed to a
    // bot before).
    {"ALTER TABLE games ADD COLUMN seat_play TEXT", "seat_play"},
    // 4: accounts (a name's skeleton is the key: no two look-alike names) and the tokens bound to
    // them. Existing games need nothing: their seats' tokens stay guests' until someone registers.
    {R"(CREATE TABLE IF NOT EXISTS accounts (
          skeleton TEXT PRIMARY KEY, name TEXT NOT NULL, password_hash TEXT NOT NULL,
          created_ms INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS account_tokens (
          token TEXT PRIMARY KEY, skeleton TEXT NOT NULL REFERENCES accounts(skeleton));
        CREATE INDEX IF NOT EXISTS account_tokens_by_account ON account_tokens(skeleton))",
     nullptr},
    // 5: ratings per account and game (docs/ratings.md), the ordinal (mu - 3 sigma) kept beside
    // them so that a game's leaderboard is one walk down an index; and each rated game's change,
    // one per account and room (a game counts once), read newest first.
    {R"(CREATE TABLE IF NOT EXISTS ratings (
          skeleton TEXT NOT NULL REFERENCES accounts(skeleton), game TEXT NOT NULL,
          mu REAL NOT NULL, sigma REAL NOT NULL, ordinal REAL NOT NULL,
          played INTEGER NOT NULL, won INTEGER NOT NULL, PRIMARY KEY (skeleton, game));
        CREATE INDEX IF NOT EXISTS ratings_by_ordinal ON ratings(game, ordinal DESC, skeleton);
        CREATE TABLE IF NOT EXISTS rating_history (
          skeleton TEXT NOT NULL REFERENCES accounts(skeleton), room INTEGER NOT NULL,
          game TEXT NOT NULL, place INTEGER NOT NULL, mu_before REAL NOT NULL,
          sigma_before REAL NOT NULL, mu_after REAL NOT NULL, sigma_after REAL NOT NULL,
          at_ms INTEGER NOT NULL, PRIMARY KEY (skeleton, room));
        CREATE INDEX IF NOT EXISTS rating_history_by_time
          ON rating_history(skeleton, at_ms DESC, room DESC))",
     nullptr},
    // 6: each finished game's people (a row per seat a person held, keyed by the name's skeleton)
    // and when it ended, so that a player's history is one walk down game_players_by_time, a page
    // at a time. The games already over are listed by the migration, dated by their start (their
    // end was not kept).
    {R"(CREATE TABLE IF NOT EXISTS game_players (
          room INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
          skeleton TEXT NOT NULL, ended_ms INTEGER NOT NULL, PRIMARY KEY (room, seat));
        CREATE INDEX IF NOT EXISTS game_players_by_time
          ON game_players(skeleton, ended_ms DESC, room DESC))",
     nullptr, true},
};
static_assert(std::size(kMigrations) == kStoreSchemaVersion);

class SqliteStore final : public Store {
 public:
  SqliteStore(const std::string& data_dir, SqliteSync sync) {
    std::filesystem::create_directories(data_dir);
    const std::string path = (std::filesystem::path(data_dir) / "archipel.sqlite3").string();
    if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) {
      std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw std::runtime_error("cannot open " + path + ": " + why);
    }
    try {
      exec("PRAGMA journal_mode=WAL");
      exec(sync == SqliteSync::full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
      exec("PRAGMA foreign_keys=ON");
      const int from = migrate(path);
      // The index must be the next of its game's (the one after the last stored, 0 for the first):
      // a gap in a log would make the game impossible to replay.
      insert_action_ = std::make_unique<Statement>(
          db_,
          "INSERT INTO actions (game, idx, seat, action) SELECT ?1, ?2, ?3, ?4 "
          "WHERE ?2 = (SELECT COALESCE(MAX(idx) + 1, 0) FROM actions WHERE game = ?1)");
      begin_ = std::make_unique<Statement>(db_, "BEGIN");
      commit_ = std::make_unique<Statement>(db_, "COMMIT");
      rollback_ = std::make_unique<Statement>(db_, "ROLLBACK");
      spdlog::info("event=store_open path={} schema_version={} migrated_from={}", path,
                   kStoreSchemaVersion, from);
    } catch (...) {
      insert_action_.reset(), begin_.reset(), commit_.reset(), rollback_.reset();
      sqlite3_close(db_);
      throw;
    }
  }
  ~SqliteStore() override {
    insert_action_.reset(), begin_.reset(), commit_.reset(),
        rollback_.reset();  // finalized before the close
    sqlite3_close(db_);
  }

  bool save_game(const GameRecord& g) override {
    std::lock_guard lock(mutex_);
    Statement st(
        db_,
        "INSERT OR REPLACE INTO games (id, game, options, seed, seats, host, status, seat_play) "
        "VALUES (?,?,?,?,?,?,?,?)");
    st.bind(1, g.id)
        .bind(2, g.game)
        .bind(3, Json(g.options).dump())
        .bind(4, std::to_string(g.seed))
        .bind(5, seats_json(g.seats).dump())
        .bind(6, g.host)
        .bind(7, g.status)
        .bind(8, seat_play_json(g.play).dump());
    return done(st.step(), "save_game");
  }

  bool append_action(RoomId room, int index, const ActionRecord& a) override {
    std::lock_guard lock(mutex_);
    return insert_action(PendingAction{room, index, a});
  }

  // One transaction for the group; if it fails (one bad write), each is written alone so the others
  // stand.
  std::vector<bool> append_actions(const std::vector<PendingAction>& actions) override {
    std::lock_guard lock(mutex_);
    if (actions.size() > 1 && run(*begin_, "begin")) {
      bool all = true;
      for (const auto& a : actions) all = all && insert_action(a);
      if (all && run(*commit_, "commit")) return std::vector<bool>(actions.size(), true);
      run(*rollback_, "rollback");
      spdlog::warn("event=store_group_failed writes={} retrying=one_by_one", actions.size());
    }
    std::vector<bool> stored;
    for (const auto& a : actions) stored.push_back(insert_action(a));
    return stored;
  }

  // One transaction: the game over, and its people's rows in the history (written again if the
  // game is finished again).
  bool finish_game(RoomId room, const Json& outcome, std::int64_t ended_ms) override {
    std::lock_guard lock(mutex_);
    if (!run(*begin_, "finish_game")) return false;
    Statement st(db_, "UPDATE games SET status='over', outcome=? WHERE id=?");
    st.bind(1, outcome.dump()).bind(2, room);
    bool ok = done(st.step(), "finish_game");
    if (ok) ok = list_players(room, ended_ms);
    if (ok) ok = run(*commit_, "finish_game");
    if (!ok) run(*rollback_, "finish_game");
    return ok;
  }

  bool abandon_game(RoomId room) override {
    std::lock_guard lock(mutex_);
    Statement st(db_, "UPDATE games SET status='abandoned', away_since=NULL WHERE id=?");
    st.bind(1, room);
    return done(st.step(), "abandon_game");
  }

  bool set_away_since(RoomId room, std::optional<std::int64_t> unix_ms) override {
    std::lock_guard lock(mutex_);
    Statement st(db_, "UPDATE games SET away_since=? WHERE id=?");
    if (unix_ms) st.bind(1, *unix_ms);
    st.bind(2, room);
    return done(st.step(), "set_away_since");
  }

  bool set_seat_play(RoomId room, const SeatPlay& play) override {
    std::lock_guard lock(mutex_);
    Statement st(db_, "UPDATE games SET seat_play=? WHERE id=?");
    st.bind(1, seat_play_json(play).dump());
    st.bind(2, room);
    return done(st.step(), "set_seat_play");
  }

  std::vector<GameRecord> load_unfinished() override {
    std::lock_guard lock(mutex_);
    std::vector<RoomId> ids;
    Statement st(db_,
                 "SELECT id FROM games WHERE status='playing' ORDER BY id");  // games_by_status
    while (st.step() == SQLITE_ROW) ids.push_back(st.int_at(0));
    std::vector<GameRecord> out;
    for (auto id : ids)
      if (auto g = load_locked(id)) out.push_back(std::move(*g));
    return out;
  }

  std::optional<GameRecord> load_game(RoomId room) override {
    std::lock_guard lock(mutex_);
    return load_locked(room);
  }

  // game_players_by_time: the skeleton's rows from the cursor down (ended_ms <= the cursor's is the
  // index's range; the rest of the condition only drops the cursor's own millisecond's games up to
  // it), each joined to its game by the primary key.
  std::vector<FinishedGame> finished_games(const std::string& skeleton,
                                           std::optional<HistoryCursor> after, int limit) override {
    std::lock_guard lock(mutex_);
    Statement st(db_,
                 "SELECT g.id, g.game, g.seats, g.outcome, p.ended_ms FROM game_players p "
                 "JOIN games g ON g.id = p.room WHERE p.skeleton = ?1 "
                 "AND p.ended_ms <= ?2 AND (p.ended_ms < ?2 OR p.room < ?3) "
                 "ORDER BY p.ended_ms DESC, p.room DESC LIMIT ?4");
    const HistoryCursor from = after.value_or(HistoryCursor{INT64_MAX, INT64_MAX});
    st.bind(1, skeleton).bind(2, from.ended_ms).bind(3, from.room).bind(4, std::int64_t{limit});
    std::vector<FinishedGame> out;
    while (st.step() == SQLITE_ROW) {
      try {
        FinishedGame g{st.int_at(0), st.text_at(1), st.int_at(4),
                       seats_from_json(Json::parse(st.text_at(2))), Json()};
        for (auto& seat : g.seats) seat.token.clear();
        if (!st.is_null(3)) g.outcome = Json::parse(st.text_at(3));
        out.push_back(std::move(g));
      } catch (const std::exception& e) {
        spdlog::error("event=store_corrupt game={} error=\"{}\"", st.int_at(0), e.what());
      }
    }
    return out;
  }

  RoomId max_room_id() override {
    std::lock_guard lock(mutex_);
    Statement st(db_, "SELECT COALESCE(MAX(id), 0) FROM games");
    return st.step() == SQLITE_ROW ? st.int_at(0) : 0;
  }

  bool create_account(const AccountRecord& account, const std::string& token) override {
    std::lock_guard lock(mutex_);
    if (!run(*begin_, "create_account")) return false;
    Statement insert(db_,
                     "INSERT OR IGNORE INTO accounts (skeleton, name, password_hash, created_ms) "
                     "VALUES (?, ?, ?, ?)");
    insert.bind(1, account.skeleton)
        .bind(2, account.name)
        .bind(3, account.password_hash)
        .bind(4, account.created_ms);
    bool ok = done(insert.step(), "create_account") && sqlite3_changes(db_) == 1 &&
              insert_token(account.skeleton, token);
    if (ok) ok = run(*commit_, "create_account");
    if (!ok) run(*rollback_, "create_account");
    return ok;
  }

  std::optional<AccountRecord> find_account(const std::string& skeleton) override {
    std::lock_guard lock(mutex_);
    Statement st(db_, "SELECT name, password_hash, created_ms FROM accounts WHERE skeleton=?");
    st.bind(1, skeleton);
    if (st.step() != SQLITE_ROW) return std::nullopt;
    return AccountRecord{st.text_at(0), skeleton, st.text_at(1), st.int_at(2)};
  }

  std::vector<std::string> account_names() override {
    std::lock_guard lock(mutex_);
    Statement st(db_, "SELECT name FROM accounts ORDER BY skeleton");
    std::vector<std::string> names;
    while (st.step() == SQLITE_ROW) names.push_back(st.text_at(0));
    return names;
  }

  bool add_account_token(const std::string& skeleton, const std::string& token) override {
    std::lock_guard lock(mutex_);
    return insert_token(skeleton, token);
  }

  std::optional<std::string> account_of_token(const std::string& token) override {
    std::lock_guard lock(mutex_);
    Statement st(db_, "SELECT skeleton FROM account_tokens WHERE token=?");
    st.bind(1, token);
    if (st.step() != SQLITE_ROW) return std::nullopt;
    return st.text_at(0);
  }

  bool revoke_token(const std::string& token) override {
    std::lock_guard lock(mutex_);
    Statement st(db_, "DELETE FROM account_tokens WHERE token=?");
    st.bind(1, token);
    return done(st.step(), "revoke_token");
  }

  bool revoke_account_tokens(const std::string& skeleton) override {
    std::lock_guard lock(mutex_);
    Statement st(db_, "DELETE FROM account_tokens WHERE skeleton=?");
    st.bind(1, skeleton);
    return done(st.step(), "revoke_account_tokens");
  }

  std::vector<PlayerRating> ratings(const std::string& game,
                                    const std::vector<std::string>& skeletons) override {
    std::lock_guard lock(mutex_);
    std::vector<PlayerRating> out;
    for (const auto& skeleton : skeletons) {
      Statement st(db_, rating_query(" WHERE r.skeleton=? AND r.game=?").c_str());
      st.bind(1, skeleton).bind(2, game);
      if (st.step() == SQLITE_ROW) out.push_back(rating_at(st));
    }
    return out;
  }

  // One transaction; a rating is changed only from the `before` it was rated from.
  bool record_rating_changes(const std::vector<RatingChange>& changes) override {
    std::lock_guard lock(mutex_);
    if (!run(*begin_, "record_rating_changes")) return false;
    bool ok = true;
    for (const auto& c : changes) {
      ok = ok && write_rating(c);
      if (!ok) break;
      Statement history(
          db_,
          "INSERT INTO rating_history (skeleton, room, game, place, mu_before, sigma_before, "
          "mu_after, sigma_after, at_ms) VALUES (?,?,?,?,?,?,?,?,?)");
      history.bind(1, c.skeleton)
          .bind(2, c.room)
          .bind(3, c.game)
          .bind(4, std::int64_t{c.place})
          .bind_real(5, c.before.mu)
          .bind_real(6, c.before.sigma)
          .bind_real(7, c.after.mu)
          .bind_real(8, c.after.sigma)
          .bind(9, c.at_ms);
      ok = done(history.step(), "record_rating_changes");
    }
    if (ok) ok = run(*commit_, "record_rating_changes");
    if (!ok) run(*rollback_, "record_rating_changes");
    return ok;
  }

  std::vector<PlayerRating> top_ratings(const std::string& game, int limit) override {
    std::lock_guard lock(mutex_);
    Statement st(
        db_, rating_query(" WHERE r.game=? ORDER BY r.ordinal DESC, r.skeleton LIMIT ?").c_str());
    st.bind(1, game).bind(2, std::int64_t{limit});
    std::vector<PlayerRating> out;
    while (st.step() == SQLITE_ROW) out.push_back(rating_at(st));
    return out;
  }

  std::vector<PlayerRating> account_ratings(const std::string& skeleton) override {
    std::lock_guard lock(mutex_);
    Statement st(db_, rating_query(" WHERE r.skeleton=? ORDER BY r.game").c_str());
    st.bind(1, skeleton);
    std::vector<PlayerRating> out;
    while (st.step() == SQLITE_ROW) out.push_back(rating_at(st));
    return out;
  }

  std::vector<RatingChange> rating_history(const std::string& skeleton, int limit) override {
    std::lock_guard lock(mutex_);
    Statement st(db_,
                 "SELECT game, room, place, mu_before, sigma_before, mu_after, sigma_after, at_ms "
                 "FROM rating_history WHERE skeleton=? ORDER BY at_ms DESC, room DESC LIMIT ?");
    st.bind(1, skeleton).bind(2, std::int64_t{limit});
    std::vector<RatingChange> out;
    while (st.step() == SQLITE_ROW)
      out.push_back(RatingChange{skeleton,
                                 st.text_at(0),
                                 st.int_at(1),
                                 static_cast<int>(st.int_at(2)),
                                 {st.real_at(3), st.real_at(4)},
                                 {st.real_at(5), st.real_at(6)},
                                 st.int_at(7)});
    return out;
  }

 private:
  // A query of the columns rating_at reads, the account's name joined, then `rest`.
  static std::string rating_query(const char* rest) {
    return std::string(
               "SELECT r.skeleton, a.name, r.game, r.mu, r.sigma, r.played, r.won FROM ratings r "
               "JOIN accounts a ON a.skeleton = r.skeleton") +
           rest;
  }

  static PlayerRating rating_at(Statement& st) {
    return PlayerRating{st.text_at(0),
                        st.text_at(1),
                        st.text_at(2),
                        {st.real_at(3), st.real_at(4)},
                        static_cast<int>(st.int_at(5)),
                        static_cast<int>(st.int_at(6))};
  }

  // The rating from `before` to `after`: updated where it still is `before`, else inserted for a
  // newcomer (an insert over a row there fails: someone rated them meanwhile).
  bool write_rating(const RatingChange& c) {
    Statement update(db_,
                     "UPDATE ratings SET mu=?, sigma=?, ordinal=?, played=played+1, won=won+? "
                     "WHERE skeleton=? AND game=? AND mu=? AND sigma=?");
    update.bind_real(1, c.after.mu)
        .bind_real(2, c.after.sigma)
        .bind_real(3, ordinal(c.after))
        .bind(4, std::int64_t{c.place == 1})
        .bind(5, c.skeleton)
        .bind(6, c.game)
        .bind_real(7, c.before.mu)
        .bind_real(8, c.before.sigma);
    if (!done(update.step(), "record_rating_changes")) return false;
    if (sqlite3_changes(db_) == 1) return true;
    if (c.before != RatingModel{}.newcomer()) return false;
    Statement insert(db_,
                     "INSERT INTO ratings (skeleton, game, mu, sigma, ordinal, played, won) "
                     "VALUES (?,?,?,?,?,1,?)");
    insert.bind(1, c.skeleton)
        .bind(2, c.game)
        .bind_real(3, c.after.mu)
        .bind_real(4, c.after.sigma)
        .bind_real(5, ordinal(c.after))
        .bind(6, std::int64_t{c.place == 1});
    return done(insert.step(), "record_rating_changes");
  }

  // The rows of `room`'s people in game_players (history_people of its stored seats), replacing
  // any the game had.
  bool list_players(RoomId room, std::int64_t ended_ms) {
    std::string seats;
    {
      Statement read(db_, "SELECT seats FROM games WHERE id=?");
      read.bind(1, room);
      if (read.step() != SQLITE_ROW) return false;
      seats = read.text_at(0);
    }
    std::vector<std::pair<int, std::string>> people;
    try {
      people = history_people(seats_from_json(Json::parse(seats)));
    } catch (const std::exception& e) {
      spdlog::error("event=store_corrupt game={} error=\"{}\"", room, e.what());
      return false;
    }
    Statement clear(db_, "DELETE FROM game_players WHERE room=?");
    clear.bind(1, room);
    if (!done(clear.step(), "finish_game")) return false;
    for (const auto& [seat, skeleton] : people) {
      Statement insert(
          db_, "INSERT INTO game_players (room, seat, skeleton, ended_ms) VALUES (?,?,?,?)");
      insert.bind(1, room).bind(2, std::int64_t{seat}).bind(3, skeleton).bind(4, ended_ms);
      if (!done(insert.step(), "finish_game")) return false;
    }
    return true;
  }

  // Version 6: every game already over joins its people's histories, dated by its start (games.
  // created_at, in seconds): its end was not kept. A game whose seats cannot be read is left out.
  void list_finished_games() {
    std::vector<std::pair<RoomId, std::int64_t>> over;
    {
      Statement st(db_, "SELECT id, created_at FROM games WHERE status='over' ORDER BY id");
      while (st.step() == SQLITE_ROW) over.emplace_back(st.int_at(0), st.int_at(1) * 1000);
    }
    for (const auto& [room, started_ms] : over)
      if (!list_players(room, started_ms))
        spdlog::warn("event=store_migration_skipped game={} reason=\"seats unreadable\"", room);
  }

  // The token bound to the account, if the account exists (a token bound elsewhere moves).
  bool insert_token(const std::string& skeleton, const std::string& token) {
    Statement st(db_,
                 "INSERT OR REPLACE INTO account_tokens (token, skeleton) SELECT ?, skeleton FROM "
                 "accounts WHERE skeleton=?");
    st.bind(1, token).bind(2, skeleton);
    return done(st.step(), "add_account_token") && sqlite3_changes(db_) == 1;
  }

  std::optional<GameRecord> load_locked(RoomId room) {
    Statement st(db_,
                 "SELECT id, game, options, seed, seats, host, status, outcome, away_since, "
                 "seat_play FROM games WHERE id=?");
    st.bind(1, room);
    if (st.step() != SQLITE_ROW) return std::nullopt;
    try {
      GameRecord g;
      g.id = st.int_at(0);
      g.game = st.text_at(1);
      g.options = Json::parse(st.text_at(2)).get<engine::Options>();
      g.seed = std::stoull(st.text_at(3));
      g.seats = seats_from_json(Json::parse(st.text_at(4)));
      g.host = st.text_at(5);
      g.status = st.text_at(6);
      const std::string outcome = st.text_at(7);
      if (!outcome.empty()) g.outcome = Json::parse(outcome);
      if (!st.is_null(8)) g.away_since = st.int_at(8);
      if (!st.is_null(9)) g.play = seat_play_from_json(Json::parse(st.text_at(9)));
      Statement acts(db_, "SELECT seat, action FROM actions WHERE game=? ORDER BY idx");
      acts.bind(1, room);
      while (acts.step() == SQLITE_ROW)
        g.actions.push_back(
            ActionRecord{static_cast<int>(acts.int_at(0)), Json::parse(acts.text_at(1))});
      return g;
    } catch (const std::exception& e) {
      spdlog::error("event=store_corrupt game={} error=\"{}\"", room, e.what());
      return std::nullopt;
    }
  }

  // Creates or migrates the schema in one transaction (IMMEDIATE: another process opening the file
  // waits or fails, never migrates alongside). Returns the version found.
  int migrate(const std::string& path) {
    exec("BEGIN IMMEDIATE");
    try {
      int found = 0;
      {  // finalized before the migrations run
        Statement version(db_, "PRAGMA user_version");
        if (version.step() == SQLITE_ROW) found = static_cast<int>(version.int_at(0));
      }
      if (found > kStoreSchemaVersion)
        throw std::runtime_error(path + " has schema version " + std::to_string(found) +
                                 ", newer than this server's " +
                                 std::to_string(kStoreSchemaVersion) +
                                 ": run a newer archipel-server (nothing was written)");
      for (int v = found + 1; v <= kStoreSchemaVersion; ++v) {
        const Migration& m = kMigrations[v - 1];
        if (!m.new_column || !has_column("games", m.new_column)) exec(m.sql);
        if (m.lists_finished_games) list_finished_games();
      }
      // A constant of this program, not input (a PRAGMA takes no bound value).
      if (found < kStoreSchemaVersion)
        exec(("PRAGMA user_version=" + std::to_string(kStoreSchemaVersion)).c_str());
      exec("COMMIT");
      return found;
    } catch (...) {
      sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
      throw;
    }
  }

  bool has_column(const char* table, const char* column) {
    Statement st(db_, (std::string("PRAGMA table_info(") + table + ")").c_str());
    while (st.step() == SQLITE_ROW)
      if (st.text_at(1) == column) return true;
    return false;
  }

  void exec(const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
      std::string why = err ? err : "?";
      sqlite3_free(err);
      throw std::runtime_error(std::string("sqlite: ") + why);
    }
  }

  bool insert_action(const PendingAction& a) {
    insert_action_->bind(1, a.room)
        .bind(2, a.index)
        .bind(3, a.action.seat)
        .bind(4, a.action.action.dump());
    if (!run(*insert_action_, "append_action")) return false;
    if (sqlite3_changes(db_) == 1) return true;
    spdlog::error(
        "event=store_write_failed op=append_action room={} index={} error=\"not the next index of "
        "a "
        "stored game\"",
        a.room, a.index);
    return false;
  }

  bool run(Statement& st, const char* what) {
    const bool ok = done(st.step(), what);
    st.reset();
    return ok;
  }

  bool done(int rc, const char* what) {
    if (rc == SQLITE_DONE) return true;
    spdlog::error("event=store_write_failed op={} error=\"{}\"", what, sqlite3_errmsg(db_));
    return false;
  }

  std::mutex mutex_;
  sqlite3* db_ = nullptr;
  std::unique_ptr<Statement> insert_action_, begin_, commit_, rollback_;
};

}  // namespace

std::unique_ptr<Store> make_sqlite_store(const std::string& data_dir, SqliteSync sync) {
  return std::make_unique<SqliteStore>(data_dir, sync);
}

}  // namespace archipel::server
