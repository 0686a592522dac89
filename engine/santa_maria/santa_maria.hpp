#pragma once
// Santa Maria (Kristian Amundsen Østby & Eilif Svensson, Aporta Games 2017), 1-4 players, game id
// "santa-maria".
//
// Sources
//   - Rules: the French rule book of Santa Maria (Pixie Games 2018), to its last page (scholars,
//     bishops, advanced set-up, shared blue dice, solo).
//   - Components and readings: the project's component and rules reference for Santa Maria
//     (research notes kept outside this repository; the § numbers in components.json are its
//     sections). The colony boards, the 30 development tiles, the 34 ships, the tracks, the camps,
//     the scholars' points and the town halls are proposed there (no public source); all of it
//     lives in components.json, embedded at build time, each item with a status, so a correction is
//     a data change. docs/games/santa-maria.md is the player-facing page (rules as built, /play
//     syntax, readings, what is not implemented).
//
// Options (default first)
//   setup = standard | advanced   side A colonies (printed town hall), or side B plus town
//                                 hall lots
//   colonies = random | choose    side A boards dealt, or chosen counter-clockwise from the
//                                 first player's right (the last board goes automatically)
//   blue_dice = own | shared      the book's variant: blue dice in the common pool
//   Solo (1 player): always the advanced set-up; the three options do not exist (min_players 2).
//
// Flow
//   colony (colonies=choose: one pick each, counter-clockwise) or lot (advanced and solo: one
//   town hall lot each, counter-clockwise, placed at once)
//   -> 3 years. In a year, from the first player clockwise, each turn is one main action (expand,
//      activate a building with coins, activate a line with a die, retreat) plus free actions
//      (sell, buy, the Logistics move), closed by `end`. A main action may open decisions
//      (exchange, ship, religion grain, monk, road, die placement...) answered one at a time by the
//      same seat before anything else. A retreated seat is skipped; when all have retreated the
//      year ends (conquistador points, dice and coins off; new offer, dice rolled, first player =
//      the retreat space nearest "1st").
//   -> over (final scoring; solo: won with 100 points or more, goals listed).
//
// Actions: JSON, then the /play text. Cells are "a1".."f6": the letter is the column (white die),
// the digit the row (blue die). Rotations east|south|west|north turn a tile's first-to-second cell
// direction.
//   {"type":"colony","board":"A3"}                          colony A3
//   {"type":"lot","lot":2}                                  lot 2
//   {"type":"town_hall","cell":"c4","rotation":"east"}      townhall c4 east
//   {"type":"expand","tile":"D05"}                          expand D05
//   {"type":"put","cell":"c4","rotation":"east"}            put c4 east    (road tile: put c4)
//   {"type":"activate","cell":"c4"}                         activate c4
//   {"type":"die","color":"white|blue","value":3}           white 3 / blue 3
//   {"type":"value","value":4[,"pay":"wood|grain"][,"line":"column"]}
//                                  value 4 / value 4 wood (Botany) / value 4 column (Philosophy)
//   {"type":"place","cell":"c4"}                            place c4       (Construction)
//   {"type":"exchange","resource":"wood"}                   exchange wood
//   {"type":"ship","dock":"religion"}                       ship religion
//   {"type":"dock","dock":"points"}                         dock points    (Astronomy)
//   {"type":"boost","pay":"grain|gold"}                     grain / gold   (extra religion step)
//   {"type":"monk","space":"bishop2"}                       monk bishop2
//   {"type":"reclaim","cell":"c4"}                          reclaim c4     (Mathematics)
//   {"type":"skip"}                                         skip / no monk (a decision declined)
//   {"type":"retreat","space":2}                            retreat 2
//   {"type":"sell","resource":"sugar"} {"type":"buy",...}   sell sugar / buy wood
//   {"type":"move","from":"c4","to":"d4"}                   move c4 d4     (Logistics)
//   {"type":"end"}                                          end
// Legal actions come in this order: the pending decision's answers (their own order, `skip` last),
// or the main actions (expand by tile id, activate by cell, white then blue dice by value, retreat
// by space) followed by the free actions (sell, buy by resource, moves by cell) and `end` once the
// main action is done. Cells go a1..f1, a2.., i.e. row by row.
//
// View (view()): a public part, the same for every viewer (seats, options, phase, year, first,
// current, main_done, pick_order/pick, boards_left, lots, white and blue_pool dice, blue_reserve,
// offer, discarded, pile_sizes, docks (face-up ship per dock), road_tiles, scholars, bishops,
// monk_spaces, retreat_spaces, clock, tasks (the decisions and effects still to resolve, front
// first: the acting seat answers the first), and per seat: board, cells (those not printed, or
// holding a die or coins: code, tile, die, value, coins), coins, resources, points, blue dice and
// counters, white_used, activations, religion, conquistador (+ arrival: stack order), retreat,
// last_retreat, monks, port (counts per dock), town hall scholar and cell, and "ships" (port ship
// ids) once the game is over; "final" (breakdown, place, solo goals) and "solo_won"), and a seat's
// private part, the ship ids of its own port: "you": {"seat", "ships"} (HasSplitView).
//
// Hidden information
//   - Tile piles, the ship pile, and the scholars and bishops left in the box: known to nobody
//     (their sizes are public). Scholars shown on town hall lots are public.
//   - Ships in a port: known to their owner; others see counts per dock. All are turned over at the
//     end. Events name the dock, never the ship.
//   Scores are public: every gain is visible at the table (the ships' points count only at
//   the end).

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/enum_names.hpp"
#include "engine/core/game.hpp"
#include "engine/core/rng.hpp"
#include "engine/core/view_sections.hpp"

