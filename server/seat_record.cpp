// SeatRecord (server/store.hpp) as the SQL stores keep it: a game's seats as one JSON array.
#include "server/store.hpp"

#include "protocol/command_parser.hpp"

namespace archipel::server {

nlohmann::json seats_json(const std::vector<SeatRecord>& seats) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : seats) {
    nlohmann::json seat{{"name", s.name}, {"token", s.token}, {"bot", s.bot}};
    if (s.bot) seat["strategy"] = s.strategy;
    out.push_back(std::move(seat));
  }
  return out;
}

std::vector<SeatRecord> seats_from_json(const nlohmann::json& j) {
  std::vector<SeatRecord> seats;
  for (const auto& s : j)
    seats.push_back(SeatRecord{s.at("name").get<std::string>(), s.at("token").get<std::string>(),
                               s.value("bot", false), s.value("strategy", std::string())});
  return seats;
}

std::vector<std::pair<int, std::string>> history_people(const std::vector<SeatRecord>& seats) {
  std::vector<std::pair<int, std::string>> people;
  for (std::size_t i = 0; i < seats.size(); ++i)
    if (!seats[i].bot)
      people.emplace_back(static_cast<int>(i), protocol::name_skeleton(seats[i].name));
  return people;
}

}  // namespace archipel::server
