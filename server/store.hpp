#pragma once
// Persistence: what a room must keep to survive a restart. A game is its seed plus its action log
// (DESIGN.md), so that is what is stored; state is rebuilt by replaying. Each action is appended
// before its result is broadcast. Implementations are thread-safe: rooms write and read (/log, a
// replay) through the store's writer thread (server/store_writer.hpp); the lobby reads the running
// games at start.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"
#include "protocol/game_history.hpp"
#include "protocol/messages.hpp"
#include "server/rating.hpp"

namespace archipel::server {

using protocol::HistoryCursor;
using protocol::RoomId;

struct SeatRecord {
  std::string name;
  std::string token;  // the player's resume token: their seat after a restart
  bool bot = false;
  std::string
      strategy;  // a bot's strategy (bots/strategy.hpp), so a restart brings the same bot back
};
/// A game's seats as the SQL stores keep them: one JSON array. seats_from_json throws (nlohmann's
/// exceptions) on a seat without a name or token.
nlohmann::json seats_json(const std::vector<SeatRecord>& seats);
std::vector<SeatRecord> seats_from_json(const nlohmann::json& j);

struct ActionRecord {
  int seat = 0;
  nlohmann::json action;
};

/// Who plays each seat and the turn clock (issue 12, point 7): what changes during a game besides
/// its actions. Written at the start and on every change, so a restart puts the bots back and the
/// clock where it was.
struct SeatPlay {
  std::vector<std::string>
      stand_ins;         // per seat: the strategy of the bot playing it for its person ("": none)
  nlohmann::json clock;  // the turn clock's record (server/turn_clock.hpp), null without a clock
  bool unrated = false;  // the room's rated=off (docs/ratings.md): the game's end rates nobody
  bool operator==(const SeatPlay&) const = default;
};
nlohmann::json seat_play_json(const SeatPlay& play);
SeatPlay seat_play_from_json(
    const nlohmann::json& j);  // tolerant: missing fields keep their defaults

/// An action on its way to the store (server/store_writer.hpp).
struct PendingAction {
  RoomId room = 0;
  int index = 0;
  ActionRecord action;
};

struct GameRecord {
  RoomId id = 0;
  std::string game;
  engine::Options options;
  std::uint64_t seed = 0;
  std::vector<SeatRecord> seats;
  std::string host;  // host's token
  std::string status =
      "playing";  // playing | over | abandoned (every person away too long: no result)
  std::vector<ActionRecord> actions;
  std::optional<nlohmann::json> outcome;  // {"scores":[...],"ranking":[...]} once over
  /// While playing: since when (milliseconds since the Unix epoch) every person seated has been
  /// away, if they are; the clock of --abandon-after goes on across a restart from there.
  std::optional<std::int64_t> away_since;
  SeatPlay play;
};

/// A registered name (docs/protocol.md, "Accounts"). `skeleton` (protocol::name_skeleton of
/// `name`) is unique: no two accounts have look-alike names. `password_hash` is libsodium's
/// Argon2id string (server/password_hash.hpp), never the password.
struct AccountRecord {
  std::string name;
  std::string skeleton;
  std::string password_hash;
  std::int64_t created_ms = 0;  // milliseconds since the Unix epoch
  bool operator==(const AccountRecord&) const = default;
};

/// A registered player's rating in one game (docs/ratings.md): the model's numbers and the record.
struct PlayerRating {
  std::string skeleton;  // the account's key
  std::string name;      // the account's name, as registered
  std::string game;      // a game id (santa-cruz)
  Rating rating;
  int played = 0;  // rated games finished
  int won = 0;     // of those, the ones in first place (shared or not)
  bool operator==(const PlayerRating&) const = default;
};

/// One rated game's change to one player's rating; the store keeps them as the rating's history.
struct RatingChange {
  std::string skeleton;    // the account's key
  std::string game;        // a game id
  RoomId room = 0;         // the game's room: a game counts once per player
  int place = 1;           // the player's place in the game (1: won), after docs/ratings.md's rules
  Rating before, after;    // `before` is what the store held (a newcomer's rating if nothing)
  std::int64_t at_ms = 0;  // when the game ended, milliseconds since the Unix epoch
  bool operator==(const RatingChange&) const = default;
};

/// A finished game as a player's history lists it (Store::finished_games, docs/protocol.md "A
/// player's games").
struct FinishedGame {
  RoomId room = 0;
  std::string game;               // a game id
  std::int64_t ended_ms = 0;      // when the game ended, milliseconds since the Unix epoch
  std::vector<SeatRecord> seats;  // names, bots and strategies; tokens are never read out here
  nlohmann::json outcome;         // as finish_game stored it
  bool operator==(const FinishedGame&) const = default;
};

/// The seats a history lists a game under: (seat, skeleton of its name) for each seat a person
/// held when the game began (bots are nobody's history). A guest's games are found by the name they
/// played under, as an account's are: the store knows names, not who held them.
std::vector<std::pair<int, std::string>> history_people(const std::vector<SeatRecord>& seats);

/// SQLite's `synchronous` setting (docs/operations.md): `normal` survives a killed process, `full`
/// a power loss.
enum class SqliteSync { normal, full };

class Store {
 public:
  virtual ~Store() = default;
  /// Records a game at its start (no actions yet). False on a storage failure.
  virtual bool save_game(const GameRecord& game) = 0;
  /// Appends action number `index` (0-based, consecutive). False on a storage failure, a wrong
  /// index (one already stored, or past the next) or a game not stored.
  virtual bool append_action(RoomId room, int index, const ActionRecord& action) = 0;
  /// Appends several actions (of any rooms): the writer's group commit. Returns whether each was
  /// stored. This default writes them one by one; the SQL stores commit them as one transaction
  /// (and one by one if that fails, so a bad write fails alone).
  virtual std::vector<bool> append_actions(const std::vector<PendingAction>& actions) {
    std::vector<bool> stored;
    for (const auto& a : actions) stored.push_back(append_action(a.room, a.index, a.action));
    return stored;
  }
  /// Marks a game over with its outcome, ended at `ended_ms` (milliseconds since the Unix epoch),
  /// and lists it in the history of each of its people (history_people of its stored seats), in
  /// one transaction. Made again, it replaces what it wrote.
  virtual bool finish_game(RoomId room, const nlohmann::json& outcome, std::int64_t ended_ms) = 0;
  /// Marks a game abandoned: over without a result, never restored.
  virtual bool abandon_game(RoomId room) = 0;
  /// Records since when every person of a running game has been away (nullopt: someone is back).
  virtual bool set_away_since(RoomId room, std::optional<std::int64_t> unix_ms) = 0;
  /// Records who plays each seat and the clock's banks (replacing what was recorded).
  virtual bool set_seat_play(RoomId room, const SeatPlay& play) = 0;
  /// Every game still being played (neither over nor abandoned), in the order of their ids, with
  /// their actions in order. Reads only those: its cost does not grow with the number of ended
  /// games. The PostgreSQL store throws std::runtime_error when it cannot read them: a server must
  /// not start as if it had no games.
  virtual std::vector<GameRecord> load_unfinished() = 0;
  /// One game (finished or not), for /log and a replay.
  virtual std::optional<GameRecord> load_game(RoomId room) = 0;
  /// One page of a player's history: the games over (not abandoned) in which a person played under
  /// a name of skeleton `skeleton`, newest first (by the time they ended, then by room, highest
  /// first), starting after `after` (the last game of the page before; nullopt: from the newest),
  /// at most `limit`. One query on an index (the skeleton, then the time): a page costs the same
  /// whatever the number of games before it.
  virtual std::vector<FinishedGame> finished_games(const std::string& skeleton,
                                                   std::optional<HistoryCursor> after,
                                                   int limit) = 0;
  /// The highest room id ever stored (0 if none), so new rooms never reuse a stored id. The
  /// PostgreSQL store throws std::runtime_error when it cannot read it, rather than let a stored id
  /// be given again.
  virtual RoomId max_room_id() = 0;

