#pragma once
// A player's games (docs/protocol.md, "A player's games"): the `game_history` message, the answer
// to /history, and the cursor that pages it. Every finished game the store holds is listed, newest
// first, a page at a time; each names its room, which /replay and the web client's
// `/#replay/<room>` open. (The message is not called `history`: that is a room's chat lines.)
//
// Paging is by cursor, not by page number: a page ends with the cursor of its last game, its end
// time and room ("1764430000000:12"), and the next page is the games after it. The store walks its
// index from there, so page 1000 costs what page 1 does (an offset would read the 999 pages
// before), and a game that ends meanwhile does not shift the pages a reader is going through.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/lang.hpp"
#include "protocol/messages.hpp"

namespace archipel::protocol {

/// Where a page of a player's history starts: after the game that ended at `ended_ms` in `room`.
struct HistoryCursor {
  std::int64_t ended_ms = 0;
  RoomId room = 0;
  bool operator==(const HistoryCursor&) const = default;
};

/// "1764430000000:12": what a `game_history` message's `next` holds and /history takes back. The
/// colon is in no name, so `/history 1764430000000:12` cannot be read as a name.
std::string history_cursor_text(const HistoryCursor& cursor);
/// The cursor of history_cursor_text, or nullopt for anything else (negative numbers, a room
/// outside 1 to kMaxRoomId, more than 19 digits).
std::optional<HistoryCursor> parse_history_cursor(std::string_view text);

/// The games a /history page shows.
inline constexpr int kHistoryPage = 10;

struct HistoryPlayer {
  int seat = 0;
  std::string name;
  bool bot = false;
  int place = 0;  // 1: won (shared places repeat)
  int score = 0;
};
struct HistoryGame {
  RoomId room = 0;
  std::string game, title;  // the game's id and its title
  std::int64_t ended_ms = 0;
  std::vector<HistoryPlayer> players;  // by place, then seat
};

/// The answer to /history: `name` (an account's as registered, else as asked), one page of
/// `games`, `next` when more may follow, `after` the cursor the page was asked from; `text` for a
/// person, in `lang` (dates in UTC).
nlohmann::json game_history_message(const std::string& name, const std::vector<HistoryGame>& games,
                                    const std::optional<HistoryCursor>& after,
                                    const std::optional<HistoryCursor>& next, engine::Lang lang);

}  // namespace archipel::protocol
