// Santa Cruz: set-up, who acts, legal actions, apply and scoring, side by side (see santa_cruz.hpp
// for the rules summary, the action forms and the hidden information).

#include "engine/santa_cruz/santa_cruz.hpp"

#include "engine/core/json_object.hpp"

#include <algorithm>
#include <numeric>

namespace archipel::engine::santa_cruz {
namespace {

constexpr std::array<CardKind, 3> kBuildCards{CardKind::ship, CardKind::river, CardKind::road};

bool holds(const SiteState& site, Seat seat) {
  return std::find(site.owners.begin(), site.owners.end(), seat) != site.owners.end();
}

int supply_total(const PlayerState& p) {
  return std::accumulate(p.supply.begin(), p.supply.end(), 0);
}

int cards_total(const PlayerState& p) {
  return std::accumulate(p.cards_left.begin(), p.cards_left.end(), 0) +
         static_cast<int>(p.hand.size());
}

BuildMode mode_of(CardKind k) {
  switch (k) {
    case CardKind::ship:
      return BuildMode::ship;
    case CardKind::river:
      return BuildMode::river;
    default:
      return BuildMode::road;
  }
}

const Tile& tile_at(const State& s, int site) {
  return components().tiles[s.sites[site].tile];
}

// Why a build target is refused, without building a message (legal-action enumeration is hot).
enum class Why : std::uint8_t {
  ok,
  ok_privileged,
  unknown_site,
  not_coast,
  not_on_a_river,
  not_on_your_river,
  not_road_adjacent,
  occupied,
  landing_occupied,
  privilege_used,
  own_site,
  no_building_left,
  no_buildings_at_all,
};

Why target_status(const State& s, Seat seat, BuildMode mode, int site) {
  if (site < 0 || site >= static_cast<int>(s.sites.size())) return Why::unknown_site;
  const Site& def = components().sites[site];
  const SiteState& here = s.sites[site];
  switch (mode) {
    case BuildMode::landing:
    case BuildMode::ship:
      if (def.kind != SiteKind::coast) return Why::not_coast;
      break;
    case BuildMode::road: {
      bool next_to_own = false;
      for (int n : def.roads)
        if (holds(s.sites[n], seat)) next_to_own = true;
      if (!next_to_own) return Why::not_road_adjacent;
      break;
    }
    case BuildMode::river: {
      if (def.rivers.empty()) return Why::not_on_a_river;
      bool yours = false;
      for (int r : def.rivers)
        for (int other : components().rivers[r].sites)
          if (holds(s.sites[other], seat)) yours = true;
      if (!yours) return Why::not_on_your_river;
      break;
    }
  }
  bool privileged = false;
  if (!here.owners.empty()) {
    // Both books land on a free ("libre") coast site: the privilege is for card builds only.
    if (mode == BuildMode::landing) return Why::landing_occupied;
    if (seat != last_player(s)) return Why::occupied;
    if (s.privilege_used) return Why::privilege_used;
    if (holds(here, seat)) return Why::own_site;
    privileged = true;
  }
  const PlayerState& p = s.players[seat];
  if (here.revealed) {
    if (p.supply[static_cast<int>(tile_at(s, site).building)] == 0) return Why::no_building_left;
  } else if (supply_total(p) == 0) {
    return Why::no_buildings_at_all;
  }
  return privileged ? Why::ok_privileged : Why::ok;
}

RuleError why_error(const State& s, Why why, BuildMode mode, int site) {
  const std::string at = site >= 0 && site < static_cast<int>(components().sites.size())
                             ? components().sites[site].id
                             : "?";
  switch (why) {
    case Why::unknown_site:
      return fail("santa_cruz.unknown_site", "there is no site called that",
                  "il n'y a pas d'emplacement de ce nom");
    case Why::not_coast:
      return fail("santa_cruz.not_coast",
                  at + " is not a coast site; " +
                      (mode == BuildMode::landing ? "landing" : "a ship") +
                      " builds on a coast site",
                  at + " n'est pas un emplacement côtier ; " +
                      (mode == BuildMode::landing ? "l'emplacement de départ est"
                                                  : "une carte bateau construit") +
                      " sur la côte");
    case Why::not_on_a_river:
      return fail("santa_cruz.not_on_a_river", at + " is not on a river",
                  at + " n'est pas le long d'un fleuve");
    case Why::not_on_your_river:
      return fail("santa_cruz.not_on_your_river",
                  at + " is not on a river where you already have a building",
                  at + " n'est pas le long d'un fleuve où vous avez déjà un bâtiment");
    case Why::not_road_adjacent:
      return fail("santa_cruz.not_road_adjacent",
                  at + " is not one road segment from one of your buildings",
                  at + " n'est pas accessible par un chemin direct depuis un de vos bâtiments");
    case Why::occupied:
      return fail(
          "santa_cruz.site_occupied",
          at +
              " is occupied; only the last player of the round may build on an occupied site, once",
          at + " est occupé ; seul le dernier joueur de la manche peut construire une fois sur une "
               "tuile déjà occupée");
    case Why::landing_occupied:
      return fail(
          "santa_cruz.site_occupied",
          at + " is occupied; the landing is on a free coast site (the last player's "
               "occupied-site build is for cards only)",
          at + " est occupé ; l'emplacement de départ est une tuile côte libre (la construction du "
               "dernier joueur sur une tuile occupée ne vaut que pour les cartes)");
    case Why::privilege_used:
      return fail(
          "santa_cruz.site_occupied",
          at + " is occupied and you have already used your occupied-site build this round",
          at + " est occupé et vous avez déjà construit sur une tuile occupée dans cette manche");
    case Why::own_site:
      return fail("santa_cruz.site_occupied", "you already have a building on " + at,
                  "vous avez déjà un bâtiment sur " + at);
    case Why::no_building_left:
      return fail(
          "santa_cruz.no_building_left",
          at + " needs a " + to_string(tile_at(s, site).building) + " and you have none left",
          at + " demande " + french_with_article(to_string(tile_at(s, site).building)) +
              " et il ne vous en reste plus");
    case Why::no_buildings_at_all:
      return fail("santa_cruz.no_building_left", "you have no buildings left",
                  "il ne vous reste plus de bâtiment");
    default:
      return fail("santa_cruz.internal", "unexpected target status",
                  "état d'emplacement inattendu");
  }
}

bool has_normal_target(const State& s, Seat seat, BuildMode mode) {
  for (int site = 0; site < static_cast<int>(s.sites.size()); ++site)
    if (target_status(s, seat, mode, site) == Why::ok) return true;
  return false;
}

Json event(std::string type, Seat seat) {
  return object_of("type", std::move(type), "seat", seat);
}

Json tile_json(const Tile& t) {
  Json j{{"building", to_string(t.building)}, {"points", t.points}};
  if (t.resource != Resource::none) j["resource"] = to_string(t.resource);
  if (t.fish_bonus != 0) j["fish_bonus"] = t.fish_bonus;
  if (t.bird) j["bird"] = true;
  return j;
}

void reveal(State& s, int site, std::vector<Json>& events) {
  s.sites[site].revealed = true;
  Json e = tile_json(tile_at(s, site));
  e["type"] = "reveal";
  e["site"] = components().sites[site].id;
  events.push_back(std::move(e));
}

// Builds (or, on a face-down river target whose building is not in supply, only reveals). True if
// built.
bool do_build(State& s, Seat seat, int site, const std::string& how, std::vector<Json>& events) {
  SiteState& here = s.sites[site];
  PlayerState& p = s.players[seat];
  if (!here.revealed) {
    reveal(s, site, events);
    const Tile& t = tile_at(s, site);
    if (p.supply[static_cast<int>(t.building)] == 0) {
      Json e = event("build_failed", seat);
      e["site"] = components().sites[site].id;
      e["building"] = to_string(t.building);
      events.push_back(std::move(e));
      return false;
    }
  }
  const Tile& t = tile_at(s, site);
  const bool privileged = !here.owners.empty();
  if (privileged) s.privilege_used = true;
  here.owners.push_back(seat);
  --p.supply[static_cast<int>(t.building)];
  add_points(s, seat, t.points);
  p.building_points += t.points;
  Json e = event("build", seat);
  e["site"] = components().sites[site].id;
  e["building"] = to_string(t.building);
  e["points"] = t.points;
  e["card"] = how;
  if (privileged) e["privilege"] = true;
  if (t.bird) {
    if (s.bird_pile.empty()) {
      e["bird"] = "pile_empty";
    } else {
      p.birds.push_back(s.bird_pile.back());
      s.bird_pile.pop_back();
      e["bird"] = "drawn";
    }
  }
  events.push_back(std::move(e));
  auto uncover = [&](const std::vector<int>& links) {
    for (int n : links)
      if (!s.sites[n].revealed) reveal(s, n, events);
  };
  uncover(components().sites[site].roads);
  uncover(components().sites[site].river_links);
  return true;
}

void take_set(State& s, Seat seat, int set) {
  PlayerState& p = s.players[seat];
  p.set = set;
  p.cards_left = components().sets[set].cards;
  p.cards_played = {};
}

void start_round(State& s, std::vector<Json>& events) {
  s.phase = Phase::landing;
  s.turn = 0;
  s.privilege_used = false;
  s.double_kind = -1;
  s.double_left = 0;
  events.push_back(Json{{"type", "round_start"}, {"round", s.round}, {"order", s.order}});
}

void finish_game(State& s, std::vector<Json>& events) {
  for (Seat seat : s.order) {
    const PlayerState& p = s.players[seat];
    Json counts = Json::object();
    int points = 0;
    for (const auto& b : components().birds) counts[b.name] = 0;
    for (int species : p.birds) {
      counts[components().birds[species].name] =
          counts[components().birds[species].name].get<int>() + 1;
      points += components().birds[species].value;
    }
    add_points(s, seat, points);
    Json e = event("birds_revealed", seat);
    e["birds"] = counts;
    e["points"] = points;
    events.push_back(std::move(e));
  }
  s.phase = Phase::over;
  auto out = Rules::outcome(s);
  events.push_back(Json{{"type", "game_over"}, {"scores", out->scores}, {"ranking", out->ranking}});
}

void setup_round_two(State& s, std::vector<Json>& events) {
  s.round = 2;
  for (auto& site : s.sites) site.owners.clear();
  s.piles.clear();
  for (int set = 0; set < static_cast<int>(components().sets.size()); ++set)
    for (Seat seat = 0; seat < s.num_seats; ++seat)
      if (s.players[seat].set == set)
        // Both books: a pile is the set plus the score cards played with it (the online book is
        // silent, so the physical rule holds).
        s.piles.push_back(Pile{set, seat, s.players[seat].played, -1});
  for (Seat seat = 0; seat < s.num_seats; ++seat) {
    PlayerState& p = s.players[seat];
    p.supply = components().buildings;
    p.removed = {};
    p.set = -1;
    p.cards_left = {};
    p.cards_played = {};
    p.played.clear();
    for (int i = 0; i < components().round_two_draw && !s.score_pile.empty(); ++i) {
      p.hand.push_back(s.score_pile.back());
      s.score_pile.pop_back();
    }
    std::sort(p.hand.begin(), p.hand.end());
    events.push_back(event("score_card_drawn", seat));
  }
  const auto track = track_order(s);
  s.pick_order.assign(track.rbegin(), track.rend());
  s.pick = 0;
  const Seat first = track.back();
  s.order.clear();
  for (int i = 0; i < s.num_seats; ++i) s.order.push_back((first + i) % s.num_seats);
  s.phase = Phase::choose_pile;
  s.double_kind = -1;
  s.double_left = 0;
  events.push_back(Json{{"type", "choose_piles"}, {"pick_order", s.pick_order}});
}

void end_round(State& s, std::vector<Json>& events) {
  events.push_back(Json{{"type", "round_end"}, {"round", s.round}});
  if (s.round == 1)
    setup_round_two(s, events);
  else
    finish_game(s, events);
}

void end_turn(State& s, std::vector<Json>& events) {
  s.double_kind = -1;
  s.double_left = 0;
  const int n = static_cast<int>(s.order.size());
  if (s.phase == Phase::landing) {
    if (++s.turn < n) return;
    s.phase = Phase::play;
    s.turn = -1;
  }
  for (int step = 1; step <= n; ++step) {
    const int next = ((s.turn + step) % n + n) % n;
    if (cards_total(s.players[s.order[next]]) > 0) {
      s.turn = next;
      return;
    }
  }
  s.turn = 0;
  end_round(s, events);
}

// After a take in round 2: auto-assign the last pile, then open the discard step.
void after_pick(State& s, std::vector<Json>& events) {
  ++s.pick;
  if (s.pick == s.num_seats - 1) {
    for (auto& pile : s.piles)
      if (pile.taken_by < 0) {
        const Seat seat = s.pick_order[s.pick];
        pile.taken_by = seat;
        take_set(s, seat, pile.set);
        auto& hand = s.players[seat].hand;
        hand.insert(hand.end(), pile.score_cards.begin(), pile.score_cards.end());
        std::sort(hand.begin(), hand.end());
        Json e = event("pile_chosen", seat);
        e["set"] = components().sets[pile.set].letter;
        e["auto"] = true;
        events.push_back(std::move(e));
        break;
      }
    ++s.pick;
  }
  if (s.pick < s.num_seats) return;
  s.phase = Phase::discard;
  for (auto& p : s.players)
    p.must_discard = static_cast<int>(p.hand.size()) >= components().round_two_discard;
  events.push_back(Json{{"type", "discard_start"}});
}

std::optional<std::string> get_string(const Json& action, const char* key) {
  auto it = action.find(key);
  if (it == action.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

RuleError bad_action(const std::string& what, const std::string& what_fr) {
  return fail("santa_cruz.bad_action", what, what_fr);
}

Result<int> site_arg(const Json& action) {
  auto id = get_string(action, "site");
  if (!id)
    return bad_action("the action needs a \"site\" such as \"C04\"",
                      "l'action demande un emplacement (« site ») tel que « C04 »");
  const int site = components().site_index(*id);
  if (site < 0)
    return fail("santa_cruz.unknown_site", "there is no site " + *id,
                "il n'y a pas d'emplacement " + *id);
  return site;
}

Result<int> card_arg(const Json& action) {
  auto id = get_string(action, "card");
  if (!id)
    return bad_action("the action needs a score \"card\" such as \"SC03\"",
                      "l'action demande une carte d'évaluation (« card ») telle que « SC03 »");
  const int card = components().card_index(*id);
  if (card < 0)
    return fail("santa_cruz.unknown_card", "there is no score card " + *id,
                "il n'y a pas de carte d'évaluation " + *id);
  return card;
}

Result<int> set_arg(const Json& action) {
  auto letter = get_string(action, "set");
  if (!letter)
    return bad_action("the action needs a \"set\" such as \"B\"",
                      "l'action demande un set (« set ») tel que « B »");
  const int set = components().set_index(*letter);
  if (set < 0)
    return fail("santa_cruz.unknown_set", "there is no set " + *letter,
                "il n'y a pas de set " + *letter);
  return set;
}

Result<CardKind> build_kind_arg(const Json& action, const char* key) {
  auto name = get_string(action, key);
  auto kind = name ? card_kind_from(*name) : std::nullopt;
  if (!kind || *kind == CardKind::double_turn)
    return bad_action(
        std::string("\"") + key + "\" must be ship, river or road",
        std::string("« ") + key + " » doit être ship (bateau), river (fleuve) ou road (chemin)");
  return *kind;
}

std::string site_list(const State& s, Seat seat, BuildMode mode) {
  std::string out;
  for (const auto& t : build_targets(s, seat, mode))
    if (!t.privileged) out += (out.empty() ? "" : " ") + components().sites[t.site].id;
  return out;
}

// --- apply, per phase

Result<std::vector<Json>> apply_choose_set(State& s, Seat seat, const Json& action) {
  auto set = set_arg(action);
  if (!set.ok()) return set.error();
  for (const auto& p : s.players)
    if (p.set == *set)
      return fail("santa_cruz.set_taken", "set " + components().sets[*set].letter + " is taken",
                  "le set " + components().sets[*set].letter + " est déjà pris");
  std::vector<Json> events;
  take_set(s, seat, *set);
  Json e = event("set_chosen", seat);
  e["set"] = components().sets[*set].letter;
  events.push_back(std::move(e));
  const Seat next = current_seat(s);
  if (next >= 0) {
    std::vector<int> free_sets;
    for (int i = 0; i < static_cast<int>(components().sets.size()); ++i)
      if (std::none_of(s.players.begin(), s.players.end(),
                       [&](const PlayerState& p) { return p.set == i; }))
        free_sets.push_back(i);
    if (free_sets.size() == 1 &&
        next == 0) {  // with four players the last chooser takes the last set
      take_set(s, next, free_sets.front());
      Json a = event("set_chosen", next);
      a["set"] = components().sets[free_sets.front()].letter;
      a["auto"] = true;
      events.push_back(std::move(a));
    }
  }
  if (std::all_of(s.players.begin(), s.players.end(),
                  [](const PlayerState& p) { return p.set >= 0; }))
    start_round(s, events);
  return events;
}

Result<std::vector<Json>> apply_build_step(State& s, Seat seat, const Json& action,
                                           const std::string& type) {
  const bool landing = s.phase == Phase::landing;
  const bool pending = s.double_kind >= 0;
  if (type == "pass") {
    const BuildMode mode =
        landing ? BuildMode::landing : mode_of(static_cast<CardKind>(s.double_kind));
    if (!landing && !pending)
      return fail("santa_cruz.nothing_to_pass", "there is no build step to pass",
                  "il n'y a pas de construction à passer");
    if (pending && s.double_left > 1)
      return fail("santa_cruz.must_build", "you chose this double: make its first build",
                  "vous avez choisi ce double tour : faites sa première construction");
    if (has_normal_target(s, seat, mode))
      return fail(
          "santa_cruz.must_build", "you can build (" + site_list(s, seat, mode) + "), so you must",
          "vous pouvez construire (" + site_list(s, seat, mode) + "), vous devez donc le faire");
    std::vector<Json> events{event("pass", seat)};
    end_turn(s, events);
    return events;
  }
  if (landing) {
    if (type != "land")
      return fail("santa_cruz.landing", "the round opens with a landing: land <coast site>",
                  "la manche commence par l'emplacement de départ : land <emplacement côtier>");
    auto site = site_arg(action);
    if (!site.ok()) return site.error();
    const Why why = target_status(s, seat, BuildMode::landing, *site);
    if (why != Why::ok && why != Why::ok_privileged)
      return why_error(s, why, BuildMode::landing, *site);
    std::vector<Json> events;
    do_build(s, seat, *site, "landing", events);
    end_turn(s, events);
    return events;
  }
  // A build during a pending double.
  if (type != "build")
    return fail("santa_cruz.double_pending",
                "finish your double: build with " + to_string(static_cast<CardKind>(s.double_kind)),
                "terminez votre double tour : construisez avec " +
                    french_word(to_string(static_cast<CardKind>(s.double_kind))));
  auto kind = build_kind_arg(action, "card");
  if (!kind.ok()) return kind.error();
  if (static_cast<int>(*kind) != s.double_kind)
    return fail("santa_cruz.double_pending",
                "your double is a double " + to_string(static_cast<CardKind>(s.double_kind)) +
                    "; build with that",
                "votre double tour est un double " +
                    french_word(to_string(static_cast<CardKind>(s.double_kind))) +
                    " ; construisez avec lui");
  auto site = site_arg(action);
  if (!site.ok()) return site.error();
  const BuildMode mode = mode_of(*kind);
  const Why why = target_status(s, seat, mode, *site);
  if (why != Why::ok && why != Why::ok_privileged) return why_error(s, why, mode, *site);
  std::vector<Json> events;
  const bool built = do_build(s, seat, *site, "double " + to_string(*kind), events);
  --s.double_left;
  if (!built && s.double_left > 0) {
    events.push_back(event("double_lost", seat));
  } else if (s.double_left > 0) {
    if (!build_targets(s, seat, mode).empty()) return events;  // same seat builds again
    events.push_back(event("double_lost", seat));
  }
  end_turn(s, events);
  return events;
}

Result<std::vector<Json>> apply_play(State& s, Seat seat, const Json& action,
                                     const std::string& type) {
  if (s.double_kind >= 0 || type == "pass") return apply_build_step(s, seat, action, type);
  PlayerState& p = s.players[seat];
  if (type == "build") {
    auto kind = build_kind_arg(action, "card");
    if (!kind.ok()) return kind.error();
    if (p.cards_left[static_cast<int>(*kind)] == 0)
      return fail("santa_cruz.no_such_card", "you have no " + to_string(*kind) + " card left",
                  "il ne vous reste plus de carte " + french_word(to_string(*kind)));
    auto site = site_arg(action);
    if (!site.ok()) return site.error();
    const BuildMode mode = mode_of(*kind);
    const Why why = target_status(s, seat, mode, *site);
    if (why != Why::ok && why != Why::ok_privileged) return why_error(s, why, mode, *site);
    --p.cards_left[static_cast<int>(*kind)];
    ++p.cards_played[static_cast<int>(*kind)];
    std::vector<Json> events;
    do_build(s, seat, *site, to_string(*kind), events);
    end_turn(s, events);
    return events;
  }
  if (type == "double") {
    auto kind = build_kind_arg(action, "kind");
    if (!kind.ok()) return kind.error();
    const int d = static_cast<int>(CardKind::double_turn);
    if (p.cards_left[d] == 0)
      return fail("santa_cruz.no_such_card", "you have no double card left",
                  "il ne vous reste plus de carte double tour");
    if (build_targets(s, seat, mode_of(*kind)).empty())
      return fail("santa_cruz.no_target", "you cannot build anywhere with " + to_string(*kind),
                  "vous ne pouvez construire nulle part avec " + french_word(to_string(*kind)));
    --p.cards_left[d];
    ++p.cards_played[d];
    s.double_kind = static_cast<int>(*kind);
    s.double_left = 2;
    Json e = event("double", seat);
    e["kind"] = to_string(*kind);
    return std::vector<Json>{std::move(e)};
  }
  if (type == "play") {
    auto name = get_string(action, "card");
    auto kind = name ? card_kind_from(*name) : std::nullopt;
    if (!kind)
      return bad_action("\"card\" must be ship, river, road or double",
                        "« card » doit être ship (bateau), river (fleuve), road (chemin) ou double "
                        "(double tour)");
    if (p.cards_left[static_cast<int>(*kind)] == 0)
      return fail("santa_cruz.no_such_card", "you have no " + to_string(*kind) + " card left",
                  "il ne vous reste plus de carte " + french_word(to_string(*kind)));
    if (*kind == CardKind::double_turn) {
      for (CardKind k : kBuildCards)
        if (has_normal_target(s, seat, mode_of(k)))
          return fail("santa_cruz.must_build",
                      "you can build with a double " + to_string(k) + ", so you must",
                      "vous pouvez construire avec un double " + french_word(to_string(k)) +
                          ", vous devez donc le faire");
    } else if (has_normal_target(s, seat, mode_of(*kind))) {
      const std::string sites = site_list(s, seat, mode_of(*kind));
      return fail("santa_cruz.must_build",
                  "you can build with " + to_string(*kind) + " (" + sites + "), so you must",
                  "vous pouvez construire avec la carte " + french_word(to_string(*kind)) + " (" +
                      sites + "), vous devez donc le faire");
    }
    --p.cards_left[static_cast<int>(*kind)];
    ++p.cards_played[static_cast<int>(*kind)];
    Json e = event("card_wasted", seat);
    e["card"] = to_string(*kind);
    std::vector<Json> events{std::move(e)};
    end_turn(s, events);
    return events;
  }
  if (type == "score") {
    auto card = card_arg(action);
    if (!card.ok()) return card.error();
    auto it = std::find(p.hand.begin(), p.hand.end(), *card);
    if (it == p.hand.end())
      return fail("santa_cruz.not_in_hand",
                  "you do not hold " + components().score_cards[*card].title,
                  "vous n'avez pas la carte d'évaluation " +
                      score_card_title(components().score_cards[*card].id).fr);
    p.hand.erase(it);
    p.played.push_back(*card);
    const ScoreCard& sc = components().score_cards[*card];
    Json gains = Json::array();
    const std::vector<int> points = card_points_by_seat(s, *card);
    for (int i = 0; i < s.num_seats; ++i) {
      const Seat other = (seat + i) % s.num_seats;
      add_points(s, other, points[other]);
      if (points[other] != 0 || other == seat)  // a card's own player sees it, even at 0
        s.players[other].card_points.emplace_back(*card, points[other]);
      gains.push_back(object_of("seat", other, "points", points[other]));
    }
    Json e = event("score", seat);
    e["card"] = sc.id;
    e["gains"] = std::move(gains);
    if (sc.condition == Condition::eruption) {
      Json removed = Json::array();
      for (int site = 0; site < static_cast<int>(s.sites.size()); ++site) {
        if (components().sites[site].kind != SiteKind::volcano) continue;
        for (Seat owner : s.sites[site].owners) {
          ++s.players[owner].removed[static_cast<int>(tile_at(s, site).building)];
          removed.push_back(object_of("seat", owner, "site", components().sites[site].id));
        }
        s.sites[site].owners.clear();
      }
      e["removed"] = std::move(removed);
    }
    std::vector<Json> events{std::move(e)};
    end_turn(s, events);
    return events;
  }
  return bad_action(
      "in your turn: build, double, play or score (or '" + type + "' is not an action)",
      "à votre tour : build, double, play ou score ('" + type + "' n'est pas une action)");
}

Result<std::vector<Json>> apply_choose_pile(State& s, Seat seat, const Json& action) {
  auto set = set_arg(action);
  if (!set.ok()) return set.error();
  auto it =
      std::find_if(s.piles.begin(), s.piles.end(), [&](const Pile& p) { return p.set == *set; });
  if (it == s.piles.end())
    return fail(
        "santa_cruz.pile_not_offered",
        "set " + components().sets[*set].letter + " was not used in round 1",
        "le set " + components().sets[*set].letter + " n'a pas été joué dans la première manche");
  if (it->taken_by >= 0)
    return fail("santa_cruz.pile_taken", "that pile is taken", "ce set est déjà pris");
  it->taken_by = seat;
  take_set(s, seat, it->set);
  auto& hand = s.players[seat].hand;
  hand.insert(hand.end(), it->score_cards.begin(), it->score_cards.end());
  std::sort(hand.begin(), hand.end());
  Json e = event("pile_chosen", seat);
  e["set"] = components().sets[*set].letter;
  std::vector<Json> events{std::move(e)};
  after_pick(s, events);
  return events;
}

Result<std::vector<Json>> apply_discard(State& s, Seat seat, const Json& action) {
  auto card = card_arg(action);
  if (!card.ok()) return card.error();
  PlayerState& p = s.players[seat];
  auto it = std::find(p.hand.begin(), p.hand.end(), *card);
  if (it == p.hand.end())
    return fail("santa_cruz.not_in_hand", "you can only discard a card from your hand",
                "vous ne pouvez défausser qu'une carte d'évaluation de votre main");
  p.hand.erase(it);
  p.discarded.push_back(*card);
  std::sort(p.discarded.begin(), p.discarded.end());
  p.must_discard = false;
  std::vector<Json> events{event("discarded", seat)};
  if (std::none_of(s.players.begin(), s.players.end(),
                   [](const PlayerState& q) { return q.must_discard; }))
    start_round(s, events);
  return events;
}

}  // namespace

// --- shared helpers

Seat current_seat(const State& s) {
  switch (s.phase) {
    case Phase::choose_set: {
      const auto chosen = std::count_if(s.players.begin(), s.players.end(),
                                        [](const PlayerState& p) { return p.set >= 0; });
      return chosen < s.num_seats ? s.num_seats - 1 - static_cast<int>(chosen) : -1;
    }
    case Phase::landing:
    case Phase::play:
      return s.order[s.turn];
    case Phase::choose_pile:
      return s.pick_order[s.pick];
    default:
      return -1;
  }
}

std::vector<Seat> track_order(const State& s) {
  std::vector<Seat> seats(s.num_seats);
  std::iota(seats.begin(), seats.end(), 0);
  std::sort(seats.begin(), seats.end(), [&](Seat a, Seat b) {
    const auto& pa = s.players[a];
    const auto& pb = s.players[b];
    if (pa.score != pb.score) return pa.score > pb.score;
    if (pa.arrival != pb.arrival) return pa.arrival < pb.arrival;
    return a < b;
  });
  return seats;
}

Seat last_player(const State& s) {
  if (s.phase != Phase::landing && s.phase != Phase::play) return -1;
  return s.order.empty() ? -1 : s.order.back();
}

std::vector<Target> build_targets(const State& s, Seat seat, BuildMode mode) {
  std::vector<Target> out;
  for (int site = 0; site < static_cast<int>(s.sites.size()); ++site) {
    const Why why = target_status(s, seat, mode, site);
    if (why == Why::ok || why == Why::ok_privileged)
      out.push_back(Target{site, why == Why::ok_privileged});
  }
  return out;
}

std::vector<int> card_points_by_seat(const State& s, int card) {
  return card_points_by_seat(s, card, held_sites(s));
}

std::vector<int> sites_held_by(const State& s, Seat seat) {
  std::vector<int> own;
  own.reserve(s.sites.size());  // one allocation, not one per doubling
  for (int site = 0; site < static_cast<int>(s.sites.size()); ++site)
    if (holds(s.sites[site], seat)) own.push_back(site);
  return own;
}

HeldSites held_sites(const State& s) {
  // Each seat's own pass, through the one rule (holds): a few dozen sites, found once per view for
  // every card the view scores.
  HeldSites held;
  held.reserve(static_cast<std::size_t>(s.num_seats));
  for (Seat seat = 0; seat < s.num_seats; ++seat) held.push_back(sites_held_by(s, seat));
  return held;
}

namespace {
// card_points, given the sites `seat` holds (`own`, in site order).
int card_points_of_sites(const State& s, int card, Seat seat, const std::vector<int>& own) {
  const ScoreCard& sc = components().score_cards[card];
  auto has = [&](Resource r) {
    return std::any_of(own.begin(), own.end(),
                       [&](int site) { return tile_at(s, site).resource == r; });
  };
  auto count_buildings = [&](BuildingType b) {
    return std::count_if(own.begin(), own.end(),
                         [&](int site) { return tile_at(s, site).building == b; });
  };
  int points = 0;
  switch (sc.condition) {
    case Condition::resource:
      if (has(sc.resources[0])) points = sc.value;
      break;
    case Condition::resource_pair: {
      const int held = (has(sc.resources[0]) ? 1 : 0) + (has(sc.resources[1]) ? 1 : 0);
      points = held == 2 ? sc.value : held == 1 ? sc.value_one : 0;
      break;
    }
    case Condition::all_types:
      if (count_buildings(BuildingType::house) > 0 && count_buildings(BuildingType::church) > 0 &&
          count_buildings(BuildingType::lighthouse) > 0)
        points = sc.value;
      break;
    case Condition::houses:
      if (count_buildings(BuildingType::house) >= sc.count) points = sc.value;
      break;
    case Condition::connected: {
      // Largest group of own buildings joined by road segments between own buildings.
      std::vector<char> seen(s.sites.size(), 0);
      int best = 0;
      for (int start : own) {
        if (seen[start]) continue;
        int size = 0;
        std::vector<int> stack{start};
        seen[start] = 1;
        while (!stack.empty()) {
          const int at = stack.back();
          stack.pop_back();
          ++size;
          for (int n : components().sites[at].roads)
            if (!seen[n] && holds(s.sites[n], seat)) {
              seen[n] = 1;
              stack.push_back(n);
            }
        }
        best = std::max(best, size);
      }
      if (best >= sc.count) points = sc.value;
      break;
    }
    case Condition::per_site:
    case Condition::eruption: {
      const auto n = std::count_if(own.begin(), own.end(), [&](int site) {
        const Site& def = components().sites[site];
        return sc.where_river ? !def.rivers.empty() : def.kind == sc.where_kind;
      });
      points = static_cast<int>(n) * sc.value;
      break;
    }
    case Condition::birds:
      points = static_cast<int>(s.players[seat].birds.size()) *
               (s.rules == Variant::online ? sc.value_online : sc.value_table);
      break;
  }
  if (sc.shows_fish)
    for (int site : own) points += tile_at(s, site).fish_bonus;
  return points;
}
}  // namespace

std::vector<int> card_points_by_seat(const State& s, int card, const HeldSites& held) {
  std::vector<int> points(s.num_seats);
  for (Seat seat = 0; seat < s.num_seats; ++seat)
    points[seat] = card_points_of_sites(s, card, seat, held[seat]);
  return points;
}

int card_points(const State& s, int card, Seat seat) {
  return card_points_of_sites(s, card, seat, sites_held_by(s, seat));
}

Seat public_holder(const State& s, int card) {
  for (const auto& pile : s.piles)
    if (pile.taken_by >= 0 &&
        std::find(pile.score_cards.begin(), pile.score_cards.end(), card) != pile.score_cards.end())
      return pile.taken_by;
  return -1;
}

void add_points(State& s, Seat seat, int delta) {
  if (delta == 0) return;
  s.players[seat].score += delta;
  s.players[seat].arrival = ++s.clock;
}

// --- the contract

const GameSpec& Rules::spec() {
  static const GameSpec spec{
      "santa-cruz",
      "Santa Cruz",
      2,
      4,
      {{"rules",
        {"online", "table"},
        "online",
        {"Rules", "Règles"},
        {"online: the Brettspielwelt rules (birds card 3 a chip, tied "
         "players share their place); table: the printed rules (birds card "
         "2 a chip, ties by arrival on the track)",
         "online : les règles de Brettspielwelt (carte Jetons oiseau 3 points par "
         "jeton, les joueurs à égalité partagent leur place) ; table : les règles "
         "imprimées (2 points par jeton, égalité départagée par l'ordre d'arrivée "
         "sur la piste de score)"},
        0,
        0,
        {{"online (Brettspielwelt)", "en ligne (Brettspielwelt)"},
         {"table (printed rules)", "table (règles imprimées)"}}},
       {"sets",
        {"choose", "random"},
        "choose",
        {"Construction sets", "Sets de construction"},
        {"choose: each player chooses a set, last seat first; random: the sets are dealt at random "
         "(the table rules allow both)",
         "choose : chaque joueur choisit un set, en commençant par le dernier ; random : les sets "
         "sont distribués au hasard (les règles de table permettent les deux)"},
        0,
        0,
        {{"chosen by the players", "choisis par les joueurs"},
         {"dealt at random", "distribués au hasard"}}}}};
  return spec;
}

Result<State> Rules::setup(int num_seats, const Options& options, std::uint64_t seed) {
  if (num_seats < 2 || num_seats > 4)
    return fail("seat_count", "Santa Cruz is for 2 to 4 players",
                "Santa Cruz se joue de 2 à 4 joueurs");
  const auto rules = options.find("rules");
  State s;
  s.num_seats = num_seats;
  if (rules == options.end() || rules->second == "online")
    s.rules = Variant::online;
  else if (rules->second == "table")
    s.rules = Variant::table;
  else
    return fail("bad_option", "option rules takes online|table",
                "l'option rules vaut online ou table");
  s.rng = Rng(seed);
  const Components& c = components();

  // Tiles: shuffled per kind onto the sites of that kind; coast face up; the surplus back to the
  // box unseen.
  s.sites.assign(c.sites.size(), SiteState{});
  for (SiteKind kind : {SiteKind::coast, SiteKind::land, SiteKind::volcano}) {
    std::vector<int> tiles;
    for (int t = 0; t < static_cast<int>(c.tiles.size()); ++t)
      if (c.tiles[t].kind == kind) tiles.push_back(t);
    s.rng.shuffle(tiles);
    std::size_t next = 0;
    for (int site = 0; site < static_cast<int>(c.sites.size()); ++site)
      if (c.sites[site].kind == kind) {
        s.sites[site].tile = tiles[next++];
        s.sites[site].revealed = kind == SiteKind::coast;
      }
    s.unused_tiles.insert(s.unused_tiles.end(), tiles.begin() + static_cast<std::ptrdiff_t>(next),
                          tiles.end());
  }
  std::sort(s.unused_tiles.begin(), s.unused_tiles.end());

  // Players: buildings, start compensation (round-1 turn order is seat order), score cards.
  std::vector<int> cards(c.score_cards.size());
  std::iota(cards.begin(), cards.end(), 0);
  s.rng.shuffle(cards);
  s.players.assign(num_seats, PlayerState{});
  for (Seat seat = 0; seat < num_seats; ++seat) {
    PlayerState& p = s.players[seat];
    p.supply = c.buildings;
    p.score = c.start_compensation[seat];
    p.arrival = ++s.clock;
    for (int i = 0; i < c.score_cards_per_player[num_seats]; ++i) {
      p.hand.push_back(cards.back());
      cards.pop_back();
    }
    std::sort(p.hand.begin(), p.hand.end());
    s.order.push_back(seat);
  }
  s.score_pile = cards;
  for (int species = 0; species < static_cast<int>(c.birds.size()); ++species)
    s.bird_pile.insert(s.bird_pile.end(), c.birds[species].count, species);
  s.rng.shuffle(s.bird_pile);
  s.phase = Phase::choose_set;

  // sets=random, the table book's "il est aussi possible de distribuer les sets au hasard": each
  // seat is dealt a set and the game opens on the landing. Drawn last, so a game that chooses its
  // sets keeps the same tiles, cards and birds for the same seed.
  const auto sets = options.find("sets");
  if (sets != options.end() && sets->second == "random") {
    std::vector<int> deal(c.sets.size());
    std::iota(deal.begin(), deal.end(), 0);
    s.rng.shuffle(deal);
    for (Seat seat = 0; seat < num_seats; ++seat) take_set(s, seat, deal[seat]);
    std::vector<Json> unused;  // setup reports no events: the view shows every seat's set
    start_round(s, unused);
  } else if (sets != options.end() && sets->second != "choose") {
    return fail("bad_option", "option sets takes choose|random",
                "l'option sets vaut choose ou random");
  }
  return s;
}

std::vector<Seat> Rules::to_act(const State& s) {
  if (s.phase == Phase::over) return {};
  if (s.phase == Phase::discard) {
    std::vector<Seat> seats;
    for (Seat seat = 0; seat < s.num_seats; ++seat)
      if (s.players[seat].must_discard) seats.push_back(seat);
    return seats;
  }
  const Seat seat = current_seat(s);
  return seat >= 0 ? std::vector<Seat>{seat} : std::vector<Seat>{};
}

std::vector<Json> Rules::legal_actions(const State& s, Seat seat) {
  std::vector<Json> out;
  if (seat < 0 || seat >= s.num_seats) return out;
  const auto acting = to_act(s);
  if (std::find(acting.begin(), acting.end(), seat) == acting.end()) return out;
  const Components& c = components();
  const PlayerState& p = s.players[seat];
  auto build_json = [&](const char* type, const char* key, const std::string& value, int site) {
    return object_of("type", type, key, value, "site", c.sites[site].id);
  };
  switch (s.phase) {
    case Phase::choose_set:
      for (int set = 0; set < static_cast<int>(c.sets.size()); ++set)
        if (std::none_of(s.players.begin(), s.players.end(),
                         [&](const PlayerState& q) { return q.set == set; }))
          out.push_back(object_of("type", "choose_set", "set", c.sets[set].letter));
      break;
    case Phase::landing: {
      bool normal = false;
      for (const auto& t : build_targets(s, seat, BuildMode::landing)) {
        out.push_back(object_of("type", "land", "site", c.sites[t.site].id));
        normal = normal || !t.privileged;
      }
      if (!normal) out.push_back(object_of("type", "pass"));
      break;
    }
    case Phase::play: {
      if (s.double_kind >= 0) {
        const auto kind = static_cast<CardKind>(s.double_kind);
        bool normal = false;
        for (const auto& t : build_targets(s, seat, mode_of(kind))) {
          out.push_back(build_json("build", "card", to_string(kind), t.site));
          normal = normal || !t.privileged;
        }
        if (!normal && s.double_left == 1) out.push_back(object_of("type", "pass"));
        break;
      }
      std::array<std::vector<Target>, 3> targets;
      std::array<bool, 3> normal{};
      for (int k = 0; k < 3; ++k) {
        targets[k] = build_targets(s, seat, mode_of(kBuildCards[k]));
        normal[k] = std::any_of(targets[k].begin(), targets[k].end(),
                                [](const Target& t) { return !t.privileged; });
      }
      for (int k = 0; k < 3; ++k)
        if (p.cards_left[k] > 0)
          for (const auto& t : targets[k])
            out.push_back(build_json("build", "card", to_string(kBuildCards[k]), t.site));
      const bool has_double = p.cards_left[static_cast<int>(CardKind::double_turn)] > 0;
      if (has_double)
        for (int k = 0; k < 3; ++k)
          if (!targets[k].empty())
            out.push_back(object_of("type", "double", "kind", to_string(kBuildCards[k])));
      for (int k = 0; k < 3; ++k)
        if (p.cards_left[k] > 0 && !normal[k])
          out.push_back(object_of("type", "play", "card", to_string(kBuildCards[k])));
      if (has_double && !normal[0] && !normal[1] && !normal[2])
        out.push_back(object_of("type", "play", "card", "double"));
      for (int card : p.hand)
        out.push_back(object_of("type", "score", "card", c.score_cards[card].id));
      break;
    }
    case Phase::choose_pile:
      for (const auto& pile : s.piles)
        if (pile.taken_by < 0)
          out.push_back(object_of("type", "choose_pile", "set", c.sets[pile.set].letter));
      break;
    case Phase::discard:
      for (int card : p.hand)
        out.push_back(object_of("type", "discard", "card", c.score_cards[card].id));
      break;
    case Phase::over:
      break;
  }
  return out;
}

Result<std::vector<Json>> Rules::apply(State& s, Seat seat, const Json& action) {
  if (!action.is_object())
    return bad_action("an action is a JSON object with a \"type\"",
                      "une action est un objet JSON avec un « type »");
  const auto type = get_string(action, "type");
  if (!type)
    return bad_action("an action needs a string \"type\"",
                      "une action demande un « type » textuel");
  const auto acting = to_act(s);
  if (std::find(acting.begin(), acting.end(), seat) == acting.end())
    return acting.empty()
               ? fail("not_your_turn", "the game is over", "la partie est finie")
               : fail("not_your_turn", "it is not your turn to act", "ce n'est pas votre tour");
  switch (s.phase) {
    case Phase::choose_set:
      if (*type != "choose_set")
        return fail("santa_cruz.choose_set_first", "choose a construction set: set <A-D>",
                    "choisissez un set de cartes construction : set <A-D>");
      return apply_choose_set(s, seat, action);
    case Phase::landing:
      return apply_build_step(s, seat, action, *type);
    case Phase::play:
      return apply_play(s, seat, action, *type);
    case Phase::choose_pile:
      if (*type != "choose_pile")
        return fail("santa_cruz.choose_pile_first", "choose a pile: pile <A-D>",
                    "choisissez un des sets de la première manche : pile <A-D>");
      return apply_choose_pile(s, seat, action);
    case Phase::discard:
      if (*type != "discard")
        return fail("santa_cruz.discard_first", "discard one score card: discard <card>",
                    "défaussez une carte d'évaluation : discard <carte>");
      return apply_discard(s, seat, action);
    case Phase::over:
      break;
  }
  return fail("not_your_turn", "the game is over", "la partie est finie");
}

std::optional<Outcome> Rules::outcome(const State& s) {
  return outcome_when_over(s, s.phase == Phase::over, final_standing, score_parts);
}

std::vector<ScorePart> score_parts(const State& s, Seat seat) {
  const PlayerState& p = s.players[seat];
  std::vector<ScorePart> parts;
  parts.push_back({"start_bonus",
                   {"Start bonus", "Aide au démarrage"},
                   components().start_compensation[seat],
                   ""});
  parts.push_back(
      {"buildings", {"Construction bonuses", "Primes de construction"}, p.building_points, ""});
  for (const auto& [card, points] : p.card_points)
    parts.push_back(
        {"score_card", {"Score card", "Carte score"}, points, components().score_cards[card].id});
  int birds = 0;
  if (s.phase == Phase::over)  // revealed and counted only at the end of the game
    for (int species : p.birds) birds += components().birds[species].value;
  parts.push_back({"birds", {"Bird tokens", "Jetons oiseau"}, birds, ""});
  return parts;
}

Outcome final_standing(const State& s) {
  std::vector<int> scores;
  std::vector<int> arrival;
  for (const auto& p : s.players) {
    scores.push_back(p.score);
    arrival.push_back(p.arrival);
  }
  // Table: the marker that reached its score first is ahead (arrivals are all different, so no
  // place is shared). Online: the book names no tie-break, so equal scores share their place
  // (listed by seat).
  return s.rules == Variant::table ? outcome_by_score(std::move(scores), arrival)
                                   : outcome_by_score(std::move(scores));
}

}  // namespace archipel::engine::santa_cruz
