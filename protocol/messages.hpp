#pragma once
// The wire messages (docs/protocol.md is the contract bot authors write against). WebSocket at /ws,
// JSON text frames, every message an object with a string "type". Client messages are parsed into a
// variant of small structs, or refused with a typed error; server messages are built by the
// functions below, each returning the JSON to serialize once and send to every recipient.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"
#include "protocol/errors.hpp"

namespace archipel::protocol {

using Json = nlohmann::json;
using RoomId = std::int64_t;
/// Room ids run from 1 to this (the range of a 32-bit int, so every client's number type holds
/// them); a room id outside it is refused with bad_message, never wrapped.
inline constexpr RoomId kMaxRoomId = 2147483647;

inline constexpr int kProtocolVersion = 1;
/// Deepest nesting of arrays and objects a client frame may have (game actions are flat; 32 is
/// generous).
inline constexpr std::size_t kMaxNesting = 32;

// ---- client -> server ---------------------------------------------------------------------------

/// First message on a connection: a nickname for a new player, or the resume token of an earlier
/// one.
struct Hello {
  std::optional<std::string> name;
  std::optional<std::string> token;
  std::optional<engine::Lang> lang;  // the language to write to this person in (default English)
};

/// A chat line exactly as typed: plain text is chat to one's room (or the lobby); "/..." is a
/// command.
struct Chat {
  std::string text;
};

/// A game action for a room one is seated in; `action` is one of the view's legal[].action as is.
struct Action {
  RoomId room = 0;
  Json action;
};

/// Ask for the full state of a room again (after a gap in patch versions).
struct Sync {
  RoomId room = 0;
};

/// Ask for the game list (a `games` reply): what a program or the web client uses instead of the
/// chat command /games, whose reply is text for people.
struct ListGames {};

/// `abandoned`: every person seated in the game was away for the server's --abandon-after; the game
/// ended without a result and the room closed (docs/protocol.md).
enum class RoomStatus { waiting, playing, over, abandoned };
std::string_view to_string(RoomStatus status);
/// The status in words for a person: "playing" / "en cours".
std::string_view status_label(RoomStatus status, engine::Lang lang);

/// Which rooms a `rooms` request asks for; every field is optional and they combine with "and".
struct RoomFilter {
  std::optional<std::string> game;  // a game id
  std::optional<RoomStatus> status;
  bool free_seats = false;  // only rooms a newcomer can sit down in (waiting, a seat free)
};

/// The most rooms one `rooms` reply holds, and what a request without a `limit` gets.
inline constexpr std::size_t kMaxRoomsPage = 200;
inline constexpr std::size_t kDefaultRoomsPage = 100;

/// Ask for one page of the room list (a `rooms` reply): rooms by increasing id, above `after`, that
/// match `filter`, at most `limit` of them.
struct ListRooms {
  RoomFilter filter;
  std::optional<RoomId> after;
  std::size_t limit = kDefaultRoomsPage;
};

/// Ask for one step of a finished game's replay (a `replay` reply): the game after its first `step`
/// moves, as a spectator saw it. `static_data` (the field "static"): whether the reply carries the
/// game's unchanging data (a client that has not drawn this game yet asks for it once).
struct ReplayRequest {
  RoomId room = 0;
  int step = 0;
  bool static_data = false;
};

/// Passwords travel only in these messages, never in a chat line (which a room echoes, stores in
/// its log, or a server may log): docs/protocol.md, "Accounts". A password is 8 to 256 bytes.
inline constexpr std::size_t kMinPasswordLength = 8;
inline constexpr std::size_t kMaxPasswordLength = 256;

/// Claims the player's current name as an account, with `password`.
struct Register {
  std::string password;
};
/// Logs in to the account `name` (compared by its skeleton) from this connection, welcomed or not:
/// a new token, and the account's seats back.
struct Login {
  std::string name;
  std::string password;
  std::optional<engine::Lang> lang;  // as hello's: a login may come instead of a hello
};
/// Revokes this connection's token, or (everywhere) every token of the account.
struct Logout {
  bool everywhere = false;
};

using ClientMessage = std::variant<Hello, Chat, Action, Sync, ListGames, ListRooms, ReplayRequest,
                                   Register, Login, Logout>;

/// Parses one text frame. Never throws; every way a frame can be wrong is an Error with a code.
Result<ClientMessage> parse_client_message(std::string_view frame);

// ---- server -> client ---------------------------------------------------------------------------

struct SeatInfo {
  std::string name;  // empty for a free seat
  bool connected = false;
  bool bot = false;
  // Issue 12, point 7 (during a game): the strategy of a bot playing the seat for its person ("":
  // the person plays), whether the others may vote to hand it to a bot now, and the names of who
  // voted so far.
  std::string stand_in;
  bool may_hand_over = false;
  // An away person's seat not yet offered: when (Unix ms) it will be, for a countdown (0: none).
  std::int64_t hand_over_at_ms = 0;
  std::vector<std::string> handover_votes;
  bool operator==(const SeatInfo&) const = default;
};

struct RoomInfo {
  RoomId id = 0;
  std::string game;
  std::string title;
  std::vector<SeatInfo> seats;
  std::vector<std::string> spectators;
  std::string host;
  RoomStatus status = RoomStatus::waiting;
  engine::Options options;
  int min_players = 0;
  int max_players = 0;
  std::optional<RoomId> rematch;  // a finished game's rematch room, once someone asked for one
  bool operator==(const RoomInfo&) const = default;
};

/// Whether a newcomer can sit down in `room`: not started, a seat free.
bool has_free_seat(const RoomInfo& room);
bool matches(const RoomFilter& filter, const RoomInfo& room);

/// What changed in the room list since the last update (docs/protocol.md, `rooms_delta`).
struct RoomsDelta {
  std::vector<RoomInfo> added;
  std::vector<RoomInfo> changed;
  std::vector<RoomId> removed;
  bool empty() const { return added.empty() && changed.empty() && removed.empty(); }
};

/// `lang`: the language the server writes to this connection in (hello's, or English).
/// `registered`: the name is an account's and this connection logged in to it (or registered it).
Json welcome_message(const std::string& name, const std::string& token,
                     engine::Lang lang = engine::Lang::en, bool registered = false);
/// The account state of this connection after register, login or logout: `name` registered or not,
/// and why it changed (registered, logged_in, logged_out, logged_out_elsewhere).
Json account_message(const std::string& name, bool registered, std::string_view why);
Json chat_message(std::optional<RoomId> room, const std::string& from, const std::string& text);
/// chat_message serialized, written straight as text: byte for byte serialize(chat_message(room,
/// from, text)). A chat line is the message a server relays most.
std::string chat_frame(std::optional<RoomId> room, const std::string& from,
                       const std::string& text);
Json info_message(const std::string& text, std::optional<RoomId> room = std::nullopt);
/// The error's sentence in `lang` (English where it has no French yet: engine refusals being
/// translated).
Json error_message(const Error& error, engine::Lang lang = engine::Lang::en);
Json room_json(const RoomInfo& room);
/// The inverse of room_json: a room's summary as another node of a cluster published it
/// (docs/cluster.md). nullopt when `j` is not one (a field missing or of the wrong type, a status
/// room_json does not write).
std::optional<RoomInfo> room_from_json(const Json& j);
Json room_message(const RoomInfo& room);
/// One page of the room list. `next`: when more rooms may match, the `after` that asks for the next
/// page; `after`: the request's, echoed so a client tells a first page (which replaces its list)
/// from the next ones.
Json rooms_message(const std::vector<RoomInfo>& rooms, std::optional<RoomId> next = std::nullopt,
                   std::optional<RoomId> after = std::nullopt);
Json rooms_delta_message(const RoomsDelta& delta);
/// room_message, rooms_message and rooms_delta_message serialized, written straight as text
/// (engine::JsonTextWriter): byte for byte serialize() of the tree, which the tests keep as their
/// oracle. Seating a room sends its listing to its members at every join, and the lobby a delta;
/// built as trees and then serialized, they made connecting and seating 1,000 clients cost the
/// server 447M instructions (callgrind), against 300M as text. A page of the list (up to 200 rooms)
/// is written again after any change to the list.
std::string room_frame(const RoomInfo& room);
std::string rooms_frame(const std::vector<RoomInfo>& rooms,
                        std::optional<RoomId> next = std::nullopt,
                        std::optional<RoomId> after = std::nullopt);
std::string rooms_delta_frame(const RoomsDelta& delta);
/// `static_data`: the game's unchanging data (GameInstance::static_data), omitted when empty.
/// `log`: the game's log so far, in the reader's language, so a player back after a reload (or a
/// new spectator) has it. `log_at`: when each line was written (Unix ms, 0 when not known), omitted
/// when empty.
Json state_message(RoomId room, std::int64_t version, Json view, std::optional<engine::Seat> seat,
                   const Json& static_data = Json::object(),
                   const std::vector<std::string>& log = {},
                   const std::vector<std::int64_t>& log_at = {});
/// state_message serialized, from parts already serialized: `static_text`, the static data as
/// serialize() writes it (a room writes it once per game: it is most of a state's bytes, the same
/// for every reader), omitted when empty ("", "{}", "[]" or "null", as state_message omits an empty
/// one); `log_text`, the log lines as a serialized array ("" for none); `log_at_text`, their times
/// as a serialized array ("" omits them). Byte for byte serialize(state_message(room, version,
/// view, seat, static, log, log_at)).
std::string state_frame(RoomId room, std::int64_t version, const Json& view,
                        std::optional<engine::Seat> seat, std::string_view static_text,
                        std::string_view log_text, std::string_view log_at_text = {});
/// A room's last lines (chat and notices, oldest first) to one of its members who arrives or comes
/// back: `lines` holds {"at": Unix ms, "kind": "chat"|"info", "from"?: name, "text": ...}.
Json history_message(RoomId room, Json lines);
/// `by`: the seat whose move made version `to` (where several seats act at once, a seat waits for
/// the patch of its own move before acting again). `log`: the log lines that move wrote, in the
/// reader's language (omitted when none): they travel in the patch, not as frames of their own.
Json patch_message(RoomId room, std::int64_t from, std::int64_t to, Json ops, engine::Seat by,
                   const std::vector<std::string>& log = {});
/// patch_message serialized, its ops given in two parts, each a compact serialized JSON array ("[]"
/// when empty, no white space: as serialize() and engine::PatchText write them): `shared_ops`, the
/// ops every audience of a move receives (the public part's: written once per move, not once per
/// seat), then `own_ops`, this audience's. `log_lines`: the log lines serialized as an array ("" or
/// "[]" when none): a move writes them once per language, not once per reader. Byte for byte
/// serialize(patch_message(room, from, to, shared + own, by, log)).
std::string patch_frame(RoomId room, std::int64_t from, std::int64_t to,
                        std::string_view shared_ops, std::string_view own_ops, engine::Seat by,
                        std::string_view log_lines = {});
/// `breakdown`: by seat, the points by source ({source, label, points, detail}), the labels in
/// `lang` (the reader's language); absent when the game gives no breakdown.
Json over_message(RoomId room, const engine::Outcome& outcome,
                  const std::vector<std::string>& names, engine::Lang lang = engine::Lang::en);
Json left_message(RoomId room);
/// The room's turn clock (server/turn_clock.hpp, docs/protocol.md): `clock` holds per_player_ms,
/// banks_ms (by seat, as of sending), running (the seats whose bank runs) and out (the seats out of
/// time).
Json clock_message(RoomId room, Json clock);
/// One step of a finished game's replay: `view` the spectator's client view after `step` of `steps`
/// moves, `by` the seat whose move it was (null at step 0), `log` that move's lines in the reader's
/// language; `static` (the game's static data) only when `static_data` is not null.
Json replay_message(RoomId room, int step, int steps, std::optional<engine::Seat> by, Json view,
                    const std::vector<std::string>& log, const Json& static_data = nullptr);
/// `bots`: the strategies `/addbot` accepts on this server (empty where bots are not offered). Each
/// option's `label` and `help` are strings in `lang`. `room_options`: the options of the room
/// rather than the game (the turn clock), listed after each game's own.
Json games_message(const std::vector<const engine::GameSpec*>& specs,
                   const std::vector<std::string>& bots = {}, engine::Lang lang = engine::Lang::en,
                   const std::vector<engine::OptionSpec>& room_options = {});

}  // namespace archipel::protocol
