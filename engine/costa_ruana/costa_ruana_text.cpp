// The chat forms: action_text (what /play accepts and /moves lists; seats 1-based) and describe
// (one log line per event, in English or French: each line is built in both languages side by side,
// then one is picked; the French words are the rule book's: habitant, shaman, trésor, carte
// Condition). Both are total: malformed input gives a plain fallback text, never an exception.

#include <map>

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

// A background's words ("high tide" / "marée haute"), as the Condition cards name them.
LocalText background_words(std::string en) {
  static const std::map<std::string, std::string> french{{"day", "jour"},
                                                         {"night", "nuit"},
                                                         {"high tide", "marée haute"},
                                                         {"low tide", "marée basse"}};
  for (char& ch : en)
    if (ch == '_') ch = ' ';
  const auto fr = french.find(en);
  return {en, fr != french.end() ? fr->second : en};
}

// A card's effect and background: "Place 2 natives (night)" / "Placer 2 habitants (nuit)", with the
// rule book's card names.
LocalText card_title(const std::string& id) {
  static const std::map<std::string, std::string> french{
      {"mt", "Déplacer un trésor"},  {"r1", "Retirer 1 habitant"},  {"r2", "Retirer 2 habitants"},
      {"r3", "Retirer 3 habitants"}, {"p1", "Placer 1 habitant"},   {"p2", "Placer 2 habitants"},
      {"p3", "Placer 3 habitants"},  {"mn", "Déplacer un habitant"}};
  const int card = components().card_index(id);
  if (card < 0) return {id, id};
  const Card& c = components().cards[card];
  const Effect& effect = components().effects[c.effect];
  const LocalText bg = background_words(std::string(kBackgroundNames.name(c.background)));
  const auto fr = french.find(effect.code);
  return {effect.title + " (" + bg.en + ")",
          (fr != french.end() ? fr->second : effect.title) + " (" + bg.fr + ")"};
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

LocalText line_of(const Json& event, const std::vector<std::string>& names) {
  auto name_of = [&](int seat) -> LocalText {
    if (seat >= 0 && seat < static_cast<int>(names.size())) return {names[seat], names[seat]};
    return {"seat " + std::to_string(seat + 1), "joueur " + std::to_string(seat + 1)};
  };
  const std::string type = str(event, "type");
  const LocalText who = event.contains("seat") ? name_of(num(event, "seat")) : LocalText{};
  if (type == "round") {
    const std::string round = std::to_string(num(event, "round"));
    const LocalText shaman = name_of(num(event, "shaman"));
    return {"Round " + round + ": " + shaman.en + " is the shaman",
            "Tour " + round + " : " + shaman.fr + " est le shaman"};
  }
  if (type == "place")
    return {who.en + " places a native on " + str(event, "island"),
            who.fr + " place un habitant sur " + str(event, "island")};
  if (type == "card") {
    const bool self = num(event, "to") == num(event, "seat");
    const LocalText to = name_of(num(event, "to"));
    const std::string slot = str(event, "slot");
    if (str(event, "face") == "up") {
      const LocalText title = card_title(str(event, "card"));
      return {who.en + " lays " + title.en + " face up before " + (self ? "themselves" : to.en) +
                  " (" + slot + ")",
              who.fr + " pose " + title.fr + " face visible devant " + (self ? "soi" : to.fr) +
                  " (" + slot + ")"};
    }
    return {who.en + " lays a card face down before " + (self ? "themselves" : to.en) + " (" +
                slot + ")",
            who.fr + " pose une carte face cachée devant " + (self ? "soi" : to.fr) + " (" + slot +
                ")"};
  }
  if (type == "native")
    return {who.en + " puts a native on card " + str(event, "slot"),
            who.fr + " place un habitant sur la carte " + str(event, "slot")};
  if (type == "pass")
    return {who.en + " puts no native on a card",
            who.fr + " ne place pas d'habitant sur une carte"};
  if (type == "flip") {
    const LocalText tide = background_words(str(event, "tide"));
    const LocalText time = background_words(str(event, "time"));
    const bool tide_card = str(event, "card") == "tide";
    return {who.en + " flips the " + str(event, "card") + " card: " + tide.en + " and " + time.en +
                " are active",
            who.fr + " retourne la carte Condition " + (tide_card ? "Marée" : "Jour/Nuit") + " : " +
                tide.fr + " et " + time.fr + " sont actives"};
  }
  if (type == "reveal") {
    const LocalText title = card_title(str(event, "card"));
    return {"Card " + str(event, "slot") + " is " + title.en,
            "La carte " + str(event, "slot") + " est " + title.fr};
  }
  if (type == "discard") {
    const LocalText title = card_title(str(event, "card"));
    const bool inactive = str(event, "why") == "inactive";
    return {"Card " + str(event, "slot") + " (" + title.en + ") is discarded" +
                (inactive ? ": its background is not active" : ""),
            "La carte " + str(event, "slot") + " (" + title.fr + ") est défaussée" +
                (inactive ? " : son fond n'est pas actif" : "")};
  }
  if (type == "resolve") {
    const LocalText title = card_title(str(event, "card"));
    return {who.en + " resolves " + str(event, "slot") + ": " + title.en,
            who.fr + " résout " + str(event, "slot") + " : " + title.fr};
  }
  if (type == "remove")
    return {who.en + " takes a native home from " + str(event, "island"),
            who.fr + " retire un habitant de " + str(event, "island") + " vers sa réserve"};
  if (type == "treasure")
    return {who.en + " moves a treasure from " + str(event, "from") + " to " + str(event, "to"),
            who.fr + " déplace un trésor de " + str(event, "from") + " vers " + str(event, "to")};
  if (type == "take") {
    const LocalText owner = name_of(num(event, "owner"));
    return {who.en + " picks " + owner.en + "'s native on " + str(event, "island"),
            who.fr + " prend l'habitant de " + owner.fr + " sur " + str(event, "island")};
  }
  if (type == "move") {
    const LocalText owner = name_of(num(event, "owner"));
    return {who.en + " moves " + owner.en + "'s native from " + str(event, "from") + " to " +
                str(event, "to"),
            who.fr + " déplace l'habitant de " + owner.fr + " de " + str(event, "from") + " vers " +
                str(event, "to")};
  }
  if (type == "award")
    return {who.en + " takes a treasure from " + str(event, "island") + " and sends a native home",
            who.fr + " prend un trésor sur " + str(event, "island") +
                " et renvoie un habitant dans sa réserve"};
  if (type == "new_shaman")
    return {who.en + " took the fewest treasures and becomes shaman",
            who.fr + " a pris le moins de trésors et devient shaman"};
  if (type == "draw") {
    const std::string count = std::to_string(num(event, "count"));
    return {who.en + " draws " + count + " card(s)", who.fr + " pioche " + count + " carte(s)"};
  }
  if (type == "keep") return {who.en + " stays shaman", who.fr + " reste shaman"};
  if (type == "name_shaman") {
    const LocalText shaman = name_of(num(event, "shaman"));
    return {who.en + " names " + shaman.en + " shaman",
            who.fr + " désigne " + shaman.fr + " comme shaman"};
  }
  if (type == "over") {
    LocalText line{"Game over:", "Fin de la partie :"};
    const auto scores = read_ints(event, "scores", -1000, 1000);
    for (std::size_t i = 0; i < scores.size(); ++i) {
      const LocalText name = name_of(static_cast<int>(i));
      line.en += (i ? ", " : " ") + name.en + " " + std::to_string(scores[i]);
      line.fr += (i ? ", " : " ") + name.fr + " " + std::to_string(scores[i]);
    }
    return line;
  }
  return {type, type};
}

}  // namespace

std::string Rules::action_text(const State&, Seat, const Json& action) {
  auto text = guard_input("bad_action", "action", [&] { return text_of(action); });
  return text.ok() && !text.value().empty() ? text.value() : "?";
}

LocalText Rules::describe(const Json& event, const std::vector<std::string>& names) {
  auto line = guard_input("bad_event", "event", [&] { return line_of(event, names); });
  if (line.ok() && !line.value().en.empty() && !line.value().fr.empty()) return line.value();
  // A malformed event still gives a line: its type, or "?".
  if (event.is_object() && event.contains("type") && event["type"].is_string()) {
    const auto type = event["type"].get<std::string>();
    return {type, type};
  }
  return {"?", "?"};
}

}  // namespace archipel::engine::costa_ruana
