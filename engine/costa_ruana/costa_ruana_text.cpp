// The chat forms: action_text (what /play accepts and /moves lists; seats 1-based) and describe
// (one log line per event). Both are total: malformed input gives a plain fallback text, never an
// exception.

#include "engine/core/json_read.hpp"
#include "engine/costa_ruana/costa_ruana.hpp"

namespace archipel::engine::costa_ruana {
namespace {

// Event and action fields through the shared readers; a malformed one makes the whole line fall
// back (guard_input in the contract functions below), so nothing here throws past them.
const std::string& str(const Json& j, const char* key) {
  return read_string(j, key);
}

int num(const Json& j, const char* key) {
  return read_int(j, key, -1, 1000);
}

std::string card_name(const std::string& id) {
  const int card = components().card_index(id);
  return card >= 0 ? components().cards[card].name : id;
}

std::string card_title(const std::string& id) {
  const int card = components().card_index(id);
  if (card < 0) return id;
  const Card& c = components().cards[card];
  std::string bg(kBackgroundNames.name(c.background));
  for (char& ch : bg)
    if (ch == '_') ch = ' ';
  return components().effects[c.effect].title + " (" + bg + ")";
}

std::string text_of(const Json& action) {
  const std::string type = str(action, "type");
  if (type == "place" || type == "remove" || type == "to")
    return type + " " + str(action, "island");
  if (type == "card")
    return str(action, "face") + " " + card_name(str(action, "card")) + " " +
           std::to_string(num(action, "to") + 1);
  if (type == "native" || type == "resolve") return type + " " + str(action, "slot");
  if (type == "flip") return "flip " + str(action, "card");
  if (type == "treasure") return "treasure " + str(action, "from") + " " + str(action, "to");
  if (type == "take")
    return "take " + std::to_string(num(action, "seat") + 1) + " " + str(action, "island");
  if (type == "shaman") return "shaman " + std::to_string(num(action, "seat") + 1);
  return type;
}

std::string line_of(const Json& event, const std::vector<std::string>& names) {
  auto name_of = [&](int seat) {
    return seat >= 0 && seat < static_cast<int>(names.size()) ? names[seat]
                                                              : "seat " + std::to_string(seat + 1);
  };
  const std::string type = str(event, "type");
  const std::string who = event.contains("seat") ? name_of(num(event, "seat")) : std::string();
  if (type == "round")
    return "Round " + std::to_string(num(event, "round")) + ": " + name_of(num(event, "shaman")) +
           " is the shaman";
  if (type == "place") return who + " places a native on " + str(event, "island");
  if (type == "card") {
    const std::string before =
        num(event, "to") == num(event, "seat") ? "themselves" : name_of(num(event, "to"));
    if (str(event, "face") == "up")
      return who + " lays " + card_title(str(event, "card")) + " face up before " + before + " (" +
             str(event, "slot") + ")";
    return who + " lays a card face down before " + before + " (" + str(event, "slot") + ")";
  }
  if (type == "native") return who + " puts a native on card " + str(event, "slot");
  if (type == "pass") return who + " puts no native on a card";
  if (type == "flip") {
    std::string tide = str(event, "tide");
    for (char& ch : tide)
      if (ch == '_') ch = ' ';
    return who + " flips the " + str(event, "card") + " card: " + tide + " and " +
           str(event, "time") + " are active";
  }
  if (type == "reveal")
    return "Card " + str(event, "slot") + " is " + card_title(str(event, "card"));
  if (type == "discard")
    return "Card " + str(event, "slot") + " (" + card_title(str(event, "card")) + ") is discarded" +
           (str(event, "why") == "inactive" ? ": its background is not active" : "");
  if (type == "resolve")
    return who + " resolves " + str(event, "slot") + ": " + card_title(str(event, "card"));
  if (type == "remove") return who + " takes a native home from " + str(event, "island");
  if (type == "treasure")
    return who + " moves a treasure from " + str(event, "from") + " to " + str(event, "to");
  if (type == "take")
    return who + " picks " + name_of(num(event, "owner")) + "'s native on " + str(event, "island");
  if (type == "move")
    return who + " moves " + name_of(num(event, "owner")) + "'s native from " + str(event, "from") +
           " to " + str(event, "to");
  if (type == "award")
    return who + " takes a treasure from " + str(event, "island") + " and sends a native home";
  if (type == "new_shaman") return who + " took the fewest treasures and becomes shaman";
  if (type == "draw") return who + " draws " + std::to_string(num(event, "count")) + " card(s)";
  if (type == "keep") return who + " stays shaman";
  if (type == "name_shaman") return who + " names " + name_of(num(event, "shaman")) + " shaman";
  if (type == "over") {
    std::string line = "Game over:";
    const auto scores = read_ints(event, "scores", -1000, 1000);
    for (std::size_t i = 0; i < scores.size(); ++i)
      line += (i ? ", " : " ") + name_of(static_cast<int>(i)) + " " + std::to_string(scores[i]);
    return line;
  }
  return type;
}

}  // namespace

std::string Rules::action_text(const State&, Seat, const Json& action) {
  auto text = guard_input("bad_action", "action", [&] { return text_of(action); });
  return text.ok() && !text.value().empty() ? text.value() : "?";
}

std::string Rules::describe(const Json& event, const std::vector<std::string>& names) {
  auto line = guard_input("bad_event", "event", [&] { return line_of(event, names); });
  if (line.ok() && !line.value().empty()) return line.value();
  // A malformed event still gives a line: its type, or "?".
  if (event.is_object() && event.contains("type") && event["type"].is_string())
    return event["type"].get<std::string>();
  return "?";
}

}  // namespace archipel::engine::costa_ruana
