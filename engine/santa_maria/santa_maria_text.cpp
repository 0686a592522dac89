// The chat forms: action_text (what /play accepts and /moves lists) and describe (one English log
// line per event). Both are total: malformed input gives a plain fallback text, never an exception.

#include "engine/santa_maria/santa_maria.hpp"

#include "engine/core/json_read.hpp"

namespace archipel::engine::santa_maria {
namespace {

std::string who(const Json& e, const std::vector<std::string>& names) {
  const int seat = int_or(e, "seat", -1);
  if (seat >= 0 && seat < static_cast<int>(names.size())) return names[seat];
  return seat >= 0 ? "seat " + std::to_string(seat) : "someone";
}

std::string plural(int n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

}  // namespace

std::string Rules::action_text(const State& s, Seat, const Json& a) {
  if (!a.is_object()) return "?";
  const std::string type = string_or_empty(a, "type");
  if (type == "colony") return "colony " + string_or_empty(a, "board");
  if (type == "lot") return "lot " + std::to_string(int_or(a, "lot"));
  if (type == "town_hall") return "townhall " + string_or_empty(a, "cell") + " " + string_or_empty(a, "rotation");
  if (type == "expand") return "expand " + string_or_empty(a, "tile");
  if (type == "put")
    return a.contains("rotation") ? "put " + string_or_empty(a, "cell") + " " + string_or_empty(a, "rotation")
                                  : "put " + string_or_empty(a, "cell");
  if (type == "activate") return "activate " + string_or_empty(a, "cell");
  if (type == "die") return string_or_empty(a, "color") + " " + std::to_string(int_or(a, "value"));
  if (type == "value") {
    std::string text = "value " + std::to_string(int_or(a, "value"));
    if (a.contains("pay")) text += " " + string_or_empty(a, "pay");
    if (a.contains("line")) text += " " + string_or_empty(a, "line");
    return text;
  }
  if (type == "place") return "place " + string_or_empty(a, "cell");
  if (type == "exchange") return "exchange " + string_or_empty(a, "resource");
  if (type == "ship") return "ship " + string_or_empty(a, "dock");
  if (type == "dock") return "dock " + string_or_empty(a, "dock");
  if (type == "boost") return string_or_empty(a, "pay");
  if (type == "monk") return "monk " + string_or_empty(a, "space");
  if (type == "reclaim") return "reclaim " + string_or_empty(a, "cell");
  if (type == "skip")
    return !s.tasks.empty() && s.tasks.front().kind == TaskKind::monk ? "no monk" : "skip";
  if (type == "retreat") return "retreat " + std::to_string(int_or(a, "space"));
  if (type == "sell" || type == "buy") return type + " " + string_or_empty(a, "resource");
  if (type == "move") return "move " + string_or_empty(a, "from") + " " + string_or_empty(a, "to");
  return type.empty() ? "?" : type;
}

std::string Rules::describe(const Json& e, const std::vector<std::string>& names) {
  if (!e.is_object()) return "?";
  const std::string type = string_or_empty(e, "type");
  const std::string p = who(e, names);
  if (type == "colony") return p + " takes colony " + string_or_empty(e, "board") + ".";
  if (type == "lot") return p + " takes town hall lot " + std::to_string(int_or(e, "lot")) + ".";
  if (type == "town_hall") return p + " places the town hall on " + string_or_empty(e, "cell") + ".";
  if (type == "expand") return p + " buys tile " + string_or_empty(e, "tile") + ".";
  if (type == "put")
    return p + " puts tile " + string_or_empty(e, "tile") + " on " + string_or_empty(e, "cell") + " (" +
           string_or_empty(e, "rotation") + ").";
  if (type == "road") return p + " puts a road tile on " + string_or_empty(e, "cell") + ".";
  if (type == "activate")
    return p + " activates " + string_or_empty(e, "cell") + " for " + plural(int_or(e, "cost"), "coin") + ".";
  if (type == "die")
    return p + " takes a " + string_or_empty(e, "color") + " " + std::to_string(int_or(e, "rolled")) +
           " and activates " + string_or_empty(e, "line") + " " + std::to_string(int_or(e, "value")) +
           (int_or(e, "cost") ? " (" + plural(int_or(e, "cost"), "coin") + ")" : "") + ".";
  if (type == "die_placed") return p + " leaves the die on " + string_or_empty(e, "cell") + ".";
  if (type == "produce") {
    std::string line = p + " gains " + std::to_string(int_or(e, "count")) + " " + string_or_empty(e, "resource");
    if (int_or(e, "sold_for"))
      line += " (store full: sold for " + plural(int_or(e, "sold_for"), "coin") + ")";
    return line + ".";
  }
  if (type == "coins") return p + " gains " + plural(int_or(e, "coins"), "coin") + ".";
  if (type == "points") return p + " gains " + plural(int_or(e, "points"), "point") + ".";
  if (type == "exchange") return p + " exchanges a " + string_or_empty(e, "resource") + ".";
  if (type == "ship") return p + " buys the ship at the " + string_or_empty(e, "dock") + " dock.";
  if (type == "refill") return "A new ship arrives at the " + string_or_empty(e, "dock") + " dock.";
  if (type == "dock") return p + " moves the new ship to the " + string_or_empty(e, "dock") + " dock.";
  if (type == "conquistador")
    return e.contains("lost")
               ? p + "'s conquistador is lost (end of the track)."
               : p + " moves the conquistador to " + std::to_string(int_or(e, "space")) + ".";
  if (type == "blue_die")
    return e.contains("next_year")
               ? p + " unlocks a blue die for next year."
               : p + " unlocks a blue die: " + std::to_string(int_or(e, "value")) + ".";
  if (type == "religion") {
    std::string line = p + " moves on the religion track from " + std::to_string(int_or(e, "from")) +
                       " to " + std::to_string(int_or(e, "to"));
    if (int_or(e, "points")) line += " and gains " + plural(int_or(e, "points"), "point");
    return line + ".";
  }
  if (type == "monk")
    return p + " places a monk on " + string_or_empty(e, "space") +
           (int_or(e, "fee") ? " (pays " + std::to_string(int_or(e, "fee")) + " coins)" : "") + ".";
  if (type == "reclaim")
    return p + " takes back " + plural(int_or(e, "coins"), "coin") + " from " + string_or_empty(e, "cell") + ".";
  if (type == "retreat") return p + " retreats to space " + std::to_string(int_or(e, "space")) + ".";
  if (type == "sell") return p + " sells a " + string_or_empty(e, "resource") + ".";
  if (type == "buy") return p + " buys a " + string_or_empty(e, "resource") + ".";
  if (type == "move")
    return p + " moves a die from " + string_or_empty(e, "from") + " to " + string_or_empty(e, "to") + ".";
  if (type == "end") return p + " ends the turn.";
  if (type == "skip") return p + " passes.";
  if (type == "year_end")
    return "End of year " + std::to_string(int_or(e, "year")) + ": conquistador points.";
  if (type == "new_year") {
    const Json first{{"seat", int_or(e, "first")}};
    return "Year " + std::to_string(int_or(e, "year")) + " begins; " + who(first, names) +
           " plays first.";
  }
  if (type == "game_end") return "The game is over.";
  return type.empty() ? "?" : type;
}

}  // namespace archipel::engine::santa_maria
