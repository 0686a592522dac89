// The chat forms: action_text (what /play accepts and /moves lists) and describe (one English log
// line per event). Both are total: malformed input gives a plain fallback text, never an exception.

#include "engine/capa_doro/capa_doro.hpp"

#include "engine/core/json_read.hpp"

namespace archipel::engine::capa_doro {
namespace {

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
  const std::string type = string_or_empty(action, "type");
  if (type == "seed" || type == "grow" || type == "sow" || type == "neutral" || type == "fallow")
    return type + " " + string_or_empty(action, "row");
  if (type == "beetle") {
    if (action.contains("stock")) return "beetle stock " + std::to_string(int_or(action, "stock") + 1);
    return "beetle " + string_or_empty(action, "row") + " " + string_or_empty(action, "column");
  }
  if (type == "eat" || type == "buy" || type == "sell") return type + " " + string_or_empty(action, "colour");
  if (type == "hurricane" || type == "customs") return type + " " + string_or_empty(action, "continent");
  if (type == "smuggle")
    return "smuggle " + std::to_string(int_or(action, "seat") + 1) + " " + string_or_empty(action, "colour");
  if (type == "cigar") return "cigar " + string_or_empty(action, "card");
  return type;
}

std::string Rules::describe(const Json& event, const std::vector<std::string>& names) {
  if (!event.is_object()) return "?";
  const std::string type = string_or_empty(event, "type");
  const std::string who = name_of(names, int_or(event, "seat", -1));
  if (type == "roll") return who + " rolls " + std::to_string(int_or(event, "value")) + ".";
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
    const std::string to = string_or_empty(event, "to");
    return "A " + string_or_empty(event, "colour") + " bale goes to " + (to == "market" ? "the market" : to) +
           ".";
  }
  if (type == "shift") return "Row " + string_or_empty(event, "row") + " shifts right.";
  if (type == "harvested") {
    const int bales = int_or(event, "bales");
    return who + " harvests " + string_or_empty(event, "row") + ": " +
           (bales > 0 ? plural(bales, string_or_empty(event, "colour") + " bale")
                      : plural(int_or(event, "coins"), "coin")) +
           ".";
  }
  if (type == "token_out")
    return "The " + string_or_empty(event, "token") + " token leaves " + string_or_empty(event, "row") + ".";
  if (type == "event")
    return who + " draws the event " + string_or_empty(event, "name") + " (" + string_or_empty(event, "card") + ").";
  if (type == "events_reshuffled") return "The played events are shuffled into a new pile.";
  if (type == "eaten")
    return "A beetle eats a " + string_or_empty(event, "colour") + " bale from " + who + "'s stock.";
  if (type == "eaten_on_board")
    return "A beetle eats " + plural(int_or(event, "bales"), "bale") + " on " + string_or_empty(event, "row") +
           ".";
  if (type == "develop") return who + " gets the cigar card " + string_or_empty(event, "card") + ".";
  if (type == "game_over") {
    if (string_or_empty(event, "reason") == "sixty")
      return who + " reaches the winning score: the game is over.";
    return "The snuff box holds no more tobacco: the game is over.";
  }
  if (type == "move") {
    const std::string move = string_or_empty(event, "move");
    if (move == "seed" || move == "grow")
      return who + " starts a plantation on " + string_or_empty(event, "row") + ".";
    if (move == "sow") return who + " sows " + string_or_empty(event, "row") + ".";
    if (move == "neutral") return who + " sows a neutral token on " + string_or_empty(event, "row") + ".";
    if (move == "beetle") {
      if (event.contains("stock"))
        return who + " sends a beetle into " + name_of(names, int_or(event, "stock")) + "'s stock.";
      return who + " puts a beetle on " + string_or_empty(event, "row") + " (" + string_or_empty(event, "column") + ").";
    }
    if (move == "hurricane")
      return who + " sends the hurricane to " + continent_name(string_or_empty(event, "continent")) + ".";
    if (move == "customs")
      return who + " puts the customs tile on the " + continent_name(string_or_empty(event, "continent")) +
             " market.";
    if (move == "fallow") return who + " puts the creneau tile on " + string_or_empty(event, "row") + ".";
    if (move == "smuggle")
      return who + " smuggles a " + string_or_empty(event, "colour") + " bale from " +
             name_of(names, int_or(event, "from", -1)) + ".";
    if (move == "harvest") return who + " harvests.";
    if (move == "buy")
      return who + " buys a " + string_or_empty(event, "colour") + " bale for " +
             plural(int_or(event, "coins"), "coin") + ".";
    if (move == "sell")
      return who + " sells a " + string_or_empty(event, "colour") + " bale for " +
             plural(int_or(event, "coins"), "coin") + ".";
    if (move == "cigar")
      return who + " makes the cigar " + string_or_empty(event, "card") + ": " +
             plural(int_or(event, "coins"), "coin") + ", " + plural(int_or(event, "points"), "point") +
             ".";
    if (move == "done") return who + " ends the turn.";
    return who + " plays " + move + ".";
  }
  return type;
}

}  // namespace archipel::engine::capa_doro