namespace archipel::engine::santa_maria {

// ------------------------------------------------------------------------------------------------
// Components (components.json, parsed once)

inline constexpr int kSize = 6;
inline constexpr int kCells = kSize * kSize;
inline constexpr int kResources = 5;
inline constexpr int kDocks = 4;
inline constexpr int kRetreatSpaces = 5;
inline constexpr int kMonkSpaces = 10;  // scholar1-3, bishop1-3, camp1-4

enum class Resource : std::uint8_t { wood, grain, sugar, gem, gold };
enum class Terrain : std::uint8_t { road, forest, farm, mountain, city, town_hall };
enum class EffectKind : std::uint8_t {
  produce,
  coins,
  points,
  ship,
  religion,
  conquistador,
  exchange,
  road
};
enum class Power : std::uint8_t {
  astronomy,
  tax,
  botany,
  philosophy,
  mathematics,
  construction,
  industrialisation,
  basic_economy,
  advanced_economy,
  logistics
};
enum class Goal : std::uint8_t { square, dock, cities, colonists, area, diversity };
enum class Phase : std::uint8_t { colony, lot, play, over };
enum class Rotation : std::uint8_t { east, south, west, north };

inline constexpr EnumNames<Resource, 5> kResourceNames{{{{Resource::wood, "wood"},
                                                         {Resource::grain, "grain"},
                                                         {Resource::sugar, "sugar"},
                                                         {Resource::gem, "gem"},
                                                         {Resource::gold, "gold"}}}};
inline constexpr EnumNames<Terrain, 6> kTerrainNames{{{{Terrain::road, "road"},
                                                       {Terrain::forest, "forest"},
                                                       {Terrain::farm, "farm"},
                                                       {Terrain::mountain, "mountain"},
                                                       {Terrain::city, "city"},
                                                       {Terrain::town_hall, "town_hall"}}}};
inline constexpr EnumNames<Power, 10> kPowerNames{{{{Power::astronomy, "astronomy"},
                                                    {Power::tax, "tax"},
                                                    {Power::botany, "botany"},
                                                    {Power::philosophy, "philosophy"},
                                                    {Power::mathematics, "mathematics"},
                                                    {Power::construction, "construction"},
                                                    {Power::industrialisation, "industrialisation"},
                                                    {Power::basic_economy, "basic_economy"},
                                                    {Power::advanced_economy, "advanced_economy"},
                                                    {Power::logistics, "logistics"}}}};
inline constexpr EnumNames<Goal, 6> kGoalNames{{{{Goal::square, "square"},
                                                 {Goal::dock, "dock"},
                                                 {Goal::cities, "cities"},
                                                 {Goal::colonists, "colonists"},
                                                 {Goal::area, "area"},
                                                 {Goal::diversity, "diversity"}}}};
inline constexpr EnumNames<Phase, 4> kPhaseNames{{{{Phase::colony, "colony"},
                                                   {Phase::lot, "lot"},
                                                   {Phase::play, "play"},
                                                   {Phase::over, "over"}}}};
inline constexpr EnumNames<Rotation, 4> kRotationNames{{{{Rotation::east, "east"},
                                                         {Rotation::south, "south"},
                                                         {Rotation::west, "west"},
                                                         {Rotation::north, "north"}}}};

/// One effect of a building, a dock, a retreat space or a camp. An exchange pays one of `pay` for
/// `gain` (a produce, coins or points effect).
struct Effect {
  EffectKind kind = EffectKind::coins;
  int amount = 1;
  Resource resource = Resource::wood;
  std::vector<Resource> pay;  // exchange only
  EffectKind gain_kind = EffectKind::coins;
  int gain_amount = 0;
  Resource gain_resource = Resource::wood;
};

/// A kind of cell: terrain, colonists (roads) and effects (buildings). Shared by every cell with
/// the same code.
struct CellDef {
  std::string code;  // "FOR +W +1c"
  Terrain terrain = Terrain::road;
  int colonists = 0;
  std::vector<Effect> effects;
  bool building() const { return terrain != Terrain::road && terrain != Terrain::town_hall; }
};

struct Board {
  std::string id;  // "A1".."A4", "B"
  bool side_b = false;
  std::array<int, kCells> cells{};  // CellDef index, -1 free
};

/// A development tile, a town hall or the road tile: cell defs laid on shape offsets.
struct Piece {
  std::string id;
  std::vector<std::array<int, 2>> offsets;  // (row, column) before rotation
  std::vector<int> cells;                   // CellDef per offset
  bool triple = false;
};

struct Ship {
  std::string id;
  bool starting = false;
  std::array<int, kResources> cost{};
  int points = 0;
};

struct Scholar {
  std::string id, name;
  Power power = Power::astronomy;
  int points = 0;
};

struct Bishop {
  std::string id, name;
  Goal goal = Goal::square;
};

/// A printed effect as components.json writes it ("+2c", "REL", "+Au +2vp") with its status.
struct PrintedText {
  std::string code;
  std::string status;
};

struct Components {
  std::vector<CellDef> cell_defs;
  std::vector<Board> boards;  // side A boards first, then B
  std::vector<Piece> tiles;   // doubles D01-D15 then triples T01-T15
  std::vector<Piece> town_halls;
  Piece road_tile;
  std::vector<Ship> ships;  // starting SS1-SS4, then S01-S30
  std::vector<Scholar> scholars;
  std::vector<Bishop> bishops;
  std::array<std::string, kDocks> dock_names;
  std::array<Effect, kDocks> dock_effects;
  std::array<Effect, kRetreatSpaces> retreat_effects;
  std::array<std::string, 4> camp_names;
  std::array<std::vector<Effect>, 4> camp_rewards;
  // The same three as components.json writes them (effect codes and status), for static_data: the
  // rules read the parsed effects above, the renderer labels the board from these.
  std::array<PrintedText, kDocks> dock_texts;
  std::array<PrintedText, kRetreatSpaces> retreat_texts;
  std::array<PrintedText, 4> camp_texts;
  std::array<int, kResources> sell{}, buy{};
  std::array<int, kResources> double_cost{}, triple_cost{};
  int storage = 3;
  std::array<int, 4> start_coins{};
  int start_wood = 2, blue_per_player = 3, white_per_player = 3, white_per_year = 3, monks = 6;
  int road_tiles = 3, scholars_shown = 3, bishops_shown = 3, offer_doubles = 5, offer_triples = 5;
  int years = 3;
  int religion_last = 18;
  std::vector<int> monk_symbols;  // track spaces
  std::vector<int> blue_symbols;  // indices into monk_symbols (0-based)
  int conquest_last = 10;
  std::vector<int> gold_spaces, trees;
  std::array<std::array<std::vector<int>, 3>, 5> conquest_points;  // [players][year-1]
  int monk_fee = 2;
  int bishop_penalty = 2, bishop_cap = 12;
  std::vector<std::array<int, 2>> square_points;  // (side, points)
  int per_ship = 2, per_city = 2, per_colonist = 1, per_area_cell = 2, per_diverse_line = 3;
  int coins_per_point = 3, per_port_column = 3;
  int solo_target = 100;
  int solo_colonists = 28, solo_columns = 4, solo_bishops = 30, solo_democracy = 120,
      solo_utopia = 150;
  std::vector<std::string> solo_goal_ids;

