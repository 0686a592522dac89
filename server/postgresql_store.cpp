// The PostgreSQL store (--store postgresql://..., issue 34): the games and actions of the SQLite
// store, in a database that several nodes can share. The writer thread (store_writer.hpp) hands it
// the actions waiting at once, committed as one transaction before the rooms send their results, as
// with SQLite.
//
// One connection behind one mutex. libpq lets one thread at a time use a connection, and nearly
// every call comes from the writer thread, one at a time (the lobby reads the running games at
// start, before any write): a pool would hold connections the server never uses together, on a
// database that counts them.
//
// A lost connection (the database restarted, a network cut) is made again, once per call; if that
// fails too the call fails (false, nothing read) and the next one tries again: the room refuses the
// move with `storage_failed`, and nothing unstored is acknowledged. An update is the same when made
// twice, so it is simply made again; an insert is not, and when the connection died under it (its
// commit may have happened, its answer lost) what the database holds decides (stored_already).
//
// Games and actions are kept as JSON text, as in SQLite, not jsonb: jsonb refuses "\u0000" in a
// string, which a player may type, and the stored bytes are what a replay reads back.
#include <libpq-fe.h>

#include <charconv>
#include <cstdint>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>

#include <spdlog/spdlog.h>

#include "server/config.hpp"
#include "server/store.hpp"

namespace archipel::server {
namespace {

using Json = nlohmann::json;

// kMigrations[v - 1] takes a database from schema version v - 1 to v (store.hpp numbers them as the
// SQLite store does). A migration that has shipped never changes: a new column or index is a new
// entry, and kStoreSchemaVersion goes up. The seed is an unsigned 64-bit number, kept as text
// (BIGINT is signed).
constexpr const char* kMigrations[] = {
    // 1: games and their actions; restore reads the running games by the status index.
    R"(CREATE TABLE games (
         id BIGINT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed TEXT NOT NULL,
         seats TEXT NOT NULL, host TEXT NOT NULL, status TEXT NOT NULL, outcome TEXT,
         created_at TIMESTAMPTZ NOT NULL DEFAULT now());
       CREATE TABLE actions (
         game BIGINT NOT NULL REFERENCES games(id), idx INTEGER NOT NULL, seat INTEGER NOT NULL,
         action TEXT NOT NULL, PRIMARY KEY (game, idx));
       CREATE INDEX games_by_status ON games(status))",
    // 2: since when every person of a running game has been away (milliseconds since the Unix
    // epoch).
    "ALTER TABLE games ADD COLUMN away_since BIGINT",
    // 3: who plays each seat, and the turn clock (SeatPlay's JSON).
    "ALTER TABLE games ADD COLUMN seat_play TEXT",
    // 4: accounts (a name's skeleton is the key: no two look-alike names) and the tokens bound to
    // them.
    R"(CREATE TABLE accounts (
         skeleton TEXT PRIMARY KEY, name TEXT NOT NULL, password_hash TEXT NOT NULL,
         created_ms BIGINT NOT NULL);
       CREATE TABLE account_tokens (
         token TEXT PRIMARY KEY, skeleton TEXT NOT NULL REFERENCES accounts(skeleton));
       CREATE INDEX account_tokens_by_account ON account_tokens(skeleton))",
    // 5: ratings per account and game (docs/ratings.md), the ordinal (mu - 3 sigma) kept beside
    // them so that a game's leaderboard is one walk down an index; and each rated game's change,
    // one per account and room (a game counts once), read newest first.
    R"(CREATE TABLE ratings (
         skeleton TEXT NOT NULL REFERENCES accounts(skeleton), game TEXT NOT NULL,
         mu DOUBLE PRECISION NOT NULL, sigma DOUBLE PRECISION NOT NULL,
         ordinal DOUBLE PRECISION NOT NULL, played INTEGER NOT NULL, won INTEGER NOT NULL,
         PRIMARY KEY (skeleton, game));
       CREATE INDEX ratings_by_ordinal ON ratings(game, ordinal DESC, skeleton);
       CREATE TABLE rating_history (
         skeleton TEXT NOT NULL REFERENCES accounts(skeleton), room BIGINT NOT NULL,
         game TEXT NOT NULL, place INTEGER NOT NULL, mu_before DOUBLE PRECISION NOT NULL,
         sigma_before DOUBLE PRECISION NOT NULL, mu_after DOUBLE PRECISION NOT NULL,
         sigma_after DOUBLE PRECISION NOT NULL, at_ms BIGINT NOT NULL,
         PRIMARY KEY (skeleton, room));
       CREATE INDEX rating_history_by_time ON rating_history(skeleton, at_ms DESC, room DESC))",
    // 6: each finished game's people (a row per seat a person held, keyed by the name's skeleton)
    // and when it ended, so that a player's history is one walk down game_players_by_time, a page
    // at a time. The games already over are listed by the migration (list_finished_games), dated
    // by their start (their end was not kept).
    R"(CREATE TABLE game_players (
         room BIGINT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, skeleton TEXT NOT NULL,
         ended_ms BIGINT NOT NULL, PRIMARY KEY (room, seat));
       CREATE INDEX game_players_by_time ON game_players(skeleton, ended_ms DESC, room DESC))",
};
// The version whose migration also lists the games already over (list_finished_games).
constexpr int kListsFinishedGames = 6;
static_assert(std::size(kMigrations) == kStoreSchemaVersion);

