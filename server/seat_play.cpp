// SeatPlay (server/store.hpp) as the stores keep it: one JSON object per game.
#include "server/store.hpp"

namespace archipel::server {

nlohmann::json seat_play_json(const SeatPlay& play) {
  nlohmann::json j{{"stand_ins", play.stand_ins}};
  if (!play.clock.is_null()) j["clock"] = play.clock;
  if (play.unrated) j["rated"] = false;  // absent: rated, as every game stored before ratings
  return j;
}

SeatPlay seat_play_from_json(const nlohmann::json& j) {
  SeatPlay play;
  if (!j.is_object()) return play;
  if (const auto s = j.find("stand_ins"); s != j.end() && s->is_array())
    for (const auto& strategy : *s)
      play.stand_ins.push_back(strategy.is_string() ? strategy.get<std::string>() : "");
  if (const auto c = j.find("clock"); c != j.end() && c->is_object()) play.clock = *c;
  if (const auto r = j.find("rated"); r != j.end() && r->is_boolean())
    play.unrated = !r->get<bool>();
  return play;
}

}  // namespace archipel::server
