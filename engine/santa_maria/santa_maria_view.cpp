// The state as JSON: one writer for to_json (everything) and view (what one viewer may see), one
// reader for from_json and determinize; static data; secrets, invariants and the hidden scramble.
// This is the one file to audit for leaks: every hidden field is written under `if (full)` or
// `if (knows(owner))`.

#include <algorithm>
#include <bit>
#include <set>

#include "engine/core/json_object.hpp"
#include "engine/core/json_read.hpp"
#include "engine/santa_maria/santa_maria.hpp"

namespace archipel::engine::santa_maria {
namespace {

inline constexpr EnumNames<TaskKind, 13> kTaskNames{{{{TaskKind::effect, "effect"},
                                                      {TaskKind::religion, "religion"},
                                                      {TaskKind::monk, "monk"},
                                                      {TaskKind::road, "road"},
                                                      {TaskKind::place_die, "place_die"},
                                                      {TaskKind::astronomy, "astronomy"},
                                                      {TaskKind::reclaim, "reclaim"},
                                                      {TaskKind::exchange, "exchange"},
                                                      {TaskKind::ship, "ship"},
                                                      {TaskKind::tile, "tile"},
                                                      {TaskKind::town_hall, "town_hall"},
                                                      {TaskKind::dock_bonuses, "dock_bonuses"},
                                                      {TaskKind::die_value, "die_value"}}}};

Json ids(const std::vector<int>& items, auto id_of) {
  Json out = Json::array();
  for (int i : items) out.push_back(id_of(i));
  return out;
}

std::string tile_id(int t) {
  return components().tiles[t].id;
}
std::string ship_id(int t) {
  return components().ships[t].id;
}
std::string scholar_id(int t) {
  return components().scholars[t].id;
}
std::string bishop_id(int t) {
  return components().bishops[t].id;
}

std::string tile_tag(int tag) {
  if (tag >= 0) return tile_id(tag);
  if (tag == -2) return "town_hall";
  if (tag == -3) return "road";
  return "printed";
}

int tile_tag_from(const std::string& text) {
  if (text == "town_hall") return -2;
  if (text == "road") return -3;
  if (text == "printed") return -4;
  const int t = components().tile_index(text);
  require(t >= 0, "unknown tile " + text);
  return t;
}

template <class F>
std::vector<int> read_ids(const Json& j, std::string_view key, F index_of) {
  std::vector<int> out;
  for (const auto& id : read_strings(j, key)) {
    const int i = index_of(id);
    require(i >= 0, std::string(key) + ": unknown id " + id);
    out.push_back(i);
  }
  return out;
}

Json die_list(const std::vector<int>& v) {
  return Json(v);
}

// The ship ids in a port, by dock.
Json port_ships(const PlayerState& p) {
  Json ships = Json::object();
  for (int d = 0; d < kDocks; ++d) ships[components().dock_names[d]] = ids(p.port[d], ship_id);
  return ships;
}

// One seat's entry of `players`. The ship ids in its port are there with `full` (the state) and
// once the game is over (all are turned over); during the game only their owner sees them, in its
// private part.
Json player_json(const State& s, Seat seat, bool full) {
  const PlayerState& p = s.players[seat];
  Json pj;
  pj["board"] = p.board < 0 ? Json(nullptr) : Json(components().boards[p.board].id);
  Json cells = Json::object();
  for (int c = 0; c < kCells; ++c) {
    const CellState& cs = p.grid[c];
    // Printed cells come from the board (static data) unless a die or coins lie on them.
    if (cs.def < 0 || (cs.tile == -4 && !cs.die && !cs.coins)) continue;
    Json cj{{"code", components().cell_defs[cs.def].code}, {"tile", tile_tag(cs.tile)}};
    if (cs.die) {
      cj["die"] = cs.die == 1 ? "white" : "blue";
      cj["value"] = cs.die_value;
    }
    if (cs.coins) cj["coins"] = cs.coins;
    cells[cell_name(c)] = cj;
  }
  pj["cells"] = cells;
  pj["coins"] = p.coins;
  pj["points"] = p.points;
  Json res = Json::object();
  for (int r = 0; r < kResources; ++r)
    res[std::string(kResourceNames.name(static_cast<Resource>(r)))] = p.res[r];
  pj["resources"] = res;
  pj["blue"] = p.blue;
  pj["blue_unlocked"] = p.blue_unlocked;
  pj["blue_used"] = p.blue_used;
  pj["blue_waiting"] = p.blue_waiting;
  pj["white_used"] = p.white_used;
  pj["activations"] = p.activations;
  pj["religion"] = p.religion;
  pj["conquistador"] = p.conquest;
  pj["conquistador_arrival"] = p.conquest_arrival;
  if (full)
    pj["conquistador_points"] =
        p.conquistador_points;  // the state only: the view's `points` holds them
  pj["retreat"] = p.retreat;
  pj["last_retreat"] = p.last_retreat;
  pj["monks"] = p.monks;
  Json counts = Json::object();
  for (int d = 0; d < kDocks; ++d) counts[components().dock_names[d]] = p.port[d].size();
  pj["port"] = counts;
  if (full || s.phase == Phase::over)
    pj["ships"] = port_ships(p);  // else its owner's alone (Rules::private_view)
  pj["town_hall_scholar"] =
      p.town_hall_scholar < 0 ? Json(nullptr) : Json(scholar_id(p.town_hall_scholar));
  pj["town_hall_cell"] = p.town_hall_cell < 0 ? Json(nullptr) : Json(cell_name(p.town_hall_cell));
  return pj;
}

// Everything but the players: the public view's core (rebuilt after every move), or with `full` the
// state's hidden parts as well.
Json write_core(const State& s, bool full) {
  Json j;
  j["game"] = "santa-maria";
  j["seats"] = s.num_seats;
  j["advanced"] = s.advanced;
  j["choose_colonies"] = s.choose_colonies;
  j["shared_blue"] = s.shared_blue;
  j["phase"] = kPhaseNames.name(s.phase);
  j["year"] = s.year;
  j["first"] = s.first;
  j["current"] = s.current;
  j["main_done"] = s.main_done;
  j["pick_order"] = s.pick_order;
  j["pick"] = s.pick;
  j["boards_left"] = ids(s.boards_left, [](int b) { return components().boards[b].id; });
  Json lots = Json::array();
  for (const Lot& l : s.lots)
    lots.push_back({{"town_hall", components().town_halls[l.town_hall].id},
                    {"scholar", scholar_id(l.scholar)},
                    {"taken_by", l.taken_by}});
  j["lots"] = lots;
  j["white"] = die_list(s.white);
  j["blue_pool"] = die_list(s.blue_pool);
  j["blue_reserve"] = s.blue_reserve;
  j["offer"] = ids(s.offer, tile_id);
  j["discarded"] = ids(s.discarded, tile_id);
  j["pile_sizes"] = {{"doubles", s.pile_doubles.size()},
                     {"triples", s.pile_triples.size()},
                     {"ships", s.ship_pile.size()}};
  Json docks = Json::object();
  for (int d = 0; d < kDocks; ++d)
    docks[components().dock_names[d]] = s.docks[d] < 0 ? Json(nullptr) : Json(ship_id(s.docks[d]));
  j["docks"] = docks;
  j["road_tiles"] = s.road_tiles;
  j["scholars"] = ids(s.scholars, scholar_id);
  j["bishops"] = ids(s.bishops, bishop_id);
  Json monks = Json::object();
  for (int k = 0; k < kMonkSpaces; ++k) {
    Json seats = Json::array();
    for (Seat seat = 0; seat < s.num_seats; ++seat)
      if (s.monk_spaces[k] & (1u << seat)) seats.push_back(seat);
    monks[monk_space_name(k)] = seats;
  }
  j["monk_spaces"] = monks;
  j["retreat_spaces"] = s.retreat_owner;
  j["clock"] = s.clock;
  Json tasks = Json::array();
  for (const Task& t : s.tasks) {
    Json cells = Json::array();
    for (int c : t.cells) cells.push_back(cell_name(c));
    tasks.push_back(
        {{"kind", kTaskNames.name(t.kind)}, {"a", t.a}, {"b", t.b}, {"c", t.c}, {"cells", cells}});
  }
  j["tasks"] = tasks;
  if (!s.final_scores.empty()) {
    Json fin = Json::array();
    const Outcome o = final_standing(s);
    for (Seat seat = 0; seat < s.num_seats; ++seat) {
      const FinalScore& f = s.final_scores[seat];
      fin.push_back({{"before", f.before},
                     {"coins", f.coins},
                     {"colonists", f.colonists},
                     {"scholars", f.scholars},
                     {"bishops", f.bishops},
                     {"bishop_goals", f.bishop_goals},
                     {"port", f.port},
                     {"ships", f.ships},
                     {"total", f.total},
                     {"goals", f.goals},
                     {"place", o.places[seat]}});
    }
    j["final"] = fin;
    if (s.num_seats == 1) j["solo_won"] = *o.solo_won;
  }
  if (full) {
    j["rng"] = s.rng.to_json();
    j["pile_doubles"] = ids(s.pile_doubles, tile_id);
    j["pile_triples"] = ids(s.pile_triples, tile_id);
    j["ship_pile"] = ids(s.ship_pile, ship_id);
    j["box_scholars"] = ids(s.box_scholars, scholar_id);
    j["box_bishops"] = ids(s.box_bishops, bishop_id);
  }
  return j;
}

// The view's sections (view_sections.hpp): the players, one entry per seat. A move changes one or
// two seats' boards, resources and tracks; the rest of the view is small and rebuilt after every
// move (write_core).
std::size_t seat_count(const State& s) {
  return static_cast<std::size_t>(s.num_seats);
}
bool player_entry(const State& s, std::size_t seat, Json& out) {
  out = player_json(s, static_cast<Seat>(seat), false);
  return true;
}
// The entry reads the seat's own state, and the phase for its ships (shown to all once the game is
// over).
bool same_player(const State& a, const State& b, std::size_t seat) {
  return a.players[seat] == b.players[seat] && (a.phase == Phase::over) == (b.phase == Phase::over);
}

constexpr ViewSection<State> kSections[] = {
    {"players", nullptr, nullptr, seat_count, player_entry, same_player, nullptr},
};

}  // namespace

Json Rules::to_json(const State& s) {
  Json j = write_core(s, true);
  Json players = Json::array();
  for (Seat seat = 0; seat < s.num_seats; ++seat) players.push_back(player_json(s, seat, true));
  j["players"] = std::move(players);
  return j;
}

State read_state(const Json& j, bool full) {
  State s;
  require(j.is_object() && j.value("game", "") == "santa-maria", "not a santa-maria state");
  s.num_seats = read_int(j, "seats", 1, 4);
  const int n = s.num_seats;
  s.advanced = read_bool(j, "advanced");
  s.choose_colonies = read_bool(j, "choose_colonies");
  s.shared_blue = read_bool(j, "shared_blue");
  s.phase = kPhaseNames.read(j, "phase");
  s.year = read_int(j, "year", 1, 3);
  s.first = read_int(j, "first", 0, n - 1);
  s.current = read_int(j, "current", 0, n - 1);
  s.main_done = read_bool(j, "main_done");
  s.pick_order = read_ints(j, "pick_order", 0, n - 1);
  require(static_cast<int>(s.pick_order.size()) == n, "pick_order");
  s.pick = read_int(j, "pick", 0, n);
  if (s.phase == Phase::colony || s.phase == Phase::lot) require(s.pick < n, "pick");
  s.boards_left = read_ids(j, "boards_left",
                           [](const std::string& id) { return components().board_index(id); });
  for (const auto& l : read_array(j, "lots")) {
    Lot lot;
    const std::string& th = read_string(l, "town_hall");
    for (int k = 0; k < static_cast<int>(components().town_halls.size()); ++k)
      if (components().town_halls[k].id == th) lot.town_hall = k;
    require(lot.town_hall >= 0, "unknown town hall");
    lot.scholar = components().scholar_index(read_string(l, "scholar"));
    require(lot.scholar >= 0, "unknown scholar");
    lot.taken_by = read_int(l, "taken_by", -1, n - 1);
    s.lots.push_back(lot);
  }
  s.white = read_ints(j, "white", 1, 6);
  s.blue_pool = read_ints(j, "blue_pool", 1, 6);
  s.blue_reserve = read_int(j, "blue_reserve", 0, 12);
  auto tile_of = [](const std::string& id) { return components().tile_index(id); };
  auto ship_of = [](const std::string& id) { return components().ship_index(id); };
  s.offer = read_ids(j, "offer", tile_of);
  s.discarded = read_ids(j, "discarded", tile_of);
  const Json& docks = read_object(j, "docks");
  for (int d = 0; d < kDocks; ++d) {
    const Json& v = field(docks, components().dock_names[d]);
    s.docks[d] = v.is_null() ? -1 : components().ship_index(as_string(v, "dock ship"));
    require(v.is_null() || s.docks[d] >= 0, "unknown ship at a dock");
  }
  s.road_tiles = read_int(j, "road_tiles", 0, 10);
  s.scholars =
      read_ids(j, "scholars", [](const std::string& id) { return components().scholar_index(id); });
  s.bishops =
      read_ids(j, "bishops", [](const std::string& id) { return components().bishop_index(id); });
  require(s.scholars.size() == 3 && s.bishops.size() == 3, "3 scholars and 3 bishops");
  const Json& monks = read_object(j, "monk_spaces");
  for (int k = 0; k < kMonkSpaces; ++k)
    for (int seat : read_ints(monks, monk_space_name(k), 0, n - 1))
      s.monk_spaces[k] = static_cast<std::uint8_t>(s.monk_spaces[k] | (1u << seat));
  const auto owners = read_ints(j, "retreat_spaces", -1, n - 1);
  require(owners.size() == kRetreatSpaces, "5 retreat spaces");
  for (int r = 0; r < kRetreatSpaces; ++r) s.retreat_owner[r] = owners[r];
  s.clock = read_int(j, "clock", 0, 1 << 30);
  for (const auto& t : read_array(j, "tasks")) {
    Task task;
    task.kind = kTaskNames.read(t, "kind");
    task.a = read_int(t, "a", -1, 1000);
    task.b = read_int(t, "b", -1, 1000);
    task.c = read_int(t, "c", -1, 1000);
    for (const auto& c : read_strings(t, "cells")) {
      const int cell = cell_from_name(c);
      require(cell >= 0, "bad task cell");
      task.cells.push_back(cell);
    }
    const int defs = static_cast<int>(components().cell_defs.size());
    if (task.kind == TaskKind::tile) require(task.a >= 0 && task.a < 30, "task tile");
    if (task.kind == TaskKind::town_hall) require(task.a >= 0 && task.a < 4, "task town hall");
    if (task.kind == TaskKind::exchange)
      require(task.a >= 0 && task.a < defs && task.b >= 0 &&
                  task.b < static_cast<int>(components().cell_defs[task.a].effects.size()) &&
                  components().cell_defs[task.a].effects[task.b].kind == EffectKind::exchange,
              "task exchange");
    if (task.kind == TaskKind::astronomy) require(task.a >= 0 && task.a < kDocks, "task dock");
    if (task.kind == TaskKind::place_die)
      require(!task.cells.empty() && task.a >= 1 && task.a <= 2, "task die");
    if (task.kind == TaskKind::die_value)
      require(task.a >= 1 && task.a <= 2 && task.b >= 1 && task.b <= 6, "die");
    if (task.kind == TaskKind::effect) {
      const int bound = task.a == 0   ? defs
                        : task.a == 1 ? kDocks
                        : task.a == 2 ? kRetreatSpaces
                                      : 4;
      require(task.a >= 0 && task.a <= 3 && task.b >= 0 && task.b < bound, "task effect");
      const std::size_t count = task.a == 0   ? components().cell_defs[task.b].effects.size()
                                : task.a == 3 ? components().camp_rewards[task.b].size()
                                              : 1;
      require(task.c >= 0 && task.c < static_cast<int>(count), "task effect index");
    }
    s.tasks.push_back(task);
  }
  const Json& players = read_array(j, "players");
  require(static_cast<int>(players.size()) == n, "players");
  // A client view shows the viewer's own port ships in its private part (`you`), everyone's once
  // the game is over.
  Seat own = -1;
  const Json* own_ships = nullptr;
  if (!full && j.contains("you")) {
    const Json& you = read_object(j, "you");
    own = read_int(you, "seat", 0, n - 1);
    own_ships = &read_object(you, "ships");
  }
  for (Seat seat = 0; seat < n; ++seat) {
    const Json& pj = players[seat];
    PlayerState p;
    const Json& board = field(pj, "board");
    p.board = board.is_null() ? -1 : components().board_index(as_string(board, "board"));
    require(board.is_null() || p.board >= 0, "unknown board");
    if (p.board >= 0)
      for (int c = 0; c < kCells; ++c)
        if (components().boards[p.board].cells[c] >= 0) {
          p.grid[c].def = static_cast<std::int16_t>(components().boards[p.board].cells[c]);
          p.grid[c].tile = -4;
        }
    for (const auto& [name, cj] : read_object(pj, "cells").items()) {
      const int c = cell_from_name(name);
      require(c >= 0, "bad cell " + name);
      CellState& cs = p.grid[c];
      const int def = components().def_index(read_string(cj, "code"));
      require(def >= 0, "unknown cell code");
      cs.def = static_cast<std::int16_t>(def);
      cs.tile = static_cast<std::int16_t>(tile_tag_from(read_string(cj, "tile")));
      if (cj.contains("die")) {
        const std::string& die = read_string(cj, "die");
        require(die == "white" || die == "blue", "die colour");
        cs.die = die == "white" ? 1 : 2;
        cs.die_value = static_cast<std::int8_t>(read_int(cj, "value", 1, 6));
      }
      if (cj.contains("coins")) cs.coins = static_cast<std::int8_t>(read_int(cj, "coins", 1, 100));
    }
    p.coins = read_int(pj, "coins", 0, 1 << 20);
    p.points = read_int(pj, "points", -1000, 1 << 20);
    const Json& res = read_object(pj, "resources");
    for (int r = 0; r < kResources; ++r)
      p.res[r] =
          read_int(res, kResourceNames.name(static_cast<Resource>(r)), 0, components().storage);
    p.blue = read_ints(pj, "blue", 1, 6);
    p.blue_unlocked = read_int(pj, "blue_unlocked", 1, 3);
    p.blue_used = read_int(pj, "blue_used", 0, 3);
    p.blue_waiting = read_int(pj, "blue_waiting", 0, 2);
    p.white_used = read_int(pj, "white_used", 0, 3);
    p.activations = read_int(pj, "activations", 0, 36);
    p.religion = read_int(pj, "religion", 0, components().religion_last);
    p.conquest = read_int(pj, "conquistador", 0, components().conquest_last);
    p.conquest_arrival = read_int(pj, "conquistador_arrival", 0, 1 << 30);
    if (full) p.conquistador_points = read_int(pj, "conquistador_points", 0, 1 << 20);
    p.retreat = read_int(pj, "retreat", -1, kRetreatSpaces - 1);
    p.last_retreat = read_int(pj, "last_retreat", -1, kRetreatSpaces - 1);
    p.monks = read_int(pj, "monks", 0, components().monks);
    const Json* ships = full || pj.contains("ships") ? &read_object(pj, "ships")
                        : seat == own                ? own_ships
                                                     : nullptr;
    if (ships) {
      for (int d = 0; d < kDocks; ++d)
        p.port[d] = read_ids(*ships, components().dock_names[d], ship_of);
    } else {
      const Json& counts = read_object(pj, "port");
      for (int d = 0; d < kDocks; ++d)
        p.port[d].assign(read_int(counts, components().dock_names[d], 0, 34), -1);
    }
    const Json& ths = field(pj, "town_hall_scholar");
    p.town_hall_scholar =
        ths.is_null() ? -1 : components().scholar_index(as_string(ths, "scholar"));
    require(ths.is_null() || p.town_hall_scholar >= 0, "unknown town hall scholar");
    const Json& thc = field(pj, "town_hall_cell");
    p.town_hall_cell = thc.is_null() ? -1 : cell_from_name(as_string(thc, "cell"));
    require(thc.is_null() || p.town_hall_cell >= 0, "bad town hall cell");
    s.players.push_back(std::move(p));
  }
  if (j.contains("final")) {
    for (const auto& f : read_array(j, "final")) {
      FinalScore fs;
      fs.before = read_int(f, "before", -1000, 1 << 20);
      fs.coins = read_int(f, "coins", 0, 1 << 20);
      fs.colonists = read_int(f, "colonists", 0, 1000);
      fs.scholars = read_int(f, "scholars", 0, 100);
      fs.bishops = read_int(f, "bishops", -100, 0);
      fs.bishop_goals = read_int(f, "bishop_goals", 0, 1000);
      fs.port = read_int(f, "port", 0, 1000);
      fs.ships = read_int(f, "ships", 0, 1000);
      fs.total = read_int(f, "total", -1000, 1 << 20);
      fs.goals = read_strings(f, "goals");
      s.final_scores.push_back(fs);
    }
    require(static_cast<int>(s.final_scores.size()) == n, "final scores");
  }
  require(s.phase != Phase::over || !s.final_scores.empty(), "a finished game has final scores");
  require(s.phase == Phase::over || s.final_scores.empty(), "final scores before the end");
  if (full) {
    require(s.rng.from_json(field(j, "rng")), "bad rng");
    s.pile_doubles = read_ids(j, "pile_doubles", tile_of);
    s.pile_triples = read_ids(j, "pile_triples", tile_of);
    s.ship_pile = read_ids(j, "ship_pile", ship_of);
    s.box_scholars = read_ids(j, "box_scholars",
                              [](const std::string& id) { return components().scholar_index(id); });
    s.box_bishops = read_ids(j, "box_bishops",
                             [](const std::string& id) { return components().bishop_index(id); });
  }
  return s;
}

Result<State> Rules::from_json(const Json& j) {
  auto parsed = guard_input("bad_state", "santa-maria state", [&] { return read_state(j, true); });
  if (!parsed.ok()) return parsed;
  const auto problems = check_invariants(parsed.value());
  if (!problems.empty())
    return fail("bad_state", "santa-maria state: " + problems.front(),
                "état santa-maria refusé : " + problems.front());
  return parsed;
}

Json Rules::view(const State& s, Viewer viewer) {
  return split_view<Rules>(s, viewer);
}

Json Rules::public_view(const State& s) {
  return sectioned_public_view<Rules>(s);
}
Json Rules::public_view_core(const State& s) {
  return write_core(s, false);
}
std::span<const ViewSection<State>> Rules::view_sections() {
  return kSections;
}

// What only `seat` sees: the ship ids in its port (its `players` entry has their count per dock).
Json Rules::private_view(const State& s, Seat seat) {
  if (seat < 0 || seat >= s.num_seats) return Json::object();
  return object_of("you", object_of("seat", seat, "ships", port_ships(s.players[seat])));
}
bool Rules::private_unchanged(const State& a, const State& b, Seat seat) {
  return a.players.at(seat).port == b.players.at(seat).port;
}

Json Rules::static_data(const State&) {
  const Components& c = components();
  Json boards = Json::object();
  for (const Board& b : c.boards) {
    Json cells = Json::object();
    for (int i = 0; i < kCells; ++i)
      if (b.cells[i] >= 0) cells[cell_name(i)] = c.cell_defs[b.cells[i]].code;
    boards[b.id] = cells;
  }
  auto piece_json = [&](const Piece& p) {
    Json cells = Json::array();
    for (std::size_t i = 0; i < p.cells.size(); ++i)
      cells.push_back({{"offset", p.offsets[i]}, {"code", c.cell_defs[p.cells[i]].code}});
    return cells;
  };
  Json tiles = Json::object();
  for (const Piece& p : c.tiles) tiles[p.id] = piece_json(p);
  Json town_halls = Json::object();
  for (const Piece& p : c.town_halls) town_halls[p.id] = piece_json(p);
  Json ships = Json::object();
  for (const Ship& sh : c.ships) {
    Json cost = Json::object();
    for (int r = 0; r < kResources; ++r)
      if (sh.cost[r]) cost[std::string(kResourceNames.name(static_cast<Resource>(r)))] = sh.cost[r];
    ships[sh.id] = {{"cost", cost}, {"points", sh.points}};
  }
  Json scholars = Json::object();
  for (const Scholar& sc : c.scholars)
    scholars[sc.id] = {
        {"name", sc.name}, {"power", kPowerNames.name(sc.power)}, {"points", sc.points}};
  Json bishops = Json::object();
  for (const Bishop& b : c.bishops)
    bishops[b.id] = {{"name", b.name}, {"goal", kGoalNames.name(b.goal)}};
  // Each dock's bonus (a ship there gives it at a retreat), each retreat space's action and each
  // missionary camp's reward, as codes of the components' notation, with their status.
  auto printed = [](const PrintedText& p, const char* key) {
    return Json{{key, p.code}, {"status", p.status}};
  };
  Json dock_bonuses = Json::object();
  for (int d = 0; d < kDocks; ++d)
    dock_bonuses[c.dock_names[d]] = printed(c.dock_texts[d], "effect");
  Json retreat_spaces = Json::array();
  for (const PrintedText& r : c.retreat_texts) retreat_spaces.push_back(printed(r, "effect"));
  Json camps = Json::object();
  for (int k = 0; k < 4; ++k) camps[c.camp_names[k]] = printed(c.camp_texts[k], "reward");
  return {{"boards", boards},
          {"tiles", tiles},
          {"town_halls", town_halls},
          {"ships", ships},
          {"scholars", scholars},
          {"bishops", bishops},
          {"docks", c.dock_names},
          {"dock_bonuses", dock_bonuses},
          {"retreat_spaces", retreat_spaces},
          {"camps", camps},
          {"religion_track", {{"last", c.religion_last}, {"monk_symbols", c.monk_symbols}}},
          {"conquistador_track",
           {{"last", c.conquest_last}, {"gold", c.gold_spaces}, {"trees", c.trees}}}};
}

std::vector<Secret> Rules::secrets(const State& s) {
  std::vector<Secret> out;
  for (int t : s.pile_doubles) out.push_back({tile_id(t), std::nullopt});
  for (int t : s.pile_triples) out.push_back({tile_id(t), std::nullopt});
  for (int t : s.ship_pile) out.push_back({ship_id(t), std::nullopt});
  for (int t : s.box_scholars) out.push_back({scholar_id(t), std::nullopt});
  for (int t : s.box_bishops) out.push_back({bishop_id(t), std::nullopt});
  if (s.phase != Phase::over)
    for (Seat seat = 0; seat < s.num_seats; ++seat)
      for (const auto& dock : s.players[seat].port)
        for (int ship : dock) out.push_back({ship_id(ship), seat});
  return out;
}

std::vector<std::string> Rules::check_invariants(const State& s) {
  std::vector<std::string> out;
  const Components& c = components();
  const int n = s.num_seats;
  // Resources and coins.
  for (Seat seat = 0; seat < n; ++seat) {
    const PlayerState& p = s.players[seat];
    if (p.coins < 0) out.push_back("negative coins");
    for (int r = 0; r < kResources; ++r)
      if (p.res[r] < 0 || p.res[r] > c.storage) out.push_back("a resource out of 0-3");
  }
  // Dice: the ones held by a task are in play.
  int white = static_cast<int>(s.white.size()), blue_pool = static_cast<int>(s.blue_pool.size());
  std::vector<int> blue_held(n, 0);
  const Seat acting = s.phase == Phase::play ? s.current : -1;
  for (const Task& t : s.tasks)
    if (t.kind == TaskKind::die_value || t.kind == TaskKind::place_die) {
      if (t.a == 1)
        ++white;
      else if (acting >= 0)
        ++blue_held[acting];
    }
  int unlocked = 0, blue_total = blue_pool;
  for (Seat seat = 0; seat < n; ++seat) {
    const PlayerState& p = s.players[seat];
    int blue = static_cast<int>(p.blue.size()) + blue_held[seat] + p.blue_waiting;
    for (const auto& cell : p.grid) {
      if (cell.die == 1) ++white;
      if (cell.die == 2) ++blue;
    }
    unlocked += p.blue_unlocked;
    blue_total += blue;
    if (!s.shared_blue && blue != p.blue_unlocked)
      out.push_back("a seat's blue dice are not conserved");
    if (s.shared_blue && !p.blue.empty()) out.push_back("own blue dice in the shared variant");
  }
  if (white != n * c.white_per_player) out.push_back("white dice not conserved");
  if (s.blue_reserve + unlocked != n * c.blue_per_player)
    out.push_back("blue dice not conserved (reserve)");
  if (s.shared_blue && blue_total != unlocked) out.push_back("shared blue dice not conserved");
  // Monks.
  for (Seat seat = 0; seat < n; ++seat) {
    int placed = 0;
    for (auto mask : s.monk_spaces) placed += (mask >> seat) & 1;
    if (placed + s.players[seat].monks != c.monks) out.push_back("monks not conserved");
  }
  // Ships: each exactly once.
  std::vector<int> seen(c.ships.size(), 0);
  for (int d : s.docks)
    if (d >= 0) ++seen[d];
  for (int sh : s.ship_pile) ++seen[sh];
  for (const auto& p : s.players)
    for (const auto& dock : p.port)
      for (int sh : dock)
        if (sh >= 0) ++seen[sh];
  if (std::any_of(seen.begin(), seen.end(), [](int k) { return k != 1; }))
    out.push_back("ships not conserved");
  // Tiles: each exactly once (offer, piles, discarded, a colony, or being put).
  std::vector<int> tiles(c.tiles.size(), 0);
  for (int t : s.offer) ++tiles[t];
  for (int t : s.pile_doubles) ++tiles[t];
  for (int t : s.pile_triples) ++tiles[t];
  for (int t : s.discarded) ++tiles[t];
  for (const Task& t : s.tasks)
    if (t.kind == TaskKind::tile) ++tiles[t.a];
  int roads = s.road_tiles;
  for (const auto& p : s.players) {
    std::vector<int> cells(c.tiles.size(), 0);
    for (const auto& cell : p.grid) {
      if (cell.tile >= 0) ++cells[cell.tile];
      if (cell.tile == -3) ++roads;
    }
    for (std::size_t t = 0; t < cells.size(); ++t)
      if (cells[t]) {
        if (cells[t] != static_cast<int>(c.tiles[t].cells.size())) out.push_back("a tile split");
        ++tiles[t];
      }
  }
  if (std::any_of(tiles.begin(), tiles.end(), [](int k) { return k != 1; }))
    out.push_back("tiles not conserved");
  if (roads != c.road_tiles) out.push_back("road tiles not conserved");
  if (s.box_scholars.size() + s.scholars.size() + s.lots.size() != c.scholars.size() ||
      s.box_bishops.size() + s.bishops.size() != c.bishops.size())
    out.push_back("scholars or bishops not conserved");
  return out;
}

State Rules::scramble_hidden(const State& s, Viewer viewer, Rng& rng) {
  State out = s;
  rng.shuffle(out.pile_doubles);
  rng.shuffle(out.pile_triples);
  // The ship pile and the ports this viewer cannot see hold unseen ships: deal them anew.
  std::vector<int> unseen = out.ship_pile;
  const bool over = s.phase == Phase::over;
  for (Seat seat = 0; seat < s.num_seats; ++seat)
    if (!over && seat != viewer.seat)
      for (const auto& dock : out.players[seat].port)
        unseen.insert(unseen.end(), dock.begin(), dock.end());
  rng.shuffle(unseen);
  std::size_t at = 0;
  for (int& sh : out.ship_pile) sh = unseen[at++];
  for (Seat seat = 0; seat < s.num_seats; ++seat)
    if (!over && seat != viewer.seat)
      for (auto& dock : out.players[seat].port)
        for (int& sh : dock) sh = unseen[at++];
  return out;
}

}  // namespace archipel::engine::santa_maria
