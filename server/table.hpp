#pragma once
// A game table as a plain value: who sits where, who watches, who hosts, the options, and once the
// game has started, the game, its seed and its log. No strand, no timer, no socket: the room
// (server/room.hpp) owns one and runs everything that touches it on its strand; a test builds one
// and checks the seating rules alone.
//
// What the table decides (who may sit where, who hosts next, what /who says) is here; what the room
// does about it (telling the lobby, announcing, storing, sending views) is the room's.

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/lang.hpp"
#include "engine/core/registry.hpp"
#include "protocol/errors.hpp"
#include "protocol/messages.hpp"
#include "server/client.hpp"

namespace archipel::server {

using protocol::RoomId;

/// A player as a room knows them. The token identifies the player across reconnections.
struct Member {
  std::string token;
  std::string name;
  ClientPtr client;  // null while disconnected
  bool bot = false;
  std::string strategy;  // a bot's strategy, kept with the seat in the store
};

/// A line said to the whole room: table talk, or a notice (who sat down, the start, an option, who
/// left). Kept so that a reload or a reconnect shows what was said before it (Table::history).
struct RoomLine {
  enum class Kind { chat, info };
  std::int64_t at = 0;  // when it was said: Unix time in milliseconds
  Kind kind = Kind::info;
  std::string from;  // who spoke (chat only)
  engine::LocalText text;
};

struct Table {
  using Status = protocol::RoomStatus;
  /// How many of the room's last lines a reload or a reconnect gets back (docs/protocol.md,
  /// `history`): the talk of a long game's last hour or so. The game log is kept whole.
  static constexpr std::size_t history_lines = 100;

  RoomId id = 0;
  const engine::GameSpec* spec = nullptr;
  engine::Options options;  // the game's (the room's turn clock is not one: see TurnClock)
  Status status = Status::waiting;
  std::string host;  // a token; empty when no person is seated before the start
  std::vector<std::optional<Member>>
      seats;                  // max_players slots before the start; one per player after
  int bots_on_their_way = 0;  // /addbot accepted, the bot not seated yet: seats kept for them
  std::vector<Member> spectators;
  // A rematch room: the token each seat is kept for (empty: none), and whether the game starts by
  // itself once every kept seat is taken (the host may also /start with whoever came back).
  std::vector<std::string> kept_for;
  bool auto_start = false;
  // The game, from its start on.
  engine::GamePtr game;
  std::uint64_t seed = 0;
  int actions = 0;                     // actions applied (and stored)
  std::vector<engine::LocalText> log;  // one line per game event
  // When each line of `log` was written (Unix ms), index for index; 0 for the lines of a game
  // restored after a restart (the store keeps the moves, not their times).
  std::vector<std::int64_t> log_at;
  std::deque<RoomLine> history;  // the last history_lines lines said to the room, oldest first

  /// An empty table for `spec`, every seat free.
  Table(RoomId id, const engine::GameSpec& spec, engine::Options options);

  /// Keeps `line` in the history, forgetting the oldest beyond history_lines.
  void remember(RoomLine line);
  /// Adds a game log line written at `at` (Unix ms).
  void add_log_line(engine::LocalText line, std::int64_t at);

  int seat_of(const std::string& token) const;  // -1 if not seated
  Member* member(const std::string& token);     // seated or watching; null if neither
  const Member* member(const std::string& token) const;
  std::vector<std::string> seat_names() const;  // "" for a free seat
  int free_seats() const;
  /// Whether a seated person (not a bot) is connected.
  bool someone_here() const;
  /// Whether a person (not a bot) is seated or anyone watches.
  bool has_people() const;

  /// The seat newcomer `member` takes, `wanted` (0-based) or the first free one, or why they may
  /// not sit: the game has started, a seat kept for someone else in a rematch, no such seat, taken,
  /// the room full (the last free seats are kept for the bots on their way).
  engine::Result<int> seat_for(const Member& member, std::optional<int> wanted) const;
  /// Seats `member` at `seat` (from seat_for): no longer a spectator, host if there was none.
  void sit(Member member, int seat);
  /// Frees seat `seat` before the start; a host who leaves passes the role to the first seated
  /// person (a bot cannot /start).
  void free_seat(int seat);
  /// The rematch has every seat of the finished game back: its people and its bots.
  bool all_kept_seats_taken() const;
  /// Why the game cannot start with the players seated now (too few or too many), or nullopt.
  std::optional<protocol::Error> cannot_start() const;

  /// The /who text for the room in `lang`: each seat, free or who holds it (bot, host, away), and
  /// who watches.
  std::string who_text(engine::Lang lang) const;
};

// The refusals every room command shares.
protocol::Error not_started_error();
protocol::Error already_started_error();
protocol::Error not_host_error(const std::string& command);  // "only the host can /start"

}  // namespace archipel::server
