// The chat forms: action_text (what /play accepts and /moves lists) and describe (one log line per
// event, in English or French: each line is built in both languages side by side, then one is
// picked). Both are total: malformed input gives a plain fallback text, never an exception. The
// French words are those of the online rule book (manche, set, carte d'évaluation, emplacement de
// départ, jeton oiseau).

#include "engine/santa_cruz/santa_cruz.hpp"

#include <map>

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

}  // namespace

// The data's English title, the French one by card id (the online rule book's words: "Mouton",
// "Bois / Sucre", "Éruption volcanique").
LocalText score_card_title(const std::string& id) {
  static const std::map<std::string, std::string> french{{"SC01", "Mouton"},
                                                         {"SC02", "Or"},
                                                         {"SC03", "Poisson"},
                                                         {"SC04", "Bois / Sucre"},
                                                         {"SC05", "Les trois types de bâtiment"},
                                                         {"SC06", "Quatre maisons"},
                                                         {"SC07", "Quatre bâtiments contigus"},
                                                         {"SC08", "Fleuve"},
                                                         {"SC09", "Côte"},
                                                         {"SC10", "Volcan"},
                                                         {"SC11", "Jetons oiseau"},
                                                         {"SC12", "Éruption volcanique"},
                                                         {"SC13", "Bois"},
                                                         {"SC14", "Sucre"},
                                                         {"SC15", "Mouton / Poisson"},
                                                         {"SC16", "Or / Bois"}};
  const int card = components().card_index(id);
  const std::string en = card >= 0 ? components().score_cards[card].title : id;
  const auto fr = french.find(id);
  return {en, fr != french.end() ? fr->second : en};
}

namespace {

// The French words of the log, keyed by the English word of an event field (a building, a resource,
// a card kind, a bird species). `article` gives "une maison", `partitive` "d'église" / "de phare".
struct FrenchNoun {
  std::string word;
  std::string plural;
  bool feminine = false;
};

FrenchNoun french_noun(const std::string& en) {
  static const std::map<std::string, FrenchNoun> nouns{
      {"house", {"maison", "maisons", true}},     {"church", {"église", "églises", true}},
      {"lighthouse", {"phare", "phares", false}}, {"wood", {"bois", "bois", false}},
      {"sheep", {"mouton", "moutons", false}},    {"fish", {"poisson", "poissons", false}},
      {"sugar", {"sucre", "sucres", false}},      {"gold", {"or", "or", false}},
      {"road", {"chemin", "chemins", false}},     {"river", {"fleuve", "fleuves", false}},
      {"ship", {"bateau", "bateaux", false}},     {"double", {"double tour", "double tour", false}},
      {"tern", {"sterne", "sternes", true}},      {"cockatoo", {"cacatoès", "cacatoès", false}},
      {"macaw", {"ara", "aras", false}}};
  const auto it = nouns.find(en);
  return it != nouns.end() ? it->second : FrenchNoun{en, en, false};
}

}  // namespace

std::string french_word(const std::string& en) {
  return french_noun(en).word;
}

std::string french_with_article(const std::string& en) {
  const FrenchNoun n = french_noun(en);
  return (n.feminine ? "une " : "un ") + n.word;
}

