// The chat forms: action_text (what /play accepts and /moves lists) and describe (one log line per
// event, in English or French: each line is built in both languages side by side, then one is
// picked; the French words are the rule book's: tabatière, balle, coléoptère, magasin, carreau
// créneau). Both are total: malformed input gives a plain fallback text, never an exception.

#include "engine/capa_doro/capa_doro.hpp"

#include <map>

#include "engine/core/json_read.hpp"

namespace archipel::engine::capa_doro {
namespace {

LocalText name_of(const std::vector<std::string>& names, int seat) {
  if (seat >= 0 && seat < static_cast<int>(names.size())) return {names[seat], names[seat]};
  return {"seat " + std::to_string(seat + 1), "joueur " + std::to_string(seat + 1)};
}

// "to Asia" / "sur l'Asie": French names a continent with its article.
LocalText continent_name(const std::string& id) {
  static const std::map<std::string, std::string> french{
      {"asia", "l'Asie"},
      {"south-america", "l'Amérique du Sud"},
      {"africa", "l'Afrique"},
      {"central-america", "l'Amérique centrale"}};
  const int k = components().continent_index(id);
  const std::string en = k >= 0 ? components().continents[k].name : id;
  const auto fr = french.find(id);
  return {en, fr != french.end() ? fr->second : en};
}

// The rule book's colours of tobacco, as they agree with "balle" (feminine): "une balle grise", "2
// balles grises", "une balle couleur d'or".
std::string fr_colour(const std::string& colour, int n = 1) {
  if (colour == "grey") return n > 1 ? "grises" : "grise";
  if (colour == "brown") return "brun foncé";
  if (colour == "gold") return "couleur d'or";
  if (colour == "orange") return n > 1 ? "oranges" : "orange";
  return colour;
}

// "a grey bale", "an orange bale": English takes "an" before a vowel sound, and of the colours only
// orange starts with one. (French needs no such care: "une balle orange".)
std::string a_bale(const std::string& colour) {
  const bool vowel = !colour.empty() && std::string("aeiou").find(colour[0]) != std::string::npos;
  return (vowel ? "an " : "a ") + colour + " bale";
}
std::string capitalised(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z')
    text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

// An event card's name in French, by its effect (the card names are proposed: the component
// reference's §8, docs/games/capa-doro.md).
std::string fr_event(const std::string& effect, const std::string& en) {
  static const std::map<std::string, std::string> french{{"good_rains", "Bonnes pluies"},
                                                         {"hurricane", "Ouragan"},
                                                         {"drought", "Sécheresse"},
                                                         {"customs", "Douane"},
                                                         {"free_trade", "Libre-échange"},
                                                         {"fallow", "Jachère"},
                                                         {"tax", "Impôt"},
                                                         {"subsidy", "Subvention"},
                                                         {"export_boom", "Boom des exportations"},
                                                         {"recycling", "Recyclage"},
                                                         {"early_ripening", "Maturité précoce"},
                                                         {"smuggler", "Contrebandier"},
                                                         {"cigar_fair", "Foire aux cigares"}};
  const auto fr = french.find(effect);
  return fr != french.end() ? fr->second : en;
}

}  // namespace

LocalText event_title(const EventCard& card) {
  return {card.name, fr_event(std::string(kEffectNames.name(card.effect)), card.name)};
}

namespace {

// The board's columns as the rule book names them: "colonne de semence / de croissance / de
// récolte".
std::string fr_column(const std::string& column) {
  if (column == "seed") return "semence";
  if (column == "growth") return "croissance";
  if (column == "harvest") return "récolte";
  return column;
}

std::string plural(int n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

/// "1 pièce", "2 pièces"; French keeps the singular for 0 and 1.
std::string fr_plural(int n, const std::string& word) {
  return std::to_string(n) + " " + word + (n > 1 ? "s" : "");
}

LocalText move_line(const Json& event, const std::vector<std::string>& names,
                    const LocalText& who) {
  const std::string& move = string_or_empty(event, "move");
  const std::string& row = string_or_empty(event, "row");
  const std::string& colour = string_or_empty(event, "colour");
  const int coins = int_or(event, "coins");
  if (move == "seed" || move == "grow")
    return {who.en + " starts a plantation on " + row + ".",
            who.fr + " pose une plantation sur " + row + "."};
  if (move == "sow") return {who.en + " sows " + row + ".", who.fr + " sème sur " + row + "."};
  if (move == "neutral")
    return {who.en + " sows a neutral token on " + row + ".",
            who.fr + " sème une plantation neutre sur " + row + "."};
  if (move == "beetle") {
    if (event.contains("stock")) {
      const LocalText owner = name_of(names, int_or(event, "stock"));
      return {who.en + " sends a beetle into " + owner.en + "'s stock.",
              who.fr + " envoie un coléoptère dans le magasin de " + owner.fr + "."};
    }
    const std::string& column = string_or_empty(event, "column");
    return {who.en + " puts a beetle on " + row + " (" + column + ").",
            who.fr + " pose un coléoptère sur " + row + " (" + fr_column(column) + ")."};
  }
  if (move == "hurricane") {
    const LocalText continent = continent_name(string_or_empty(event, "continent"));
    return {who.en + " sends the hurricane to " + continent.en + ".",
            who.fr + " envoie l'ouragan sur " + continent.fr + "."};
  }
  if (move == "customs") {
    const LocalText continent = continent_name(string_or_empty(event, "continent"));
    return {who.en + " puts the customs tile on the " + continent.en + " market.",
            who.fr + " pose le carreau douane sur le marché de " + continent.fr + "."};
  }
  if (move == "fallow")
    return {who.en + " puts the creneau tile on " + row + ".",
            who.fr + " pose le carreau créneau sur " + row + "."};
  if (move == "smuggle") {
    const LocalText from = name_of(names, int_or(event, "from", -1));
    return {
        who.en + " smuggles " + a_bale(colour) + " from " + from.en + ".",
        who.fr + " prend en contrebande une balle " + fr_colour(colour) + " à " + from.fr + "."};
  }
  if (move == "harvest") return {who.en + " harvests.", who.fr + " récolte."};
  if (move == "buy")
    return {who.en + " buys " + a_bale(colour) + " for " + plural(coins, "coin") + ".",
            who.fr + " achète une balle " + fr_colour(colour) + " pour " +
                fr_plural(coins, "pièce") + "."};
  if (move == "sell")
    return {who.en + " sells " + a_bale(colour) + " for " + plural(coins, "coin") + ".",
            who.fr + " vend une balle " + fr_colour(colour) + " pour " + fr_plural(coins, "pièce") +
                "."};
  if (move == "cigar") {
    const std::string& card = string_or_empty(event, "card");
    const int points = int_or(event, "points");
    return {who.en + " makes the cigar " + card + ": " + plural(coins, "coin") + ", " +
                plural(points, "point") + ".",
            who.fr + " produit le cigare " + card + " : " + fr_plural(coins, "pièce") + ", " +
                fr_plural(points, "point") + "."};
  }
  if (move == "done") return {who.en + " ends the turn.", who.fr + " termine son tour."};
  return {who.en + " plays " + move + ".", who.fr + " joue " + move + "."};
}

LocalText line_of(const Json& event, const std::vector<std::string>& names) {
  const std::string& type = string_or_empty(event, "type");
  const LocalText who = name_of(names, int_or(event, "seat", -1));
  const std::string& row = string_or_empty(event, "row");
  const std::string& colour = string_or_empty(event, "colour");
  if (type == "roll") {
    const std::string value = std::to_string(int_or(event, "value"));
    return {who.en + " rolls " + value + ".", who.fr + " lance le dé : " + value + "."};
  }
  if (type == "draw") {
    LocalText items;
    auto it = event.find("items");
    if (it != event.end() && it->is_object())
      for (const auto& [kind, n] : it->items()) {
        if (!n.is_number_integer() || n.get<int>() <= 0) continue;
        const int count = n.get<int>();
        const std::string fr_kind =
            kind == "beetle" ? (count > 1 ? "coléoptères" : "coléoptère")
                             : (count > 1 ? "balles " : "balle ") + fr_colour(kind, count);
        items.en += (items.en.empty() ? "" : ", ") + std::to_string(count) + " " + kind;
        items.fr += (items.fr.empty() ? "" : ", ") + std::to_string(count) + " " + fr_kind;
      }
    return {who.en + " draws " + (items.en.empty() ? std::string("nothing") : items.en) +
                " from the snuff box.",
            who.fr + " tire " + (items.fr.empty() ? std::string("rien") : items.fr) +
                " de la tabatière."};
  }
  if (type == "yield") {
    const std::string& to = string_or_empty(event, "to");
    // A bale on a seed plantation (no growth plantation on its continent) says so.
    const bool seed = string_or_empty(event, "column") == "seed";
    return {capitalised(a_bale(colour)) + " goes to " + (to == "market" ? "the market" : to) +
                (seed ? " (seed)" : "") + ".",
            "Une balle " + fr_colour(colour) + " va " +
                (to == "market" ? "au marché" : "sur " + to) + (seed ? " (semence)" : "") + "."};
  }
  if (type == "shift")
    return {"Row " + row + " shifts right.", "La ligne " + row + " se décale vers la droite."};
  if (type == "harvested") {
    const int bales = int_or(event, "bales");
    const int coins = int_or(event, "coins");
    return {who.en + " harvests " + row + ": " +
                (bales > 0 ? plural(bales, colour + " bale") : plural(coins, "coin")) + ".",
            who.fr + " récolte " + row + " : " +
                (bales > 0 ? fr_plural(bales, "balle") + " " + fr_colour(colour, bales)
                           : fr_plural(coins, "pièce")) +
                "."};
  }
  if (type == "token_out") {
    const std::string& token = string_or_empty(event, "token");
    return {"The " + token + " token leaves " + row + ".",
            (token == "neutral"   ? "La plantation neutre"
             : token == "creneau" ? "Le carreau créneau"
                                  : "Le jeton " + token) +
                " quitte " + row + "."};
  }
  if (type == "event") {
    const std::string& name = string_or_empty(event, "name");
    const std::string& card = string_or_empty(event, "card");
    return {who.en + " draws the event " + name + " (" + card + ").",
            who.fr + " tire la carte d'événement " +
                fr_event(string_or_empty(event, "effect"), name) + " (" + card + ")."};
  }
  if (type == "events_reshuffled")
    return {"The played events are shuffled into a new pile.",
            "Les cartes d'événement jouées sont mélangées en une nouvelle pile."};
  if (type == "eaten")
    return {"A beetle eats " + a_bale(colour) + " from " + who.en + "'s stock.",
            "Un coléoptère mange une balle " + fr_colour(colour) + " dans le magasin de " + who.fr +
                "."};
  if (type == "eaten_on_board") {
    const int bales = int_or(event, "bales");
    return {"A beetle eats " + plural(bales, "bale") + " on " + row + ".",
            "Un coléoptère mange " + fr_plural(bales, "balle") + " sur " + row + "."};
  }
  if (type == "develop") {
    const std::string& card = string_or_empty(event, "card");
    return {who.en + " gets the cigar card " + card + ".",
            who.fr + " reçoit la carte cigare " + card + "."};
  }
  if (type == "game_over") {
    if (string_or_empty(event, "reason") == "sixty")
      return {who.en + " reaches the winning score: the game is over.",
              who.fr + " atteint le score gagnant : la partie est terminée."};
    return {"The snuff box holds no more tobacco: the game is over.",
            "La tabatière ne contient plus de tabac : la partie est terminée."};
  }
  if (type == "move") return move_line(event, names, who);
  return {type, type};
}

}  // namespace

std::string Rules::action_text(const State&, Seat, const Json& action) {
  if (!action.is_object()) return "?";
  const std::string& type = string_or_empty(action, "type");
  if (type == "seed" || type == "grow" || type == "sow" || type == "neutral" || type == "fallow")
    return type + " " + string_or_empty(action, "row");
  if (type == "beetle") {
    if (action.contains("stock"))
      return "beetle stock " + std::to_string(int_or(action, "stock") + 1);
    return "beetle " + string_or_empty(action, "row") + " " + string_or_empty(action, "column");
  }
  if (type == "eat" || type == "buy" || type == "sell")
    return type + " " + string_or_empty(action, "colour");
  if (type == "hurricane" || type == "customs")
    return type + " " + string_or_empty(action, "continent");
  if (type == "smuggle")
    return "smuggle " + std::to_string(int_or(action, "seat") + 1) + " " +
           string_or_empty(action, "colour");
  if (type == "cigar") return "cigar " + string_or_empty(action, "card");
  return type;
}

LocalText Rules::describe(const Json& event, const std::vector<std::string>& names) {
  if (!event.is_object()) return {"?", "?"};
  return line_of(event, names);
}

}  // namespace archipel::engine::capa_doro
