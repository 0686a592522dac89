// SeatPlay (server/store.hpp) as the stores keep it: one JSON object per game.
#include "server/store.hpp"

namespace archipel::server {

nlohmann::json seat_play_json(const SeatPlay& play) {
  return nlohmann::json{{"stand_ins", play.stand_ins}};
}

SeatPlay seat_play_from_json(const nlohmann::json& j) {
  SeatPlay play;
  if (!j.is_object()) return play;
  if (j.contains("stand_ins")) play.stand_ins = j["stand_ins"].get<std::vector<std::string>>();
  return play;
}

}  // namespace archipel::server
