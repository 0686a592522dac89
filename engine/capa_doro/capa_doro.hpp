#pragma once
// Capa d'Oro (Hans van Tol, Hjalmar Haagsman, Ruud Kool; The Game Master 2009), 2-4 players, game
// id "capa-doro".
//
// Sources
//   - Rules: the French rule sheet of Capa d'Oro, a garbled translation.
//   - Components and readings: the project's component and rules reference for Capa d'Oro (research
//     notes kept outside this repository; the § numbers in this folder are its sections). The rows,
//     costs, price tracks, the 36 cigar cards and the 16 event cards are proposed there (no public
//     source); all of it lives in components.json, embedded at build time, so a correction is a
//     data change. Each §14 reading is listed there too. docs/games/capa-doro.md is the
//     player-facing page.
//
// Option (default first)
//   events = on | off. off is the book's strategic variant: no event cards, a rolled 1 only draws
//   one item. At 2 players the book's 2-player rules always apply: 8 plantations, sow up to 3, and
//   a free neutral token (a creneau: its yield goes to the market) may be sown instead.
//
// Flow
//   start_seed (from the random first player clockwise: one plantation on an empty seed space,
//   never Central America, paid) -> start_grow (from the last player counter-clockwise: one on an
//   empty growth space, paid) -> turns, clockwise from the first player:
//     roll (the die from the state's Rng; that many items drawn from the bag; bales yield to their
//     continent's growth plantation with the fewest bales, ties to the upper row, or with none to a
//     seed plantation with room, or else to the market; a 3rd bale shifts the row; on a 1 the top
//     event card, at once) -> event_choice (if the event needs one)
//     -> beetle (one placement per drawn beetle) -> eat (the roller picks the bales a beetle eats
//     in a stock) -> action (one of harvest / sow / trade / cigars, sow, trade and cigars being a
//     sequence of steps ended by done) -> development (automatic) -> next player.
//   The game ends at once when a cigar brings a player to 60 points, or when a player must roll and
//   the bag holds no bale (most points, then most money; still tied: shared place).
//
// Actions: JSON, then the /play text. Rows are AS1-AS5, SA1-SA4, AF1-AF3, CA1-CA2; colours orange,
// grey, brown, gold; continents asia, south-america, africa, central-america; seats are 0-based in
// JSON and 1-based in text.
//   {"type":"seed","row":"AS2"}                       seed AS2        (set-up, round 1)
//   {"type":"grow","row":"SA1"}                       grow SA1        (set-up, round 2)
//   {"type":"roll"}                                   roll
//   {"type":"beetle","row":"AS2","column":"growth"}   beetle AS2 growth
//   {"type":"beetle","stock":2}                       beetle stock 3
//   {"type":"eat","colour":"orange"}                  eat orange
//   {"type":"hurricane","continent":"africa"}         hurricane africa
//   {"type":"customs","continent":"asia"}             customs asia
//   {"type":"fallow","row":"SA3"}                     fallow SA3
//   {"type":"smuggle","seat":2,"colour":"gold"}       smuggle 3 gold
//   {"type":"harvest"}                                harvest
//   {"type":"sow","row":"AS2"}                        sow AS2
//   {"type":"neutral","row":"AS2"}                    neutral AS2     (2 players)
//   {"type":"buy","colour":"grey"}                    buy grey
//   {"type":"sell","colour":"gold"}                   sell gold
//   {"type":"cigar","card":"A07"}                     cigar A07
//   {"type":"done"}                                   done            (ends an action, or passes)
// Legal actions come in this order: rows in board order (seed, grow, sow, then neutral, fallow);
// beetle targets row by row (seed, growth, harvest column) then stocks by seat; colours and
// continents in board order; smuggles by seat then colour; in the action phase harvest, sow,
// neutral, buy, sell, cigar (by slot), done.
//
// View (view(), the same for every viewer: nothing is private to a seat): phase, active seat, first
// player, round, die, rows (each cell empty or a token with its bales), markets, junk, bag counts
// by kind, beetles, customs and creneau tiles, every player's coins, points, stock, plantations
// left and cigar slots, the played events and the sizes of the event, B and C piles, the turn's
// pending choices (event, beetles, bales to eat, action under way, rows sown).
//
// Hidden information: the order of the bag, of the event pile and of the B and C piles (known to
// nobody). Their ids are never in a view or an event; the view gives counts only.

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