  int def_index(std::string_view code) const;    // -1 if unknown
  int board_index(std::string_view id) const;    // -1 if unknown
  int tile_index(std::string_view id) const;     // -1 if unknown
  int ship_index(std::string_view id) const;     // -1 if unknown
  int scholar_index(std::string_view id) const;  // -1 if unknown
  int bishop_index(std::string_view id) const;   // -1 if unknown
  int dock_index(std::string_view name) const;   // -1 if unknown
  int num_doubles() const { return 15; }
};

/// The parsed components.json (embedded at build time; parsed on first use; never any file I/O).
const Components& components();
/// The embedded components.json text.
std::string_view components_json_text();
/// Parses one cell code ("CTY X[W/Gem>3c]") into a CellDef; BadInput on a bad code.
CellDef parse_cell_code(const std::string& code);

std::string cell_name(int cell);            // 0 -> "a1", 7 -> "b2"
int cell_from_name(std::string_view name);  // -1 if bad
/// Monk space names: scholar1-3, bishop1-3, camp1-4 (indices 0-9).
std::string monk_space_name(int space);
int monk_space_from_name(std::string_view name);
/// A resource in the rule book's French, lower case ("bois", "blé", "sucre", "gemme", "or"): the
/// log and the refusals share it (santa_maria_text.cpp).
std::string resource_fr(Resource r);

// ------------------------------------------------------------------------------------------------
// State: a plain struct. Indices refer to components().

struct CellState {
  std::int16_t def = -1;   // CellDef, -1 free
  std::int16_t tile = -1;  // tiles index, or -2 a town hall, -3 the road tile, -4 printed
  std::int8_t die = 0;     // 0 none, 1 white, 2 blue
  std::int8_t die_value = 0;
  std::int8_t coins = 0;
  friend bool operator==(const CellState&, const CellState&) = default;
};

struct PlayerState {
  int board = -1;
  std::array<CellState, kCells> grid{};
  int coins = 0;
  int points = 0;
  std::array<int, kResources> res{};
  std::vector<int> blue;  // own unused blue dice values (blue_dice=own)
  int blue_unlocked = 1;  // blue dice this player has (1-3)
  int blue_used = 0;      // dice of the shared pool used this year (blue_dice=shared)
  int blue_waiting = 0;   // unlocked at a retreat: rolled at the next year
  int white_used = 0;
  int activations = 0;  // buildings activated with coins this year
  int religion = 0;
  int conquest = 0;
  int conquest_arrival = 0;  // lower = arrived first on its space (lower in the stack)
  // The points of the year ends' Conquistador scoring, part of `points` (the result's points by
  // source): tracked as scored, since the track is reset every year. The rest of `points`
  // (buildings, ships, missionary camps, the religion track's end) is "other points during the
  // game".
  int conquistador_points = 0;
  int retreat = -1;       // retreat space this year (0-4), -1 on the market place
  int last_retreat = -1;  // the one of the previous completed year (tie-break)
  int monks = 6;
  std::array<std::vector<int>, kDocks> port;  // ship indices, in arrival order
  int town_hall_scholar = -1;                 // advanced lot's scholar
  int town_hall_cell = -1;
  friend bool operator==(const PlayerState&, const PlayerState&) = default;
};

enum class TaskKind : std::uint8_t {
  effect,     // a = source (0 a building's CellDef, 1 dock, 2 retreat space, 3 camp),
              // b = its index, c = effect index
  religion,   // a = steps (the grain question pending)
  monk,       // a monk may be placed
  road,       // a road tile to put
  place_die,  // die to place on the line: a = die color, b = value, c = line (0-5 rows, 6-11 cols)
  astronomy,  // a = dock of the new ship
  reclaim,    // Mathematics at a retreat
  exchange,   // a = CellDef, b = effect index, c = uses left
  ship,       // a ship action
  tile,       // a bought tile to put: a = tile index
  town_hall,  // a = town hall index
  dock_bonuses,  // the retreating seat's port bonuses
  die_value,     // a die taken, its value to settle: a = color (1 white, 2 blue), b = its value
};

struct Task {
  TaskKind kind = TaskKind::effect;
  int a = 0, b = 0, c = 0;
  std::vector<int> cells;  // place_die: the line's buildings that were free before activation
  friend bool operator==(const Task&, const Task&) = default;
};

struct Lot {
  int town_hall = -1;
  int scholar = -1;
  Seat taken_by = -1;
};

struct FinalScore {
  int before = 0, coins = 0, colonists = 0, scholars = 0, bishops = 0, bishop_goals = 0, port = 0,
      ships = 0, total = 0;
  std::vector<std::string> goals;  // solo goals met
};

struct State {
  int num_seats = 2;
  bool advanced = false, choose_colonies = false, shared_blue = false;
  Rng rng;
  Phase phase = Phase::play;
  int year = 1;
  std::vector<Seat> pick_order;  // colony or lot picks, counter-clockwise
  int pick = 0;
  std::vector<int> boards_left;  // colonies=choose
  std::vector<Lot> lots;
  Seat first = 0;
  Seat current = 0;
  bool main_done = false;
  std::vector<int> white;                       // pool values, ascending
  std::vector<int> blue_pool;                   // shared blue dice values, ascending
  int blue_reserve = 0;                         // blue dice above the board
  std::vector<int> offer;                       // face-up tiles (tile indices, ascending)
  std::vector<int> pile_doubles, pile_triples;  // face down; next draw is the back
  std::array<int, kDocks> docks{};              // face-up ship at each board dock, -1 empty
  std::vector<int> ship_pile;                   // face down; next draw is the back
  int road_tiles = 3;
  std::vector<int> scholars, bishops;                   // on the board (3 each)
  std::vector<int> box_scholars, box_bishops;           // left out, unseen
  std::array<std::uint8_t, kMonkSpaces> monk_spaces{};  // seat bit mask
  std::array<Seat, kRetreatSpaces> retreat_owner{};
  int clock = 0;               // arrival counter for the conquistador stacks
  std::vector<int> discarded;  // offer tiles left at a year end (public, out of the game)
  std::vector<Task> tasks;     // decisions and effects to resolve, front first
  std::vector<PlayerState> players;
  std::vector<FinalScore> final_scores;
};

// ------------------------------------------------------------------------------------------------
// Rule helpers, shared by the game's files and used by the tests.

bool has_power(const State& s, Seat seat, Power power);
/// Cells of a piece put at `cell` with `rotation`; empty if it leaves the colony.
std::vector<int> piece_cells(const Piece& piece, int cell, Rotation rotation);
bool fits(const PlayerState& p, const std::vector<int>& cells);
/// Gains a resource under the storage limit (the surplus is sold). Returns coins from surplus.
int gain_resource(PlayerState& p, Resource r, int n);
/// Whether the player can pay a cost, gold standing in for any missing resource.
bool can_pay(const PlayerState& p, const std::array<int, kResources>& cost);
void pay(PlayerState& p, const std::array<int, kResources>& cost);
/// The cells of the colony that share a side with `cell` (up, down, left, right; 2 to 4 of them).
std::vector<int> neighbours(int cell);
/// The buildings of a line (0-5 rows top to bottom, 6-11 columns left to right) in activation
/// order.
std::vector<int> line_cells(int line);
bool is_free_building(const PlayerState& p, int cell);

/// Final scoring of one seat (as if the game ended now): used by the end and by evaluate().
FinalScore score_final(const State& s, Seat seat);
/// Where `seat`'s final score came from (Outcome::breakdown), the book's final count line by line;
/// only once the game is over (from final_scores).
std::vector<ScorePart> score_parts(const State& s, Seat seat);
int colonist_points(const PlayerState& p);
int bishop_goal_points(const State& s, Seat seat, Goal goal);
int port_columns(const PlayerState& p);
bool one_terrain_line(const PlayerState& p);
/// Conquistador points of the year end, by seat.
std::vector<int> conquest_points(const State& s);
Outcome final_standing(const State& s);

// ------------------------------------------------------------------------------------------------

struct Rules {
  using State = santa_maria::State;