// Held (pg_advisory_xact_lock) by whoever migrates, until its transaction ends: two nodes starting
// together on a new database must not both create its tables. The number is "Archipel" in ASCII.
constexpr const char* kMigrationLock = "4715261527013471596";  // 0x417263686970656c

struct Statement {
  const char* name;
  const char* sql;
};

// Prepared on each connection. An action's index must be the next of its game's (the one after the
// last stored, 0 for the first): a gap in a log would make the game impossible to replay.
constexpr Statement kStatements[] = {
    {"save_game",
     "INSERT INTO games (id, game, options, seed, seats, host, status, seat_play) VALUES ($1, $2, "
     "$3, $4, $5, $6, "
     "$7, $8) ON CONFLICT (id) DO UPDATE SET game = EXCLUDED.game, options = EXCLUDED.options, "
     "seed = EXCLUDED.seed, "
     "seats = EXCLUDED.seats, host = EXCLUDED.host, status = EXCLUDED.status, outcome = NULL, "
     "away_since = NULL, "
     "seat_play = EXCLUDED.seat_play, created_at = now()"},  // as SQLite's INSERT OR REPLACE
    {"append_action",
     "INSERT INTO actions (game, idx, seat, action) SELECT $1::bigint, $2::integer, $3::integer, "
     "$4::text "
     "WHERE $2::integer = (SELECT COALESCE(MAX(idx) + 1, 0) FROM actions WHERE game = $1::bigint)"},
    {"stored_action", "SELECT seat, action FROM actions WHERE game = $1 AND idx = $2"},
    {"finish_game", "UPDATE games SET status = 'over', outcome = $2 WHERE id = $1 RETURNING seats"},
    {"unlist_players", "DELETE FROM game_players WHERE room = $1"},
    {"list_player",
     "INSERT INTO game_players (room, seat, skeleton, ended_ms) VALUES ($1, $2, $3, $4)"},
    // game_players_by_time: the skeleton's rows from the cursor down (ended_ms <= the cursor's is
    // the index's range; the rest only drops the cursor's own millisecond's games up to it), each
    // joined to its game by the primary key.
    {"finished_games",
     "SELECT g.id, g.game, g.seats, g.outcome, p.ended_ms FROM game_players p JOIN games g ON "
     "g.id = p.room WHERE p.skeleton = $1 AND p.ended_ms <= $2 AND "
     "(p.ended_ms < $2 OR p.room < $3) ORDER BY p.ended_ms DESC, p.room DESC LIMIT $4"},
    {"abandon_game", "UPDATE games SET status = 'abandoned', away_since = NULL WHERE id = $1"},
    {"set_away_since", "UPDATE games SET away_since = $2 WHERE id = $1"},
    {"set_seat_play", "UPDATE games SET seat_play = $2 WHERE id = $1"},
    {"load_game",
     "SELECT id, game, options, seed, seats, host, status, outcome, away_since, seat_play FROM "
     "games WHERE id = $1"},
    {"load_actions", "SELECT game, seat, action FROM actions WHERE game = $1 ORDER BY idx"},
    {"running_games",  // games_by_status
     "SELECT id, game, options, seed, seats, host, status, outcome, away_since, seat_play FROM "
     "games "
     "WHERE status = 'playing' ORDER BY id"},
    {"running_actions",
     "SELECT game, seat, action FROM actions WHERE game IN (SELECT id FROM games WHERE status = "
     "'playing') "
     "ORDER BY game, idx"},
    {"max_room_id", "SELECT COALESCE(MAX(id), 0) FROM games"},
    // One statement, so an account never exists without its first token.
    {"create_account",
     "WITH a AS (INSERT INTO accounts (skeleton, name, password_hash, created_ms) VALUES ($1, $2, "
     "$3, $4) ON CONFLICT (skeleton) DO NOTHING RETURNING skeleton) INSERT INTO account_tokens "
     "(token, skeleton) SELECT $5, skeleton FROM a ON CONFLICT (token) DO UPDATE SET skeleton = "
     "EXCLUDED.skeleton"},
    {"find_account", "SELECT name, password_hash, created_ms FROM accounts WHERE skeleton = $1"},
    {"account_names", "SELECT name FROM accounts ORDER BY skeleton"},
    {"add_account_token",
     "INSERT INTO account_tokens (token, skeleton) SELECT $1, skeleton FROM accounts WHERE "
     "skeleton = $2 ON CONFLICT (token) DO UPDATE SET skeleton = EXCLUDED.skeleton"},
    {"account_of_token", "SELECT skeleton FROM account_tokens WHERE token = $1"},
    {"revoke_token", "DELETE FROM account_tokens WHERE token = $1"},
    {"revoke_account_tokens", "DELETE FROM account_tokens WHERE skeleton = $1"},
    // Ratings: the columns of rating_at, the account's name joined.
    {"rating_of",
     "SELECT r.skeleton, a.name, r.game, r.mu, r.sigma, r.played, r.won FROM ratings r JOIN "
     "accounts a ON a.skeleton = r.skeleton WHERE r.game = $1 AND r.skeleton = $2"},
    {"top_ratings",  // ratings_by_ordinal
     "SELECT r.skeleton, a.name, r.game, r.mu, r.sigma, r.played, r.won FROM ratings r JOIN "
     "accounts a ON a.skeleton = r.skeleton WHERE r.game = $1 ORDER BY r.ordinal DESC, r.skeleton "
     "LIMIT $2"},
    {"account_ratings",
     "SELECT r.skeleton, a.name, r.game, r.mu, r.sigma, r.played, r.won FROM ratings r JOIN "
     "accounts a ON a.skeleton = r.skeleton WHERE r.skeleton = $1 ORDER BY r.game"},
    // A rating changes only from the `before` it was rated from (a node that rated it meanwhile
    // makes this one read and rate again); a newcomer's is inserted, which fails if one is there.
    {"update_rating",
     "UPDATE ratings SET mu = $3, sigma = $4, ordinal = $5, played = played + 1, won = won + $6 "
     "WHERE skeleton = $1 AND game = $2 AND mu = $7 AND sigma = $8"},
    {"insert_rating",
     "INSERT INTO ratings (skeleton, game, mu, sigma, ordinal, played, won) VALUES ($1, $2, $3, "
     "$4, $5, 1, $6)"},
    {"insert_rating_change",
     "INSERT INTO rating_history (skeleton, room, game, place, mu_before, sigma_before, mu_after, "
     "sigma_after, at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"},
    {"rating_history",  // rating_history_by_time
     "SELECT game, room, place, mu_before, sigma_before, mu_after, sigma_after, at_ms FROM "
     "rating_history WHERE skeleton = $1 ORDER BY at_ms DESC, room DESC LIMIT $2"},
};

