#pragma once
// A finished game's ratings (docs/ratings.md): which seats count, at which places, and the store's
// side of rating them. The rules in one place:
//   - only people count: a bot's seat is left out, and a seat counts only if its name is a
//     registered account's (a guest's seat is left out);
//   - a person whose seat a bot was playing for them when the game ended (handed over, server/
//     seat_handover.hpp, and not taken back) is placed last, after everyone who played to the end
//     (several such share the last place); the others keep their order;
//   - a game with fewer than two registered people left is not rated (solo Santa Maria never is);
//   - the room's `rated=off` and an abandoned game (no result) rate nothing: the room does not ask.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/lang.hpp"
#include "protocol/errors.hpp"
#include "server/rating.hpp"
#include "server/store.hpp"

namespace archipel::server {

/// The room's option `rated=on|off` (on by default), taken by /create and /option like the turn
/// clock: true for on, false for off, nullopt for anything else.
std::optional<bool> parse_rated(std::string_view text);
/// The refusal of any other value (bad_arguments).
protocol::Error bad_rated_error();
/// The option as the `games` message and the create form offer it with every game.
engine::OptionSpec rated_option();

/// A seat of a finished game, as the rules above need it.
struct FinishedSeat {
  std::string name;
  bool person = true;        // false: a bot's seat
  bool handed_over = false;  // a bot was playing it for its person at the end
  int place = 1;             // the game's place (engine::Outcome::places), 1-based
};

/// A person's seat to rate: their name and place after the rules above.
struct SeatToRate {
  std::string name;
  int place = 1;
  bool operator==(const SeatToRate&) const = default;
};

/// The people's seats with their places: a handed-over seat after every seat played to the end,
/// places counted again so that they stay 1-based with shared places kept (1, 1, 3). Bots' seats
/// are left out (they still count in the places of the people: a person behind a bot is second).
std::vector<SeatToRate> seats_to_rate(const std::vector<FinishedSeat>& seats);

/// The game to rate, from the room (server/room_play.cpp) to the writer's thread.
struct GameToRate {
  RoomId room = 0;
  std::string game;
  std::int64_t at_ms = 0;  // when it ended
  std::vector<SeatToRate> seats;
};

/// On the writer's thread: keeps the seats whose names are accounts' (looked up by skeleton), and
/// if two or more are left, reads their ratings, rates the game and records it. Returns the changes
/// recorded, in seat order (none: the game is not rated, or could not be recorded, which is
/// logged). A write refused because a rating changed meanwhile (another node) is read and rated
/// again, a few times.
std::vector<RatingChange> rate_finished_game(Store& store, const GameToRate& game,
                                             const RatingModel& model = {});

/// A rating as a person reads it: the ordinal with one decimal, a decimal comma in French.
std::string rating_text(const Rating& rating, engine::Lang lang);
/// What the room is told after a rated game: "Ratings: Ann 0.0 → 2.1 (+2.1), Ben 0.0 → -1.2
/// (-1.2)". `names[i]` is the name of changes[i]'s player.
engine::LocalText rating_changes_text(const std::vector<RatingChange>& changes,
                                      const std::vector<std::string>& names);

}  // namespace archipel::server
