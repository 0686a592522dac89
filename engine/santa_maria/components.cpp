// The component model: components.json (embedded at build time) parsed once into plain structs.
// Cell codes ("CTY X[W/Gem>3c]") are parsed into CellDefs, one per distinct code. Bad embedded
// data is a programmer error and throws on first use (the game's tests parse it first thing).

#include <stdexcept>

#include "engine/core/json_read.hpp"
#include "engine/santa_maria/santa_maria.hpp"

namespace archipel::engine::santa_maria {
namespace {

constexpr std::array<std::string_view, kResources> kCodes{"W", "G", "S", "Gem", "Au"};

Resource resource_code(std::string_view code) {
  for (int r = 0; r < kResources; ++r)
    if (kCodes[r] == code) return static_cast<Resource>(r);
  bad_input("unknown resource code '" + std::string(code) + "'");
}

// "+W", "+2c", "+3vp", "SHIP", "REL", "CONQ", "ROAD" (no exchange here).
Effect simple_effect(const std::string& token) {
  Effect e;
  if (token == "SHIP")
    e.kind = EffectKind::ship;
  else if (token == "REL")
    e.kind = EffectKind::religion;
  else if (token == "CONQ")
    e.kind = EffectKind::conquistador;
  else if (token == "ROAD")
    e.kind = EffectKind::road;
  else {
    require(token.size() >= 2 && token[0] == '+', "bad effect '" + token + "'");
    std::string rest = token.substr(1);
    std::size_t digits = 0;
    while (digits < rest.size() && std::isdigit(static_cast<unsigned char>(rest[digits]))) ++digits;
    const std::string unit = rest.substr(digits);
    e.amount = digits ? std::stoi(rest.substr(0, digits)) : 1;
    if (unit == "c")
      e.kind = EffectKind::coins;
    else if (unit == "vp")
      e.kind = EffectKind::points;
    else {
      e.kind = EffectKind::produce;
      e.resource = resource_code(unit);
    }
  }
  return e;
}

// "X[W/Gem>3c]"
Effect exchange_effect(const std::string& token) {
  require(token.size() > 4 && token.rfind("X[", 0) == 0 && token.back() == ']',
          "bad exchange '" + token + "'");
  const std::string body = token.substr(2, token.size() - 3);
  const auto arrow = body.find('>');
  require(arrow != std::string::npos, "exchange without '>' in '" + token + "'");
  Effect e;
  e.kind = EffectKind::exchange;
  std::string pays = body.substr(0, arrow);
  for (std::size_t at = 0; at <= pays.size();) {
    const auto slash = pays.find('/', at);
    const auto end = slash == std::string::npos ? pays.size() : slash;
    e.pay.push_back(resource_code(pays.substr(at, end - at)));
    at = end + 1;
  }
  const Effect gain = simple_effect("+" + body.substr(arrow + 1));
  require(gain.kind == EffectKind::coins || gain.kind == EffectKind::points ||
              gain.kind == EffectKind::produce,
          "bad exchange gain in '" + token + "'");
  e.gain_kind = gain.kind;
  e.gain_amount = gain.amount;
  e.gain_resource = gain.resource;
  return e;
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto space = text.find(' ', at);
    const auto end = space == std::string::npos ? text.size() : space;
    if (end > at) out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

std::vector<Effect> effects_of(const std::string& text) {
  std::vector<Effect> out;
  for (const auto& w : words(text))
    out.push_back(w.rfind("X[", 0) == 0 ? exchange_effect(w) : simple_effect(w));
  return out;
}

int intern(Components& c, const std::string& code) {
  const int found = c.def_index(code);
  if (found >= 0) return found;
  c.cell_defs.push_back(parse_cell_code(code));
  return static_cast<int>(c.cell_defs.size()) - 1;
}

std::array<int, kResources> cost_of(const std::string& text) {
  std::array<int, kResources> cost{};
  for (const auto& w : words(text)) ++cost[static_cast<int>(resource_code(w))];
  return cost;
}

std::array<int, kResources> five(const Json& j, std::string_view key) {
  const auto v = read_ints(j, key, 0, 99);
  require(v.size() == kResources, std::string(key) + ": five numbers");
  std::array<int, kResources> out{};
  for (int i = 0; i < kResources; ++i) out[i] = v[i];
  return out;
}

Piece piece_of(Components& c, const Json& j, const Json& shapes) {
  Piece p;
  if (j.contains("id")) p.id = read_string(j, "id");
  for (const auto& off : read_array(shapes, read_string(j, "shape"))) {
    require(off.is_array() && off.size() == 2, "shape offset");
    p.offsets.push_back({as_int(off[0], "offset", -5, 5), as_int(off[1], "offset", -5, 5)});
  }
  for (const auto& code : read_strings(j, "cells")) p.cells.push_back(intern(c, code));
  require(p.cells.size() == p.offsets.size(), "piece " + p.id + ": cells and shape differ");
  p.triple = p.cells.size() == 3;
  return p;
}

Components parse() {
  const Json j = Json::parse(components_json_text());
  Components c;
  const Json& res = read_object(j, "resources");
  c.sell = five(res, "sell");
  c.buy = five(res, "buy");
  c.storage = read_int(res, "storage", 1, 99);
  const Json& set = read_object(j, "setup");
  const auto coins = read_ints(set, "coins_by_position", 0, 99);
  require(coins.size() == 4, "coins_by_position");
  for (int i = 0; i < 4; ++i) c.start_coins[i] = coins[i];
  c.start_wood = read_int(set, "wood", 0, 3);
  c.blue_per_player = read_int(set, "blue_dice_per_player", 1, 3);
  c.white_per_player = read_int(set, "white_dice_per_player", 1, 6);
  c.white_per_year = read_int(set, "white_dice_per_year", 1, 6);
  c.monks = read_int(set, "monks", 1, 10);
  c.road_tiles = read_int(set, "road_tiles", 0, 10);
  c.scholars_shown = read_int(set, "scholars_shown", 1, 3);
  c.bishops_shown = read_int(set, "bishops_shown", 1, 3);
  c.offer_doubles = read_int(set, "offer_doubles", 1, 5);
  c.offer_triples = read_int(set, "offer_triples", 1, 5);
  c.years = read_int(set, "years", 1, 3);
  c.double_cost = five(set, "double_cost");
  c.triple_cost = five(set, "triple_cost");

  for (const auto& b : read_array(j, "boards")) {
    Board board;
    board.id = read_string(b, "id");
    board.side_b = read_string(b, "side") == "B";
    const Json& rows = read_array(b, "rows");
    require(rows.size() == kSize, "board rows");
    for (int r = 0; r < kSize; ++r) {
      require(rows[r].is_array() && rows[r].size() == kSize, "board row");
      for (int col = 0; col < kSize; ++col) {
        const std::string& code = as_string(rows[r][col], "cell");
        board.cells[r * kSize + col] = code == "." ? -1 : intern(c, code);
      }
    }
    c.boards.push_back(board);
  }
  const Json& shapes = read_object(j, "shapes");
  for (const auto& t : read_array(j, "doubles")) c.tiles.push_back(piece_of(c, t, shapes));
  require(c.tiles.size() == 15, "15 doubles");
  for (const auto& t : read_array(j, "triples")) c.tiles.push_back(piece_of(c, t, shapes));
  require(c.tiles.size() == 30, "15 triples");
  for (const auto& t : read_array(j, "town_halls")) c.town_halls.push_back(piece_of(c, t, shapes));
  c.road_tile = piece_of(c, read_object(j, "road_tile"), shapes);
  c.road_tile.id = "road";
  for (const auto& s : read_array(j, "starting_ships"))
    c.ships.push_back(Ship{read_string(s, "id"), true, cost_of(read_string(s, "cost")),
                           read_int(s, "points", 0, 9)});
  for (const auto& s : read_array(read_object(j, "ships"), "list")) {
    require(s.is_array() && s.size() == 3, "ship row");
    c.ships.push_back(Ship{as_string(s[0], "ship id"), false, cost_of(as_string(s[1], "ship cost")),
                           as_int(s[2], "points", 0, 9)});
  }
  const Json& docks = read_array(j, "docks");
  require(docks.size() == kDocks, "4 docks");
  for (int d = 0; d < kDocks; ++d) {
    c.dock_names[d] = read_string(docks[d], "name");
    c.dock_texts[d] = {read_string(docks[d], "effect"), read_string(docks[d], "status")};
    c.dock_effects[d] = simple_effect(c.dock_texts[d].code);
  }
  const Json& spaces = read_array(j, "retreat_spaces");
  require(spaces.size() == kRetreatSpaces, "5 retreat spaces");
  for (int r = 0; r < kRetreatSpaces; ++r) {
    require(read_int(spaces[r], "number", 1, kRetreatSpaces) == r + 1, "retreat spaces in order");
    c.retreat_texts[r] = {read_string(spaces[r], "effect"), read_string(spaces[r], "status")};
    c.retreat_effects[r] = simple_effect(c.retreat_texts[r].code);
  }
  const Json& rel = read_object(j, "religion_track");
  c.religion_last = read_int(rel, "last", 1, 99);
  c.monk_symbols = read_ints(rel, "monk_symbols", 1, c.religion_last);
  c.blue_symbols = read_ints(rel, "blue_die_symbols", 1, static_cast<int>(c.monk_symbols.size()));
  for (int& b : c.blue_symbols) --b;
  const Json& conq = read_object(j, "conquistador_track");
  c.conquest_last = read_int(conq, "last", 1, 99);
  c.gold_spaces = read_ints(conq, "gold", 1, c.conquest_last);
  c.trees = read_ints(conq, "trees", 1, c.conquest_last);
  const Json& table = read_object(j, "conquistador_points");
  for (int n = 1; n <= 4; ++n) {
    const Json& years = read_array(table, std::to_string(n));
    require(years.size() == 3, "three years of conquistador points");
    for (int y = 0; y < 3; ++y)
      for (const auto& p : years[y]) c.conquest_points[n][y].push_back(as_int(p, "points", 0, 99));
  }
  const Json& camps = read_array(j, "camps");
  require(camps.size() == 4, "4 camps");
  for (int k = 0; k < 4; ++k) {
    c.camp_names[k] = read_string(camps[k], "name");
    c.camp_texts[k] = {read_string(camps[k], "reward"), read_string(camps[k], "status")};
    c.camp_rewards[k] = effects_of(c.camp_texts[k].code);
  }
  c.monk_fee = read_int(read_object(j, "monk_fee"), "coins", 0, 9);
  for (const auto& s : read_array(j, "scholars")) {
    Scholar sc{read_string(s, "id"), read_string(s, "name"), kPowerNames.read(s, "power"),
               read_int(s, "points", 0, 9)};
    c.scholars.push_back(sc);
  }
  require(c.scholars.size() == 10, "10 scholars");
  for (const auto& b : read_array(j, "bishops"))
    c.bishops.push_back(
        Bishop{read_string(b, "id"), read_string(b, "name"), kGoalNames.read(b, "goal")});
  require(c.bishops.size() == 6, "6 bishops");
  const Json& bs = read_object(j, "bishop_scoring");
  c.bishop_penalty = read_int(bs, "penalty", 0, 9);
  c.bishop_cap = read_int(bs, "cap", 0, 99);
  for (const auto& sq : read_array(bs, "square")) {
    require(sq.is_array() && sq.size() == 2, "square row");
    c.square_points.push_back({as_int(sq[0], "side", 1, 6), as_int(sq[1], "points", 0, 99)});
  }
  c.per_ship = read_int(bs, "per_ship", 0, 9);
  c.per_city = read_int(bs, "per_city", 0, 9);
  c.per_colonist = read_int(bs, "per_colonist", 0, 9);
  c.per_area_cell = read_int(bs, "per_area_cell", 0, 9);
  c.per_diverse_line = read_int(bs, "per_diverse_line", 0, 9);
  const Json& fs = read_object(j, "final_scoring");
  c.coins_per_point = read_int(fs, "coins_per_point", 1, 9);
  c.per_port_column = read_int(fs, "per_port_column", 0, 9);
  const Json& solo = read_object(j, "solo");
  c.solo_target = read_int(solo, "target", 0, 999);
  for (const auto& g : read_array(solo, "goals")) {
    const std::string& id = read_string(g, "id");
    c.solo_goal_ids.push_back(id);
    if (g.contains("colonist_points")) c.solo_colonists = read_int(g, "colonist_points", 0, 999);
    if (g.contains("port_columns")) c.solo_columns = read_int(g, "port_columns", 0, 99);
    if (g.contains("bishop_points")) c.solo_bishops = read_int(g, "bishop_points", 0, 999);
    if (id == "democracy") c.solo_democracy = read_int(g, "score", 0, 999);
    if (id == "utopia") c.solo_utopia = read_int(g, "score", 0, 999);
  }
  return c;
}

template <class T>
int find_id(const std::vector<T>& items, std::string_view id) {
  for (std::size_t i = 0; i < items.size(); ++i)
    if (items[i].id == id) return static_cast<int>(i);
  return -1;
}

}  // namespace

CellDef parse_cell_code(const std::string& code) {
  const auto w = words(code);
  require(!w.empty(), "empty cell code");
  CellDef d;
  d.code = code;
  const std::string& t = w[0];
  if (t == "FOR")
    d.terrain = Terrain::forest;
  else if (t == "FRM")
    d.terrain = Terrain::farm;
  else if (t == "MTN")
    d.terrain = Terrain::mountain;
  else if (t == "CTY")
    d.terrain = Terrain::city;
  else if (t == "TH")
    d.terrain = Terrain::town_hall;
  else if (t.size() == 3 && t.rfind("RD", 0) == 0 &&
           std::isdigit(static_cast<unsigned char>(t[2]))) {
    d.terrain = Terrain::road;
    d.colonists = t[2] - '0';
  } else {
    bad_input("unknown terrain '" + t + "'");
  }
  for (std::size_t i = 1; i < w.size(); ++i)
    d.effects.push_back(w[i].rfind("X[", 0) == 0 ? exchange_effect(w[i]) : simple_effect(w[i]));
  require(d.building() || d.effects.empty(), "a road or town hall with effects: " + code);
  return d;
}

const Components& components() {
  static const Components c = [] {
    try {
      return parse();
    } catch (const BadInput& e) {
      throw std::logic_error("santa-maria components.json: " + e.what);
    }
  }();
  return c;
}

int Components::def_index(std::string_view code) const {
  for (std::size_t i = 0; i < cell_defs.size(); ++i)
    if (cell_defs[i].code == code) return static_cast<int>(i);
  return -1;
}
int Components::board_index(std::string_view id) const {
  return find_id(boards, id);
}
int Components::tile_index(std::string_view id) const {
  return find_id(tiles, id);
}
int Components::ship_index(std::string_view id) const {
  return find_id(ships, id);
}
int Components::scholar_index(std::string_view id) const {
  return find_id(scholars, id);
}
int Components::bishop_index(std::string_view id) const {
  return find_id(bishops, id);
}
int Components::dock_index(std::string_view name) const {
  for (int d = 0; d < kDocks; ++d)
    if (dock_names[d] == name) return d;
  return -1;
}

std::string cell_name(int cell) {
  if (cell < 0 || cell >= kCells) return "?";
  return std::string(1, static_cast<char>('a' + cell % kSize)) +
         std::string(1, static_cast<char>('1' + cell / kSize));
}

int cell_from_name(std::string_view name) {
  if (name.size() != 2) return -1;
  const int col = name[0] - 'a', row = name[1] - '1';
  if (col < 0 || col >= kSize || row < 0 || row >= kSize) return -1;
  return row * kSize + col;
}

std::string monk_space_name(int space) {
  if (space < 3) return "scholar" + std::to_string(space + 1);
  if (space < 6) return "bishop" + std::to_string(space - 2);
  if (space < kMonkSpaces) return components().camp_names[space - 6];
  return "?";
}

int monk_space_from_name(std::string_view name) {
  for (int k = 0; k < kMonkSpaces; ++k)
    if (monk_space_name(k) == name) return k;
  return -1;
}

}  // namespace archipel::engine::santa_maria
