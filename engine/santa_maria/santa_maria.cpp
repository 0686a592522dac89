// Santa Maria: set-up, who acts, legal actions and apply. One check() decides whether an action is
// legal now; legal_actions() is the candidates that pass it, so the two cannot disagree. Effects
// and decisions are resolved through State::tasks, front first: automatic tasks run at once, a task
// with a real choice waits for the acting seat (santa_maria.hpp, "Flow").

#include "engine/santa_maria/santa_maria.hpp"

#include <algorithm>
#include <bit>

#include "engine/core/json_read.hpp"

namespace archipel::engine::santa_maria {
namespace {

using Events = std::vector<Json>;

int roll(State& s) {
  return static_cast<int>(s.rng.below(6)) + 1;
}

std::string res_name(Resource r) {
  return std::string(kResourceNames.name(r));
}
std::string res_name(int r) {
  return res_name(static_cast<Resource>(r));
}

bool blocked(const CellState& c) {
  return c.die != 0 || c.coins > 0;
}

// ------------------------------------------------------------------------------------------------
// Context: what the seat to act is answering now.

enum class Context { colony, lot, decision, main, after_main, none };

Context context_of(const State& s, Seat seat) {
  if (s.phase == Phase::over) return Context::none;
  if (s.phase == Phase::colony)
    return s.pick_order[s.pick] == seat ? Context::colony : Context::none;
  if (s.phase == Phase::lot) {
    if (s.pick_order[s.pick] != seat) return Context::none;
    return s.tasks.empty() ? Context::lot : Context::decision;
  }
  if (s.current != seat) return Context::none;
  if (!s.tasks.empty()) return Context::decision;
  return s.main_done ? Context::after_main : Context::main;
}

// Decisions that may be declined: free actions may come first (they cannot leave the seat stuck).
bool declinable(TaskKind k) {
  return k == TaskKind::exchange || k == TaskKind::ship || k == TaskKind::religion ||
         k == TaskKind::monk || k == TaskKind::astronomy || k == TaskKind::reclaim ||
         k == TaskKind::road;
}

// ------------------------------------------------------------------------------------------------
// Small rules

int buy_price(const State& s, Seat seat, Resource r) {
  const int base = components().buy[static_cast<int>(r)];
  if ((r == Resource::wood || r == Resource::grain) && has_power(s, seat, Power::basic_economy))
    return std::min(base, 2);
  if ((r == Resource::sugar || r == Resource::gem) && has_power(s, seat, Power::advanced_economy))
    return 3;
  return base;
}

// Pays one `r`, gold standing in when none is held.
bool can_pay_one(const PlayerState& p, Resource r) {
  return p.res[static_cast<int>(r)] > 0 || p.res[static_cast<int>(Resource::gold)] > 0;
}
void pay_one(PlayerState& p, Resource r) {
  if (p.res[static_cast<int>(r)] > 0)
    --p.res[static_cast<int>(r)];
  else
    --p.res[static_cast<int>(Resource::gold)];
}

int monk_fee(const State& s, Seat seat, int space) {
  const int others = std::popcount(static_cast<unsigned>(s.monk_spaces[space] & ~(1u << seat)));
  return others * components().monk_fee;
}

bool can_place_monk(const State& s, Seat seat, int space) {
  const PlayerState& p = s.players[seat];
  return p.monks > 0 && !(s.monk_spaces[space] & (1u << seat)) &&
         p.coins >= monk_fee(s, seat, space);
}

const Effect& effect_at(const Task& t) {
  switch (t.a) {
    case 1:
      return components().dock_effects[t.b];
    case 2:
      return components().retreat_effects[t.b];
    case 3:
      return components().camp_rewards[t.b][t.c];
    default:
      return components().cell_defs[t.b].effects[t.c];
  }
}

std::array<int, kResources> ship_cost(int ship) {
  return components().ships[ship].cost;
}

bool any_free_cell(const PlayerState& p) {
  return std::any_of(p.grid.begin(), p.grid.end(), [](const CellState& c) { return c.def < 0; });
}

// Buildings linked to `from` by an unbroken road (adjacent buildings count), for Logistics.
std::vector<int> linked_buildings(const PlayerState& p, int from) {
  std::array<bool, kCells> seen{};
  std::vector<int> stack{from};
  seen[from] = true;
  std::vector<int> out;
  while (!stack.empty()) {
    const int c = stack.back();
    stack.pop_back();
    for (int n : neighbours(c)) {
      if (seen[n] || p.grid[n].def < 0) continue;
      seen[n] = true;
      const CellDef& d = components().cell_defs[p.grid[n].def];
      if (d.building()) out.push_back(n);
      // A road carries on from road to road; from the start building, any adjacent road starts one.
      if (d.terrain == Terrain::road) stack.push_back(n);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// ------------------------------------------------------------------------------------------------
// Dice

void sort_dice(std::vector<int>& v) {
  std::sort(v.begin(), v.end());
}

void remove_value(std::vector<int>& v, int value) {
  auto it = std::find(v.begin(), v.end(), value);
  if (it != v.end()) v.erase(it);
}

int usable_blue(const State& s, Seat seat) {
  const PlayerState& p = s.players[seat];
  if (!s.shared_blue) return static_cast<int>(p.blue.size());
  return std::max(0, p.blue_unlocked - p.blue_waiting - p.blue_used);
}

// Lines a die of `color` may activate: rows for blue (columns too with Philosophy), columns white.
struct DieChoice {
  int line;  // 0-5 rows, 6-11 columns
  int pay;   // 0 coins, 1 wood, 2 grain (Botany)
  int cost;  // coins
};

bool line_has_free_building(const PlayerState& p, int line) {
  for (int c : line_cells(line))
    if (is_free_building(p, c)) return true;
  return false;
}

// ------------------------------------------------------------------------------------------------
// Year flow

void start_year_dice(State& s) {
  const int n = s.num_seats;
  s.white.clear();
  for (int i = 0; i < n * components().white_per_player; ++i) s.white.push_back(roll(s));
  sort_dice(s.white);
  s.blue_pool.clear();
  for (auto& p : s.players) {
    p.blue_waiting = 0;
    p.blue_used = 0;
    p.blue.clear();
    for (int i = 0; i < p.blue_unlocked; ++i)
      (s.shared_blue ? s.blue_pool : p.blue).push_back(roll(s));
    sort_dice(p.blue);
  }
  sort_dice(s.blue_pool);
}

void deal_offer(State& s) {
  for (int i = 0; i < components().offer_doubles && !s.pile_doubles.empty(); ++i) {
    s.offer.push_back(s.pile_doubles.back());
    s.pile_doubles.pop_back();
  }
  for (int i = 0; i < components().offer_triples && !s.pile_triples.empty(); ++i) {
    s.offer.push_back(s.pile_triples.back());
    s.pile_triples.pop_back();
  }
  std::sort(s.offer.begin(), s.offer.end());
}

void give_board(State& s, Seat seat, int board) {
  PlayerState& p = s.players[seat];
  p.board = board;
  for (int c = 0; c < kCells; ++c) {
    p.grid[c] = CellState{};
    const int def = components().boards[board].cells[c];
    if (def >= 0) {
      p.grid[c].def = static_cast<std::int16_t>(def);
      p.grid[c].tile = -4;
      if (components().cell_defs[def].terrain == Terrain::town_hall) p.town_hall_cell = c;
    }
  }
}

void start_play(State& s) {
  s.phase = Phase::play;
  s.current = s.first;
  s.main_done = false;
}

void final_scoring(State& s, Events& ev);

void end_year(State& s, Events& ev) {
  const auto points = conquest_points(s);
  Json by_seat = Json::array();
  for (Seat seat = 0; seat < s.num_seats; ++seat) {
    s.players[seat].points += points[seat];
    s.players[seat].conquistador_points += points[seat];
    by_seat.push_back(points[seat]);
  }
  ev.push_back({{"type", "year_end"}, {"year", s.year}, {"conquistador_points", by_seat}});
  // Markers back to start, dice and coins off the buildings.
  for (auto& p : s.players) {
    p.conquest = 0;
    p.conquest_arrival = 0;
    for (auto& cell : p.grid) {
      if (cell.die == 1) s.white.push_back(cell.die_value);
      if (cell.die == 2) (s.shared_blue ? s.blue_pool : p.blue).push_back(cell.die_value);
      cell.die = 0;
      cell.die_value = 0;
      cell.coins = 0;
    }
    sort_dice(p.blue);
    p.last_retreat = p.retreat;
  }
  sort_dice(s.white);
  sort_dice(s.blue_pool);
  if (s.year >= components().years) {
    final_scoring(s, ev);
    return;
  }
  for (int t : s.offer) s.discarded.push_back(t);
  s.offer.clear();
  deal_offer(s);
  start_year_dice(s);
  Seat first = s.first;
  for (int r = 0; r < kRetreatSpaces; ++r)
    if (s.retreat_owner[r] >= 0) {
      first = s.retreat_owner[r];
      break;
    }
  for (auto& p : s.players) {
    p.retreat = -1;
    p.white_used = 0;
    p.activations = 0;
  }
  s.retreat_owner.fill(-1);
  s.first = first;
  s.current = first;
  s.main_done = false;
  ++s.year;
  ev.push_back({{"type", "new_year"}, {"year", s.year}, {"first", first}});
}

void final_scoring(State& s, Events& ev) {
  s.final_scores.clear();
  Json totals = Json::array();
  for (Seat seat = 0; seat < s.num_seats; ++seat) {
    s.final_scores.push_back(score_final(s, seat));
    totals.push_back(s.final_scores.back().total);
  }
  s.phase = Phase::over;
  ev.push_back({{"type", "game_end"}, {"scores", totals}});
}

void next_turn(State& s, Events& ev) {
  s.main_done = false;
  for (int k = 1; k <= s.num_seats; ++k) {
    const Seat next = (s.current + k) % s.num_seats;
    if (s.players[next].retreat < 0) {
      s.current = next;
      return;
    }
  }
  end_year(s, ev);
}

// ------------------------------------------------------------------------------------------------
// Effects

void push_front(State& s, std::vector<Task> tasks) {
  s.tasks.insert(s.tasks.begin(), tasks.begin(), tasks.end());
}

std::vector<Task> building_tasks(const PlayerState& p, int cell) {
  std::vector<Task> out;
  const int def = p.grid[cell].def;
  for (int i = 0; i < static_cast<int>(components().cell_defs[def].effects.size()); ++i)
    out.push_back(Task{TaskKind::effect, 0, def, i, {}});
  return out;
}

void gain(State& s, Seat seat, EffectKind kind, int amount, Resource r, Events& ev) {
  PlayerState& p = s.players[seat];
  if (kind == EffectKind::coins) {
    p.coins += amount;
    ev.push_back({{"type", "coins"}, {"seat", seat}, {"coins", amount}});
  } else if (kind == EffectKind::points) {
    p.points += amount;
    ev.push_back({{"type", "points"}, {"seat", seat}, {"points", amount}});
  } else {
    const int sold = gain_resource(p, r, amount);
    Json e{{"type", "produce"}, {"seat", seat}, {"resource", res_name(r)}, {"count", amount}};
    if (sold) e["sold_for"] = sold;
    ev.push_back(e);
  }
}

void conquistador_step(State& s, Seat seat, Events& ev) {
  PlayerState& p = s.players[seat];
  if (p.conquest >= components().conquest_last) {
    ev.push_back({{"type", "conquistador"}, {"seat", seat}, {"lost", true}});
    return;
  }
  ++p.conquest;
  p.conquest_arrival = ++s.clock;
  ev.push_back({{"type", "conquistador"}, {"seat", seat}, {"space", p.conquest}});
  if (std::find(components().gold_spaces.begin(), components().gold_spaces.end(), p.conquest) !=
      components().gold_spaces.end())
    gain(s, seat, EffectKind::produce, 1, Resource::gold, ev);
}

void unlock_blue(State& s, Seat seat, Events& ev) {
  PlayerState& p = s.players[seat];
  if (s.blue_reserve <= 0 || p.blue_unlocked >= components().blue_per_player) return;
  --s.blue_reserve;
  ++p.blue_unlocked;
  if (p.retreat >= 0) {  // unlocked at a retreat: usable from the next year
    ++p.blue_waiting;
    ev.push_back({{"type", "blue_die"}, {"seat", seat}, {"next_year", true}});
    return;
  }
  const int value = roll(s);
  (s.shared_blue ? s.blue_pool : p.blue).push_back(value);
  sort_dice(s.shared_blue ? s.blue_pool : p.blue);
  ev.push_back({{"type", "blue_die"}, {"seat", seat}, {"value", value}});
}

void religion_steps(State& s, Seat seat, int steps, Events& ev) {
  PlayerState& p = s.players[seat];
  const int from = p.religion;
  int points = 0;
  std::vector<Task> monks;
  for (int i = 0; i < steps; ++i) {
    if (p.religion >= components().religion_last) {
      ++points;
      continue;
    }
    ++p.religion;
    const auto& sym = components().monk_symbols;
    const auto it = std::find(sym.begin(), sym.end(), p.religion);
    if (it == sym.end()) continue;
    const int k = static_cast<int>(it - sym.begin());
    if (std::find(components().blue_symbols.begin(), components().blue_symbols.end(), k) !=
        components().blue_symbols.end())
      unlock_blue(s, seat, ev);
    monks.push_back(Task{TaskKind::monk, 0, 0, 0, {}});
  }
  p.points += points;
  ev.push_back({{"type", "religion"},
                {"seat", seat},
                {"from", from},
                {"to", p.religion},
                {"points", points}});
  push_front(s, monks);
}

void buy_ship(State& s, Seat seat, int dock, Events& ev) {
  PlayerState& p = s.players[seat];
  const int ship = s.docks[dock];
  pay(p, ship_cost(ship));
  p.port[dock].push_back(ship);
  s.docks[dock] = -1;
  ev.push_back({{"type", "ship"}, {"seat", seat}, {"dock", components().dock_names[dock]}});
  if (!s.ship_pile.empty()) {
    s.docks[dock] = s.ship_pile.back();
    s.ship_pile.pop_back();
    ev.push_back({{"type", "refill"},
                  {"dock", components().dock_names[dock]},
                  {"ship", components().ships[s.docks[dock]].id}});
  }
  if (has_power(s, seat, Power::astronomy))
    push_front(s, {Task{TaskKind::astronomy, dock, 0, 0, {}}});
}

bool ship_affordable(const State& s, Seat seat) {
  for (int d = 0; d < kDocks; ++d)
    if (s.docks[d] >= 0 && can_pay(s.players[seat], ship_cost(s.docks[d]))) return true;
  return false;
}

bool exchange_possible(const PlayerState& p, const Effect& e) {
  for (Resource r : e.pay)
    if (can_pay_one(p, r)) return true;
  return false;
}

// Whether a task waits for the seat (a real choice), or runs at once.
bool needs_decision(const State& s, Seat seat, const Task& t) {
  const PlayerState& p = s.players[seat];
  switch (t.kind) {
    case TaskKind::exchange:
      return exchange_possible(p, components().cell_defs[t.a].effects[t.b]);
    case TaskKind::ship:
      return ship_affordable(s, seat);
    case TaskKind::religion:
      return p.res[static_cast<int>(Resource::grain)] > 0 ||
             p.res[static_cast<int>(Resource::gold)] > 0;
    case TaskKind::monk:
      for (int k = 0; k < kMonkSpaces; ++k)
        if (can_place_monk(s, seat, k)) return true;
      return false;
    case TaskKind::road:
      return s.road_tiles > 0 && any_free_cell(p);
    case TaskKind::place_die:
      return has_power(s, seat, Power::construction) && t.cells.size() > 1;
    case TaskKind::astronomy:
      return p.coins > 0;
    case TaskKind::reclaim:
      return std::any_of(p.grid.begin(), p.grid.end(),
                         [](const CellState& c) { return c.coins > 0; });
    case TaskKind::tile:
    case TaskKind::town_hall:
    case TaskKind::die_value:
      return true;
    case TaskKind::effect:
    case TaskKind::dock_bonuses:
      return false;
  }
  return false;
}

void place_die(State& s, Seat seat, const Task& t, int cell, Events& ev) {
  CellState& c = s.players[seat].grid[cell];
  c.die = static_cast<std::int8_t>(t.a);
  c.die_value = static_cast<std::int8_t>(t.b);
  ev.push_back({{"type", "die_placed"}, {"seat", seat}, {"cell", cell_name(cell)}});
}

// Runs the automatic task at the front (the caller knows it needs no decision).
void run_auto(State& s, Seat seat, Events& ev) {
  const Task t = s.tasks.front();
  s.tasks.erase(s.tasks.begin());
  PlayerState& p = s.players[seat];
  switch (t.kind) {
    case TaskKind::effect: {
      const Effect& e = effect_at(t);
      switch (e.kind) {
        case EffectKind::produce:
        case EffectKind::coins:
        case EffectKind::points:
          gain(s, seat, e.kind, e.amount, e.resource, ev);
          break;
        case EffectKind::conquistador:
          conquistador_step(s, seat, ev);
          break;
        case EffectKind::religion:
          push_front(s, {Task{TaskKind::religion, 1, 0, 0, {}}});
          break;
        case EffectKind::ship:
          push_front(s, {Task{TaskKind::ship, 0, 0, 0, {}}});
          break;
        case EffectKind::road:
          push_front(s, {Task{TaskKind::road, 0, 0, 0, {}}});
          break;
        case EffectKind::exchange: {
          const int uses = has_power(s, seat, Power::industrialisation) ? 2 : 1;
          push_front(s, {Task{TaskKind::exchange, t.b, t.c, uses, {}}});
          break;
        }
      }
      break;
    }
    case TaskKind::religion:
      religion_steps(s, seat, t.a, ev);
      break;
    case TaskKind::place_die:
      place_die(s, seat, t, t.cells.back(), ev);
      break;
    case TaskKind::dock_bonuses: {
      std::vector<Task> bonuses;
      for (int d = 0; d < kDocks; ++d)
        for (std::size_t i = 0; i < p.port[d].size(); ++i)
          bonuses.push_back(Task{TaskKind::effect, 1, d, 0, {}});
      push_front(s, bonuses);
      break;
    }
    default:
      break;  // a declinable decision with no possible answer: nothing happens
  }
}

void run_tasks(State& s, Events& ev) {
  const Seat seat = s.phase == Phase::lot ? s.pick_order[s.pick] : s.current;
  while (!s.tasks.empty() && !needs_decision(s, seat, s.tasks.front())) run_auto(s, seat, ev);
}

// ------------------------------------------------------------------------------------------------
// Checks: why an action is not legal now (nullopt: it is).

std::optional<RuleError> err(const std::string& rule, const std::string& message,
                             const std::string& message_fr) {
  return RuleError{"santa_maria." + rule, message, message_fr};
}

// "de bois", "d'or": the French partitive after a negation ("vous n'avez pas d'or").
std::string of_fr(Resource r) {
  const std::string word = resource_fr(r);
  return (word.front() == 'o' ? "d'" : "de ") + word;
}
std::string fr_word(Resource r) {
  return resource_fr(r);
}

std::optional<Rotation> rotation_of(const Json& a) {
  if (!a.contains("rotation") || !a["rotation"].is_string()) return std::nullopt;
  return kRotationNames.parse(a["rotation"].get<std::string>());
}

int cell_of(const Json& a, const char* key) {
  if (!a.contains(key) || !a[key].is_string()) return -1;
  return cell_from_name(a[key].get<std::string>());
}

std::optional<Resource> resource_of(const Json& a, const char* key) {
  if (!a.contains(key) || !a[key].is_string()) return std::nullopt;
  return kResourceNames.parse(a[key].get<std::string>());
}

int int_of(const Json& a, const char* key, int fallback = -999) {
  if (!a.contains(key) || !a[key].is_number_integer()) return fallback;
  return a[key].get<int>();
}

std::string str_of(const Json& a, const char* key) {
  if (!a.contains(key) || !a[key].is_string()) return "";
  return a[key].get<std::string>();
}

// A piece's cell offset (row, column) from its anchor, turned to `rotation` (east is as drawn).
std::pair<int, int> rotated(const std::array<int, 2>& off, Rotation rotation) {
  const int dr = off[0], dc = off[1];
  switch (rotation) {
    case Rotation::east:
      return {dr, dc};
    case Rotation::south:
      return {dc, -dr};
    case Rotation::west:
      return {-dr, -dc};
    case Rotation::north:
      return {-dc, dr};
  }
  return {dr, dc};
}

// Whether the piece lies on free cells of the colony; no allocation (legal_actions calls it often).
bool piece_fits(const PlayerState& p, const Piece& piece, int cell, Rotation rot) {
  const int r0 = cell / kSize, c0 = cell % kSize;
  for (const auto& off : piece.offsets) {
    const auto [dr, dc] = rotated(off, rot);
    const int r = r0 + dr, c = c0 + dc;
    if (r < 0 || r >= kSize || c < 0 || c >= kSize || p.grid[r * kSize + c].def >= 0) return false;
  }
  return true;
}

bool piece_has_place(const PlayerState& p, const Piece& piece) {
  for (int c = 0; c < kCells; ++c)
    for (int r = 0; r < 4; ++r)
      if (piece_fits(p, piece, c, static_cast<Rotation>(r))) return true;
  return false;
}

const std::array<int, kResources>& tile_cost(int tile) {
  return components().tiles[tile].triple ? components().triple_cost : components().double_cost;
}

// A die of `color` showing `rolled`, set to `value` paying coins (pay 0) or, with Botany, a wood
// (1) or a grain (2), on its row or column: why not, or nullopt (and *out filled).
std::optional<RuleError> value_error(const State& s, Seat seat, int color, int rolled, int value,
                                     int pay_kind, bool column_asked, DieChoice* out) {
  const PlayerState& p = s.players[seat];
  if (value < 1 || value > 6)
    return err("bad_value", "a die value is 1 to 6", "la valeur d'un dé va de 1 à 6");
  if (pay_kind) {
    if (!has_power(s, seat, Power::botany))
      return err("no_botany", "only Botany sets a die's value",
                 "seul le Savant Botanique fixe la valeur d'un dé");
    const Resource r = pay_kind == 1 ? Resource::wood : Resource::grain;
    if (p.res[static_cast<int>(r)] == 0)
      return err("cannot_pay", "you have no " + res_name(r), "vous n'avez pas " + of_fr(r));
    if (value == rolled)
      return err("bad_value", "the die already shows that value", "le dé montre déjà cette valeur");
  }
  bool column = color == 1;
  if (column_asked) {
    if (color != 2 || !has_power(s, seat, Power::philosophy))
      return err("bad_line", "only a blue die with Philosophy activates a column",
                 "seul un dé bleu avec le Savant Philosophie active une colonne");
    column = true;
  }
  const int cost = pay_kind ? 0 : std::abs(value - rolled);
  if (cost > p.coins)
    return err("cannot_pay", "changing the die costs a coin a step",
               "changer la valeur du dé coûte 1 Pièce par cran");
  const int line = column ? kSize + value - 1 : value - 1;
  if (!line_has_free_building(p, line))
    return err("no_free_building", "that line has no free building",
               "cette ligne n'a aucun bâtiment libre");
  if (out) *out = DieChoice{line, pay_kind, cost};
  return std::nullopt;
}

std::optional<RuleError> check_value(const State& s, Seat seat, const Task& t, const Json& a,
                                     DieChoice* out) {
  const int value = int_of(a, "value");
  const std::string pay_text = str_of(a, "pay");
  const std::string line_text = str_of(a, "line");
  int pay_kind = 0;
  if (a.contains("pay")) {
    if (pay_text == "wood")
      pay_kind = 1;
    else if (pay_text == "grain")
      pay_kind = 2;
    else
      return err("bad_value", "Botany is paid with wood or grain",
                 "la Botanique se paie en bois ou en blé");
  }
  if (a.contains("line") && line_text != "column")
    return err("bad_line", "line is \"column\" or absent", "line vaut \"column\" ou est absent");
  return value_error(s, seat, t.a, t.b, value, pay_kind, a.contains("line"), out);
}

bool die_has_value(const State& s, Seat seat, int color, int rolled) {
  for (int v = 1; v <= 6; ++v)
    for (int pay = 0; pay <= 2; ++pay)
      for (bool column : {false, true})
        if (!value_error(s, seat, color, rolled, v, pay, column, nullptr)) return true;
  return false;
}

std::optional<RuleError> check_free(const State& s, Seat seat, const Json& a,
                                    const std::string& type) {
  const PlayerState& p = s.players[seat];
  if (type == "sell") {
    const auto r = resource_of(a, "resource");
    if (!r) return err("bad_resource", "unknown resource", "ressource inconnue");
    if (p.res[static_cast<int>(*r)] == 0)
      return err("nothing_to_sell", "you have no " + res_name(*r), "vous n'avez pas " + of_fr(*r));
    return std::nullopt;
  }
  if (type == "buy") {
    const auto r = resource_of(a, "resource");
    if (!r) return err("bad_resource", "unknown resource", "ressource inconnue");
    const int price = buy_price(s, seat, *r);
    if (price <= 0)
      return err("not_for_sale", "the bank does not sell " + res_name(*r),
                 "la banque ne vend pas " + of_fr(*r));
    if (p.coins < price)
      return err("cannot_pay", "you need " + std::to_string(price) + " coins",
                 "il vous faut " + std::to_string(price) + " Pièces");
    if (p.res[static_cast<int>(*r)] >= components().storage)
      return err("storage_full", "you already store " + std::to_string(components().storage),
                 "vous en stockez déjà " + std::to_string(components().storage));
    return std::nullopt;
  }
  // move (Logistics)
  if (!has_power(s, seat, Power::logistics))
    return err("no_logistics", "only Logistics moves a die",
               "seul le Savant Logistique déplace un dé");
  if (!s.tasks.empty())
    return err("not_now", "finish the decision first", "terminez d'abord la décision en cours");
  const int from = cell_of(a, "from"), to = cell_of(a, "to");
  if (from < 0 || to < 0) return err("bad_cell", "cells are a1 to f6", "les cases vont de a1 à f6");
  if (p.grid[from].die == 0)
    return err("no_die", "no die on " + cell_name(from), "aucun dé sur " + cell_name(from));
  if (!is_free_building(p, to))
    return err("not_free", cell_name(to) + " is not a free building",
               cell_name(to) + " n'est pas un bâtiment libre");
  const auto linked = linked_buildings(p, from);
  if (std::find(linked.begin(), linked.end(), to) == linked.end())
    return err("not_linked", "no road links the two buildings",
               "aucune Route ne relie les deux bâtiments");
  if (p.coins < 1)
    return err("cannot_pay", "moving a die costs a coin", "déplacer un dé coûte 1 Pièce");
  return std::nullopt;
}

std::optional<RuleError> check_decision(const State& s, Seat seat, const Json& a,
                                        const std::string& type) {
  const Task& t = s.tasks.front();
  const PlayerState& p = s.players[seat];
  if ((type == "sell" || type == "buy") && declinable(t.kind)) return check_free(s, seat, a, type);
  if (type == "skip") {
    if (!declinable(t.kind))
      return err("must_answer", "this decision cannot be declined",
                 "cette décision ne peut pas être refusée");
    return std::nullopt;
  }
  switch (t.kind) {
    case TaskKind::tile:
    case TaskKind::town_hall: {
      if (type != (t.kind == TaskKind::tile ? "put" : "town_hall"))
        return err("wrong_answer",
                   t.kind == TaskKind::tile ? "put the tile" : "place the town hall",
                   t.kind == TaskKind::tile ? "posez la tuile" : "posez la Mairie");
      const int cell = cell_of(a, "cell");
      const auto rot = rotation_of(a);
      if (cell < 0 || !rot)
        return err("bad_place", "a cell a1-f6 and a rotation east/south/west/north",
                   "une case a1-f6 et une orientation east/south/west/north");
      const Piece& piece =
          t.kind == TaskKind::tile ? components().tiles[t.a] : components().town_halls[t.a];
      if (!piece_fits(p, piece, cell, *rot))
        return err("does_not_fit", "the tile must lie on free cells of your colony",
                   "la tuile doit couvrir des cases libres de votre Colonie");
      return std::nullopt;
    }
    case TaskKind::road: {
      if (type != "put" || a.contains("rotation"))
        return err("wrong_answer", "put the road tile", "posez la tuile Route");
      const int cell = cell_of(a, "cell");
      if (cell < 0 || p.grid[cell].def >= 0)
        return err("does_not_fit", "the road goes on a free cell",
                   "la Route se pose sur une case libre");
      return std::nullopt;
    }
    case TaskKind::die_value:
      if (type != "value")
        return err("wrong_answer", "choose the die's value", "choisissez la valeur du dé");
      return check_value(s, seat, t, a, nullptr);
    case TaskKind::place_die: {
      if (type != "place") return err("wrong_answer", "place the die", "placez le dé");
      const int cell = cell_of(a, "cell");
      if (std::find(t.cells.begin(), t.cells.end(), cell) == t.cells.end())
        return err("bad_cell", "the die goes on a building of the line it activated",
                   "le dé va sur un bâtiment de la ligne qu'il a activée");
      return std::nullopt;
    }
    case TaskKind::exchange: {
      if (type != "exchange") return err("wrong_answer", "exchange or skip", "échangez ou passez");
      const auto r = resource_of(a, "resource");
      const Effect& e = components().cell_defs[t.a].effects[t.b];
      if (!r || std::find(e.pay.begin(), e.pay.end(), *r) == e.pay.end())
        return err("bad_resource", "this exchange does not take that",
                   "cet échange ne prend pas cela");
      if (!can_pay_one(p, *r))
        return err("cannot_pay", "you have no " + res_name(*r) + " nor gold",
                   "vous n'avez ni " + fr_word(*r) + " ni or");
      return std::nullopt;
    }
    case TaskKind::ship: {
      if (type != "ship")
        return err("wrong_answer", "buy a ship or skip", "achetez un Navire ou passez");
      const int d = components().dock_index(str_of(a, "dock"));
      if (d < 0 || s.docks[d] < 0)
        return err("no_ship", "no ship at that dock", "aucun Navire à ce Dock");
      if (!can_pay(p, ship_cost(s.docks[d])))
        return err("cannot_pay", "you cannot pay that ship", "vous ne pouvez pas payer ce Navire");
      return std::nullopt;
    }
    case TaskKind::astronomy: {
      if (type != "dock")
        return err("wrong_answer", "move the ship or skip", "déplacez le Navire ou passez");
      const int d = components().dock_index(str_of(a, "dock"));
      if (d < 0 || d == t.a)
        return err("bad_dock", "choose another dock", "choisissez un autre Dock");
      if (std::abs(d - t.a) > p.coins)
        return err("cannot_pay", "a coin per dock step", "1 Pièce par Dock franchi");
      return std::nullopt;
    }
    case TaskKind::religion: {
      if (type != "boost")
        return err("wrong_answer", "pay for a step more, or skip",
                   "payez pour un pas de plus, ou passez");
      const auto r = resource_of(a, "pay");
      if (!r || (*r != Resource::grain && *r != Resource::gold))
        return err("bad_resource", "the extra step costs a grain (or a gold)",
                   "le pas supplémentaire coûte un blé (ou un or)");
      if (p.res[static_cast<int>(*r)] == 0)
        return err("cannot_pay", "you have no " + res_name(*r), "vous n'avez pas " + of_fr(*r));
      return std::nullopt;
    }
    case TaskKind::monk: {
      if (type != "monk")
        return err("wrong_answer", "place a monk, or no monk", "placez un Moine, ou pas de Moine");
      const int k = monk_space_from_name(str_of(a, "space"));
      if (k < 0)
        return err("bad_space", "monk spaces: scholar1-3, bishop1-3, camp1-4",
                   "emplacements de Moine : scholar1-3, bishop1-3, camp1-4");
      if (s.monk_spaces[k] & (1u << seat))
        return err("own_monk_there", "you already have a monk there",
                   "vous avez déjà un Moine ici");
      if (!can_place_monk(s, seat, k))
        return err("cannot_pay", "2 coins to each other monk's owner",
                   "2 Pièces à chaque autre propriétaire d'un Moine ici");
      return std::nullopt;
    }
    case TaskKind::reclaim: {
      if (type != "reclaim")
        return err("wrong_answer", "reclaim coins or skip", "reprenez des Pièces ou passez");
      const int cell = cell_of(a, "cell");
      if (cell < 0 || p.grid[cell].coins == 0)
        return err("no_coins", "no coins on that cell", "aucune Pièce sur cette case");
      return std::nullopt;
    }
    default:
      return err("wrong_answer", "unexpected action", "action inattendue");
  }
}

std::optional<RuleError> check_main(const State& s, Seat seat, const Json& a,
                                    const std::string& type) {
  const PlayerState& p = s.players[seat];
  if (type == "expand") {
    const int tile = components().tile_index(str_of(a, "tile"));
    if (tile < 0 || std::find(s.offer.begin(), s.offer.end(), tile) == s.offer.end())
      return err("not_offered", "that tile is not on offer", "cette tuile n'est pas proposée");
    if (!can_pay(p, tile_cost(tile)))
      return err("cannot_pay",
                 components().tiles[tile].triple ? "a triple costs 2 wood and a grain"
                                                 : "a double costs 2 wood",
                 components().tiles[tile].triple ? "une tuile triple coûte 2 bois et 1 blé"
                                                 : "une tuile double coûte 2 bois");
    if (!piece_has_place(p, components().tiles[tile]))
      return err("no_room", "the tile fits nowhere", "la tuile ne rentre nulle part");
    return std::nullopt;
  }
  if (type == "activate") {
    const int cell = cell_of(a, "cell");
    if (cell < 0 || !is_free_building(p, cell))
      return err("not_free", "activate a free building", "activez un bâtiment libre");
    if (p.coins < p.activations + 1)
      return err("cannot_pay",
                 "this activation costs " + std::to_string(p.activations + 1) + " coins",
                 "cette activation coûte " + std::to_string(p.activations + 1) + " Pièces");
    return std::nullopt;
  }
  if (type == "die") {
    const std::string color = str_of(a, "color");
    const int value = int_of(a, "value");
    if (color == "white") {
      if (p.white_used >= components().white_per_year)
        return err("white_limit", "3 white dice a year at most", "3 dés blancs par année au plus");
      if (std::find(s.white.begin(), s.white.end(), value) == s.white.end())
        return err("no_die", "no white die shows that value",
                   "aucun dé blanc ne montre cette valeur");
    } else if (color == "blue") {
      const auto& pool = s.shared_blue ? s.blue_pool : p.blue;
      if (usable_blue(s, seat) <= 0)
        return err("no_die", "you have no blue die left this year",
                   "vous n'avez plus de dé bleu cette année");
      if (std::find(pool.begin(), pool.end(), value) == pool.end())
        return err("no_die", "no blue die shows that value",
                   "aucun dé bleu ne montre cette valeur");
    } else {
      return err("bad_color", "a die is white or blue", "un dé est blanc ou bleu");
    }
    if (!die_has_value(s, seat, color == "white" ? 1 : 2, value))
      return err("no_free_building", "that die can activate no line you can pay for",
                 "ce dé ne peut activer aucune ligne que vous pouvez payer");
    return std::nullopt;
  }
  if (type == "retreat") {
    const int space = int_of(a, "space");
    if (space < 1 || space > kRetreatSpaces)
      return err("bad_space", "retreat spaces are 1 to 5",
                 "les emplacements de Retraite vont de 1 à 5");
    if (s.retreat_owner[space - 1] >= 0)
      return err("space_taken", "that retreat space is taken",
                 "cet emplacement de Retraite est pris");
    return std::nullopt;
  }
  return err("unknown_action", "unknown action '" + type + "'", "action inconnue '" + type + "'");
}

std::optional<RuleError> check(const State& s, Seat seat, const Json& a) {
  if (!a.is_object() || !a.contains("type") || !a["type"].is_string())
    return RuleError{"bad_action", "an action is a JSON object with a string \"type\"",
                     "une action est un objet JSON avec un \"type\" texte"};
  const std::string type = a["type"].get<std::string>();
  switch (context_of(s, seat)) {
    case Context::none:
      return RuleError{"not_your_turn", "it is not your turn to act",
                       "ce n'est pas à vous de jouer"};
    case Context::colony: {
      if (type != "colony")
        return err("choose_colony", "choose your colony", "choisissez votre Colonie");
      const int b = components().board_index(str_of(a, "board"));
      if (std::find(s.boards_left.begin(), s.boards_left.end(), b) == s.boards_left.end())
        return err("bad_board", "that colony is not available",
                   "cette Colonie n'est pas disponible");
      return std::nullopt;
    }
    case Context::lot: {
      if (type != "lot")
        return err("choose_lot", "choose a town hall lot", "choisissez un lot de Mairie");
      const int lot = int_of(a, "lot");
      if (lot < 1 || lot > static_cast<int>(s.lots.size()) || s.lots[lot - 1].taken_by >= 0)
        return err("bad_lot", "that lot is not available", "ce lot n'est pas disponible");
      return std::nullopt;
    }
    case Context::decision:
      return check_decision(s, seat, a, type);
    case Context::main:
      if (type == "sell" || type == "buy" || type == "move") return check_free(s, seat, a, type);
      if (type == "end")
        return err("main_action_first", "take a main action first (or retreat)",
                   "faites d'abord une action principale (ou retirez-vous)");
      return check_main(s, seat, a, type);
    case Context::after_main:
      if (type == "sell" || type == "buy" || type == "move") return check_free(s, seat, a, type);
      if (type == "end") return std::nullopt;
      return err("one_main_action", "one main action a turn; end your turn",
                 "une action principale par tour ; finissez votre tour");
  }
  return err("unknown_action", "unknown action", "action inconnue");
}

// ------------------------------------------------------------------------------------------------
// Candidates (legal_actions keeps those check() accepts)

void free_candidates(const State& s, Seat seat, bool moves, std::vector<Json>& out) {
  for (int r = 0; r < kResources; ++r) out.push_back({{"type", "sell"}, {"resource", res_name(r)}});
  for (int r = 0; r < kResources; ++r)
    if (components().buy[r] > 0 || r == 2 || r == 3)
      out.push_back({{"type", "buy"}, {"resource", res_name(r)}});
  if (moves && has_power(s, seat, Power::logistics)) {
    const PlayerState& p = s.players[seat];
    for (int from = 0; from < kCells; ++from)
      if (p.grid[from].die)
        for (int to : linked_buildings(p, from))
          out.push_back({{"type", "move"}, {"from", cell_name(from)}, {"to", cell_name(to)}});
  }
}

// Placements of `piece` (nullptr: the 1-cell road tile, no rotation), prefiltered on free cells.
void put_candidates(const PlayerState& p, const char* type, const Piece* piece,
                    std::vector<Json>& out) {
  for (int c = 0; c < kCells; ++c) {
    if (!piece) {
      if (p.grid[c].def < 0) out.push_back({{"type", type}, {"cell", cell_name(c)}});
      continue;
    }
    for (int r = 0; r < 4; ++r)
      if (piece_fits(p, *piece, c, static_cast<Rotation>(r)))
        out.push_back({{"type", type},
                       {"cell", cell_name(c)},
                       {"rotation", kRotationNames.name(static_cast<Rotation>(r))}});
  }
}

std::vector<Json> candidates(const State& s, Seat seat) {
  std::vector<Json> out;
  const PlayerState& p = s.players[seat];
  switch (context_of(s, seat)) {
    case Context::none:
      break;
    case Context::colony:
      for (int b : s.boards_left)
        out.push_back({{"type", "colony"}, {"board", components().boards[b].id}});
      break;
    case Context::lot:
      for (std::size_t l = 0; l < s.lots.size(); ++l)
        out.push_back({{"type", "lot"}, {"lot", static_cast<int>(l) + 1}});
      break;
    case Context::decision: {
      const Task& t = s.tasks.front();
      switch (t.kind) {
        case TaskKind::tile:
          put_candidates(p, "put", &components().tiles[t.a], out);
          break;
        case TaskKind::town_hall:
          put_candidates(p, "town_hall", &components().town_halls[t.a], out);
          break;
        case TaskKind::road:
          put_candidates(p, "put", nullptr, out);
          break;
        case TaskKind::die_value:
          for (int v = 1; v <= 6; ++v)
            for (int pay = 0; pay <= 2; ++pay)
              for (bool column : {false, true}) {
                if (value_error(s, seat, t.a, t.b, v, pay, column, nullptr)) continue;
                Json a{{"type", "value"}, {"value", v}};
                if (pay) a["pay"] = pay == 1 ? "wood" : "grain";
                if (column) a["line"] = "column";
                out.push_back(std::move(a));
              }
          break;
        case TaskKind::place_die:
          for (int c : t.cells) out.push_back({{"type", "place"}, {"cell", cell_name(c)}});
          break;
        case TaskKind::exchange:
          for (Resource r : components().cell_defs[t.a].effects[t.b].pay)
            out.push_back({{"type", "exchange"}, {"resource", res_name(r)}});
          break;
        case TaskKind::ship:
          for (int d = 0; d < kDocks; ++d)
            out.push_back({{"type", "ship"}, {"dock", components().dock_names[d]}});
          break;
        case TaskKind::astronomy:
          for (int d = 0; d < kDocks; ++d)
            out.push_back({{"type", "dock"}, {"dock", components().dock_names[d]}});
          break;
        case TaskKind::religion:
          out.push_back({{"type", "boost"}, {"pay", "grain"}});
          out.push_back({{"type", "boost"}, {"pay", "gold"}});
          break;
        case TaskKind::monk:
          for (int k = 0; k < kMonkSpaces; ++k)
            out.push_back({{"type", "monk"}, {"space", monk_space_name(k)}});
          break;
        case TaskKind::reclaim:
          for (int c = 0; c < kCells; ++c)
            if (p.grid[c].coins) out.push_back({{"type", "reclaim"}, {"cell", cell_name(c)}});
          break;
        default:
          break;
      }
      if (declinable(t.kind)) {
        out.push_back({{"type", "skip"}});
        free_candidates(s, seat, false, out);
      }
      break;
    }
    case Context::main:
      for (int tile : s.offer)
        out.push_back({{"type", "expand"}, {"tile", components().tiles[tile].id}});
      for (int c = 0; c < kCells; ++c)
        if (is_free_building(p, c)) out.push_back({{"type", "activate"}, {"cell", cell_name(c)}});
      for (int v = 1; v <= 6; ++v)
        out.push_back({{"type", "die"}, {"color", "white"}, {"value", v}});
      for (int v = 1; v <= 6; ++v)
        out.push_back({{"type", "die"}, {"color", "blue"}, {"value", v}});
      for (int r = 1; r <= kRetreatSpaces; ++r) out.push_back({{"type", "retreat"}, {"space", r}});
      free_candidates(s, seat, true, out);
      break;
    case Context::after_main:
      free_candidates(s, seat, true, out);
      out.push_back({{"type", "end"}});
      break;
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// Execution of an action check() accepted.

void put_piece(PlayerState& p, const Piece& piece, int cell, Rotation rot, int tile_tag) {
  const auto cells = piece_cells(piece, cell, rot);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    p.grid[cells[i]].def = static_cast<std::int16_t>(piece.cells[i]);
    p.grid[cells[i]].tile = static_cast<std::int16_t>(tile_tag);
    if (components().cell_defs[piece.cells[i]].terrain == Terrain::town_hall)
      p.town_hall_cell = cells[i];
  }
}

void activate_line(State& s, Seat seat, int color, int value, const DieChoice& choice, Events& ev) {
  PlayerState& p = s.players[seat];
  p.coins -= choice.cost;
  if (choice.pay == 1) --p.res[static_cast<int>(Resource::wood)];
  if (choice.pay == 2) --p.res[static_cast<int>(Resource::grain)];
  const bool column = choice.line >= kSize;
  const int line_value = choice.line % kSize + 1;
  ev.push_back({{"type", "die"},
                {"seat", seat},
                {"color", color == 1 ? "white" : "blue"},
                {"rolled", value},
                {"value", line_value},
                {"line", column ? "column" : "row"},
                {"cost", choice.cost}});
  std::vector<Task> tasks;
  std::vector<int> free_cells;
  int colonists = 0;
  for (int c : line_cells(choice.line)) {
    if (p.grid[c].def >= 0) colonists += components().cell_defs[p.grid[c].def].colonists;
    if (!is_free_building(p, c)) continue;
    free_cells.push_back(c);
    auto bt = building_tasks(p, c);
    tasks.insert(tasks.end(), bt.begin(), bt.end());
  }
  if (has_power(s, seat, Power::tax) && colonists / 2 > 0)
    gain(s, seat, EffectKind::coins, colonists / 2, Resource::wood, ev);
  tasks.push_back(Task{TaskKind::place_die, color, line_value, 0, free_cells});
  push_front(s, tasks);
}

void execute(State& s, Seat seat, const Json& a, Events& ev) {
  const std::string type = a["type"].get<std::string>();
  PlayerState& p = s.players[seat];
  if (type == "colony") {
    const int b = components().board_index(str_of(a, "board"));
    give_board(s, seat, b);
    remove_value(s.boards_left, b);
    ev.push_back({{"type", "colony"}, {"seat", seat}, {"board", components().boards[b].id}});
    ++s.pick;
    // The last board goes to the last picker without a choice.
    if (s.pick + 1 == static_cast<int>(s.pick_order.size()) && s.boards_left.size() == 1) {
      const Seat last = s.pick_order[s.pick];
      give_board(s, last, s.boards_left.front());
      ev.push_back({{"type", "colony"},
                    {"seat", last},
                    {"board", components().boards[s.boards_left.front()].id}});
      s.boards_left.clear();
      ++s.pick;
    }
    if (s.pick >= static_cast<int>(s.pick_order.size())) start_play(s);
    return;
  }
  if (type == "lot") {
    Lot& lot = s.lots[int_of(a, "lot") - 1];
    lot.taken_by = seat;
    p.town_hall_scholar = lot.scholar;
    ev.push_back({{"type", "lot"},
                  {"seat", seat},
                  {"lot", int_of(a, "lot")},
                  {"scholar", components().scholars[lot.scholar].id}});
    s.tasks.push_back(Task{TaskKind::town_hall, lot.town_hall, 0, 0, {}});
    return;
  }
  if (type == "sell") {
    const auto r = *resource_of(a, "resource");
    --p.res[static_cast<int>(r)];
    p.coins += components().sell[static_cast<int>(r)];
    ev.push_back({{"type", "sell"}, {"seat", seat}, {"resource", res_name(r)}});
    return;
  }
  if (type == "buy") {
    const auto r = *resource_of(a, "resource");
    p.coins -= buy_price(s, seat, r);
    ++p.res[static_cast<int>(r)];
    ev.push_back({{"type", "buy"}, {"seat", seat}, {"resource", res_name(r)}});
    return;
  }
  if (type == "move") {
    const int from = cell_of(a, "from"), to = cell_of(a, "to");
    p.coins -= 1;
    std::swap(p.grid[from].die, p.grid[to].die);
    std::swap(p.grid[from].die_value, p.grid[to].die_value);
    ev.push_back(
        {{"type", "move"}, {"seat", seat}, {"from", cell_name(from)}, {"to", cell_name(to)}});
    return;
  }
  if (type == "end") {
    ev.push_back({{"type", "end"}, {"seat", seat}});
    next_turn(s, ev);
    return;
  }
  if (type == "expand") {
    const int tile = components().tile_index(str_of(a, "tile"));
    pay(p, tile_cost(tile));
    remove_value(s.offer, tile);
    s.main_done = true;
    ev.push_back({{"type", "expand"}, {"seat", seat}, {"tile", components().tiles[tile].id}});
    s.tasks.push_back(Task{TaskKind::tile, tile, 0, 0, {}});
    return;
  }
  if (type == "activate") {
    const int cell = cell_of(a, "cell");
    const int cost = ++p.activations;
    p.coins -= cost;
    p.grid[cell].coins = static_cast<std::int8_t>(cost);
    s.main_done = true;
    ev.push_back({{"type", "activate"}, {"seat", seat}, {"cell", cell_name(cell)}, {"cost", cost}});
    push_front(s, building_tasks(p, cell));
    return;
  }
  if (type == "die") {
    const int color = str_of(a, "color") == "white" ? 1 : 2;
    const int value = int_of(a, "value");
    if (color == 1) {
      remove_value(s.white, value);
      ++p.white_used;
    } else if (s.shared_blue) {
      remove_value(s.blue_pool, value);
      ++p.blue_used;
    } else {
      remove_value(p.blue, value);
    }
    s.main_done = true;
    s.tasks.push_back(Task{TaskKind::die_value, color, value, 0, {}});
    return;
  }
  if (type == "retreat") {
    const int space = int_of(a, "space") - 1;
    s.retreat_owner[space] = seat;
    p.retreat = space;
    s.main_done = true;
    ev.push_back({{"type", "retreat"}, {"seat", seat}, {"space", space + 1}});
    std::vector<Task> tasks;
    if (has_power(s, seat, Power::mathematics))
      tasks.push_back(Task{TaskKind::reclaim, 0, 0, 0, {}});
    tasks.push_back(Task{TaskKind::effect, 2, space, 0, {}});
    tasks.push_back(Task{TaskKind::dock_bonuses, 0, 0, 0, {}});
    push_front(s, tasks);
    return;
  }
  // Answers to the decision at the front.
  const Task t = s.tasks.front();
  s.tasks.erase(s.tasks.begin());
  if (type == "skip") {
    ev.push_back({{"type", "skip"}, {"seat", seat}});
    if (t.kind == TaskKind::religion) religion_steps(s, seat, t.a, ev);
    return;
  }
  if (type == "put" || type == "town_hall") {
    const int cell = cell_of(a, "cell");
    if (t.kind == TaskKind::road) {
      p.grid[cell].def = static_cast<std::int16_t>(components().road_tile.cells[0]);
      p.grid[cell].tile = -3;
      --s.road_tiles;
      ev.push_back({{"type", "road"}, {"seat", seat}, {"cell", cell_name(cell)}});
      return;
    }
    const Rotation rot = *rotation_of(a);
    if (t.kind == TaskKind::tile) {
      put_piece(p, components().tiles[t.a], cell, rot, t.a);
      ev.push_back({{"type", "put"},
                    {"seat", seat},
                    {"tile", components().tiles[t.a].id},
                    {"cell", cell_name(cell)},
                    {"rotation", kRotationNames.name(rot)}});
    } else {
      put_piece(p, components().town_halls[t.a], cell, rot, -2);
      ev.push_back({{"type", "town_hall"},
                    {"seat", seat},
                    {"cell", cell_name(cell)},
                    {"rotation", kRotationNames.name(rot)}});
      ++s.pick;
      if (s.pick >= static_cast<int>(s.pick_order.size())) start_play(s);
    }
    return;
  }
  if (type == "value") {
    DieChoice choice{};
    check_value(s, seat, t, a, &choice);
    activate_line(s, seat, t.a, t.b, choice, ev);
    return;
  }
  if (type == "place") {
    place_die(s, seat, t, cell_of(a, "cell"), ev);
    return;
  }
  if (type == "exchange") {
    const auto r = *resource_of(a, "resource");
    const Effect& e = components().cell_defs[t.a].effects[t.b];
    pay_one(p, r);
    ev.push_back({{"type", "exchange"}, {"seat", seat}, {"resource", res_name(r)}});
    gain(s, seat, e.gain_kind, e.gain_amount, e.gain_resource, ev);
    if (t.c > 1) push_front(s, {Task{TaskKind::exchange, t.a, t.b, t.c - 1, {}}});
    return;
  }
  if (type == "ship") {
    buy_ship(s, seat, components().dock_index(str_of(a, "dock")), ev);
    return;
  }
  if (type == "dock") {
    const int d = components().dock_index(str_of(a, "dock"));
    auto& from = p.port[t.a];
    const int ship = from.back();
    from.pop_back();
    p.port[d].push_back(ship);
    p.coins -= std::abs(d - t.a);
    ev.push_back({{"type", "dock"},
                  {"seat", seat},
                  {"from", components().dock_names[t.a]},
                  {"dock", components().dock_names[d]}});
    return;
  }
  if (type == "boost") {
    const auto r = *resource_of(a, "pay");
    --p.res[static_cast<int>(r)];
    religion_steps(s, seat, t.a + 1, ev);
    return;
  }
  if (type == "monk") {
    const int k = monk_space_from_name(str_of(a, "space"));
    const int fee = components().monk_fee;
    for (Seat other = 0; other < s.num_seats; ++other)
      if (other != seat && (s.monk_spaces[k] & (1u << other))) {
        p.coins -= fee;
        s.players[other].coins += fee;
      }
    s.monk_spaces[k] = static_cast<std::uint8_t>(s.monk_spaces[k] | (1u << seat));
    --p.monks;
    ev.push_back({{"type", "monk"},
                  {"seat", seat},
                  {"space", monk_space_name(k)},
                  {"fee", monk_fee(s, seat, k)}});
    if (k >= 6)
      for (const Effect& e : components().camp_rewards[k - 6])
        gain(s, seat, e.kind, e.amount, e.resource, ev);
    return;
  }
  if (type == "reclaim") {
    const int cell = cell_of(a, "cell");
    p.coins += p.grid[cell].coins;
    ev.push_back({{"type", "reclaim"},
                  {"seat", seat},
                  {"cell", cell_name(cell)},
                  {"coins", p.grid[cell].coins}});
    p.grid[cell].coins = 0;
    return;
  }
}

}  // namespace

// ------------------------------------------------------------------------------------------------
// Helpers (santa_maria.hpp)

bool has_power(const State& s, Seat seat, Power power) {
  const PlayerState& p = s.players[seat];
  if (p.town_hall_scholar >= 0 && components().scholars[p.town_hall_scholar].power == power)
    return true;
  for (int k = 0; k < static_cast<int>(s.scholars.size()); ++k)
    if ((s.monk_spaces[k] & (1u << seat)) && components().scholars[s.scholars[k]].power == power)
      return true;
  return false;
}

std::vector<int> piece_cells(const Piece& piece, int cell, Rotation rotation) {
  std::vector<int> out;
  const int r0 = cell / kSize, c0 = cell % kSize;
  for (const auto& off : piece.offsets) {
    const auto [dr, dc] = rotated(off, rotation);
    const int r = r0 + dr, c = c0 + dc;
    if (r < 0 || r >= kSize || c < 0 || c >= kSize) return {};
    out.push_back(r * kSize + c);
  }
  return out;
}

bool fits(const PlayerState& p, const std::vector<int>& cells) {
  if (cells.empty()) return false;
  for (int c : cells)
    if (p.grid[c].def >= 0) return false;
  return true;
}

int gain_resource(PlayerState& p, Resource r, int n) {
  int sold = 0;
  for (int i = 0; i < n; ++i) {
    if (p.res[static_cast<int>(r)] < components().storage) {
      ++p.res[static_cast<int>(r)];
    } else {
      sold += components().sell[static_cast<int>(r)];
    }
  }
  p.coins += sold;
  return sold;
}

bool can_pay(const PlayerState& p, const std::array<int, kResources>& cost) {
  int missing = 0, gold_needed = cost[static_cast<int>(Resource::gold)];
  for (int r = 0; r < kResources; ++r)
    if (r != static_cast<int>(Resource::gold)) missing += std::max(0, cost[r] - p.res[r]);
  return p.res[static_cast<int>(Resource::gold)] >= gold_needed + missing;
}

void pay(PlayerState& p, const std::array<int, kResources>& cost) {
  int gold = cost[static_cast<int>(Resource::gold)];
  for (int r = 0; r < kResources; ++r) {
    if (r == static_cast<int>(Resource::gold)) continue;
    const int own = std::min(cost[r], p.res[r]);
    p.res[r] -= own;
    gold += cost[r] - own;
  }
  p.res[static_cast<int>(Resource::gold)] -= gold;
}

std::vector<int> neighbours(int c) {
  std::vector<int> n;
  const int r = c / kSize, col = c % kSize;
  if (r > 0) n.push_back(c - kSize);
  if (r < kSize - 1) n.push_back(c + kSize);
  if (col > 0) n.push_back(c - 1);
  if (col < kSize - 1) n.push_back(c + 1);
  return n;
}

std::vector<int> line_cells(int line) {
  std::vector<int> out;
  for (int i = 0; i < kSize; ++i)
    out.push_back(line < kSize ? line * kSize + i : i * kSize + (line - kSize));
  return out;
}

bool is_free_building(const PlayerState& p, int cell) {
  const CellState& c = p.grid[cell];
  return c.def >= 0 && components().cell_defs[c.def].building() && !blocked(c);
}

// ------------------------------------------------------------------------------------------------
// Rules

const GameSpec& Rules::spec() {
  static const GameSpec spec = [] {
    GameSpec g;
    g.id = "santa-maria";
    g.title = "Santa Maria";
    g.min_players = 1;
    g.max_players = 4;
    g.options = {
        OptionSpec{"setup",
                   {"standard", "advanced"},
                   "standard",
                   {"Set-up", "Mise en place"},
                   {"standard: side A colonies; advanced: side B and town hall lots (solo always "
                    "advanced)",
                    "standard : colonies face A ; avancé : face B et lots de mairie (le solo est "
                    "toujours avancé)"},
                   2,
                   0,
                   {{"standard", "standard"}, {"advanced", "avancée"}}},
        OptionSpec{"colonies",
                   {"random", "choose"},
                   "random",
                   {"Colonies", "Colonies"},
                   {"side A colonies dealt at random, or chosen counter-clockwise",
                    "colonies face A distribuées au hasard, ou choisies dans le sens anti-horaire"},
                   2,
                   0,
                   {{"dealt at random", "distribuées au hasard"}, {"chosen", "choisies"}}},
        OptionSpec{
            "blue_dice",
            {"own", "shared"},
            "own",
            {"Blue dice", "Dés bleus"},
            {"blue dice kept by their owner, or in the common pool (variant)",
             "dés bleus gardés par leur propriétaire, ou dans une réserve commune (variante)"},
            2,
            0,
            {{"kept by their owner", "gardés par leur propriétaire"},
             {"shared (variant)", "communs (variante)"}}},
    };
    g.option_sets_to_test = {
        {}, {{"colonies", "choose"}}, {{"setup", "advanced"}}, {{"blue_dice", "shared"}}};
    return g;
  }();
  return spec;
}

Result<State> Rules::setup(int num_seats, const Options& options, std::uint64_t seed) {
  if (num_seats < 1 || num_seats > 4)
    return fail("bad_seats", "Santa Maria takes 1 to 4 players",
                "Santa Maria se joue de 1 à 4 joueurs");
  auto opt = [&](const char* key, const char* fallback) {
    auto it = options.find(key);
    return it == options.end() ? std::string(fallback) : it->second;
  };
  State s;
  s.num_seats = num_seats;
  s.advanced = num_seats == 1 || opt("setup", "standard") == "advanced";
  s.choose_colonies = num_seats > 1 && opt("colonies", "random") == "choose";
  s.shared_blue = num_seats > 1 && opt("blue_dice", "own") == "shared";
  s.rng = Rng(seed);
  const Components& c = components();
  s.players.assign(num_seats, PlayerState{});
  s.blue_reserve = num_seats * c.blue_per_player;
  s.retreat_owner.fill(-1);
  s.docks.fill(-1);
  // Ships: the 4 starting ones face up at random docks, the 30 others face down.
  std::vector<int> starting, standard;
  for (int i = 0; i < static_cast<int>(c.ships.size()); ++i)
    (c.ships[i].starting ? starting : standard).push_back(i);
  s.rng.shuffle(starting);
  for (int d = 0; d < kDocks; ++d) s.docks[d] = starting[d];
  s.rng.shuffle(standard);
  s.ship_pile = standard;
  s.road_tiles = c.road_tiles;
  // Scholars and bishops: 3 of each on the board, the rest in the box.
  std::vector<int> scholars(c.scholars.size()), bishops(c.bishops.size());
  for (std::size_t i = 0; i < scholars.size(); ++i) scholars[i] = static_cast<int>(i);
  for (std::size_t i = 0; i < bishops.size(); ++i) bishops[i] = static_cast<int>(i);
  s.rng.shuffle(scholars);
  s.rng.shuffle(bishops);
  s.scholars.assign(scholars.begin(), scholars.begin() + c.scholars_shown);
  s.box_scholars.assign(scholars.begin() + c.scholars_shown, scholars.end());
  s.bishops.assign(bishops.begin(), bishops.begin() + c.bishops_shown);
  s.box_bishops.assign(bishops.begin() + c.bishops_shown, bishops.end());
  // Development tiles.
  for (int t = 0; t < static_cast<int>(c.tiles.size()); ++t)
    (c.tiles[t].triple ? s.pile_triples : s.pile_doubles).push_back(t);
  s.rng.shuffle(s.pile_doubles);
  s.rng.shuffle(s.pile_triples);
  deal_offer(s);
  // Players: coins by position, 2 wood, a rolled blue die; then the white dice.
  for (Seat seat = 0; seat < num_seats; ++seat) {
    PlayerState& p = s.players[seat];
    p.coins = c.start_coins[seat];
    p.res[static_cast<int>(Resource::wood)] = c.start_wood;
    p.monks = c.monks;
    --s.blue_reserve;
    (s.shared_blue ? s.blue_pool : p.blue).push_back(roll(s));
  }
  sort_dice(s.blue_pool);
  for (int i = 0; i < num_seats * c.white_per_player; ++i) s.white.push_back(roll(s));
  sort_dice(s.white);
  // Colonies, counter-clockwise from the first player's right.
  for (Seat seat = num_seats - 1; seat >= 0; --seat) s.pick_order.push_back(seat);
  const int side_b = static_cast<int>(c.boards.size()) - 1;
  if (s.advanced) {
    for (Seat seat = 0; seat < num_seats; ++seat) give_board(s, seat, side_b);
    s.rng.shuffle(s.box_scholars);
    for (int k = 0; k < static_cast<int>(c.town_halls.size()); ++k) {
      s.lots.push_back(Lot{k, s.box_scholars.back(), -1});
      s.box_scholars.pop_back();
    }
    std::sort(s.box_scholars.begin(), s.box_scholars.end());
    s.phase = Phase::lot;
  } else {
    std::vector<int> boards;
    for (int b = 0; b < side_b; ++b) boards.push_back(b);
    if (s.choose_colonies) {
      s.boards_left = boards;
      s.phase = Phase::colony;
    } else {
      s.rng.shuffle(boards);
      for (Seat seat = 0; seat < num_seats; ++seat) give_board(s, seat, boards[seat]);
      start_play(s);
    }
  }
  std::sort(s.box_bishops.begin(), s.box_bishops.end());
  return s;
}

std::vector<Seat> Rules::to_act(const State& s) {
  if (s.phase == Phase::over) return {};
  if (s.phase == Phase::colony || s.phase == Phase::lot) return {s.pick_order[s.pick]};
  return {s.current};
}

std::vector<Json> Rules::legal_actions(const State& s, Seat seat) {
  std::vector<Json> out;
  if (seat < 0 || seat >= s.num_seats) return out;
  for (auto& a : candidates(s, seat))
    if (!check(s, seat, a)) out.push_back(std::move(a));
  return out;
}

Result<std::vector<Json>> Rules::apply(State& s, Seat seat, const Json& action) {
  if (seat < 0 || seat >= s.num_seats)
    return fail("not_your_turn", "no such seat", "ce siège n'existe pas");
  if (auto e = check(s, seat, action)) return *e;
  Events ev;
  execute(s, seat, action, ev);
  if (s.phase != Phase::over) run_tasks(s, ev);
  return ev;
}

std::optional<Outcome> Rules::outcome(const State& s) {
  return outcome_when_over(s, s.phase == Phase::over, final_standing, score_parts);
}

Outcome final_standing(const State& s) {
  std::vector<int> scores, tie;
  for (Seat seat = 0; seat < s.num_seats; ++seat) {
    scores.push_back(seat < static_cast<int>(s.final_scores.size()) ? s.final_scores[seat].total
                                                                    : score_final(s, seat).total);
    tie.push_back(s.players[seat].last_retreat < 0 ? kRetreatSpaces : s.players[seat].last_retreat);
  }
  Outcome o = outcome_by_score(scores, tie);
  if (s.num_seats == 1) o.solo_won = o.scores[0] >= components().solo_target;
  return o;
}

std::vector<int> conquest_points(const State& s) {
  const Components& c = components();
  std::vector<int> out(s.num_seats, 0);
  const int y = std::clamp(s.year, 1, 3) - 1;
  const auto& row = c.conquest_points[s.num_seats][y];
  if (s.num_seats == 1) {
    if (s.players[0].conquest >= c.trees[y]) out[0] = row[0];
    return out;
  }
  std::vector<Seat> order(s.num_seats);
  for (Seat i = 0; i < s.num_seats; ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](Seat a, Seat b) {
    const auto& pa = s.players[a];
    const auto& pb = s.players[b];
    if (pa.conquest != pb.conquest) return pa.conquest > pb.conquest;
    return pa.conquest_arrival < pb.conquest_arrival;
  });
  for (std::size_t i = 0; i < order.size() && i < row.size(); ++i)
    if (s.players[order[i]].conquest > 0) out[order[i]] = row[i];
  return out;
}

}  // namespace archipel::engine::santa_maria