  // Accounts. Called from the password hasher's thread (server/accounts.hpp), never a strand.
  /// Records a new account with its first token. False when an account with the same skeleton
  /// exists (nothing written) or on a storage failure.
  virtual bool create_account(const AccountRecord& account, const std::string& token) = 0;
  /// The account whose name has this skeleton.
  virtual std::optional<AccountRecord> find_account(const std::string& skeleton) = 0;
  /// Every account's name, for the lobby to refuse them to guests from its start.
  virtual std::vector<std::string> account_names() = 0;
  /// Binds one more token to the account with `skeleton`. False if there is no such account.
  virtual bool add_account_token(const std::string& skeleton, const std::string& token) = 0;
  /// The skeleton of the account `token` is bound to, if it is (and not revoked).
  virtual std::optional<std::string> account_of_token(const std::string& token) = 0;
  /// Revokes one token (true even if it was not bound: afterwards it is not).
  virtual bool revoke_token(const std::string& token) = 0;
  /// Revokes every token of the account with `skeleton`.
  virtual bool revoke_account_tokens(const std::string& skeleton) = 0;

  // Ratings (docs/ratings.md). Called on the writer's thread (server/store_writer.hpp), so that a
  // read sees every rated game queued before it.
  /// The ratings in `game` of the accounts with these skeletons that have one (an account never
  /// rated in that game is left out), in any order.
  virtual std::vector<PlayerRating> ratings(const std::string& game,
                                            const std::vector<std::string>& skeletons) = 0;
  /// Records one rated game, all or nothing: for each change, the account's rating in the game
  /// becomes `after`, played + 1, won + 1 if `place` is 1, and the change joins the history. False,
  /// with nothing written, on a storage failure, if an account's rating is no longer `before` (a
  /// newcomer: the account has one now; another node rated it meanwhile: read and rate again), or
  /// if a change of the same room for the same account is stored already (a game counts once).
  virtual bool record_rating_changes(const std::vector<RatingChange>& changes) = 0;
  /// The best `limit` ratings of `game` by ordinal (mu - 3 sigma), highest first, equal ordinals by
  /// skeleton: one query on an index, whatever the number of players.
  virtual std::vector<PlayerRating> top_ratings(const std::string& game, int limit) = 0;
  /// The account's rating in every game it has one in, by game id.
  virtual std::vector<PlayerRating> account_ratings(const std::string& skeleton) = 0;
  /// The account's last `limit` rating changes, newest first (by the time the game ended, then by
  /// room).
  virtual std::vector<RatingChange> rating_history(const std::string& skeleton, int limit) = 0;
};

/// The version of the SQL stores' schema this server writes. Both number their migrations alike
/// (the same version means the same tables and columns in SQLite and PostgreSQL): 1 games and their
/// actions, 2 the time a game's people have been away (games.away_since), 3 who plays each seat
/// (games.seat_play), 4 accounts and their tokens (accounts, account_tokens), 5 ratings per account
/// and game and their history (ratings, rating_history), 6 each finished game's people by name
/// skeleton and end time (game_players), what a player's history reads. A database at an older
/// version is migrated when opened (at 6, its finished games are listed, dated by their start);
/// one at a newer version is refused, with nothing written.
inline constexpr int kStoreSchemaVersion = 6;

std::unique_ptr<Store> make_memory_store();
/// Opens (creating if needed) `<data_dir>/archipel.sqlite3`. Throws std::runtime_error if it
/// cannot.
std::unique_ptr<Store> make_sqlite_store(const std::string& data_dir,
                                         SqliteSync sync = SqliteSync::normal);
/// Connects to the PostgreSQL database that `url` names (postgresql:// or postgres://, libpq's
/// syntax), and creates or migrates its schema. Throws std::runtime_error if it cannot
/// (unreachable, refused, a database of a newer schema); the message never holds the URL's
/// password.
std::unique_ptr<Store> make_postgresql_store(const std::string& url);

}  // namespace archipel::server
