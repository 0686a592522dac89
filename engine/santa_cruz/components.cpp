// The component model: components.json (embedded at build time by engine/CMakeLists.txt) parsed
// once into plain structs with precomputed adjacency. Bad embedded data is a programmer error and
// throws on first use (the engine tests parse it first thing); it is never read from disk.

#include <algorithm>
#include <stdexcept>

#include "engine/santa_cruz/santa_cruz.hpp"

namespace archipel::engine::santa_cruz {
namespace {

[[noreturn]] void bad(const std::string& what) {
  throw std::logic_error("santa-cruz components.json: " + what);
}

template <class E, std::size_t N>
E enum_from(const std::string& s, const std::array<const char*, N>& names, const char* what) {
  for (std::size_t i = 0; i < N; ++i)
    if (s == names[i]) return static_cast<E>(i);
  bad(std::string("unknown ") + what + " '" + s + "'");
}

constexpr std::array<const char*, 3> kSiteKinds{"coast", "land", "volcano"};
constexpr std::array<const char*, 3> kBuildings{"house", "church", "lighthouse"};
constexpr std::array<const char*, 4> kCards{"ship", "river", "road", "double"};
constexpr std::array<const char*, 6> kResources{"none", "sheep", "wood", "sugar", "gold", "fish"};
constexpr std::array<const char*, 8> kConditions{"resource", "resource_pair", "all_types",
                                                 "houses",   "connected",     "per_site",
                                                 "birds",    "eruption"};
constexpr std::array<const char*, 2> kVariants{"online", "table"};
constexpr std::array<const char*, 6> kPhases{"choose_set",  "landing", "play",
                                             "choose_pile", "discard", "over"};

std::pair<int, int> edge(const Components& c, const std::string& text) {
  const auto dash = text.find('-');
  if (dash == std::string::npos) bad("bad edge '" + text + "'");
  const int a = c.site_index(text.substr(0, dash)), b = c.site_index(text.substr(dash + 1));
  if (a < 0 || b < 0 || a == b) bad("bad edge '" + text + "'");
  return {a, b};
}

void add_link(std::vector<int>& list, int site) {
  if (std::find(list.begin(), list.end(), site) == list.end()) list.push_back(site);
  std::sort(list.begin(), list.end());
}

Components parse() {
  const Json j = Json::parse(components_json_text());
  Components c;
  for (const auto& site : j.at("sites")) {
    Site s;
    s.id = site.at("id").get<std::string>();
    s.kind = enum_from<SiteKind>(site.at("kind").get<std::string>(), kSiteKinds, "site kind");
    if (!c.site_ids.emplace(s.id, static_cast<int>(c.sites.size())).second)
      bad("duplicate site " + s.id);
    s.face_down_code = std::string(kSiteKinds[static_cast<int>(s.kind)]) + " face_down";
    c.sites.push_back(std::move(s));
  }
  for (const auto& road : j.at("roads")) {
    auto [a, b] = edge(c, road.get<std::string>());
    add_link(c.sites[a].roads, b);
    add_link(c.sites[b].roads, a);
  }
  for (const auto& river : j.at("rivers")) {
    River r;
    r.id = river.at("id").get<std::string>();
    const int index = static_cast<int>(c.rivers.size());
    for (const auto& id : river.at("sites")) {
      const int site = c.site_index(id.get<std::string>());
      if (site < 0) bad("river " + r.id + ": unknown site");
      add_link(r.sites, site);
      add_link(c.sites[site].rivers, index);
    }
    for (const auto& e : river.at("edges")) {
      auto [a, b] = edge(c, e.get<std::string>());
      add_link(c.sites[a].river_links, b);
      add_link(c.sites[b].river_links, a);
    }
    c.rivers.push_back(std::move(r));
  }
  for (const auto& tile : j.at("tiles")) {
    Tile t;
    t.id = tile.at("id").get<std::string>();
    t.kind = enum_from<SiteKind>(tile.at("kind").get<std::string>(), kSiteKinds, "tile kind");
    t.building =
        enum_from<BuildingType>(tile.at("building").get<std::string>(), kBuildings, "building");
    t.points = tile.at("points").get<int>();
    t.resource =
        enum_from<Resource>(tile.at("resource").get<std::string>(), kResources, "resource");
    t.fish_bonus = tile.at("fish_bonus").get<int>();
    t.bird = tile.at("bird").get<bool>();
    if (!c.tile_ids.emplace(t.id, static_cast<int>(c.tiles.size())).second)
      bad("duplicate tile " + t.id);
    // "<kind> <building> <points>[ <resource>][ +<fish bonus>][ bird]"
    t.view_code = std::string(kSiteKinds[static_cast<int>(t.kind)]) + " " +
                  kBuildings[static_cast<int>(t.building)] + " " + std::to_string(t.points);
    if (t.resource != Resource::none)
      t.view_code += std::string(" ") + kResources[static_cast<int>(t.resource)];
    if (t.fish_bonus != 0) t.view_code += " +" + std::to_string(t.fish_bonus);
    if (t.bird) t.view_code += " bird";
    c.tiles.push_back(std::move(t));
  }
  for (const auto& card : j.at("score_cards")) {
    ScoreCard sc;
    sc.id = card.at("id").get<std::string>();
    sc.name = card.at("name").get<std::string>();
    sc.title = card.at("title").get<std::string>();
    sc.family = card.at("family").get<std::string>();
    sc.condition =
        enum_from<Condition>(card.at("condition").get<std::string>(), kConditions, "condition");
    for (const auto& r : card.value("resources", Json::array())) {
      sc.resources.push_back(enum_from<Resource>(r.get<std::string>(), kResources, "resource"));
      if (sc.resources.back() == Resource::fish) sc.shows_fish = true;
    }
    sc.value = card.value("value", 0);
    sc.value_one = card.value("value_one", 0);
    sc.count = card.value("count", 0);
    if (card.contains("where")) {
      const std::string where = card.at("where").get<std::string>();
      if (where == "river")
        sc.where_river = true;
      else
        sc.where_kind = enum_from<SiteKind>(where, kSiteKinds, "place");
    }
    if (card.contains("value_by_rules")) {
      sc.value_online = card.at("value_by_rules").at("online").get<int>();
      sc.value_table = card.at("value_by_rules").at("table").get<int>();
    }
    const bool needs_resources =
        sc.condition == Condition::resource || sc.condition == Condition::resource_pair;
    if (needs_resources && sc.resources.size() != (sc.condition == Condition::resource ? 1u : 2u))
      bad("card " + sc.id + ": wrong number of resources");
    if (!c.card_ids.emplace(sc.id, static_cast<int>(c.score_cards.size())).second ||
        !c.card_names.emplace(sc.name, static_cast<int>(c.score_cards.size())).second)
      bad("duplicate card " + sc.id);
    c.score_cards.push_back(std::move(sc));
  }
  for (const auto& set : j.at("construction_sets")) {
    ConstructionSet cs;
    cs.letter = set.at("set").get<std::string>();
    for (int k = 0; k < kCardKinds; ++k) cs.cards[k] = set.at(kCards[k]).get<int>();
    if (cs.cards[static_cast<int>(CardKind::double_turn)] < 0) bad("set " + cs.letter);
    c.sets.push_back(std::move(cs));
  }
  for (const auto& bird : j.at("bird_chips"))
    c.birds.push_back(BirdSpecies{bird.at("species").get<std::string>(),
                                  bird.at("count").get<int>(), bird.at("value").get<int>()});
  for (int b = 0; b < kBuildingTypes; ++b)
    c.buildings[b] = j.at("buildings_per_colour").at(kBuildings[b]).get<int>();
  for (int n = 2; n <= 4; ++n)
    c.score_cards_per_player[n] = j.at("score_cards_per_player").at(std::to_string(n)).get<int>();
  c.start_compensation = j.at("start_compensation").get<std::vector<int>>();
  c.round_two_draw = j.at("round_two").at("draw").get<int>();
  c.round_two_discard = j.at("round_two").at("discard").get<int>();

  // Enough tiles of each kind for the sites of that kind, enough sets and cards for four players.
  for (int k = 0; k < 3; ++k) {
    auto sites = std::count_if(c.sites.begin(), c.sites.end(),
                               [&](const Site& s) { return int(s.kind) == k; });
    auto tiles = std::count_if(c.tiles.begin(), c.tiles.end(),
                               [&](const Tile& t) { return int(t.kind) == k; });
    if (tiles < sites) bad(std::string("fewer ") + kSiteKinds[k] + " tiles than sites");
  }
  if (c.sets.size() < 4) bad("fewer than 4 construction sets");
  if (c.start_compensation.size() < 4) bad("start_compensation needs 4 values");
  for (int n = 2; n <= 4; ++n)
    if (n * c.score_cards_per_player[n] + n * c.round_two_draw >
        static_cast<int>(c.score_cards.size()))
      bad("not enough score cards");
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
  static const Components parsed = parse();
  return parsed;
}

std::string to_string(SiteKind k) {
  return kSiteKinds.at(static_cast<std::size_t>(k));
}
std::string to_string(BuildingType b) {
  return kBuildings.at(static_cast<std::size_t>(b));
}
std::string to_string(CardKind c) {
  return kCards.at(static_cast<std::size_t>(c));
}
std::string to_string(Resource r) {
  return kResources.at(static_cast<std::size_t>(r));
}
std::string to_string(Variant v) {
  return kVariants.at(static_cast<std::size_t>(v));
}
std::string to_string(Phase p) {
  return kPhases.at(static_cast<std::size_t>(p));
}

std::optional<CardKind> card_kind_from(std::string_view s) {
  for (std::size_t i = 0; i < kCards.size(); ++i)
    if (s == kCards[i]) return static_cast<CardKind>(i);
  return std::nullopt;
}

}  // namespace archipel::engine::santa_cruz
