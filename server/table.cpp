#include "server/table.hpp"

#include <algorithm>

namespace archipel::server {

using protocol::ErrorCode;
using protocol::make_error;

Table::Table(RoomId id, const engine::GameSpec& spec, engine::Options options)
    : id(id),
      spec(&spec),
      options(std::move(options)),
      seats(static_cast<std::size_t>(spec.max_players)) {}

void Table::remember(RoomLine line) {
  history.push_back(std::move(line));
  while (history.size() > history_lines) history.pop_front();
}

void Table::add_log_line(engine::LocalText line, std::int64_t at) {
  log.push_back(std::move(line));
  log_at.push_back(at);
}

int Table::seat_of(const std::string& token) const {
  for (int i = 0; i < static_cast<int>(seats.size()); ++i)
    if (seats[i] && seats[i]->token == token) return i;
  return -1;
}

Member* Table::member(const std::string& token) {
  return const_cast<Member*>(static_cast<const Table&>(*this).member(token));
}

const Member* Table::member(const std::string& token) const {
  if (const int seat = seat_of(token); seat >= 0) return &*seats[seat];
  for (const auto& s : spectators)
    if (s.token == token) return &s;
  return nullptr;
}

std::vector<std::string> Table::seat_names() const {
  std::vector<std::string> names;
  for (const auto& s : seats) names.push_back(s ? s->name : "");
  return names;
}

int Table::free_seats() const {
  return static_cast<int>(
      std::count_if(seats.begin(), seats.end(), [](const auto& s) { return !s.has_value(); }));
}

bool Table::someone_here() const {
  return std::any_of(seats.begin(), seats.end(),
                     [](const auto& s) { return s && !s->bot && s->client; });
}

bool Table::has_people() const {
  return !spectators.empty() ||
         std::any_of(seats.begin(), seats.end(), [](const auto& s) { return s && !s->bot; });
}

engine::Result<int> Table::seat_for(const Member& m, std::optional<int> wanted) const {
  const std::string room = std::to_string(id);
  if (status != Status::waiting)
    return make_error(
        ErrorCode::already_started,
        "the game in room " + room + " has started; /watch " + room + " to follow it",
        "la partie de la salle " + room + " a commencé ; /watch " + room + " pour la suivre");
  // In a rematch room, a person kept a seat goes back to it; nobody else takes a kept seat.
  const auto kept = [&](int i) {
    return i < static_cast<int>(kept_for.size()) && !kept_for[i].empty();
  };
  if (!wanted)
    for (int i = 0; i < static_cast<int>(kept_for.size()); ++i)
      if (kept_for[i] == m.token) wanted = i;
  if (wanted && kept(*wanted) && kept_for[*wanted] != m.token)
    return make_error(ErrorCode::room_full,
                      "seat " + std::to_string(*wanted + 1) + " is kept for the rematch",
                      "la place " + std::to_string(*wanted + 1) + " est gardée pour la revanche");
  if (wanted) {
    if (*wanted < 0 || *wanted >= static_cast<int>(seats.size()))
      return make_error(ErrorCode::bad_arguments,
                        "room " + room + " has seats 1 to " + std::to_string(seats.size()),
                        "la salle " + room + " a les places 1 à " + std::to_string(seats.size()));
    if (seats[*wanted])
      return make_error(ErrorCode::room_full, "seat " + std::to_string(*wanted + 1) + " is taken",
                        "la place " + std::to_string(*wanted + 1) + " est prise");
    return *wanted;
  }
  int target = -1;
  for (int i = 0; i < static_cast<int>(seats.size()); ++i)
    if (!seats[i] && !kept(i)) {
      target = i;
      break;
    }
  if (target < 0 ||
      (!m.bot && free_seats() <= bots_on_their_way))  // the last seats are kept for bots
    return make_error(ErrorCode::room_full, "room " + room + " is full",
                      "la salle " + room + " est pleine");
  return target;
}

void Table::sit(Member m, int seat) {
  std::erase_if(spectators, [&](const Member& s) { return s.token == m.token; });
  if (host.empty()) host = m.token;
  seats[seat] = std::move(m);
}

void Table::free_seat(int seat) {
  const std::string token = seats[seat] ? seats[seat]->token : "";
  seats[seat].reset();
  if (host != token) return;
  host.clear();
  for (const auto& s : seats)
    if (s && !s->bot) {
      host = s->token;
      break;
    }
}

bool Table::all_kept_seats_taken() const {
  for (std::size_t i = 0; i < kept_for.size(); ++i)
    if (!kept_for[i].empty() && !(seats[i] && seats[i]->token == kept_for[i])) return false;
  return true;
}

std::optional<protocol::Error> Table::cannot_start() const {
  const int n = static_cast<int>(seats.size()) - free_seats();
  if (n >= spec->min_players && n <= spec->max_players) return std::nullopt;
  const std::string range = std::to_string(spec->min_players),
                    to = std::to_string(spec->max_players);
  return make_error(
      ErrorCode::seat_count,
      spec->title + " needs " + range + " to " + to + " players; " + std::to_string(n) + " seated",
      spec->title + " se joue de " + range + " à " + to + " joueurs ; " + std::to_string(n) +
          " assis");
}

std::string Table::who_text(engine::Lang lang) const {
  const bool fr = lang == engine::Lang::fr;
  std::string text = (fr ? "Salle " : "Room ") + std::to_string(id) + " (" + spec->title + ", " +
                     std::string(protocol::status_label(status, lang)) + (fr ? ") :" : "):");
  for (std::size_t i = 0; i < seats.size(); ++i) {
    text += (fr ? "\n  place " : "\n  seat ") + std::to_string(i + 1) + (fr ? " : " : ": ");
    if (!seats[i]) {
      text += fr ? "libre" : "free";
      continue;
    }
    text += seats[i]->name;
    if (seats[i]->bot) text += fr ? " (robot)" : " (bot)";
    if (seats[i]->token == host) text += fr ? " (hôte)" : " (host)";
    if (!seats[i]->bot && !seats[i]->client) text += fr ? " (absent)" : " (away)";
  }
  if (!spectators.empty()) {
    text += fr ? "\n  spectateurs :" : "\n  watching:";
    for (const auto& s : spectators) text += " " + s.name;
  }
  return text;
}

protocol::Error not_started_error() {
  return make_error(ErrorCode::not_started, "the game has not started",
                    "la partie n'a pas commencé");
}
protocol::Error already_started_error() {
  return make_error(ErrorCode::already_started, "the game has started", "la partie a commencé");
}
protocol::Error not_host_error(const std::string& command) {
  return make_error(ErrorCode::not_host, "only the host can " + command,
                    "seul l'hôte peut faire " + command);
}

}  // namespace archipel::server
