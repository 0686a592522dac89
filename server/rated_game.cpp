#include "server/rated_game.hpp"

#include <set>

#include <spdlog/spdlog.h>

#include "protocol/command_parser.hpp"
#include "protocol/ratings.hpp"

namespace archipel::server {

std::optional<bool> parse_rated(std::string_view text) {
  if (text == "on") return true;
  if (text == "off") return false;
  return std::nullopt;
}

protocol::Error bad_rated_error() {
  return protocol::make_error(
      protocol::ErrorCode::bad_arguments,
      "rated=on (the game counts for its registered players' ratings) or rated=off",
      "rated=on (la partie compte pour le classement de ses joueurs inscrits) ou rated=off");
}

engine::OptionSpec rated_option() {
  engine::OptionSpec o;
  o.key = "rated";
  o.choices = {"on", "off"};
  o.default_value = "on";
  o.label = {"Rated", "Classée"};
  o.choice_labels = {{"yes", "oui"}, {"no", "non"}};
  o.help = {"counts for the ratings of its registered players (guests and bots are never rated)",
            "compte pour le classement de ses joueurs inscrits (les invités et les robots ne sont "
            "jamais classés)"};
  return o;
}

std::string rating_text(const Rating& rating, engine::Lang lang) {
  return protocol::rating_number(ordinal(rating), lang);
}

engine::LocalText rating_changes_text(const std::vector<RatingChange>& changes,
                                      const std::vector<std::string>& names) {
  engine::LocalText text{"Ratings:", "Classement :"};
  for (std::size_t i = 0; i < changes.size() && i < names.size(); ++i) {
    const auto& c = changes[i];
    const double delta = ordinal(c.after) - ordinal(c.before);
    auto line = [&](engine::Lang lang) {
      std::string d = protocol::rating_number(delta, lang);
      if (d.front() != '-') d = "+" + d;
      return (i ? ", " : " ") + names[i] + " " + rating_text(c.before, lang) + " → " +
             rating_text(c.after, lang) + " (" + d + ")";
    };
    text.en += line(engine::Lang::en);
    text.fr += line(engine::Lang::fr);
  }
  return text;
}

std::vector<SeatToRate> seats_to_rate(const std::vector<FinishedSeat>& seats) {
  // A seat's rank key: those played to the end first, then by the game's place.
  auto key = [](const FinishedSeat& s) { return std::pair{s.handed_over, s.place}; };
  std::vector<SeatToRate> out;
  for (const auto& s : seats) {
    if (!s.person) continue;
    int ahead = 0;  // seats (bots included) strictly before this one
    for (const auto& other : seats) ahead += key(other) < key(s);
    out.push_back(SeatToRate{s.name, ahead + 1});
  }
  return out;
}

std::vector<RatingChange> rate_finished_game(Store& store, const GameToRate& game,
                                             const RatingModel& model) {
  std::vector<std::string> skeletons;
  std::vector<int> places;
  std::set<std::string> seen;
  for (const auto& s : game.seats) {
    const std::string skeleton = protocol::name_skeleton(s.name);
    if (!store.find_account(skeleton)) continue;   // a guest
    if (!seen.insert(skeleton).second) return {};  // one account in two seats: not a rated game
    skeletons.push_back(skeleton);
    places.push_back(s.place);
  }
  if (skeletons.size() < 2) return {};
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::vector<Rating> before(skeletons.size(), model.newcomer());
    for (const auto& r : store.ratings(game.game, skeletons))
      for (std::size_t i = 0; i < skeletons.size(); ++i)
        if (skeletons[i] == r.skeleton) before[i] = r.rating;
    const auto after = rate(before, places, model);
    std::vector<RatingChange> changes;
    for (std::size_t i = 0; i < skeletons.size(); ++i)
      changes.push_back(RatingChange{skeletons[i], game.game, game.room, places[i], before[i],
                                     after[i], game.at_ms});
    if (store.record_rating_changes(changes)) return changes;
  }
  spdlog::error("event=rating_failed room={} game={}", game.room, game.game);
  return {};
}

}  // namespace archipel::server