namespace archipel::engine::capa_doro {

// ------------------------------------------------------------------------------------------------
// Components (components.json, parsed once)

inline constexpr int kColours = 4;  // bale colours = continents, in board order
inline constexpr int kColumns = 3;  // seed, growth, harvest
inline constexpr int kBeetle = 4;   // a bag item that is not a bale
inline constexpr int kMaxSeats = 4;

enum class Colour : std::uint8_t { orange, grey, brown, gold };
enum class Column : std::uint8_t { seed, growth, harvest };
enum class Level : std::uint8_t { a, b, c };
enum class Effect : std::uint8_t {
  good_rains,
  hurricane,
  drought,
  customs,
  free_trade,
  fallow,
  tax,
  subsidy,
  export_boom,
  recycling,
  early_ripening,
  smuggler,
  cigar_fair
};
enum class Phase : std::uint8_t {
  start_seed,
  start_grow,
  roll,
  event_choice,
  beetle,
  eat,
  action,
  over
};
/// The action under way in the action phase (none before its first step).
enum class ActionKind : std::uint8_t { none, sow, trade, cigars };
/// Who a token on the board belongs to.
enum class TokenKind : std::uint8_t { seat, neutral, creneau };
enum class EndReason : std::uint8_t { none, sixty, tobacco };
enum class MoveType : std::uint8_t {
  seed,
  grow,
  roll,
  beetle,
  eat,
  hurricane,
  customs,
  fallow,
  smuggle,
  harvest,
  sow,
  neutral,
  buy,
  sell,
  cigar,
  done
};

inline constexpr EnumNames<Colour, 4> kColourNames{{{{Colour::orange, "orange"},
                                                     {Colour::grey, "grey"},
                                                     {Colour::brown, "brown"},
                                                     {Colour::gold, "gold"}}}};
/// A colour's name by index (0..kColours-1), as the events, views and texts write it.
inline std::string colour_name(int colour) {
  return std::string(kColourNames.name(static_cast<Colour>(colour)));
}
inline constexpr EnumNames<Column, 3> kColumnNames{
    {{{Column::seed, "seed"}, {Column::growth, "growth"}, {Column::harvest, "harvest"}}}};
inline constexpr EnumNames<Level, 3> kLevelNames{
    {{{Level::a, "a"}, {Level::b, "b"}, {Level::c, "c"}}}};
inline constexpr EnumNames<Effect, 13> kEffectNames{{{{Effect::good_rains, "good_rains"},
                                                      {Effect::hurricane, "hurricane"},
                                                      {Effect::drought, "drought"},
                                                      {Effect::customs, "customs"},
                                                      {Effect::free_trade, "free_trade"},
                                                      {Effect::fallow, "fallow"},
                                                      {Effect::tax, "tax"},
                                                      {Effect::subsidy, "subsidy"},
                                                      {Effect::export_boom, "export_boom"},
                                                      {Effect::recycling, "recycling"},
                                                      {Effect::early_ripening, "early_ripening"},
                                                      {Effect::smuggler, "smuggler"},
                                                      {Effect::cigar_fair, "cigar_fair"}}}};
inline constexpr EnumNames<Phase, 8> kPhaseNames{{{{Phase::start_seed, "start_seed"},
                                                   {Phase::start_grow, "start_grow"},
                                                   {Phase::roll, "roll"},
                                                   {Phase::event_choice, "event_choice"},
                                                   {Phase::beetle, "beetle"},
                                                   {Phase::eat, "eat"},
                                                   {Phase::action, "action"},
                                                   {Phase::over, "over"}}}};
inline constexpr EnumNames<ActionKind, 4> kActionKindNames{{{{ActionKind::none, "none"},
                                                             {ActionKind::sow, "sow"},
                                                             {ActionKind::trade, "trade"},
                                                             {ActionKind::cigars, "cigars"}}}};
inline constexpr EnumNames<TokenKind, 3> kTokenKindNames{{{{TokenKind::seat, "seat"},
                                                           {TokenKind::neutral, "neutral"},
                                                           {TokenKind::creneau, "creneau"}}}};
inline constexpr EnumNames<EndReason, 3> kEndReasonNames{
    {{{EndReason::none, "none"}, {EndReason::sixty, "sixty"}, {EndReason::tobacco, "tobacco"}}}};
inline constexpr EnumNames<MoveType, 16> kMoveTypeNames{{{{MoveType::seed, "seed"},
                                                          {MoveType::grow, "grow"},
                                                          {MoveType::roll, "roll"},
                                                          {MoveType::beetle, "beetle"},
                                                          {MoveType::eat, "eat"},
                                                          {MoveType::hurricane, "hurricane"},
                                                          {MoveType::customs, "customs"},
                                                          {MoveType::fallow, "fallow"},
                                                          {MoveType::smuggle, "smuggle"},
                                                          {MoveType::harvest, "harvest"},
                                                          {MoveType::sow, "sow"},
                                                          {MoveType::neutral, "neutral"},
                                                          {MoveType::buy, "buy"},
                                                          {MoveType::sell, "sell"},
                                                          {MoveType::cigar, "cigar"},
                                                          {MoveType::done, "done"}}}};

struct Continent {
  std::string id;    // "south-america": the wire and text name
  std::string name;  // "South America": for the log
  std::string code;  // "SA": row ids are code + 1-based row number
  int rows = 0;
  int cost = 0;             // sowing cost
  std::vector<int> prices;  // price of market space 1 (top) .. market_spaces
  int overflow = 1;         // a sale into a full market
  int start_stock = 0;
  int bales = 0;      // in the game
  int first_row = 0;  // index of its first row in Components::rows
};

struct RowInfo {
  std::string id;  // "AS2"
  int continent = 0;
};

struct Cigar {
  std::string id;  // "A07"
  Level level = Level::a;
  std::array<int, kColours> recipe{};
  int coins = 0;
  int points = 0;
};

struct EventCard {
  std::string id;    // "E03"
  std::string name;  // "Hurricane"
  Effect effect = Effect::tax;
};

struct Components {
  std::vector<Continent> continents;  // kColours, board order
  std::vector<RowInfo> rows;          // board order: continent by continent, top to bottom
  std::vector<Cigar> cigars;          // A01..C12
  std::vector<EventCard> events;      // E01..E16
  int market_spaces = 10;
  int beetles = 8;
  std::array<int, kMaxSeats + 1> plantations{};  // by player count
  std::array<int, kMaxSeats + 1> sow_cap{};      // by player count
  int start_coins = 15;
  int cigars_per_player = 3;
  int win_points = 60;
  int neutral_tokens = 16;
  int empty_harvest_coins = 2;
  int growth_capacity = 3;
  int die_faces = 6;
  int good_rains_draw = 2;
  int total_bales = 0;

