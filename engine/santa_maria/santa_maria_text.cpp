// The chat forms: action_text (what /play accepts and /moves lists) and describe (one English log
// line per event). Both are total: malformed input gives a plain fallback text, never an exception.

#include "engine/santa_maria/santa_maria.hpp"

namespace archipel::engine::santa_maria {
namespace {

std::string str(const Json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

int num(const Json& j, const char* key, int fallback = 0) {
  auto it = j.find(key);
  return it != j.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

std::string who(const Json& e, const std::vector<std::string>& names) {
  const int seat = num(e, "seat", -1);
  if (seat >= 0 && seat < static_cast<int>(names.size())) return names[seat];
  return seat >= 0 ? "seat " + std::to_string(seat) : "someone";
}

std::string plural(int n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

}  // namespace

std::string Rules::action_text(const State& s, Seat, const Json& a) {
  if (!a.is_object()) return "?";
  const std::string type = str(a, "type");
  if (type == "colony") return "colony " + str(a, "board");
  if (type == "lot") return "lot " + std::to_string(num(a, "lot"));
  if (type == "town_hall") return "townhall " + str(a, "cell") + " " + str(a, "rotation");
  if (type == "expand") return "expand " + str(a, "tile");
  if (type == "put")
    return a.contains("rotation") ? "put " + str(a, "cell") + " " + str(a, "rotation")
                                  : "put " + str(a, "cell");
  if (type == "activate") return "activate " + str(a, "cell");
  if (type == "die") return str(a, "color") + " " + std::to_string(num(a, "value"));
  if (type == "value") {
    std::string text = "value " + std::to_string(num(a, "value"));
    if (a.contains("pay")) text += " " + str(a, "pay");
    if (a.contains("line")) text += " " + str(a, "line");
    return text;
  }
  if (type == "place") return "place " + str(a, "cell");
  if (type == "exchange") return "exchange " + str(a, "resource");
  if (type == "ship") return "ship " + str(a, "dock");
  if (type == "dock") return "dock " + str(a, "dock");
  if (type == "boost") return str(a, "pay");
  if (type == "monk") return "monk " + str(a, "space");
  if (type == "reclaim") return "reclaim " + str(a, "cell");
  if (type == "skip")
    return !s.tasks.empty() && s.tasks.front().kind == TaskKind::monk ? "no monk" : "skip";
  if (type == "retreat") return "retreat " + std::to_string(num(a, "space"));
  if (type == "sell" || type == "buy") return type + " " + str(a, "resource");
  if (type == "move") return "move " + str(a, "from") + " " + str(a, "to");
  return type.empty() ? "?" : type;
}

std::string Rules::describe(const Json& e, const std::vector<std::string>& names) {
  if (!e.is_object()) return "?";
  const std::string type = str(e, "type");
  const std::string p = who(e, names);
  if (type == "colony") return p + " takes colony " + str(e, "board") + ".";
  if (type == "lot") return p + " takes town hall lot " + std::to_string(num(e, "lot")) + ".";
  if (type == "town_hall") return p + " places the town hall on " + str(e, "cell") + ".";
  if (type == "expand") return p + " buys tile " + str(e, "tile") + ".";
  if (type == "put")
    return p + " puts tile " + str(e, "tile") + " on " + str(e, "cell") + " (" +
           str(e, "rotation") + ").";
  if (type == "road") return p + " puts a road tile on " + str(e, "cell") + ".";
  if (type == "activate")
    return p + " activates " + str(e, "cell") + " for " + plural(num(e, "cost"), "coin") + ".";
  if (type == "die")
    return p + " takes a " + str(e, "color") + " " + std::to_string(num(e, "rolled")) +
           " and activates " + str(e, "line") + " " + std::to_string(num(e, "value")) +
           (num(e, "cost") ? " (" + plural(num(e, "cost"), "coin") + ")" : "") + ".";
  if (type == "die_placed") return p + " leaves the die on " + str(e, "cell") + ".";
  if (type == "produce") {
    std::string line = p + " gains " + std::to_string(num(e, "count")) + " " + str(e, "resource");
    if (num(e, "sold_for"))
      line += " (store full: sold for " + plural(num(e, "sold_for"), "coin") + ")";
    return line + ".";
  }
  if (type == "coins") return p + " gains " + plural(num(e, "coins"), "coin") + ".";
  if (type == "points") return p + " gains " + plural(num(e, "points"), "point") + ".";
  if (type == "exchange") return p + " exchanges a " + str(e, "resource") + ".";
  if (type == "ship") return p + " buys the ship at the " + str(e, "dock") + " dock.";
  if (type == "refill") return "A new ship arrives at the " + str(e, "dock") + " dock.";
  if (type == "dock") return p + " moves the new ship to the " + str(e, "dock") + " dock.";
  if (type == "conquistador")
    return e.contains("lost")
               ? p + "'s conquistador is lost (end of the track)."
               : p + " moves the conquistador to " + std::to_string(num(e, "space")) + ".";
  if (type == "blue_die")
    return e.contains("next_year")
               ? p + " unlocks a blue die for next year."
               : p + " unlocks a blue die: " + std::to_string(num(e, "value")) + ".";
  if (type == "religion") {
    std::string line = p + " moves on the religion track from " + std::to_string(num(e, "from")) +
                       " to " + std::to_string(num(e, "to"));
    if (num(e, "points")) line += " and gains " + plural(num(e, "points"), "point");
    return line + ".";
  }
  if (type == "monk")
    return p + " places a monk on " + str(e, "space") +
           (num(e, "fee") ? " (pays " + std::to_string(num(e, "fee")) + " coins)" : "") + ".";
  if (type == "reclaim")
    return p + " takes back " + plural(num(e, "coins"), "coin") + " from " + str(e, "cell") + ".";
  if (type == "retreat") return p + " retreats to space " + std::to_string(num(e, "space")) + ".";
  if (type == "sell") return p + " sells a " + str(e, "resource") + ".";
  if (type == "buy") return p + " buys a " + str(e, "resource") + ".";
  if (type == "move")
    return p + " moves a die from " + str(e, "from") + " to " + str(e, "to") + ".";
  if (type == "end") return p + " ends the turn.";
  if (type == "skip") return p + " passes.";
  if (type == "year_end")
    return "End of year " + std::to_string(num(e, "year")) + ": conquistador points.";
  if (type == "new_year") {
    const Json first{{"seat", num(e, "first")}};
    return "Year " + std::to_string(num(e, "year")) + " begins; " + who(first, names) +
           " plays first.";
  }
  if (type == "game_end") return "The game is over.";
  return type.empty() ? "?" : type;
}

}  // namespace archipel::engine::santa_maria