using Result = std::unique_ptr<PGresult, decltype(&PQclear)>;
using Connection = std::unique_ptr<PGconn, decltype(&PQfinish)>;
using Param = std::optional<std::string>;  // nullopt: NULL

bool ok(const Result& r) {
  const auto status = PQresultStatus(r.get());
  return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
}

int rows(const Result& r) {
  return PQntuples(r.get());
}
std::string text(const Result& r, int row, int column) {
  return PQgetvalue(r.get(), row, column);
}
bool is_null(const Result& r, int row, int column) {
  return PQgetisnull(r.get(), row, column) != 0;
}

// A double as text that reads back as the same double (the shortest such): ratings are compared
// for equality (update_rating) and must come back identical after a restart.
std::string real_text(double v) {
  char buf[32];
  const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
  return std::string(buf, end);
}
double real_at(const Result& r, int row, int column) {
  const char* p = PQgetvalue(r.get(), row, column);
  double v = 0;
  std::from_chars(p, p + PQgetlength(r.get(), row, column), v);
  return v;
}

// The columns of rating_of, top_ratings and account_ratings, in their order.
PlayerRating rating_at(const Result& r, int row) {
  return PlayerRating{text(r, row, 0),
                      text(r, row, 1),
                      text(r, row, 2),
                      {real_at(r, row, 3), real_at(r, row, 4)},
                      std::stoi(text(r, row, 5)),
                      std::stoi(text(r, row, 6))};
}

