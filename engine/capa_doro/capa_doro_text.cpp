// The chat forms: action_text (what /play accepts and /moves lists) and describe (one English log
// line per event). Both are total: malformed input gives a plain fallback text, never an exception.

#include "engine/capa_doro/capa_doro.hpp"

namespace archipel::engine::capa_doro {
namespace {

std::string str(const Json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

int num(const Json& j, const char* key, int fallback = 0) {
  auto it = j.find(key);
  return it != j.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

std::string name_of(const std::vector<std::string>& names, int seat) {
  if (seat >= 0 && seat < static_cast<int>(names.size())) return names[seat];
  return "seat " + std::to_string(seat + 1);
}

std::string continent_name(const std::string& id) {
  const int k = components().continent_index(id);
  return k >= 0 ? components().continents[k].name : id;
}

std::string plural(int n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

}  // namespace

std::string Rules::action_text(const State&, Seat, const Json& action) {
  if (!action.is_object()) return "?";
  const std::string type = str(action, "type");
  if (type == "seed" || type == "grow" || type == "sow" || type == "neutral" || type == "fallow")
    return type + " " + str(action, "row");
  if (type == "beetle") {
    if (action.contains("stock")) return "beetle stock " + std::to_string(num(action, "stock") + 1);
    return "beetle " + str(action, "row") + " " + str(action, "column");
  }
  if (type == "eat" || type == "buy" || type == "sell") return type + " " + str(action, "colour");
  if (type == "hurricane" || type == "customs") return type + " " + str(action, "continent");
  if (type == "smuggle")
    return "smuggle " + std::to_string(num(action, "seat") + 1) + " " + str(action, "colour");
  if (type == "cigar") return "cigar " + str(action, "card");
  return type;
}

std::string Rules::describe(const Json& event, const std::vector<std::string>& names) {
  if (!event.is_object()) return "?";
  const std::string type = str(event, "type");
  const std::string who = name_of(names, num(event, "seat", -1));
  if (type == "roll") return who + " rolls " + std::to_string(num(event, "value")) + ".";
  if (type == "draw") {
    std::string items;
    auto it = event.find("items");
    if (it != event.end() && it->is_object())
      for (const auto& [kind, n] : it->items())
        if (n.is_number_integer() && n.get<int>() > 0)
          items += (items.empty() ? "" : ", ") + std::to_string(n.get<int>()) + " " + kind;
    return who + " draws " + (items.empty() ? std::string("nothing") : items) +
           " from the snuff box.";
  }
  if (type == "yield") {
    const std::string to = str(event, "to");
    return "A " + str(event, "colour") + " bale goes to " + (to == "market" ? "the market" : to) +
           ".";
  }
  if (type == "shift") return "Row " + str(event, "row") + " shifts right.";
  if (type == "harvested") {
    const int bales = num(event, "bales");
    return who + " harvests " + str(event, "row") + ": " +
           (bales > 0 ? plural(bales, str(event, "colour") + " bale")
                      : plural(num(event, "coins"), "coin")) +
           ".";
  }
  if (type == "token_out")
    return "The " + str(event, "token") + " token leaves " + str(event, "row") + ".";
  if (type == "event")
    return who + " draws the event " + str(event, "name") + " (" + str(event, "card") + ").";
  if (type == "events_reshuffled") return "The played events are shuffled into a new pile.";
  if (type == "eaten")
    return "A beetle eats a " + str(event, "colour") + " bale from " + who + "'s stock.";
  if (type == "eaten_on_board")
    return "A beetle eats " + plural(num(event, "bales"), "bale") + " on " + str(event, "row") +
           ".";
  if (type == "develop") return who + " gets the cigar card " + str(event, "card") + ".";
  if (type == "game_over") {
    if (str(event, "reason") == "sixty")
      return who + " reaches the winning score: the game is over.";
    return "The snuff box holds no more tobacco: the game is over.";
  }
  if (type == "move") {
    const std::string move = str(event, "move");
    if (move == "seed" || move == "grow")
      return who + " starts a plantation on " + str(event, "row") + ".";
    if (move == "sow") return who + " sows " + str(event, "row") + ".";
    if (move == "neutral") return who + " sows a neutral token on " + str(event, "row") + ".";
    if (move == "beetle") {
      if (event.contains("stock"))
        return who + " sends a beetle into " + name_of(names, num(event, "stock")) + "'s stock.";
      return who + " puts a beetle on " + str(event, "row") + " (" + str(event, "column") + ").";
    }
    if (move == "hurricane")
      return who + " sends the hurricane to " + continent_name(str(event, "continent")) + ".";
    if (move == "customs")
      return who + " puts the customs tile on the " + continent_name(str(event, "continent")) +
             " market.";
    if (move == "fallow") return who + " puts the creneau tile on " + str(event, "row") + ".";
    if (move == "smuggle")
      return who + " smuggles a " + str(event, "colour") + " bale from " +
             name_of(names, num(event, "from", -1)) + ".";
    if (move == "harvest") return who + " harvests.";
    if (move == "buy")
      return who + " buys a " + str(event, "colour") + " bale for " +
             plural(num(event, "coins"), "coin") + ".";
    if (move == "sell")
      return who + " sells a " + str(event, "colour") + " bale for " +
             plural(num(event, "coins"), "coin") + ".";
    if (move == "cigar")
      return who + " makes the cigar " + str(event, "card") + ": " +
             plural(num(event, "coins"), "coin") + ", " + plural(num(event, "points"), "point") +
             ".";
    if (move == "done") return who + " ends the turn.";
    return who + " plays " + move + ".";
  }
  return type;
}

}  // namespace archipel::engine::capa_doro
