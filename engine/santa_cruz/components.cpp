// The component model: components.json (embedded at build time by archipel_add_game) parsed once,
// with the shared checked readers, into plain structs with precomputed adjacency and the static
// data the clients draw from. Bad embedded data is a programmer error and throws on first use (the
// engine tests parse it first thing); it is never read from disk.

#include <algorithm>
#include <stdexcept>

#include "engine/core/json_read.hpp"
#include "engine/santa_cruz/santa_cruz.hpp"

namespace archipel::engine::santa_cruz {
namespace {

std::pair<int, int> edge(const Components& c, const std::string& text) {
  const auto dash = text.find('-');
  require(dash != std::string::npos, "bad edge '" + text + "'");
  const int a = c.site_index(text.substr(0, dash)), b = c.site_index(text.substr(dash + 1));
  require(a >= 0 && b >= 0 && a != b, "bad edge '" + text + "'");
  return {a, b};
}

void add_link(std::vector<int>& list, int site) {
  if (std::find(list.begin(), list.end(), site) == list.end()) list.push_back(site);
  std::sort(list.begin(), list.end());
}

// An optional integer member (absent: `fallback`).
int read_int_or(const Json& j, std::string_view key, int fallback) {
  return j.contains(key) ? read_int(j, key, -1000, 1000) : fallback;
}

// The static drawing of the board (site positions, roads, rivers) and the public catalogue of the
// components the view names (score cards by name, sets, bird values), from the same parse as the
// rules' data, so a thin client keeps no copy that could drift from it.
Json static_data(const Json& j) {
  Json sites = Json::array();
  for (const auto& site : read_array(j, "sites"))
    sites.push_back(Json{{"id", read_string(site, "id")},
                         {"kind", read_string(site, "kind")},
                         {"x", read_int(site, "x", 0, 100000)},
                         {"y", read_int(site, "y", 0, 100000)}});
  auto pairs = [](const Json& edges) {
    Json out = Json::array();
    for (const auto& edge : edges) {
      const std::string& e = as_string(edge, "an edge");
      const auto dash = e.find('-');
      out.push_back(Json::array({e.substr(0, dash), e.substr(dash + 1)}));
    }
    return out;
  };
  Json rivers = Json::array();
  for (const auto& river : read_array(j, "rivers"))
    for (auto& pair : pairs(read_array(river, "edges"))) rivers.push_back(std::move(pair));
  const Json& size = read_array(j, "board_size");
  require(size.size() == 2, "board_size is [width, height]");
  Json map{{"width", as_int(size[0], "board width", 1, 100000)},
           {"height", as_int(size[1], "board height", 1, 100000)},
           {"sites", std::move(sites)},
           {"roads", pairs(read_array(j, "roads"))},
           {"rivers", std::move(rivers)}};

  // Score cards keyed by their public name: an id in the view means "this card is here", so the
  // catalogue, the same for everyone, names none.
  Json cards = Json::object();
  for (auto card : read_array(j, "score_cards")) {
    const std::string name = read_string(card, "name");
    card.erase("id");
    card.erase("name");
    cards[name] = std::move(card);
  }
  Json sets = Json::object();
  for (const auto& set : read_array(j, "construction_sets")) {
    Json counts = Json::array();
    for (const auto& kind : kCardKindNames.entries)
      counts.push_back(read_int(set, kind.name, 0, 20));
    sets[read_string(set, "set")] = std::move(counts);
  }
  Json birds = Json::object();
  for (const auto& bird : read_array(j, "bird_chips"))
    birds[read_string(bird, "species")] = read_int(bird, "value", 0, 100);
  return Json{{"map", std::move(map)},
              {"catalog",
               {{"score_cards", std::move(cards)},
                {"sets", std::move(sets)},
                {"bird_values", std::move(birds)}}}};
}

Components parse(const Json& j) {
  Components c;
  for (const auto& site : read_array(j, "sites")) {
    Site s;
    s.id = read_string(site, "id");
    s.kind = kSiteKindNames.read(site, "kind");
    require(c.site_ids.emplace(s.id, static_cast<int>(c.sites.size())).second,
            "duplicate site " + s.id);
    s.face_down_code = std::string(kSiteKindNames.name(s.kind)) + " face_down";
    c.sites.push_back(std::move(s));
  }
  for (const auto& road : read_array(j, "roads")) {
    auto [a, b] = edge(c, as_string(road, "a road"));
    add_link(c.sites[a].roads, b);
    add_link(c.sites[b].roads, a);
  }
  for (const auto& river : read_array(j, "rivers")) {
    River r;
    r.id = read_string(river, "id");
    const int index = static_cast<int>(c.rivers.size());
    for (const auto& id : read_strings(river, "sites")) {
      const int site = c.site_index(id);
      require(site >= 0, "river " + r.id + ": unknown site " + id);
      add_link(r.sites, site);
      add_link(c.sites[site].rivers, index);
    }
    for (const auto& e : read_strings(river, "edges")) {
      auto [a, b] = edge(c, e);
      add_link(c.sites[a].river_links, b);
      add_link(c.sites[b].river_links, a);
    }
    c.rivers.push_back(std::move(r));
  }
  for (const auto& tile : read_array(j, "tiles")) {
    Tile t;
    t.id = read_string(tile, "id");
    t.kind = kSiteKindNames.read(tile, "kind");
    t.building = kBuildingNames.read(tile, "building");
    t.points = read_int(tile, "points", 0, 100);
    t.resource = kResourceNames.read(tile, "resource");
    t.fish_bonus = read_int(tile, "fish_bonus", 0, 100);
    t.bird = read_bool(tile, "bird");
    require(c.tile_ids.emplace(t.id, static_cast<int>(c.tiles.size())).second,
            "duplicate tile " + t.id);
    // "<kind> <building> <points>[ <resource>][ +<fish bonus>][ bird]"
    t.view_code = std::string(kSiteKindNames.name(t.kind)) + " " +
                  std::string(kBuildingNames.name(t.building)) + " " + std::to_string(t.points);
    if (t.resource != Resource::none)
      t.view_code += " " + std::string(kResourceNames.name(t.resource));
    if (t.fish_bonus != 0) t.view_code += " +" + std::to_string(t.fish_bonus);
    if (t.bird) t.view_code += " bird";
    c.tiles.push_back(std::move(t));
  }
  for (const auto& card : read_array(j, "score_cards")) {
    ScoreCard sc;
    sc.id = read_string(card, "id");
    sc.name = read_string(card, "name");
    sc.title = read_string(card, "title");
    sc.family = read_string(card, "family");
    sc.condition = kConditionNames.read(card, "condition");
    if (card.contains("resources"))
      for (const auto& r : read_array(card, "resources")) {
        sc.resources.push_back(kResourceNames.of(r, "a resource of " + sc.id));
        if (sc.resources.back() == Resource::fish) sc.shows_fish = true;
      }
    sc.value = read_int_or(card, "value", 0);
    sc.value_one = read_int_or(card, "value_one", 0);
    sc.count = read_int_or(card, "count", 0);
    if (card.contains("where")) {
      const std::string& where = read_string(card, "where");
      if (where == "river")
        sc.where_river = true;
      else
        sc.where_kind = kSiteKindNames.read(card, "where");
    }
    if (card.contains("value_by_rules")) {
      const Json& by_rules = read_object(card, "value_by_rules");
      sc.value_online = read_int(by_rules, kVariantNames.name(Variant::online), 0, 100);
      sc.value_table = read_int(by_rules, kVariantNames.name(Variant::table), 0, 100);
    }
    const bool needs_resources =
        sc.condition == Condition::resource || sc.condition == Condition::resource_pair;
    require(
        !needs_resources || sc.resources.size() == (sc.condition == Condition::resource ? 1u : 2u),
        "card " + sc.id + ": wrong number of resources");
    require(c.card_ids.emplace(sc.id, static_cast<int>(c.score_cards.size())).second &&
                c.card_names.emplace(sc.name, static_cast<int>(c.score_cards.size())).second,
            "duplicate card " + sc.id);
    c.score_cards.push_back(std::move(sc));
  }
  for (const auto& set : read_array(j, "construction_sets")) {
    ConstructionSet cs;
    cs.letter = read_string(set, "set");
    for (const auto& kind : kCardKindNames.entries)
      cs.cards[static_cast<int>(kind.value)] = read_int(set, kind.name, 0, 20);
    c.sets.push_back(std::move(cs));
  }
  for (const auto& bird : read_array(j, "bird_chips"))
    c.birds.push_back(BirdSpecies{read_string(bird, "species"), read_int(bird, "count", 0, 100),
                                  read_int(bird, "value", 0, 100)});
  const Json& buildings = read_object(j, "buildings_per_colour");
  for (const auto& b : kBuildingNames.entries)
    c.buildings[static_cast<int>(b.value)] = read_int(buildings, b.name, 0, 100);
  const Json& per_player = read_object(j, "score_cards_per_player");
  for (int n = 2; n <= 4; ++n)
    c.score_cards_per_player[n] = read_int(per_player, std::to_string(n), 0, 16);
  c.start_compensation = read_ints(j, "start_compensation", 0, 100);
  const Json& round_two = read_object(j, "round_two");
  c.round_two_draw = read_int(round_two, "draw", 0, 16);
  c.round_two_discard = read_int(round_two, "discard", 0, 16);

  // Enough tiles of each kind for the sites of that kind, enough sets and cards for four players.
  for (const auto& kind : kSiteKindNames.entries) {
    auto sites = std::count_if(c.sites.begin(), c.sites.end(),
                               [&](const Site& s) { return s.kind == kind.value; });
    auto tiles = std::count_if(c.tiles.begin(), c.tiles.end(),
                               [&](const Tile& t) { return t.kind == kind.value; });
    require(tiles >= sites, "fewer " + std::string(kind.name) + " tiles than sites");
  }
  require(c.sets.size() >= 4, "fewer than 4 construction sets");
  require(c.start_compensation.size() >= 4, "start_compensation needs 4 values");
  for (int n = 2; n <= 4; ++n)
    require(n * c.score_cards_per_player[n] + n * c.round_two_draw <=
                static_cast<int>(c.score_cards.size()),
            "not enough score cards");
  c.static_data = static_data(j);
  return c;
}

template <class T, class F>
int find_index(const std::vector<T>& items, F&& pred) {
  auto it = std::find_if(items.begin(), items.end(), pred);
  return it == items.end() ? -1 : static_cast<int>(it - items.begin());
}

}  // namespace

namespace {
int lookup(const std::map<std::string, int, std::less<>>& ids, std::string_view key) {
  auto it = ids.find(key);
  return it == ids.end() ? -1 : it->second;
}
}  // namespace

int Components::site_index(std::string_view id) const {
  return lookup(site_ids, id);
}
int Components::tile_index(std::string_view id) const {
  return lookup(tile_ids, id);
}
int Components::card_index(std::string_view id) const {
  return lookup(card_ids, id);
}
int Components::card_by_name(std::string_view name) const {
  return lookup(card_names, name);
}
int Components::set_index(std::string_view letter) const {
  return find_index(sets, [&](const ConstructionSet& s) { return s.letter == letter; });
}
int Components::species_index(std::string_view name) const {
  return find_index(birds, [&](const BirdSpecies& b) { return b.name == name; });
}

const Components& components() {
  // Embedded data: a fault is a programmer error, caught by the first engine test.
  static const Components parsed = [] {
    auto result = guard_input("bad_components", "santa-cruz components.json",
                              [] { return parse(Json::parse(components_json_text())); });
    if (!result.ok()) throw std::logic_error(result.error().message);
    return std::move(result).value();
  }();
  return parsed;
}

std::string to_string(SiteKind k) {
  return std::string(kSiteKindNames.name(k));
}
std::string to_string(BuildingType b) {
  return std::string(kBuildingNames.name(b));
}
std::string to_string(CardKind c) {
  return std::string(kCardKindNames.name(c));
}
std::string to_string(Resource r) {
  return std::string(kResourceNames.name(r));
}
std::string to_string(Variant v) {
  return std::string(kVariantNames.name(v));
}
std::string to_string(Phase p) {
  return std::string(kPhaseNames.name(p));
}

std::optional<CardKind> card_kind_from(std::string_view s) {
  return kCardKindNames.parse(s);
}

}  // namespace archipel::engine::santa_cruz
