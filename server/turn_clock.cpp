#include "server/turn_clock.hpp"

#include <algorithm>

#include "server/config.hpp"

namespace archipel::server {

using Duration = TurnClock::Duration;
using TimePoint = TurnClock::TimePoint;
using nlohmann::json;

namespace {

constexpr Duration kShortest =
    std::chrono::seconds(5);  // short enough for a test, long enough to read a move
constexpr Duration kLongest = std::chrono::hours(3);

bool valid_seat(const TurnClock& clock, engine::Seat seat) {
  return seat >= 0 && seat < static_cast<int>(clock.banks.size());
}

Duration elapsed(TimePoint since, TimePoint now) {
  return now > since ? std::chrono::duration_cast<Duration>(now - since) : Duration{0};
}

}  // namespace

std::optional<Duration> parse_clock(std::string_view text) {
  if (text == "off") return Duration{0};
  // Minutes or seconds, the unit written out; the number is read as the server's flags read a
  // duration.
  if (text.empty() || (text.back() != 'm' && text.back() != 's') || text.ends_with("ms"))
    return std::nullopt;
  const auto d = parse_duration(text);
  if (!d || *d < kShortest || *d > kLongest) return std::nullopt;
  return d;
}

std::string clock_text(Duration per_player) {
  if (per_player.count() <= 0) return "off";
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(per_player).count();
  return seconds % 60 == 0 ? std::to_string(seconds / 60) + "m" : std::to_string(seconds) + "s";
}

engine::OptionSpec clock_option() {
  engine::OptionSpec o;
  o.key = "clock";
  o.choices = {"off", "5m", "10m", "20m", "30m"};
  o.default_value = "off";
  o.label = {"Turn clock", "Pendule"};
  o.choice_labels = {{"off", "sans"},
                     {"5 min each", "5 min chacun"},
                     {"10 min each", "10 min chacun"},
                     {"20 min each", "20 min chacun"},
                     {"30 min each", "30 min chacun"}};
  o.help = {
      "a time bank per player for the whole game; a player out of time may be handed to a bot by "
      "the others "
      "(any value from 5s to 180m with /create)",
      "une réserve de temps par joueur pour toute la partie ; les autres peuvent confier à un "
      "robot la place "
      "d'un joueur qui n'a plus de temps (toute valeur de 5s à 180m avec /create)"};
  return o;
}

void start_clock(TurnClock& clock, int seats, TimePoint now) {
  const auto n = static_cast<std::size_t>(std::max(seats, 0));
  clock.banks.assign(n, clock.per_player);
  clock.running.assign(n, false);
  clock.out.assign(n, false);
  clock.since = now;
}

void charge(TurnClock& clock, TimePoint now) {
  const Duration spent = elapsed(clock.since, now);
  for (std::size_t i = 0; i < clock.banks.size(); ++i)
    if (clock.running[i]) clock.banks[i] = std::max(Duration{0}, clock.banks[i] - spent);
  clock.since = std::max(clock.since, now);
}

void set_running(TurnClock& clock, const std::vector<engine::Seat>& to_act, TimePoint now) {
  charge(clock, now);
  std::fill(clock.running.begin(), clock.running.end(), false);
  for (engine::Seat seat : to_act)
    if (valid_seat(clock, seat)) clock.running[seat] = true;
}

void stop_clock(TurnClock& clock, TimePoint now) {
  set_running(clock, {}, now);
}

std::vector<engine::Seat> newly_out_of_time(TurnClock& clock, TimePoint now) {
  charge(clock, now);
  std::vector<engine::Seat> out;
  for (std::size_t i = 0; i < clock.banks.size(); ++i)
    if (clock.running[i] && !clock.out[i] && clock.banks[i].count() == 0) {
      clock.out[i] = true;
      out.push_back(static_cast<engine::Seat>(i));
    }
  return out;
}

std::optional<TimePoint> next_out_of_time(const TurnClock& clock) {
  std::optional<TimePoint> next;
  for (std::size_t i = 0; i < clock.banks.size(); ++i) {
    if (!clock.running[i] || clock.out[i]) continue;
    const TimePoint at = clock.since + clock.banks[i];
    if (!next || at < *next) next = at;
  }
  return next;
}

Duration bank_at(const TurnClock& clock, engine::Seat seat, TimePoint now) {
  if (!valid_seat(clock, seat)) return Duration{0};
  if (!clock.running[seat]) return clock.banks[seat];
  return std::max(Duration{0}, clock.banks[seat] - elapsed(clock.since, now));
}

namespace {

json banks_json(const TurnClock& clock, TimePoint now) {
  json banks = json::array();
  for (std::size_t i = 0; i < clock.banks.size(); ++i)
    banks.push_back(bank_at(clock, static_cast<int>(i), now).count());
  return banks;
}

json seats_where(const std::vector<bool>& flags) {
  json seats = json::array();
  for (std::size_t i = 0; i < flags.size(); ++i)
    if (flags[i]) seats.push_back(i);
  return seats;
}

}  // namespace

json clock_json(const TurnClock& clock, TimePoint now) {
  return json{{"per_player_ms", clock.per_player.count()},
              {"banks_ms", banks_json(clock, now)},
              {"running", seats_where(clock.running)},
              {"out", seats_where(clock.out)}};
}

json clock_record(const TurnClock& clock, TimePoint now) {
  return json{{"per_player_ms", clock.per_player.count()},
              {"banks_ms", banks_json(clock, now)},
              {"out", seats_where(clock.out)}};
}

TurnClock clock_from_record(const json& record, TimePoint now) {
  TurnClock clock;
  if (!record.is_object()) return clock;
  const auto per_player = record.find("per_player_ms");
  const auto banks = record.find("banks_ms");
  if (per_player == record.end() || !per_player->is_number_integer() ||
      per_player->get<std::int64_t>() <= 0 || banks == record.end() || !banks->is_array())
    return clock;
  clock.per_player = Duration{per_player->get<std::int64_t>()};
  start_clock(clock, static_cast<int>(banks->size()), now);
  for (std::size_t i = 0; i < banks->size(); ++i)
    if ((*banks)[i].is_number_integer())
      clock.banks[i] =
          std::clamp(Duration{(*banks)[i].get<std::int64_t>()}, Duration{0}, clock.per_player);
  if (const auto out = record.find("out"); out != record.end() && out->is_array())
    for (const auto& seat : *out)
      if (seat.is_number_integer() && valid_seat(clock, seat.get<int>()))
        clock.out[seat.get<int>()] = true;
  return clock;
}

}  // namespace archipel::server
