#pragma once
// Costa Ruana (Yuri Zhuravlev, Lifestyle Boardgames 2014), 2-6 players, game id "costa-ruana".
//
// Sources
//   - Rules: the French rule book of Costa Ruana, the authority.
//   - Components and readings where the book is silent: the project's component and rules reference
//     for Costa Ruana (research notes kept outside this repository; the § numbers in
//     components.json are its sections). The mix of the 72 action cards is proposed there (no
//     public list); all component data lives in components.json, embedded at build time, so a
//     correction is a data change. docs/games/costa-ruana.md is the player-facing page (rules as
//     built, /play syntax, readings).
//
// Options: none (the book has no variant).
//
// Flow (seats 0..n-1; clockwise is ascending seat order; "in order" = the shaman first, clockwise)
//   setup: a random shaman; in order, one native at a time on any island, until each placed 3
//   -> 5 rounds of:
//      card_up (in order, one card face up before any player, oneself too)
//      -> card_down (the same, face down)
//      -> native (in order, one reserve native on any played card, or pass; no reserve: skipped)
//      -> flip (the shaman flips the tide or the time Condition card)
//      -> reveal and discard the inactive cards (automatic; natives on them go home)
//      -> resolve (in order, each player's cards by kind: move treasure, remove, place, move
//      native;
//         the player picks the order within a kind; each card acts for the player it lies before,
//         then for each native on it from that player clockwise, the native's owner choosing)
//      -> treasures (automatic, island by island) -> next round: the new shaman (fewest treasures
//      this
//         round), draws (2, or 1 before round 5), then shaman (the new shaman keeps or names
//         another)
//   -> over after round 5's treasures: 2 points a treasure + 1 a reserve native; tie: more
//   treasures.
//
// Actions: JSON, then the /play text. Seats are 0-based in JSON and 1-based in text (as in chat).
// Islands are ids ("I3"); played cards are named by slot: "3b" is the second card laid before seat
// 3 (1-based), in the order cards were laid there. A card in hand is named by id in JSON ("CR07")
// and by code and background in text ("p2-night"; "mt", "mn", "p1".."p3", "r1".."r3"; backgrounds
// day, night, high, low); identical cards in a hand give one move, with the lowest id.
//   {"type":"place","island":"I3"}                          place I3     (set-up, or a Place card)
//   {"type":"card","face":"up|down","card":"CR07","to":2}  up p2-night 3 / down mt-day 1
//   {"type":"native","slot":"3b"}                           native 3b
//   {"type":"pass"}                                         pass         (no native this round)
//   {"type":"flip","card":"tide|time"}                      flip tide
//   {"type":"resolve","slot":"2a"}                          resolve 2a   (the next of a kind)
//   {"type":"remove","island":"I3"}                         remove I3    (one own native home)
//   {"type":"treasure","from":"I2","to":"I5"}               treasure I2 I5
//   {"type":"take","seat":3,"island":"I2"}                  take 4 I2    (move a native, step 1)
//   {"type":"to","island":"I5"}                             to I5        (move a native, step 2)
//   {"type":"keep"}                                         keep         (the new shaman stays)
//   {"type":"shaman","seat":1}                              shaman 2     (names another player)
// Legal actions come in this order: islands in island order; cards by hand order (ascending id, one
// per distinct card) then target seat; slots in slot order (target seat, then letter), then pass;
// treasure moves by source then destination; takes by island then owner; shaman: keep, then seats.
// A step with no possible choice is skipped (a Remove with no native on the islands, a Place with
// an empty reserve or full islands, no treasure to move, no native that can move).
//
// View (view()): round, step, turn (the seat expected, or -1), shaman, conditions (tide, time),
// islands (id, treasures, natives by seat), played (slot -> by, to, up, natives; face up: card,
// effect, background; face down: "face_down"), reserves, hand counts, pile size, discards (ids),
// awards this round by seat, resolving (the card being resolved, the applier, the units left, a
// taken native), "you" (hand, own face-down cards, hut) for a seat, "final" (huts, scores, places)
// once over.
//
// Hidden information
//   - Hands: their holder only. Face-down cards: the seat that played them, until the reveal.
//   - The draw pile: nobody (its size is public).
//   - Huts: their owner only until the end; the awards of the current round are public as they
//     happen.
// Events (the room log) and actions name played cards by slot; a face-down card's id appears only
// after it is revealed.

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/enum_names.hpp"
#include "engine/core/game.hpp"
#include "engine/core/rng.hpp"
#include "engine/core/view_sections.hpp"

