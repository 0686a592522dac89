#include "protocol/game_history.hpp"

#include <charconv>
#include <ctime>

namespace archipel::protocol {

using Json = nlohmann::json;

std::string history_cursor_text(const HistoryCursor& cursor) {
  return std::to_string(cursor.ended_ms) + ":" + std::to_string(cursor.room);
}

namespace {

// A whole non-negative number filling `text`, of at most 19 digits (an int64 holds them all).
std::optional<std::int64_t> whole_number(std::string_view text) {
  if (text.empty() || text.size() > 19) return std::nullopt;
  std::int64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < 0) return std::nullopt;
  return n;
}

// "2026-11-29 18:02 UTC", or in French "29/11/2026 18:02 UTC": the server does not know the
// reader's time zone.
std::string date_text(std::int64_t unix_ms, engine::Lang lang) {
  const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf,
                lang == engine::Lang::fr ? "%d/%m/%Y %H:%M UTC" : "%Y-%m-%d %H:%M UTC", &tm);
  return buf;
}

}  // namespace

std::optional<HistoryCursor> parse_history_cursor(std::string_view text) {
  const auto colon = text.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const auto ended = whole_number(text.substr(0, colon));
  const auto room = whole_number(text.substr(colon + 1));
  if (!ended || !room || *room < 1 || *room > kMaxRoomId) return std::nullopt;
  return HistoryCursor{*ended, *room};
}

Json game_history_message(const std::string& name, const std::vector<HistoryGame>& games,
                          const std::optional<HistoryCursor>& after,
                          const std::optional<HistoryCursor>& next, engine::Lang lang) {
  const bool fr = lang == engine::Lang::fr;
  std::string text;
  if (games.empty())
    text = after
               ? (fr ? "Plus d'autre partie finie de " + name : "No more finished games of " + name)
               : (fr ? name + " n'a pas de partie finie" : name + " has no finished game");
  else
    text = fr ? "Parties de " + name + " (les plus récentes d'abord) :"
              : "Games of " + name + " (newest first):";
  Json list = Json::array();
  for (const auto& g : games) {
    Json players = Json::array();
    std::string who;
    for (const auto& p : g.players) {
      players.push_back(Json{{"seat", p.seat},
                             {"name", p.name},
                             {"bot", p.bot},
                             {"place", p.place},
                             {"score", p.score}});
      who += (who.empty() ? "" : ", ") + std::to_string(p.place) + ". " + p.name + " " +
             std::to_string(p.score);
    }
    list.push_back(Json{{"room", g.room},
                        {"game", g.game},
                        {"title", g.title},
                        {"ended_ms", g.ended_ms},
                        {"players", players}});
    const std::string room = std::to_string(g.room);
    text += "\n  " + std::string(fr ? "Salle " : "Room ") + room + ", " + g.title + ", " +
            date_text(g.ended_ms, lang) + (fr ? " : " : ": ") + who + " (/replay " + room + ")";
  }
  Json out{{"type", "game_history"}, {"name", name}, {"games", list}};
  if (after) out["after"] = history_cursor_text(*after);
  if (next) {
    out["next"] = history_cursor_text(*next);
    text += (fr ? "\n  Suite : /history " : "\n  More: /history ") + name + " " +
            history_cursor_text(*next);
  }
  out["text"] = text;
  return out;
}

}  // namespace archipel::protocol
