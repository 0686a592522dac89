// The chat forms: action_text (what /play accepts and /moves lists) and describe (one log line per
// event). Both are total: malformed input gives a plain fallback text, never an exception.

#include "engine/santa_cruz/santa_cruz.hpp"

#include "engine/core/json_read.hpp"

namespace archipel::engine::santa_cruz {
namespace {

const Json& field(const Json& j, const char* key) {
  static const Json null_json;
  auto it = j.find(key);
  return it != j.end() ? *it : null_json;
}

std::string card_name(const std::string& id) {
  const int card = components().card_index(id);
  return card >= 0 ? components().score_cards[card].name : id;
}

std::string card_title(const std::string& id) {
  const int card = components().card_index(id);
  return card >= 0 ? components().score_cards[card].title : id;
}

std::string signed_points(int points) {
  return (points >= 0 ? "+" : "") + std::to_string(points);
}

std::string article(const std::string& noun) {
  return (!noun.empty() && std::string("aeiou").find(noun[0]) != std::string::npos ? "an " : "a ") +
         noun;
}

}  // namespace

std::string Rules::action_text(const State&, Seat, const Json& action) {
  if (!action.is_object()) return "?";
  const std::string type = string_or_empty(action, "type");
  if (type == "choose_set") return "set " + string_or_empty(action, "set");
  if (type == "land") return "land " + string_or_empty(action, "site");
  if (type == "build") return string_or_empty(action, "card") + " " + string_or_empty(action, "site");
  if (type == "double") return "double " + string_or_empty(action, "kind");
  if (type == "play") return string_or_empty(action, "card");
  if (type == "pass") return "pass";
  if (type == "score") return "score " + card_name(string_or_empty(action, "card"));
  if (type == "choose_pile") return "pile " + string_or_empty(action, "set");
  if (type == "discard") return "discard " + card_name(string_or_empty(action, "card"));
  return type.empty() ? "?" : type;
}

std::string Rules::describe(const Json& event, const std::vector<std::string>& names) {
  if (!event.is_object()) return "?";
  auto name_of = [&](int seat) {
    return seat >= 0 && seat < static_cast<int>(names.size()) ? names[seat]
                                                              : "seat " + std::to_string(seat);
  };
  auto seat_list = [&](const Json& seats) {
    std::string out;
    if (seats.is_array())
      for (const auto& s : seats)
        out += (out.empty() ? "" : ", ") + name_of(s.is_number_integer() ? s.get<int>() : -1);
    return out;
  };
  const std::string type = string_or_empty(event, "type");
  const std::string who = name_of(int_or(event, "seat", -1));
  if (type == "set_chosen")
    return who + " takes set " + string_or_empty(event, "set") +
           (event.contains("auto") ? " (the set left)" : "");
  if (type == "round_start")
    return "Round " + std::to_string(int_or(event, "round")) +
           " begins; turn order: " + seat_list(field(event, "order"));
  if (type == "build") {
    const std::string how = string_or_empty(event, "card");
    std::string line = who + (how == "landing" ? " lands with " : " builds ") +
                       article(string_or_empty(event, "building")) + " on " + string_or_empty(event, "site");
    if (event.contains("privilege")) line += ", beside another player's building";
    line += " (" + signed_points(int_or(event, "points"));
    const std::string bird = string_or_empty(event, "bird");
    if (bird == "drawn") line += ", draws a bird";
    if (bird == "pile_empty") line += ", no bird chip left";
    return line + ")";
  }
  if (type == "reveal") {
    std::string line = "Tile " + string_or_empty(event, "site") + " revealed: " + string_or_empty(event, "building") +
                       ", " + std::to_string(int_or(event, "points")) + " points";
    if (event.contains("resource")) line += ", " + string_or_empty(event, "resource");
    if (event.contains("fish_bonus"))
      line += ", fish bonus +" + std::to_string(int_or(event, "fish_bonus"));
    if (event.contains("bird")) line += ", bird";
    return line;
  }
  if (type == "build_failed")
    return who + " has no " + string_or_empty(event, "building") + " left for " + string_or_empty(event, "site") +
           ": the card ends";
  if (type == "double") return who + " plays a double card: two " + string_or_empty(event, "kind") + " builds";
  if (type == "double_lost") return who + "'s second build is lost";
  if (type == "card_wasted")
    return who + " plays a " + string_or_empty(event, "card") + " card that cannot build";
  if (type == "pass") return who + " passes";
  if (type == "score") {
    std::string gains;
    if (field(event, "gains").is_array())
      for (const auto& g : field(event, "gains")) {
        const int points = int_or(g, "points");
        if (points != 0)
          gains += (gains.empty() ? "" : ", ") + name_of(int_or(g, "seat", -1)) + " " +
                   signed_points(points);
      }
    std::string line = who + " plays " + card_title(string_or_empty(event, "card")) + ": " +
                       (gains.empty() ? "nobody scores" : gains);
    if (field(event, "removed").is_array())
      line += "; " + std::to_string(field(event, "removed").size()) +
              " building(s) on the volcano destroyed";
    return line;
  }
  if (type == "round_end") return "Round " + std::to_string(int_or(event, "round")) + " ends";
  if (type == "score_card_drawn") return who + " draws a new score card";
  if (type == "choose_piles")
    return "Piles are chosen from last on the score track: " +
           seat_list(field(event, "pick_order"));
  if (type == "pile_chosen")
    return who + " takes pile " + string_or_empty(event, "set") +
           (event.contains("auto") ? " (the pile left)" : "");
  if (type == "discard_start") return "Every player secretly discards one score card";
  if (type == "discarded") return who + " discards a score card";
  if (type == "birds_revealed") {
    std::string birds;
    if (field(event, "birds").is_object())
      for (const auto& [species, count] : field(event, "birds").items())
        if (count.is_number_integer() && count.get<int>() > 0)
          birds += (birds.empty() ? "" : ", ") + std::to_string(count.get<int>()) + " " + species +
                   (count.get<int>() > 1 ? "s" : "");
    return who + " reveals " + (birds.empty() ? std::string("no birds") : birds) + ": " +
           signed_points(int_or(event, "points"));
  }
  if (type == "game_over") {
    std::string line = "Game over:";
    if (field(event, "ranking").is_array()) {
      bool first = true;
      const Json& scores = field(event, "scores");
      for (const auto& s : field(event, "ranking")) {
        const int seat = s.is_number_integer() ? s.get<int>() : -1;
        const int score = scores.is_array() && seat >= 0 &&
                                  seat < static_cast<int>(scores.size()) &&
                                  scores[seat].is_number_integer()
                              ? scores[seat].get<int>()
                              : 0;
        line += (first ? " " : ", ") + name_of(seat) + " " + std::to_string(score);
        first = false;
      }
    }
    return line;
  }
  return type.empty() ? "?" : type;
}

}  // namespace archipel::engine::santa_cruz