namespace archipel::engine::costa_ruana {

// ------------------------------------------------------------------------------------------------
// Components (components.json, parsed once)

/// The four kinds, in resolution order (the book's 1-4).
enum class Kind : std::uint8_t { move_treasure, remove, place, move_native };
enum class Background : std::uint8_t { day, night, high_tide, low_tide };
enum class Phase : std::uint8_t { setup, card_up, card_down, native, flip, resolve, shaman, over };

inline constexpr EnumNames<Kind, 4> kKindNames{{{{Kind::move_treasure, "move_treasure"},
                                                 {Kind::remove, "remove"},
                                                 {Kind::place, "place"},
                                                 {Kind::move_native, "move_native"}}}};
inline constexpr EnumNames<Background, 4> kBackgroundNames{{{{Background::day, "day"},
                                                             {Background::night, "night"},
                                                             {Background::high_tide, "high_tide"},
                                                             {Background::low_tide, "low_tide"}}}};
/// The short names of the /play text ("p2-high").
inline constexpr EnumNames<Background, 4> kBackgroundShort{{{{Background::day, "day"},
                                                             {Background::night, "night"},
                                                             {Background::high_tide, "high"},
                                                             {Background::low_tide, "low"}}}};
inline constexpr EnumNames<Phase, 8> kPhaseNames{{{{Phase::setup, "setup"},
                                                   {Phase::card_up, "card_up"},
                                                   {Phase::card_down, "card_down"},
                                                   {Phase::native, "native"},
                                                   {Phase::flip, "flip"},
                                                   {Phase::resolve, "resolve"},
                                                   {Phase::shaman, "shaman"},
                                                   {Phase::over, "over"}}}};

inline constexpr int kMaxSeats = 6;

struct Effect {
  std::string code;  // "p2"
  Kind kind = Kind::place;
  int amount = 1;
  std::string title;  // "Place 2 natives"
};

struct Card {
  std::string id;  // "CR07"
  int effect = 0;  // index into Components::effects
  Background background = Background::day;
  int notches = 2;
  std::string name;  // the text form: "p2-night"
};

struct Components {
  std::vector<Effect> effects;
  std::vector<Card> cards;
  std::vector<std::string> islands;  // ids, in island order
  std::array<int, kMaxSeats + 1> islands_by_players{};
  int island_capacity = 7;
  int small_islands = 2, small_treasures = 4, large_treasures = 5;
  int natives_per_player = 10;
  int setup_natives = 3;
  int hand_size = 5;
  std::vector<int> draws;  // after round 1, 2, ...
  int rounds = 5;
  std::vector<std::string> colours;
  std::map<std::string, int, std::less<>> card_ids, island_ids;