// libpq's messages end with a newline and may span lines (the next one indented by a tab): one
// line, for the log.
std::string one_line(const char* message) {
  std::string s;
  for (const char* p = message ? message : ""; *p; ++p) {
    const char c = *p == '"' ? '\'' : *p;
    if (c != '\n' && c != '\r' && c != '\t')
      s += c;
    else if (!s.empty() && s.back() != ' ')
      s += ' ';
  }
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// The columns of running_games and load_game, in their order.
std::optional<GameRecord> game_at(const Result& r, int row) {
  const RoomId id = std::stoll(text(r, row, 0));
  try {
    GameRecord g;
    g.id = id;
    g.game = text(r, row, 1);
    g.options = Json::parse(text(r, row, 2)).get<engine::Options>();
    g.seed = std::stoull(text(r, row, 3));
    g.seats = seats_from_json(Json::parse(text(r, row, 4)));
    g.host = text(r, row, 5);
    g.status = text(r, row, 6);
    if (!is_null(r, row, 7)) g.outcome = Json::parse(text(r, row, 7));
    if (!is_null(r, row, 8)) g.away_since = std::stoll(text(r, row, 8));
    if (!is_null(r, row, 9)) g.play = seat_play_from_json(Json::parse(text(r, row, 9)));
    return g;
  } catch (const std::exception& e) {
    spdlog::error("event=store_corrupt game={} error=\"{}\"", id, e.what());
    return std::nullopt;
  }
}

// Adds the rows of load_actions or running_actions (game, seat, action) to their games. Returns the
// games with an action that cannot be read (logged): they are left out, as one whose record cannot
// be read, and the others are restored.
std::set<RoomId> add_actions(const Result& r, const std::map<RoomId, GameRecord*>& games) {
  std::set<RoomId> corrupt;
  for (int row = 0; row < rows(r); ++row) {
    const RoomId id = std::stoll(text(r, row, 0));
    auto it = games.find(id);
    if (it == games.end() || corrupt.contains(id)) continue;
    try {
      it->second->actions.push_back(
          ActionRecord{std::stoi(text(r, row, 1)), Json::parse(text(r, row, 2))});
    } catch (const std::exception& e) {
      spdlog::error("event=store_corrupt game={} error=\"{}\"", id, e.what());
      corrupt.insert(id);
    }
  }
  return corrupt;
}

class PostgresqlStore final : public Store {
 public:
  explicit PostgresqlStore(const std::string& url) : conn_(connect(url)) {
    if (PQstatus(conn_.get()) != CONNECTION_OK) {
      const std::string why = "cannot connect to the PostgreSQL database " + without_password(url) +
                              ": " + one_line(PQerrorMessage(conn_.get()));
      throw std::runtime_error(without_password_in(why, url));  // libpq's message may quote the URL
    }
    // Notices (CREATE ... IF NOT EXISTS that found it there) go to the debug log, not to standard
    // error.
    PQsetNoticeProcessor(
        conn_.get(),
        [](void*, const char* message) {
          spdlog::debug("event=store_notice text=\"{}\"", one_line(message));
        },
        nullptr);
    const int from = migrate();
    if (!prepare())
      throw std::runtime_error("PostgreSQL: cannot prepare the store's statements: " +
                               one_line(PQerrorMessage(conn_.get())));
    spdlog::info("event=store_open store=postgresql schema_version={} migrated_from={}",
                 kStoreSchemaVersion, from);
  }

  bool save_game(const GameRecord& g) override {
    std::lock_guard lock(mutex_);
    Call call;
    return ok(run(call, "save_game",
                  {std::to_string(g.id), g.game, Json(g.options).dump(), std::to_string(g.seed),
                   seats_json(g.seats).dump(), g.host, g.status, seat_play_json(g.play).dump()},
                  Again::yes));
  }

  bool append_action(RoomId room, int index, const ActionRecord& action) override {
    std::lock_guard lock(mutex_);
    Call call;
    return insert_action(call, PendingAction{room, index, action});
  }

  // One transaction for the group; if it fails (one bad write, or the connection lost), each is
  // written alone so the others stand.
  std::vector<bool> append_actions(const std::vector<PendingAction>& actions) override {
    std::lock_guard lock(mutex_);
    Call call;
    if (actions.size() > 1 && command(call, "BEGIN")) {
      bool all = true;
      for (const auto& a : actions) {
        const Result r = run(call, "append_action", action_params(a), Again::no);
        all = ok(r) && std::string(PQcmdTuples(r.get())) == "1";
        if (!all) break;
      }
      if (all && command(call, "COMMIT")) return std::vector<bool>(actions.size(), true);
      if (PQstatus(conn_.get()) == CONNECTION_OK) command(call, "ROLLBACK");
      spdlog::warn("event=store_group_failed writes={} retrying=one_by_one", actions.size());
    }
    std::vector<bool> stored;
    for (const auto& a : actions) stored.push_back(insert_action(call, a));
    return stored;
  }

  // One transaction: the game over, and its people's rows in the history. Made again whole on a new
  // connection (its rows are deleted and written again: the same result twice).
  bool finish_game(RoomId room, const Json& outcome, std::int64_t ended_ms) override {
    std::lock_guard lock(mutex_);
    Call call;
    for (;;) {
      if (finish_once(call, room, outcome, ended_ms)) return true;
      if (PQstatus(conn_.get()) == CONNECTION_OK) command(call, "ROLLBACK");
      if (PQstatus(conn_.get()) != CONNECTION_BAD || !reconnect(call)) return false;
    }
  }

  std::vector<FinishedGame> finished_games(const std::string& skeleton,
                                           std::optional<HistoryCursor> after, int limit) override {
    std::lock_guard lock(mutex_);
    Call call;
    const HistoryCursor from = after.value_or(HistoryCursor{INT64_MAX, INT64_MAX});
    const Result r = run(
        call, "finished_games",
        {skeleton, std::to_string(from.ended_ms), std::to_string(from.room), std::to_string(limit)},
        Again::yes);
    std::vector<FinishedGame> out;
    if (!ok(r)) return out;
    for (int row = 0; row < rows(r); ++row) {
      try {
        FinishedGame g{std::stoll(text(r, row, 0)), text(r, row, 1), std::stoll(text(r, row, 4)),
                       seats_from_json(Json::parse(text(r, row, 2))), Json()};
        for (auto& seat : g.seats) seat.token.clear();
        if (!is_null(r, row, 3)) g.outcome = Json::parse(text(r, row, 3));
        out.push_back(std::move(g));
      } catch (const std::exception& e) {
        spdlog::error("event=store_corrupt game={} error=\"{}\"", text(r, row, 0), e.what());
      }
    }
    return out;
  }

  bool abandon_game(RoomId room) override {
    std::lock_guard lock(mutex_);
    Call call;
    return ok(run(call, "abandon_game", {std::to_string(room)}, Again::yes));
  }

  bool set_away_since(RoomId room, std::optional<std::int64_t> unix_ms) override {
    std::lock_guard lock(mutex_);
    Call call;
    const Param since = unix_ms ? Param(std::to_string(*unix_ms)) : std::nullopt;
    return ok(run(call, "set_away_since", {std::to_string(room), since}, Again::yes));
  }

  bool set_seat_play(RoomId room, const SeatPlay& play) override {
    std::lock_guard lock(mutex_);
    Call call;
    return ok(run(call, "set_seat_play", {std::to_string(room), seat_play_json(play).dump()},
                  Again::yes));
  }

  // Two reads in one snapshot (REPEATABLE READ): the running games, then all their actions,
  // whatever their number.
  std::vector<GameRecord> load_unfinished() override {
    std::lock_guard lock(mutex_);
    Call call;
    if (!command(call, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"))
      throw std::runtime_error("PostgreSQL: cannot read the running games: " +
                               one_line(PQerrorMessage(conn_.get())));
    const Result games = run(call, "running_games", {}, Again::no);
    const Result actions =
        ok(games) ? run(call, "running_actions", {}, Again::no) : Result(nullptr, &PQclear);
    const bool read = ok(games) && ok(actions);
    const std::string why = one_line(PQerrorMessage(conn_.get()));
    command(call, read ? "COMMIT" : "ROLLBACK");
    if (!read) throw std::runtime_error("PostgreSQL: cannot read the running games: " + why);
    std::vector<GameRecord> out;
    for (int row = 0; row < rows(games); ++row)
      if (auto g = game_at(games, row)) out.push_back(std::move(*g));
    std::map<RoomId, GameRecord*> by_id;
    for (auto& g : out) by_id[g.id] = &g;
    const auto corrupt = add_actions(actions, by_id);
    std::erase_if(out, [&corrupt](const GameRecord& g) { return corrupt.contains(g.id); });
    return out;
  }

  std::optional<GameRecord> load_game(RoomId room) override {
    std::lock_guard lock(mutex_);
    Call call;
    return load_locked(call, room);
  }

  RoomId max_room_id() override {
    std::lock_guard lock(mutex_);
    Call call;
    const Result r = run(call, "max_room_id", {}, Again::yes);
    if (!ok(r) || rows(r) != 1)
      throw std::runtime_error("PostgreSQL: cannot read the highest room id: " +
                               one_line(PQerrorMessage(conn_.get())));
    return std::stoll(text(r, 0, 0));
  }

  // An insert is not made again on a new connection (its commit may have happened): the caller is
  // told it failed, and tries again.
  bool create_account(const AccountRecord& a, const std::string& token) override {
    std::lock_guard lock(mutex_);
    Call call;
    const Result r =
        run(call, "create_account",
            {a.skeleton, a.name, a.password_hash, std::to_string(a.created_ms), token}, Again::no);
    return ok(r) && std::string_view(PQcmdTuples(r.get())) == "1";
  }

  std::optional<AccountRecord> find_account(const std::string& skeleton) override {
    std::lock_guard lock(mutex_);
    Call call;
    const Result r = run(call, "find_account", {skeleton}, Again::yes);
    if (!ok(r) || rows(r) != 1) return std::nullopt;
    return AccountRecord{text(r, 0, 0), skeleton, text(r, 0, 1), std::stoll(text(r, 0, 2))};
  }

  std::vector<std::string> account_names() override {
    std::lock_guard lock(mutex_);
    Call call;
    const Result r = run(call, "account_names", {}, Again::yes);
    if (!ok(r))
      throw std::runtime_error("PostgreSQL: cannot read the accounts: " +
                               one_line(PQerrorMessage(conn_.get())));
    std::vector<std::string> names;
    for (int row = 0; row < rows(r); ++row) names.push_back(text(r, row, 0));
    return names;
  }

  bool add_account_token(const std::string& skeleton, const std::string& token) override {
    std::lock_guard lock(mutex_);
    Call call;
    const Result r = run(call, "add_account_token", {token, skeleton}, Again::yes);
    return ok(r) && std::string_view(PQcmdTuples(r.get())) == "1";
  }

  std::optional<std::string> account_of_token(const std::string& token) override {
    std::lock_guard lock(mutex_);
    Call call;
    const Result r = run(call, "account_of_token", {token}, Again::yes);
    if (!ok(r) || rows(r) != 1) return std::nullopt;
    return text(r, 0, 0);
  }

  bool revoke_token(const std::string& token) override {
    std::lock_guard lock(mutex_);
    Call call;
    return ok(run(call, "revoke_token", {token}, Again::yes));
  }

  bool revoke_account_tokens(const std::string& skeleton) override {
    std::lock_guard lock(mutex_);
    Call call;
    return ok(run(call, "revoke_account_tokens", {skeleton}, Again::yes));
  }

  std::vector<PlayerRating> ratings(const std::string& game,
                                    const std::vector<std::string>& skeletons) override {
    std::lock_guard lock(mutex_);
    Call call;
    std::vector<PlayerRating> out;
    for (const auto& skeleton : skeletons) {
      const Result r = run(call, "rating_of", {game, skeleton}, Again::yes);
      // Unread counts as no rating: a write from it is then refused (insert_rating over a row).
      if (!ok(r)) return {};
      if (rows(r) == 1) out.push_back(rating_at(r, 0));
    }
    return out;
  }

  // One transaction. Not made again on a new connection (its commit may have happened): the
  // caller reads and rates again, and a game already counted is refused by the history's key.
  bool record_rating_changes(const std::vector<RatingChange>& changes) override {
    std::lock_guard lock(mutex_);
    Call call;
    if (!command(call, "BEGIN")) return false;
    bool all = true;
    for (const auto& c : changes) {
      const std::string won = c.place == 1 ? "1" : "0";
      Result r =
          run(call, "update_rating",
              {c.skeleton, c.game, real_text(c.after.mu), real_text(c.after.sigma),
               real_text(ordinal(c.after)), won, real_text(c.before.mu), real_text(c.before.sigma)},
              Again::no);
      all = ok(r);
      if (all && std::string_view(PQcmdTuples(r.get())) != "1") {
        all = c.before == RatingModel{}.newcomer();
        if (all)
          all = ok(run(call, "insert_rating",
                       {c.skeleton, c.game, real_text(c.after.mu), real_text(c.after.sigma),
                        real_text(ordinal(c.after)), won},
                       Again::no));
      }
      if (all)
        all = ok(run(call, "insert_rating_change",
                     {c.skeleton, std::to_string(c.room), c.game, std::to_string(c.place),
                      real_text(c.before.mu), real_text(c.before.sigma), real_text(c.after.mu),
                      real_text(c.after.sigma), std::to_string(c.at_ms)},
                     Again::no));
      if (!all) break;
    }
    if (all && command(call, "COMMIT")) return true;
    if (PQstatus(conn_.get()) == CONNECTION_OK) command(call, "ROLLBACK");
    return false;
  }

  std::vector<PlayerRating> top_ratings(const std::string& game, int limit) override {
    return rating_rows("top_ratings", {game, std::to_string(limit)});
  }

  std::vector<PlayerRating> account_ratings(const std::string& skeleton) override {
    return rating_rows("account_ratings", {skeleton});
  }

  std::vector<RatingChange> rating_history(const std::string& skeleton, int limit) override {
    std::lock_guard lock(mutex_);
    Call call;
    const Result r = run(call, "rating_history", {skeleton, std::to_string(limit)}, Again::yes);
    std::vector<RatingChange> out;
    if (!ok(r)) return out;
    for (int row = 0; row < rows(r); ++row)
      out.push_back(RatingChange{skeleton,
                                 text(r, row, 0),
                                 std::stoll(text(r, row, 1)),
                                 std::stoi(text(r, row, 2)),
                                 {real_at(r, row, 3), real_at(r, row, 4)},
                                 {real_at(r, row, 5), real_at(r, row, 6)},
                                 std::stoll(text(r, row, 7))});
    return out;
  }

 private:
  std::vector<PlayerRating> rating_rows(const char* statement, const std::vector<Param>& params) {
    std::lock_guard lock(mutex_);
    Call call;
    const Result r = run(call, statement, params, Again::yes);
    std::vector<PlayerRating> out;
    if (!ok(r)) return out;
    for (int row = 0; row < rows(r); ++row) out.push_back(rating_at(r, row));
    return out;
  }

  // One public call's use of the connection: it is made again at most once.
  struct Call {
    bool reconnected = false;
  };
  enum class Again {
    no,
    yes
  };  // whether a statement whose connection was lost is run again on the new one

  // The URL's settings win over these defaults, and the text is always UTF-8 both ways. A
  // connection attempt gives up after 10 s; an idle connection to a server that vanished is noticed
  // within about a minute (keepalives), not the system's two hours, and a statement sent to one
  // within 30 s (tcp_user_timeout), not after the kernel's quarter of an hour of retransmissions:
  // the writer thread waits on it meanwhile.
  static Connection connect(const std::string& url) {
    const char* keys[] = {"connect_timeout",  "keepalives_idle",  "keepalives_interval",
                          "keepalives_count", "tcp_user_timeout", "application_name",
                          "dbname",           "client_encoding",  nullptr};
    const char* values[] = {"10",        "30",   "10",   "3", "30000", "archipel-server",
                            url.c_str(), "UTF8", nullptr};
    return Connection(PQconnectdbParams(keys, values, /*expand_dbname=*/1), &PQfinish);
  }

  // Creates or migrates the schema in one transaction, under the migration lock. Returns the
  // version found.
  int migrate() {
    auto exec = [this](const char* sql) {
      const Result r(PQexec(conn_.get(), sql), &PQclear);
      if (!ok(r)) {
        const std::string why = one_line(PQerrorMessage(conn_.get()));
        Result(PQexec(conn_.get(), "ROLLBACK"), &PQclear);
        throw std::runtime_error(std::string("PostgreSQL schema: ") + why);
      }
      return rows(r) > 0 ? text(r, 0, 0) : std::string();
    };
    exec("BEGIN");
    const std::string lock = std::string("SELECT pg_advisory_xact_lock(") + kMigrationLock + ")";
    exec(lock.c_str());
    exec(
        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, "
        "applied_at TIMESTAMPTZ NOT NULL DEFAULT now())");
    const int found = std::stoi(exec("SELECT COALESCE(MAX(version), 0) FROM schema_version"));
    if (found > kStoreSchemaVersion) {
      exec("ROLLBACK");
      throw std::runtime_error("the PostgreSQL database has schema version " +
                               std::to_string(found) + ", newer than this server's " +
                               std::to_string(kStoreSchemaVersion) +
                               ": run a newer archipel-server (nothing was written)");
    }
    for (int v = found + 1; v <= kStoreSchemaVersion; ++v) {
      exec(kMigrations[v - 1]);
      if (v == kListsFinishedGames) list_finished_games();
      // The version is a constant of this program, not input: written into the statement.
      exec(("INSERT INTO schema_version (version) VALUES (" + std::to_string(v) + ")").c_str());
    }
    exec("COMMIT");
    return found;
  }

  // Version 6, in the migration's transaction: every game already over joins its people's
  // histories, dated by its start (its end was not kept). A game whose seats cannot be read is left
  // out (logged).
  void list_finished_games() {
    const Result over(PQexec(conn_.get(),
                             "SELECT id, seats, (extract(epoch FROM created_at) * 1000)::bigint "
                             "FROM games WHERE status = 'over' ORDER BY id"),
                      &PQclear);
    if (!ok(over)) {
      const std::string why = one_line(PQerrorMessage(conn_.get()));
      Result(PQexec(conn_.get(), "ROLLBACK"), &PQclear);
      throw std::runtime_error("PostgreSQL schema: " + why);
    }
    for (int row = 0; row < rows(over); ++row) {
      std::vector<std::pair<int, std::string>> people;
      try {
        people = history_people(seats_from_json(Json::parse(text(over, row, 1))));
      } catch (const std::exception& e) {
        spdlog::warn("event=store_migration_skipped game={} reason=\"{}\"", text(over, row, 0),
                     e.what());
        continue;
      }
      for (const auto& [seat, skeleton] : people) {
        const std::string room = text(over, row, 0), seat_text = std::to_string(seat),
                          ended = text(over, row, 2);
        const char* values[] = {room.c_str(), seat_text.c_str(), skeleton.c_str(), ended.c_str()};
        const Result r(PQexecParams(conn_.get(),
                                    "INSERT INTO game_players (room, seat, skeleton, ended_ms) "
                                    "VALUES ($1, $2, $3, $4)",
                                    4, nullptr, values, nullptr, nullptr, 0),
                       &PQclear);
        if (!ok(r)) {
          const std::string why = one_line(PQerrorMessage(conn_.get()));
          Result(PQexec(conn_.get(), "ROLLBACK"), &PQclear);
          throw std::runtime_error("PostgreSQL schema: " + why);
        }
      }
    }
  }

  bool prepare() {
    for (const auto& s : kStatements) {
      const Result r(PQprepare(conn_.get(), s.name, s.sql, 0, nullptr), &PQclear);
      if (!ok(r)) return false;
    }
    return true;
  }

  // Makes the connection again, once per call: false if this call already has, or if it fails.
  bool reconnect(Call& call) {
    if (call.reconnected) return false;
    call.reconnected = true;
    PQreset(conn_.get());
    if (PQstatus(conn_.get()) != CONNECTION_OK || !prepare()) {
      spdlog::error("event=store_reconnect_failed error=\"{}\"",
                    one_line(PQerrorMessage(conn_.get())));
      return false;
    }
    spdlog::warn("event=store_reconnected");
    return true;
  }

  // A connection to run on: the one there, or a new one if it was lost.
  bool usable(Call& call) { return PQstatus(conn_.get()) == CONNECTION_OK || reconnect(call); }

  // Runs a prepared statement (text parameters). A statement that fails because the connection was
  // lost is run once more on a new one when `again` says it may be.
  Result run(Call& call, const char* statement, const std::vector<Param>& params, Again again) {
    if (!usable(call)) return Result(nullptr, &PQclear);
    std::vector<const char*> values;
    for (const auto& p : params) values.push_back(p ? p->c_str() : nullptr);
    auto exec = [&] {
      return Result(PQexecPrepared(conn_.get(), statement, static_cast<int>(values.size()),
                                   values.data(), nullptr, nullptr, 0),
                    &PQclear);
    };
    Result r = exec();
    if (!ok(r) && PQstatus(conn_.get()) == CONNECTION_BAD && again == Again::yes && reconnect(call))
      r = exec();
    if (!ok(r))
      spdlog::error("event=store_failed op={} error=\"{}\"", statement,
                    one_line(PQerrorMessage(conn_.get())));
    return r;
  }

  // BEGIN, COMMIT, ROLLBACK: false unless done (a COMMIT of a failed transaction answers ROLLBACK).
  bool command(Call& call, const char* sql) {
    if (!usable(call)) return false;
    const Result r(PQexec(conn_.get(), sql), &PQclear);
    if (!ok(r)) {
      spdlog::error("event=store_failed op=\"{}\" error=\"{}\"", sql,
                    one_line(PQerrorMessage(conn_.get())));
      return false;
    }
    return std::string_view(sql) != "COMMIT" || std::string_view(PQcmdStatus(r.get())) == "COMMIT";
  }

  static std::vector<Param> action_params(const PendingAction& a) {
    return {std::to_string(a.room), std::to_string(a.index), std::to_string(a.action.seat),
            a.action.action.dump()};
  }

  bool insert_action(Call& call, const PendingAction& a) {
    const auto params = action_params(a);
    Result r = run(call, "append_action", params, Again::no);
    if (ok(r)) return inserted(r, a);
    if (PQstatus(conn_.get()) == CONNECTION_BAD) reconnect(call);
    if (!call.reconnected || PQstatus(conn_.get()) != CONNECTION_OK) return false;
    // The connection was lost during this call: this very write may have been committed with its
    // answer lost (here, or in the group's COMMIT). What the database holds at its index decides.
    const Result there = run(call, "stored_action", {params[0], params[1]}, Again::no);
    if (!ok(there)) return false;
    if (rows(there) == 1) return text(there, 0, 0) == *params[2] && text(there, 0, 1) == *params[3];
    r = run(call, "append_action", params, Again::no);
    return ok(r) && inserted(r, a);
  }

  static bool inserted(const Result& r, const PendingAction& a) {
    if (std::string_view(PQcmdTuples(r.get())) == "1") return true;
    spdlog::error(
        "event=store_failed op=append_action room={} index={} error=\"not the next index of a "
        "stored game\"",
        a.room, a.index);
    return false;
  }

  // finish_game's transaction, once: false (nothing committed) if a statement fails.
  bool finish_once(Call& call, RoomId room, const Json& outcome, std::int64_t ended_ms) {
    const std::string id = std::to_string(room);
    if (!command(call, "BEGIN")) return false;
    const Result over = run(call, "finish_game", {id, outcome.dump()}, Again::no);
    if (!ok(over) || rows(over) != 1) return false;
    std::vector<std::pair<int, std::string>> people;
    try {
      people = history_people(seats_from_json(Json::parse(text(over, 0, 0))));
    } catch (const std::exception& e) {
      spdlog::error("event=store_corrupt game={} error=\"{}\"", room, e.what());
      return false;
    }
    if (!ok(run(call, "unlist_players", {id}, Again::no))) return false;
    for (const auto& [seat, skeleton] : people)
      if (!ok(run(call, "list_player",
                  {id, std::to_string(seat), skeleton, std::to_string(ended_ms)}, Again::no)))
        return false;
    return command(call, "COMMIT");
  }

  std::optional<GameRecord> load_locked(Call& call, RoomId room) {
    const std::string id = std::to_string(room);
    const Result game = run(call, "load_game", {id}, Again::yes);
    if (!ok(game) || rows(game) != 1) return std::nullopt;
    auto g = game_at(game, 0);
    if (!g) return std::nullopt;
    const Result actions = run(call, "load_actions", {id}, Again::yes);
    std::map<RoomId, GameRecord*> one{{room, &*g}};
    if (!ok(actions) || !add_actions(actions, one).empty()) return std::nullopt;
    return g;
  }

  std::mutex mutex_;  // one caller at a time on the connection (see the top of this file)
  Connection conn_;
};

}  // namespace

std::unique_ptr<Store> make_postgresql_store(const std::string& url) {
  return std::make_unique<PostgresqlStore>(url);
}

}  // namespace archipel::server
