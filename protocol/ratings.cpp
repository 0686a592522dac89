#include "protocol/ratings.hpp"

#include <cstdio>

namespace archipel::protocol {

using Json = nlohmann::json;

std::string rating_number(double value, engine::Lang lang) {
  if (value > -0.05 && value < 0.05) value = 0;  // never "-0.0"
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", value);
  std::string text = buf;
  if (lang == engine::Lang::fr)
    for (char& c : text)
      if (c == '.') c = ',';
  return text;
}

namespace {

// "+2.1" or "-0.4": a change of rating.
std::string signed_number(double value, engine::Lang lang) {
  std::string text = rating_number(value, lang);
  return text.front() == '-' ? text : "+" + text;
}

// "3 parties, 1 gagnée": French puts 0 and 1 in the singular.
std::string played_won_fr(int played, int won) {
  return std::to_string(played) + (played > 1 ? " parties, " : " partie, ") + std::to_string(won) +
         (won > 1 ? " gagnées" : " gagnée");
}

}  // namespace

Json leaderboard_message(const std::string& game, const std::string& title,
                         const std::vector<LeaderboardRow>& rows, engine::Lang lang) {
  const bool fr = lang == engine::Lang::fr;
  Json players = Json::array();
  std::string text =
      rows.empty()
          ? (fr ? "Pas encore de joueur classé à " + title : "Nobody is rated at " + title + " yet")
          : (fr ? "Meilleurs joueurs de " + title + " :" : "Best players of " + title + ":");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    const int rank = static_cast<int>(i) + 1;
    players.push_back(Json{{"rank", rank},
                           {"name", r.name},
                           {"rating", r.rating},
                           {"mu", r.mu},
                           {"sigma", r.sigma},
                           {"played", r.played},
                           {"won", r.won}});
    text += "\n  " + std::to_string(rank) + ". " + r.name + " " + rating_number(r.rating, lang) +
            (fr ? " (" + played_won_fr(r.played, r.won) + ")"
                : " (" + std::to_string(r.played) + " played, " + std::to_string(r.won) + " won)");
  }
  return Json{{"type", "leaderboard"}, {"game", game}, {"players", players}, {"text", text}};
}

Json profile_message(const std::string& name, const std::vector<ProfileGame>& games,
                     const std::vector<ProfileChange>& changes, engine::Lang lang) {
  const bool fr = lang == engine::Lang::fr;
  Json by_game = Json::array();
  std::string text = games.empty() ? (fr ? name + " n'a pas encore joué de partie classée"
                                         : name + " has not played a rated game yet")
                                   : (fr ? "Profil de " + name + " :" : "Profile of " + name + ":");
  for (const auto& g : games) {
    by_game.push_back(Json{{"game", g.game},
                           {"rating", g.rating},
                           {"mu", g.mu},
                           {"sigma", g.sigma},
                           {"played", g.played},
                           {"won", g.won}});
    text += "\n  " + g.title + (fr ? " : classement " : ": rating ") +
            rating_number(g.rating, lang) + ", " +
            (fr ? played_won_fr(g.played, g.won)
                : std::to_string(g.played) + " played, " + std::to_string(g.won) + " won");
  }
  Json last = Json::array();
  if (!changes.empty()) text += fr ? "\n  Dernières parties classées :" : "\n  Last rated games:";
  for (const auto& c : changes) {
    last.push_back(Json{{"game", c.game},
                        {"room", c.room},
                        {"place", c.place},
                        {"before", c.before},
                        {"after", c.after},
                        {"at_ms", c.at_ms}});
    text += "\n    " + c.title + (fr ? ", salle " : ", room ") + std::to_string(c.room) +
            (fr ? ", place " : ", place ") + std::to_string(c.place) + ": " +
            rating_number(c.before, lang) + " → " + rating_number(c.after, lang) + " (" +
            signed_number(c.after - c.before, lang) + ")";
  }
  return Json{
      {"type", "profile"}, {"name", name}, {"games", by_game}, {"history", last}, {"text", text}};
}

}  // namespace archipel::protocol
