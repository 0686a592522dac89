#pragma once
// The turn clock of a room (issue 12, point 7): a time bank per player for the whole game, chosen
// at /create
// (`clock=10m`) or with /option before the start. A seat's bank runs down while the game waits for
// that seat (it is in to_act; several banks run at once where several seats act). A bank at zero
// does not lose the game: the seat is "out of time", and the others present may then vote to let a
// bot play it (server/seat_handover.hpp), as for a player who is away. No increment per move: the
// bank is the whole game's.
//
// Plain data and free functions over an injected time, so the rules are tested without a server or
// a wait; the room holds one, charges it when the turn changes, and arms a timer for the next bank
// to run out.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"

namespace archipel::server {

struct TurnClock {
  using Duration = std::chrono::milliseconds;
  using TimePoint = std::chrono::steady_clock::time_point;

  Duration per_player{0};  // each player's bank at the start; zero: the room has no clock
  std::vector<Duration>
      banks;                  // by seat: what is left, as of `since` for the seats whose time runs
  std::vector<bool> running;  // by seat: the game waits for this seat now, so its bank runs
  std::vector<bool> out;      // by seat: the bank reached zero (the seat may be handed to a bot)
  TimePoint since{};          // when the running banks were last charged

  bool on() const { return per_player.count() > 0; }
};

/// The values `clock=` takes: `off`, or a whole number of minutes (`10m`) or seconds (`90s`), from
/// 5 s to 3 h. nullopt for anything else. "off" is a zero duration.
std::optional<TurnClock::Duration> parse_clock(std::string_view text);
/// The inverse of parse_clock: "off", "10m" (whole minutes), else "90s".
std::string clock_text(TurnClock::Duration per_player);
/// The clock as an option of every game in the `games` message and the create form (the choices
/// offered; the text command takes any value parse_clock does).
engine::OptionSpec clock_option();

/// Every seat's bank full, nobody's time running.
void start_clock(TurnClock& clock, int seats, TurnClock::TimePoint now);
/// Takes the time since `since` off every running bank (never below zero); `since` becomes `now`.
void charge(TurnClock& clock, TurnClock::TimePoint now);
/// After a move (or at the start, or a restore): charge the banks up to `now`, then the banks of
/// `to_act` run.
void set_running(TurnClock& clock, const std::vector<engine::Seat>& to_act,
                 TurnClock::TimePoint now);
/// No bank runs any more (the game is over or abandoned), charged up to `now`.
void stop_clock(TurnClock& clock, TurnClock::TimePoint now);
/// The running seats whose bank has reached zero by `now` and were not yet out: marked out,
/// returned in order. Charges the banks up to `now` first.
std::vector<engine::Seat> newly_out_of_time(TurnClock& clock, TurnClock::TimePoint now);
/// When the next running bank reaches zero; nullopt when none runs.
std::optional<TurnClock::TimePoint> next_out_of_time(const TurnClock& clock);
/// What `seat`'s bank shows at `now` (the running time taken off), never below zero.
TurnClock::Duration bank_at(const TurnClock& clock, engine::Seat seat, TurnClock::TimePoint now);

/// The `clock` message's body (docs/protocol.md): {"per_player_ms", "banks_ms" (as of now),
/// "running", "out"}.
nlohmann::json clock_json(const TurnClock& clock, TurnClock::TimePoint now);
/// What the store keeps (with the seat play, server/store.hpp): the per-player bank, each bank as
/// of `now`, who is out. A restart resumes from there (the time the server was down is nobody's).
nlohmann::json clock_record(const TurnClock& clock, TurnClock::TimePoint now);
/// The record read back (tolerant: a missing or broken record is no clock); nobody's time runs yet.
TurnClock clock_from_record(const nlohmann::json& record, TurnClock::TimePoint now);

}  // namespace archipel::server
