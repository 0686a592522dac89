// The chat forms: action_text (what /play accepts and /moves lists) and describe (one log line per
// event, in English or French: each line is built in both languages side by side, then one is
// picked; the French words are the rule book's: colonie, mairie, tuile Route, navire, dock, moine,
// Retraite). Both are total: malformed input gives a plain fallback text, never an exception.

#include "engine/santa_maria/santa_maria.hpp"

#include <map>

#include "engine/core/json_read.hpp"

namespace archipel::engine::santa_maria {
namespace {

LocalText who(const Json& e, const std::vector<std::string>& names) {
  const int seat = int_or(e, "seat", -1);
  if (seat >= 0 && seat < static_cast<int>(names.size())) return {names[seat], names[seat]};
  if (seat >= 0) return {"seat " + std::to_string(seat), "joueur " + std::to_string(seat)};
  return {"someone", "quelqu'un"};
}

std::string plural(int n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

/// "1 pièce", "2 pièces"; French keeps the singular for 0 and 1.
std::string fr_plural(int n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n > 1 ? "s" : "");
}

// The rule book's words for the resources (Bois, Blé, Sucre, Gemme, Or), the dice and the docks.
struct FrenchNoun {
  std::string word;
  bool feminine = false;
};

FrenchNoun french_noun(const std::string& en) {
  static const std::map<std::string, FrenchNoun> nouns{
      {"wood", {"bois"}},       {"grain", {"blé"}},         {"sugar", {"sucre"}},
      {"gem", {"gemme", true}}, {"gold", {"or"}},           {"white", {"blanc"}},
      {"blue", {"bleu"}},       {"row", {"ligne", true}},   {"column", {"colonne", true}},
      {"coins", {"Pièces"}},    {"religion", {"Religion"}}, {"conquistador", {"Conquistador"}},
      {"points", {"Points"}}};
  const auto it = nouns.find(en);
  return it != nouns.end() ? it->second : FrenchNoun{en};
}

std::string fr(const std::string& en) {
  return french_noun(en).word;
}

std::string fr_article(const std::string& en) {
  const FrenchNoun n = french_noun(en);
  return (n.feminine ? "une " : "un ") + n.word;
}

/// "2 bois", "1 gemme", "2 gemmes" (bois, blé... do not change).
std::string fr_count(int n, const std::string& en) {
  const std::string word = fr(en);
  return std::to_string(n) + " " + word + (n > 1 && word.back() == 'e' ? "s" : "");
}

// A monk space ("scholar2", "bishop1", "camp3") as the book names it: "tuile Savant 2", "Camp de
// Missionnaires 3".
std::string fr_monk_space(const std::string& space) {
  for (const auto& [prefix, french] :
       {std::pair<std::string, std::string>{"scholar", "la tuile Savant "},
        {"bishop", "la tuile Évêque "},
        {"camp", "le Camp de Missionnaires "}})
    if (space.rfind(prefix, 0) == 0) return french + space.substr(prefix.size());
  return space;
}

LocalText line_of(const Json& e, const std::vector<std::string>& names) {
  const std::string& type = string_or_empty(e, "type");
  const LocalText p = who(e, names);
  const std::string& cell = string_or_empty(e, "cell");
  const std::string& tile = string_or_empty(e, "tile");
  const std::string& resource = string_or_empty(e, "resource");
  const std::string& dock = string_or_empty(e, "dock");
  const int coins = int_or(e, "coins");
  const int points = int_or(e, "points");
  if (type == "colony") {
    const std::string& board = string_or_empty(e, "board");
    return {p.en + " takes colony " + board + ".", p.fr + " prend la colonie " + board + "."};
  }
  if (type == "lot") {
    const std::string lot = std::to_string(int_or(e, "lot"));
    return {p.en + " takes town hall lot " + lot + ".",
            p.fr + " prend le lot de mairie " + lot + "."};
  }
  if (type == "town_hall")
    return {p.en + " places the town hall on " + cell + ".",
            p.fr + " place la mairie sur " + cell + "."};
  if (type == "expand")
    return {p.en + " buys tile " + tile + ".", p.fr + " achète la tuile " + tile + "."};
  if (type == "put") {
    const std::string& rotation = string_or_empty(e, "rotation");
    return {p.en + " puts tile " + tile + " on " + cell + " (" + rotation + ").",
            p.fr + " pose la tuile " + tile + " sur " + cell + " (" + rotation + ")."};
  }
  if (type == "road")
    return {p.en + " puts a road tile on " + cell + ".",
            p.fr + " pose une tuile Route sur " + cell + "."};
  if (type == "activate") {
    const int cost = int_or(e, "cost");
    return {p.en + " activates " + cell + " for " + plural(cost, "coin") + ".",
            p.fr + " active " + cell + " pour " + fr_plural(cost, "pièce") + "."};
  }
  if (type == "die") {
    const std::string& color = string_or_empty(e, "color");
    const std::string& line = string_or_empty(e, "line");
    const std::string rolled = std::to_string(int_or(e, "rolled"));
    const std::string value = std::to_string(int_or(e, "value"));
    const int cost = int_or(e, "cost");
    return {p.en + " takes a " + color + " " + rolled + " and activates " + line + " " + value +
                (cost ? " (" + plural(cost, "coin") + ")" : "") + ".",
            p.fr + " prend un dé " + fr(color) + " de " + rolled + " et active la " + fr(line) +
                " " + value + (cost ? " (" + fr_plural(cost, "pièce") + ")" : "") + "."};
  }
  if (type == "die_placed")
    return {p.en + " leaves the die on " + cell + ".", p.fr + " laisse le dé sur " + cell + "."};
  if (type == "produce") {
    const int count = int_or(e, "count");
    const int sold_for = int_or(e, "sold_for");
    LocalText line{p.en + " gains " + std::to_string(count) + " " + resource,
                   p.fr + " gagne " + fr_count(count, resource)};
    if (sold_for) {
      line.en += " (store full: sold for " + plural(sold_for, "coin") + ")";
      line.fr += " (réserve pleine : vendu pour " + fr_plural(sold_for, "pièce") + ")";
    }
    return {line.en + ".", line.fr + "."};
  }
  if (type == "coins")
    return {p.en + " gains " + plural(coins, "coin") + ".",
            p.fr + " gagne " + fr_plural(coins, "pièce") + "."};
  if (type == "points")
    return {p.en + " gains " + plural(points, "point") + ".",
            p.fr + " gagne " + fr_plural(points, "point") + "."};
  if (type == "exchange")
    return {p.en + " exchanges a " + resource + ".",
            p.fr + " échange " + fr_article(resource) + "."};
  if (type == "ship")
    return {p.en + " buys the ship at the " + dock + " dock.",
            p.fr + " prend le navire du dock " + fr(dock) + "."};
  if (type == "refill")
    return {"A new ship arrives at the " + dock + " dock.",
            "Un nouveau navire arrive au dock " + fr(dock) + "."};
  if (type == "dock")
    return {p.en + " moves the new ship to the " + dock + " dock.",
            p.fr + " déplace le nouveau navire vers le dock " + fr(dock) + "."};
  if (type == "conquistador") {
    if (e.contains("lost"))
      return {p.en + "'s conquistador is lost (end of the track).",
              "Le conquistador de " + p.fr + " est perdu (fin de la piste)."};
    const std::string space = std::to_string(int_or(e, "space"));
    return {p.en + " moves the conquistador to " + space + ".",
            p.fr + " avance le conquistador sur la case " + space + "."};
  }
  if (type == "blue_die") {
    if (e.contains("next_year"))
      return {p.en + " unlocks a blue die for next year.",
              p.fr + " débloque un dé bleu pour l'année prochaine."};
    const std::string value = std::to_string(int_or(e, "value"));
    return {p.en + " unlocks a blue die: " + value + ".",
            p.fr + " débloque un dé bleu : " + value + "."};
  }
  if (type == "religion") {
    const std::string from = std::to_string(int_or(e, "from"));
    const std::string to = std::to_string(int_or(e, "to"));
    LocalText line{p.en + " moves on the religion track from " + from + " to " + to,
                   p.fr + " avance sur la piste Religion de " + from + " à " + to};
    if (points) {
      line.en += " and gains " + plural(points, "point");
      line.fr += " et gagne " + fr_plural(points, "point");
    }
    return {line.en + ".", line.fr + "."};
  }
  if (type == "monk") {
    const std::string& space = string_or_empty(e, "space");
    const int fee = int_or(e, "fee");
    return {p.en + " places a monk on " + space +
                (fee ? " (pays " + std::to_string(fee) + " coins)" : "") + ".",
            p.fr + " place un moine sur " + fr_monk_space(space) +
                (fee ? " (paie " + fr_plural(fee, "pièce") + ")" : "") + "."};
  }
  if (type == "reclaim")
    return {p.en + " takes back " + plural(coins, "coin") + " from " + cell + ".",
            p.fr + " reprend " + fr_plural(coins, "pièce") + " sur " + cell + "."};
  if (type == "retreat") {
    const std::string space = std::to_string(int_or(e, "space"));
    return {p.en + " retreats to space " + space + ".",
            p.fr + " se retire sur l'emplacement de Retraite " + space + "."};
  }
  if (type == "sell")
    return {p.en + " sells a " + resource + ".", p.fr + " vend " + fr_article(resource) + "."};
  if (type == "buy")
    return {p.en + " buys a " + resource + ".", p.fr + " achète " + fr_article(resource) + "."};
  if (type == "move") {
    const std::string& from = string_or_empty(e, "from");
    const std::string& to = string_or_empty(e, "to");
    return {p.en + " moves a die from " + from + " to " + to + ".",
            p.fr + " déplace un dé de " + from + " vers " + to + "."};
  }
  if (type == "end") return {p.en + " ends the turn.", p.fr + " termine son tour."};
  if (type == "skip") return {p.en + " passes.", p.fr + " passe."};
  if (type == "year_end") {
    const std::string year = std::to_string(int_or(e, "year"));
    return {"End of year " + year + ": conquistador points.",
            "Fin de l'année " + year + " : points des conquistadors."};
  }
  if (type == "new_year") {
    const std::string year = std::to_string(int_or(e, "year"));
    const LocalText first = who(Json{{"seat", int_or(e, "first")}}, names);
    return {"Year " + year + " begins; " + first.en + " plays first.",
            "L'année " + year + " commence ; " + first.fr + " joue en premier."};
  }
  if (type == "game_end") return {"The game is over.", "La partie est terminée."};
  return {type.empty() ? "?" : type, type.empty() ? "?" : type};
}

}  // namespace

std::string resource_fr(Resource r) {
  return fr(std::string(kResourceNames.name(r)));
}

std::string Rules::action_text(const State& s, Seat, const Json& a) {
  if (!a.is_object()) return "?";
  const std::string& type = string_or_empty(a, "type");
  if (type == "colony") return "colony " + string_or_empty(a, "board");
  if (type == "lot") return "lot " + std::to_string(int_or(a, "lot"));
  if (type == "town_hall")
    return "townhall " + string_or_empty(a, "cell") + " " + string_or_empty(a, "rotation");
  if (type == "expand") return "expand " + string_or_empty(a, "tile");
  if (type == "put")
    return a.contains("rotation")
               ? "put " + string_or_empty(a, "cell") + " " + string_or_empty(a, "rotation")
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

LocalText Rules::describe(const Json& e, const std::vector<std::string>& names) {
  if (!e.is_object()) return {"?", "?"};
  return line_of(e, names);
}

}  // namespace archipel::engine::santa_maria