  int card_index(std::string_view id) const;    // -1 if unknown
  int island_index(std::string_view id) const;  // -1 if unknown
  const Effect& effect_of(int card) const { return effects[cards[card].effect]; }
};

/// The parsed components.json (embedded at build time; parsed on first use; never any file I/O).
const Components& components();
/// The embedded components.json text (generated by archipel_add_game).
std::string_view components_json_text();

// ------------------------------------------------------------------------------------------------
// State: a plain struct. Cards and islands are indices into components().

struct Island {
  int treasures = 0;
  std::array<int, kMaxSeats> natives{};  // by seat
  friend bool operator==(const Island&, const Island&) = default;
};

/// A card on the table this round.
struct Played {
  int card = -1;
  Seat by = -1;    // who laid it
  Seat to = -1;    // the player it lies before (it acts for them)
  int letter = 0;  // 0 = 'a': its place among the cards laid before `to`
  bool up = false;
  std::array<bool, kMaxSeats> natives{};  // seats with a native on it
  friend bool operator==(const Played&, const Played&) = default;
};

struct PlayerState {
  std::vector<int> hand;  // ascending card index
  int reserve = 10;
  int hut = 0;     // treasures of finished rounds (hidden until the end)
  int awards = 0;  // treasures taken this round (public)
};

/// The card being resolved: who applies it in turn, and the step of the current application.
struct Resolving {
  int played = -1;             // index into State::played, -1 when the resolver picks the next card
  std::vector<Seat> appliers;  // the card's player, then native owners clockwise
  int applier = 0;             // index into appliers
  int units_left = 0;          // natives still to place or remove in this application
  Seat taken_owner = -1;       // move native: the native chosen in step 1 (still on its island)
  int taken_island = -1;
};

struct State {
  int num_seats = 2;
  Rng rng;
  int round = 1;
  Phase phase = Phase::setup;
  Seat shaman = 0;
  int turn = 0;           // position in the order from the shaman (setup: placements made)
  bool tide_high = true;  // the tide Condition card shows High tide
  bool time_day = true;   // the time Condition card shows Day
  std::vector<Island> islands;
  std::vector<PlayerState> players;
  std::vector<int> pile;  // draw pile; the next draw is the back
  std::vector<int> discards;
  std::vector<Played> played;
  Resolving resolving;
};

// ------------------------------------------------------------------------------------------------
// Rule helpers, shared by the game's files and used by the tests.

/// The seat at `position` in the order from the shaman.
Seat seat_in_order(const State& s, int position);
/// Natives of `seat` on the islands / on played cards.
int natives_on_islands(const State& s, Seat seat);
int natives_on_cards(const State& s, Seat seat);
int island_total(const Island& island);
/// The visible faces of the two Condition cards (high_tide or low_tide; day or night).
Background tide_face(const State& s);
Background time_face(const State& s);
/// Whether a card with this background is active under the Condition cards' visible faces.
bool active(const State& s, Background b);
/// The island's treasure winner under the book's rules (ties drop out; the highest left), or -1.
Seat treasure_winner(const Island& island, int num_seats);
/// Who becomes shaman after a round: fewest awards, ties to the nearest clockwise after the shaman.
Seat next_shaman(const State& s);
/// A played card's slot ("3b"), and the index in s.played of a slot (-1 if none).
std::string slot_name(const Played& p);
int played_index(const State& s, std::string_view slot);
/// Scores as they stand: 2 a treasure (hut + this round) + 1 a reserve native.
int score_of(const State& s, Seat seat);
/// The same score by source (Outcome::breakdown), recomputed from the state as the book counts it
/// at the end: treasures (2 points each, hut and this round) and natives in reserve (1 point each).
std::vector<ScorePart> score_parts(const State& s, Seat seat);
int treasures_of(const State& s, Seat seat);
/// Runs the automatic steps until a seat must choose (used after set-up edits in tests).
void advance(State& s, std::vector<Json>& events);

// ------------------------------------------------------------------------------------------------

struct Rules {
  using State = costa_ruana::State;

  static const GameSpec& spec();
  static Result<State> setup(int num_seats, const Options& options, std::uint64_t seed);
  static int num_seats(const State& s) { return s.num_seats; }
  static std::vector<Seat> to_act(const State& s);
  static std::vector<Json> legal_actions(const State& s, Seat seat);
  static Result<std::vector<Json>> apply(State& s, Seat seat, const Json& action);
  static Json view(const State& s,
                   Viewer viewer);  // split_view: the two parts below (HasSplitView)
  static Json public_view(const State& s);
  static Json private_view(const State& s, Seat seat);
  // HasViewSections (view_sections.hpp): the islands and the cards on the table are rebuilt only
  // when they changed, and a seat's private part only when its hand, its hut or its face-down cards
  // did.
  static std::span<const ViewSection<State>> view_sections();
  static Json public_view_core(const State& s);
  static bool private_unchanged(const State& before, const State& after, Seat seat);
  /// {"islands": the ids in play, "capacity", "catalog": the cards in play by kind, no ids,
  /// "colours"}: from components.json.
  static Json static_data(const State& s);
  static std::optional<Outcome> outcome(const State& s);
  static Json to_json(const State& s);
  static Result<State> from_json(const Json& j);
  static std::string action_text(const State& s, Seat seat, const Json& action);
  static LocalText describe(const Json& event, const std::vector<std::string>& names);
  static std::vector<Secret> secrets(const State& s);
  // Conformance hooks (HasInvariants, HasHiddenScramble).
  static std::vector<std::string> check_invariants(const State& s);
  static State scramble_hidden(const State& s, Viewer viewer, Rng& rng);
  // Bot support (GameBotSupport; costa_ruana_bot.cpp).
  static Result<State> determinize(const Json& view, Seat seat, Rng& rng);
  static int evaluate(const State& s, Seat seat);
};

}  // namespace archipel::engine::costa_ruana