  int row_index(std::string_view id) const;        // -1 if unknown
  int cigar_index(std::string_view id) const;      // -1 if unknown
  int continent_index(std::string_view id) const;  // -1 if unknown
  std::vector<int> cigars_of(Level level) const;   // ascending
};

/// The parsed components.json (embedded at build time; parsed on first use; never any file I/O).
const Components& components();
/// The embedded components.json text.
std::string_view components_json_text();
/// An event card's name in English and French (the French proposed like the cards;
/// capa_doro_text.cpp).
LocalText event_title(const EventCard& card);

// ------------------------------------------------------------------------------------------------
// State: a plain struct. Indices refer to components(): rows, cigars, events.

inline constexpr int kNoToken = -1;

struct Cell {
  std::int8_t owner = kNoToken;  // a seat, or kNoToken; see kind
  TokenKind kind = TokenKind::seat;
  std::int8_t bales = 0;  // a neutral or creneau token only counts them: its bales went to market
  bool empty() const { return owner == kNoToken && kind == TokenKind::seat; }
  friend bool operator==(const Cell&, const Cell&) = default;
};

using Row = std::array<Cell, kColumns>;

/// One of a player's three cigar places: A, then a B on it, then a C. The top card is face up
/// (to make) unless top_done; every card below is finished.
struct Slot {
  std::vector<int> cards;
  bool top_done = false;
  friend bool operator==(const Slot&, const Slot&) = default;
};

struct PlayerState {
  int coins = 0;
  int points = 0;
  std::array<int, kColours> stock{};
  int supply = 0;  // plantation tokens not on the board
  std::vector<Slot> slots;
  friend bool operator==(const PlayerState&, const PlayerState&) = default;
};

struct State {
  int num_seats = 2;
  bool events_on = true;
  Rng rng;
  Phase phase = Phase::start_seed;
  Seat first = 0;   // the first player (drawn at set-up)
  Seat active = 0;  // whose turn (or set-up placement) it is
  int placed = 0;   // set-up placements made
  int die = 0;      // last roll, 0 before any
  // The round under way: 1 from the first player's first turn, 0 during set-up. Only shown (a
  // player and the arena's game length read it); no rule depends on it.
  int round = 0;
  std::vector<Row> rows;
  std::array<int, kColours> market{};
  std::array<int, kColours> junk{};
  std::vector<std::uint8_t> bag;  // colours 0..3 or kBeetle; the next draw is the back
  int beetles_pending = 0;        // drawn, not yet placed
  int beetles_gone = 0;           // placed, out of the game
  Seat eat_seat = -1;             // the stock a beetle is eating from
  int eat_left = 0;
  int customs = -1;  // the market (continent) under the customs tile, -1 if none
  int neutral_supply = 0;
  std::vector<int> event_pile;      // face down; the next draw is the back
  std::vector<int> events_played;   // face up, in play order
  int pending_event = -1;           // an event waiting for the active player's choice
  std::vector<int> a_box;           // A cards not dealt (out of the game)
  std::vector<int> b_pile, c_pile;  // face down; the next draw is the back
  std::vector<PlayerState> players;
  ActionKind action = ActionKind::none;
  std::vector<int> sown_rows;  // rows sown this turn, in order
  // Colours bought, and sold onto the market, in this trade action. A trade that would undo one of
  // them is refused (a reading of "any number of purchases and sales"): a market is a stack, so a
  // bale sold back goes on the space it was bought from, at the same price, and the reverse; such a
  // pair changes nothing, and without the refusal an action need not end. A sale into a full market
  // (to the junk pile) is not listed: no purchase undoes it.
  std::vector<int> bought, sold;
  EndReason end = EndReason::none;
};

/// A parsed action.
struct Move {
  MoveType type = MoveType::done;
  int row = -1;
  int column = -1;
  int seat = -1;    // beetle: the stock's seat; smuggle: the opponent
  int colour = -1;  // eat, buy, sell, smuggle; hurricane and customs: the continent
  int card = -1;
};

// ------------------------------------------------------------------------------------------------
// Rule helpers, shared by the game's files and used by the tests.

Json move_json(const Move& m);
/// Parses an action object: a RuleError (capa_doro.bad_action) on malformed input, never a throw.
Result<Move> parse_move(const Json& action);
/// Why `seat` may not make `m` now, or nullopt if it may.
std::optional<RuleError> why_illegal(const State& s, Seat seat, const Move& m);
/// Every legal move of `seat`, in the documented order.
std::vector<Move> legal_moves(const State& s, Seat seat);

/// Where the growth phase puts the next bale of a continent: a row and a column, or row -1.
struct YieldSpot {
  int row = -1;
  Column column = Column::growth;
};
/// The book's "d'abord dans la deuxième colonne (de croissance) là où il y a le moins de tabac":
/// the growth-column plantation of `continent` with the fewest bales (ties to the upper row); with
/// none there, the seed-column plantation with the fewest bales that has room (a seed plantation
/// holds at most growth_capacity - 1, so that it never enters the growth column full); row -1 when
/// neither column has a place (the bale then goes to the market).
YieldSpot yield_spot(const State& s, int continent);
/// Puts one bale of `colour` where the growth phase puts it (may shift a row). Appends events.
void place_bale(State& s, int colour, std::vector<Json>& events);
/// Shifts a row one space right: the harvest token leaves and is harvested. Appends events.
/// (A sowing's push then also harvests the token it moved into the harvest column: sow_token.)
void shift_row(State& s, int row, std::vector<Json>& events);
/// The bales a beetle eats from `n`: half, rounded up.
inline int beetle_bite(int n) {
  return (n + 1) / 2;
}
/// Market prices: what buying costs now, what a sale pays now.
int buy_price(const State& s, int colour);
int sell_price(const State& s, int colour);
/// Points: finished cards in a seat's slots.
int finished_cards(const PlayerState& p);
/// Bales of `colour` on the board in player tokens.
int bales_on_board(const State& s, int colour);
bool bag_has_bale(const State& s);
/// Scores, ranking and places as they stand.
Outcome final_standing(const State& s);
/// Where `seat`'s points came from (Outcome::breakdown): the only source of points is a finished
/// cigar, so the parts are recomputed from the cigar slots, one per category: cigars_a, cigars_b,
/// cigars_c.
std::vector<ScorePart> score_parts(const State& s, Seat seat);

/// The public part of the state (the view), shared by view(), to_json() and determinize().
Json public_json(const State& s);
/// Reads public_json() back into `s` (hidden parts untouched). Throws BadInput.
void read_public(State& s, const Json& j);

// ------------------------------------------------------------------------------------------------

struct Rules {
  using State = capa_doro::State;