  static const GameSpec& spec();
  static Result<State> setup(int num_seats, const Options& options, std::uint64_t seed);
  static int num_seats(const State& s) { return s.num_seats; }
  static std::vector<Seat> to_act(const State& s);
  static std::vector<Json> legal_actions(const State& s, Seat seat);
  static Result<std::vector<Json>> apply(State& s, Seat seat, const Json& action);
  static Json view(const State& s,
                   Viewer viewer);          // split_view: the two parts below (HasSplitView)
  static Json public_view(const State& s);  // sectioned_public_view: the core and the players
  /// {"you": {"seat", "ships"}}: the ship ids in the seat's own port.
  static Json private_view(const State& s, Seat seat);
  // HasViewSections (view_sections.hpp): a player's entry is rebuilt only when that seat changed.
  static std::span<const ViewSection<State>> view_sections();
  static Json public_view_core(const State& s);
  static bool private_unchanged(const State& before, const State& after, Seat seat);
  /// {"boards", "tiles", "ships", "scholars", "bishops", ...}: from components.json.
  static Json static_data(const State& s);
  static std::optional<Outcome> outcome(const State& s);
  static Json to_json(const State& s);
  static Result<State> from_json(const Json& j);
  static std::string action_text(const State& s, Seat seat, const Json& action);
  static LocalText describe(const Json& event, const std::vector<std::string>& names);
  static std::vector<Secret> secrets(const State& s);
  static std::vector<std::string> check_invariants(const State& s);
  static State scramble_hidden(const State& s, Viewer viewer, Rng& rng);
  // Bot support (GameBotSupport; santa_maria_bot.cpp).
  static Result<State> determinize(const Json& view, Seat seat, Rng& rng);
  static int evaluate(const State& s, Seat seat);
};

/// Reads Rules::to_json's output, `full` requiring its hidden parts; otherwise a client view, whose
/// hidden parts stay empty but for the viewer's own port ships (`you`). The state and the views are
/// written by the same functions (santa_maria_view.cpp), so a view cannot hold what to_json leaves
/// out by mistake.
State read_state(const Json& j, bool full);

}  // namespace archipel::engine::santa_maria
