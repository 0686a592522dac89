#include "server/game_history.hpp"

#include <algorithm>

namespace archipel::server {

protocol::HistoryGame history_game(const FinishedGame& game, const std::string& title) {
  protocol::HistoryGame out{game.room, game.game, title, game.ended_ms, {}};
  const int seats = static_cast<int>(game.seats.size());
  std::vector<int> places(game.seats.size(), seats + 1), scores(game.seats.size(), 0);
  const nlohmann::json& o = game.outcome;
  auto in_range = [&](const nlohmann::json& v) {
    return v.is_number_integer() && v.get<int>() >= 0 && v.get<int>() < seats;
  };
  if (o.is_object() && o.contains("scores") && o["scores"].is_array())
    for (std::size_t i = 0; i < o["scores"].size() && i < scores.size(); ++i)
      if (o["scores"][i].is_number_integer()) scores[i] = o["scores"][i].get<int>();
  if (o.is_object() && o.contains("places") && o["places"].is_array()) {
    for (std::size_t i = 0; i < o["places"].size() && i < places.size(); ++i)
      if (o["places"][i].is_number_integer()) places[i] = o["places"][i].get<int>();
  } else if (o.is_object() && o.contains("ranking") && o["ranking"].is_array()) {
    int place = 1;
    for (const auto& seat : o["ranking"])
      if (in_range(seat)) places[seat.get<std::size_t>()] = place++;
  }
  for (int i = 0; i < seats; ++i) {
    const auto& s = game.seats[static_cast<std::size_t>(i)];
    out.players.push_back(protocol::HistoryPlayer{i, s.name, s.bot,
                                                  places[static_cast<std::size_t>(i)],
                                                  scores[static_cast<std::size_t>(i)]});
  }
  std::stable_sort(out.players.begin(), out.players.end(),
                   [](const auto& a, const auto& b) { return a.place < b.place; });
  return out;
}

}  // namespace archipel::server