  static const GameSpec& spec();
  static Result<State> setup(int num_seats, const Options& options, std::uint64_t seed);
  static int num_seats(const State& s) { return s.num_seats; }
  static std::vector<Seat> to_act(const State& s);
  static std::vector<Json> legal_actions(const State& s, Seat seat);
  static Result<std::vector<Json>> apply(State& s, Seat seat, const Json& action);
  static Json view(const State& s,
                   Viewer viewer);          // split_view: the two parts below (HasSplitView)
  static Json public_view(const State& s);  // sectioned_public_view: the core and the sections
  static Json private_view(const State& s, Seat seat);
  // HasViewSections (view_sections.hpp): the rows and the players are rebuilt only when they
  // changed.
  static std::span<const ViewSection<State>> view_sections();
  static Json public_view_core(const State& s);
  static bool private_unchanged(const State&, const State&, Seat) {
    return true;
  }  // no private part
  /// {"board": continents, rows, price tracks; "cigars", "events": the catalogue}.
  static Json static_data(const State& s);
  static std::optional<Outcome> outcome(const State& s);
  static Json to_json(const State& s);
  static Result<State> from_json(const Json& j);
  static std::string action_text(const State& s, Seat seat, const Json& action);
  static LocalText describe(const Json& event, const std::vector<std::string>& names);
  static std::vector<Secret> secrets(const State& s);
  static std::vector<std::string> check_invariants(const State& s);
  static State scramble_hidden(const State& s, Viewer viewer, Rng& rng);
  // Bot support (GameBotSupport; capa_doro_bot.cpp).
  static Result<State> determinize(const Json& view, Seat seat, Rng& rng);
  static int evaluate(const State& s, Seat seat);
};

}  // namespace archipel::engine::capa_doro