namespace {

std::string fr(const std::string& en) {
  return french_word(en);
}

bool starts_with_vowel(const std::string& word) {
  return !word.empty() &&
         (std::string("aeiouh").find(word[0]) != std::string::npos || word.rfind("é", 0) == 0);
}

std::string fr_partitive(const std::string& en) {
  const std::string word = fr(en);
  return (starts_with_vowel(word) ? "d'" : "de ") + word;
}

std::string signed_points(int points) {
  return (points >= 0 ? "+" : "") + std::to_string(points);
}

std::string article(const std::string& noun) {
  return (!noun.empty() && std::string("aeiou").find(noun[0]) != std::string::npos ? "an " : "a ") +
         noun;
}

LocalText line_of(const Json& event, const std::vector<std::string>& names) {
  auto name_of = [&](int seat) -> LocalText {
    if (seat >= 0 && seat < static_cast<int>(names.size())) return {names[seat], names[seat]};
    return {"seat " + std::to_string(seat), "joueur " + std::to_string(seat)};
  };
  auto seat_list = [&](const Json& seats) {
    LocalText out;
    if (seats.is_array())
      for (const auto& s : seats) {
        const LocalText name = name_of(s.is_number_integer() ? s.get<int>() : -1);
        out.en += (out.en.empty() ? "" : ", ") + name.en;
        out.fr += (out.fr.empty() ? "" : ", ") + name.fr;
      }
    return out;
  };
  const std::string& type = string_or_empty(event, "type");
  const LocalText who = name_of(int_or(event, "seat", -1));
  const std::string& set = string_or_empty(event, "set");
  const std::string& site = string_or_empty(event, "site");
  const std::string& building = string_or_empty(event, "building");
  const std::string round = std::to_string(int_or(event, "round"));
  if (type == "set_chosen")
    return {who.en + " takes set " + set + (event.contains("auto") ? " (the set left)" : ""),
            who.fr + " prend le set " + set + (event.contains("auto") ? " (le set restant)" : "")};
  if (type == "round_start") {
    const LocalText order = seat_list(field(event, "order"));
    return {"Round " + round + " begins; turn order: " + order.en,
            "La manche " + round + " commence ; ordre du tour : " + order.fr};
  }
  if (type == "build") {
    const bool landing = string_or_empty(event, "card") == "landing";
    LocalText line{
        who.en + (landing ? " lands with " : " builds ") + article(building) + " on " + site,
        landing ? who.fr + " choisit son emplacement de départ " + site + " : " +
                      french_with_article(building)
                : who.fr + " construit " + french_with_article(building) + " sur " + site};
    if (event.contains("privilege")) {
      line.en += ", beside another player's building";
      line.fr += ", à côté du bâtiment d'un autre joueur";
    }
    const std::string points = signed_points(int_or(event, "points"));
    line.en += " (" + points;
    line.fr += " (" + points;
    const std::string& bird = string_or_empty(event, "bird");
    if (bird == "drawn") {
      line.en += ", draws a bird";
      line.fr += ", pioche un jeton oiseau";
    }
    if (bird == "pile_empty") {
      line.en += ", no bird chip left";
      line.fr += ", plus de jeton oiseau";
    }
    return {line.en + ")", line.fr + ")"};
  }
  if (type == "reveal") {
    const std::string points = std::to_string(int_or(event, "points"));
    LocalText line{"Tile " + site + " revealed: " + building + ", " + points + " points",
                   "Tuile " + site + " découverte : " + fr(building) + ", " + points + " points"};
    if (event.contains("resource")) {
      line.en += ", " + string_or_empty(event, "resource");
      line.fr += ", " + fr(string_or_empty(event, "resource"));
    }
    if (event.contains("fish_bonus")) {
      const std::string bonus = std::to_string(int_or(event, "fish_bonus"));
      line.en += ", fish bonus +" + bonus;
      line.fr += ", bonus poisson +" + bonus;
    }
    if (event.contains("bird")) {
      line.en += ", bird";
      line.fr += ", oiseau";
    }
    return line;
  }
  if (type == "build_failed")
    return {
        who.en + " has no " + building + " left for " + site + ": the card ends",
        who.fr + " n'a plus " + fr_partitive(building) + " pour " + site + " : la carte s'arrête"};
  if (type == "double") {
    const std::string& kind = string_or_empty(event, "kind");
    return {who.en + " plays a double card: two " + kind + " builds",
            who.fr + " joue une carte double tour : deux constructions " + fr(kind)};
  }
  if (type == "double_lost")
    return {who.en + "'s second build is lost",
            "La deuxième construction de " + who.fr + " est perdue"};
  if (type == "card_wasted") {
    const std::string& card = string_or_empty(event, "card");
    return {who.en + " plays a " + card + " card that cannot build",
            who.fr + " joue une carte " + fr(card) + " sans action"};
  }
  if (type == "pass") return {who.en + " passes", who.fr + " passe"};
  if (type == "score") {
    LocalText gains;
    if (field(event, "gains").is_array())
      for (const auto& g : field(event, "gains")) {
        const int points = int_or(g, "points");
        if (points == 0) continue;
        const LocalText name = name_of(int_or(g, "seat", -1));
        gains.en += (gains.en.empty() ? "" : ", ") + name.en + " " + signed_points(points);
        gains.fr += (gains.fr.empty() ? "" : ", ") + name.fr + " " + signed_points(points);
      }
    const LocalText title = score_card_title(string_or_empty(event, "card"));
    LocalText line{
        who.en + " plays " + title.en + ": " + (gains.en.empty() ? "nobody scores" : gains.en),
        who.fr + " joue la carte d'évaluation " + title.fr + " : " +
            (gains.fr.empty() ? "personne ne marque" : gains.fr)};
    if (field(event, "removed").is_array()) {
      const std::string removed = std::to_string(field(event, "removed").size());
      line.en += "; " + removed + " building(s) on the volcano destroyed";
      line.fr += " ; " + removed + " bâtiment(s) détruit(s) sur le volcan";
    }
    return line;
  }
  if (type == "round_end") return {"Round " + round + " ends", "Fin de la manche " + round};
  if (type == "score_card_drawn")
    return {who.en + " draws a new score card", who.fr + " reçoit une nouvelle carte d'évaluation"};
  if (type == "choose_piles") {
    const LocalText order = seat_list(field(event, "pick_order"));
    return {"Piles are chosen from last on the score track: " + order.en,
            "Les sets sont choisis en commençant par le dernier au score : " + order.fr};
  }
  if (type == "pile_chosen")
    return {who.en + " takes pile " + set + (event.contains("auto") ? " (the pile left)" : ""),
            who.fr + " prend le set " + set + (event.contains("auto") ? " (le set restant)" : "")};
  if (type == "discard_start")
    return {"Every player secretly discards one score card",
            "Chaque joueur défausse secrètement une carte d'évaluation"};
  if (type == "discarded")
    return {who.en + " discards a score card", who.fr + " défausse une carte d'évaluation"};
  if (type == "birds_revealed") {
    LocalText birds;
    if (field(event, "birds").is_object())
      for (const auto& [species, count] : field(event, "birds").items()) {
        if (!count.is_number_integer() || count.get<int>() <= 0) continue;
        const int n = count.get<int>();
        const FrenchNoun noun = french_noun(species);
        birds.en +=
            (birds.en.empty() ? "" : ", ") + std::to_string(n) + " " + species + (n > 1 ? "s" : "");
        birds.fr += (birds.fr.empty() ? "" : ", ") + std::to_string(n) + " " +
                    (n > 1 ? noun.plural : noun.word);
      }
    const std::string points = signed_points(int_or(event, "points"));
    return {who.en + " reveals " + (birds.en.empty() ? std::string("no birds") : birds.en) + ": " +
                points,
            who.fr + " révèle " +
                (birds.fr.empty() ? std::string("aucun jeton oiseau") : birds.fr) + " : " + points};
  }
  if (type == "game_over") {
    LocalText line{"Game over:", "Fin de la partie :"};
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
        const LocalText name = name_of(seat);
        line.en += (first ? " " : ", ") + name.en + " " + std::to_string(score);
        line.fr += (first ? " " : ", ") + name.fr + " " + std::to_string(score);
        first = false;
      }
    }
    return line;
  }
  return {type.empty() ? "?" : type, type.empty() ? "?" : type};
}

}  // namespace

std::string Rules::action_text(const State&, Seat, const Json& action) {
  if (!action.is_object()) return "?";
  const std::string& type = string_or_empty(action, "type");
  if (type == "choose_set") return "set " + string_or_empty(action, "set");
  if (type == "land") return "land " + string_or_empty(action, "site");
  if (type == "build")
    return string_or_empty(action, "card") + " " + string_or_empty(action, "site");
  if (type == "double") return "double " + string_or_empty(action, "kind");
  if (type == "play") return string_or_empty(action, "card");
  if (type == "pass") return "pass";
  if (type == "score") return "score " + card_name(string_or_empty(action, "card"));
  if (type == "choose_pile") return "pile " + string_or_empty(action, "set");
  if (type == "discard") return "discard " + card_name(string_or_empty(action, "card"));
  return type.empty() ? "?" : type;
}

LocalText Rules::describe(const Json& event, const std::vector<std::string>& names) {
  if (!event.is_object()) return {"?", "?"};
  return line_of(event, names);
}

}  // namespace archipel::engine::santa_cruz
