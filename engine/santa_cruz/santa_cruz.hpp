#pragma once
// Santa Cruz (Marcel-Andre Casasola Merkle, Hans im Glueck 2012), 2-4 players, game id
// "santa-cruz".
//
// Sources
//   - The French rule books of Santa Cruz: the table rules (French translation by J. Vermeil) and
//     the online rules (the Brettspielwelt rules page, in French).
//   - Components and readings of open rules: the project's component and rules reference for Santa
//     Cruz (research notes kept outside this repository). The board graph, the 54 tiles, four of
//     the 16 score cards and the bird split are proposed there (no public source); all component
//     data lives in components.json, embedded at build time, so a correction is a data change.
//     docs/games/santa-cruz.md is the player-facing page (rules as implemented, /play syntax, what
//     is not implemented).
//
// Option (default first)
//   rules = online | table. Where the books differ, each variant follows its own:
//     - birds score card: 3 points a chip online, 2 at the table;
//     - final ties: at the table the marker that reached the score first is ahead (arrival order on
//       the track); the online book names no tie-break, so tied players share their place (the
//       ranking lists them in seat order; the final view gives every seat its place).
//   Start compensation (online: bonus points; table: score-track start) is the same in both:
//   scores 0/1/2/3 in turn order. Round-2 piles are the same in both: a pile is a construction set
//   plus the score cards played with it in round 1 (the table rule; the online book says nothing
//   about the score cards, so the physical rule holds).
//
//   sets = choose | random. choose: the players choose their construction sets (the phase below);
//     random: the sets are dealt at random at set-up (the table book allows both) and the game
//     opens on the landing.
//
// Flow
//   choose_set (reverse seat order; with 4 players seat 0 gets the last set automatically)
//   -> round 1: landing (one build each on a free coast site, seat order; both books say "libre",
//      so the last player's occupied-site privilege never applies to it), then play (one card a
//      turn until every
//      hand is empty)
//   -> choose_pile (from last on the score track; the last pile goes automatically)
//   -> discard (every seat at once, secretly)
//   -> round 2 (first player: last on the track, then seat order): landing, then play
//   -> over (bird chips revealed and added, in round-2 turn order).
//
// Actions: JSON, then the /play text. Sites are ids ("C04"), sets letters ("B"), score cards ids
// ("SC03") in JSON and short names ("fish") in text.
//   {"type":"choose_set","set":"B"}                     set B
//   {"type":"land","site":"C04"}                        land C04
//   {"type":"build","card":"ship|river|road","site":"C04"}  ship C04   (also a double's builds)
//   {"type":"double","kind":"ship|river|road"}          double road (then its two "build" actions)
//   {"type":"play","card":"ship|river|road|double"}     river       (only when it can build
//   nothing)
//   {"type":"pass"}                                     pass        (only when a double's second
//                          build has no target but the last player's occupied-site privilege, or
//                          a landing has no free coast site, which four players never exhaust)
//   {"type":"score","card":"SC03"}                      score fish
//   {"type":"choose_pile","set":"B"}                    pile B
//   {"type":"discard","card":"SC03"}                    discard fish
// Legal actions come in this order: sets and piles by letter; landings in board order, then pass;
// during a double its builds in board order, then pass; otherwise ship, river and road builds (each
// in board order), double ship/river/road, play ship/river/road/double, score cards by id; discards
// by id. Board order is the order of "sites" in components.json (coast, land, volcano).
//
// View (view()): rules, round, phase, turn, order, track (first place first), board (site id ->
// "<kind> face_down" or "<kind> <building> <points>[ <resource>][ +<fish bonus>][ bird]"),
// buildings (site id -> owner seats), players (score, set, cards_left and cards_played as
// [ship, river, road, double], score_cards_left, score_cards_played, birds (a count),
// buildings_left and buildings_removed as [house, church, lighthouse], must_discard),
// pending_double, privilege (the last player and whether it was used), sets or piles while they
// are chosen, "you" (hand, bird species, discards) for a seat, "final" (birds, places) at the end.
//
// Hidden information
//   - Score cards in a hand (the round-2 draw included): known to their holder only. Discarded
//     cards: known to the discarder. Set-aside cards: known to nobody. Played cards are public.
//     A card played in round 1 travels with its pile; everyone saw it and saw who took the pile,
//     so it is public knowledge that the taker holds it (in hand or, after the secret discard,
//     perhaps among the discards: which of the two stays the taker's secret). secrets() lists
//     exactly the others (public_holder()).
//   - Face-down land and volcano tiles and the unused tiles: known to nobody; a face-down site
//   shows
//     only "face_down". Revealed tiles are public and never turn back.
//   - Bird chips: each player sees the species of their own; others see a count; all are revealed
//     at the end. Chips have no ids. The order of the bird pile and of the set-aside cards is known
//     to nobody.
//   Events are public (the room log): a bird draw, a round-2 draw and a discard name the seat,
//   never the chip or the card.

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/enum_names.hpp"
#include "engine/core/game.hpp"
#include "engine/core/rng.hpp"
#include "engine/core/view_sections.hpp"

namespace archipel::engine::santa_cruz {

// ------------------------------------------------------------------------------------------------
// Components (components.json, parsed once)

enum class SiteKind : std::uint8_t { coast, land, volcano };
enum class BuildingType : std::uint8_t { house, church, lighthouse };
// On the wire: "ship", "river", "road", "double".
enum class CardKind : std::uint8_t { ship, river, road, double_turn };
enum class Resource : std::uint8_t { none, sheep, wood, sugar, gold, fish };
enum class Condition : std::uint8_t {
  resource,
  resource_pair,
  all_types,
  houses,
  connected,
  per_site,
  birds,
  eruption
};
enum class Variant : std::uint8_t { online, table };
enum class Phase : std::uint8_t { choose_set, landing, play, choose_pile, discard, over };
/// What a build may target: landing (a free coast site) and ship (any coast site), river (your
/// rivers), road (one
/// segment away).
enum class BuildMode : std::uint8_t { landing, ship, river, road };

inline constexpr int kBuildingTypes = 3;
inline constexpr int kCardKinds = 4;

// The wire name of every enum that crosses JSON (state, view, events, components.json): one table
// each, for to_string() and for parsing alike.
inline constexpr EnumNames<SiteKind, 3> kSiteKindNames{
    {{{SiteKind::coast, "coast"}, {SiteKind::land, "land"}, {SiteKind::volcano, "volcano"}}}};
inline constexpr EnumNames<BuildingType, 3> kBuildingNames{
    {{{BuildingType::house, "house"},
      {BuildingType::church, "church"},
      {BuildingType::lighthouse, "lighthouse"}}}};
inline constexpr EnumNames<CardKind, 4> kCardKindNames{{{{CardKind::ship, "ship"},
                                                         {CardKind::river, "river"},
                                                         {CardKind::road, "road"},
                                                         {CardKind::double_turn, "double"}}}};
inline constexpr EnumNames<Resource, 6> kResourceNames{{{{Resource::none, "none"},
                                                         {Resource::sheep, "sheep"},
                                                         {Resource::wood, "wood"},
                                                         {Resource::sugar, "sugar"},
                                                         {Resource::gold, "gold"},
                                                         {Resource::fish, "fish"}}}};
inline constexpr EnumNames<Condition, 8> kConditionNames{
    {{{Condition::resource, "resource"},
      {Condition::resource_pair, "resource_pair"},
      {Condition::all_types, "all_types"},
      {Condition::houses, "houses"},
      {Condition::connected, "connected"},
      {Condition::per_site, "per_site"},
      {Condition::birds, "birds"},
      {Condition::eruption, "eruption"}}}};
inline constexpr EnumNames<Variant, 2> kVariantNames{
    {{{Variant::online, "online"}, {Variant::table, "table"}}}};
inline constexpr EnumNames<Phase, 6> kPhaseNames{{{{Phase::choose_set, "choose_set"},
                                                   {Phase::landing, "landing"},
                                                   {Phase::play, "play"},
                                                   {Phase::choose_pile, "choose_pile"},
                                                   {Phase::discard, "discard"},
                                                   {Phase::over, "over"}}}};

struct Site {
  std::string id;
  SiteKind kind = SiteKind::land;
  std::vector<int> roads;        // road neighbours (site indices), ascending
  std::vector<int> river_links;  // river-segment neighbours, ascending
  std::vector<int> rivers;       // river indices this site belongs to
  std::string face_down_code;    // the view's text for this site while face down: "land face_down"
};

struct River {
  std::string id;
  std::vector<int> sites;  // ascending
};

struct Tile {
  std::string id;
  SiteKind kind = SiteKind::land;
  BuildingType building = BuildingType::house;
  int points = 0;
  Resource resource = Resource::none;
  int fish_bonus = 0;
  bool bird = false;
  std::string view_code;  // the view's text for a site showing this tile: "land house 3 sugar bird"
};

struct ScoreCard {
  std::string id;     // "SC03"
  std::string name;   // "fish": the text form
  std::string title;  // "Fish": for the log
  std::string family;
  Condition condition = Condition::resource;
  std::vector<Resource> resources;
  int value = 0;  // points (per building for per_site, per chip for birds, negative for eruption)
  int value_one = 0;  // resource_pair: points for holding exactly one of the two
  int count = 0;      // houses / connected: how many are needed
  SiteKind where_kind = SiteKind::coast;  // per_site / eruption
  bool where_river = false;               // per_site on river sites
  int value_online = 0, value_table = 0;  // birds
  bool shows_fish = false;                // pays the fish bonuses
};

struct ConstructionSet {
  std::string letter;
  std::array<int, kCardKinds> cards{};  // by CardKind
};

struct BirdSpecies {
  std::string name;
  int count = 0;
  int value = 0;
};

struct Components {
  std::vector<Site> sites;
  std::vector<River> rivers;
  std::vector<Tile> tiles;
  std::vector<ScoreCard> score_cards;
  std::vector<ConstructionSet> sets;
  std::vector<BirdSpecies> birds;
  std::array<int, kBuildingTypes> buildings{};  // per colour, by BuildingType
  std::array<int, 5> score_cards_per_player{};  // by player count (index 2..4)
  std::vector<int> start_compensation;          // by turn position
  int round_two_draw = 1;
  int round_two_discard = 1;

  std::map<std::string, int, std::less<>> site_ids, tile_ids, card_ids, card_names;  // lookups
  /// Rules::static_data: {"map": the board's drawing, "catalog": score cards by name, sets, bird
  /// values}, built from the same parse as everything above.
  Json static_data;

  int site_index(std::string_view id) const;       // -1 if unknown
  int tile_index(std::string_view id) const;       // -1 if unknown
  int card_index(std::string_view id) const;       // by id ("SC03"); -1 if unknown
  int card_by_name(std::string_view name) const;   // by name ("fish"); -1 if unknown
  int set_index(std::string_view letter) const;    // -1 if unknown
  int species_index(std::string_view name) const;  // -1 if unknown
};

/// The parsed components.json (embedded at build time; parsed on first use; never any file I/O).
const Components& components();
/// The embedded components.json text.
std::string_view components_json_text();

std::string to_string(SiteKind k);
std::string to_string(BuildingType b);
std::string to_string(CardKind c);
std::string to_string(Resource r);
std::string to_string(Variant v);
std::string to_string(Phase p);
std::optional<CardKind> card_kind_from(std::string_view s);

/// The online rule book's French word for the English name of a building, resource, card kind or
/// bird
/// ("church" -> "église"; the English word itself when there is none), for the log and the refusals
/// alike (santa_cruz_text.cpp).
std::string french_word(const std::string& en);
/// The same with its indefinite article: "une église", "un phare".
std::string french_with_article(const std::string& en);
/// A score card's title in English and French, by card id ("SC03": Fish / Poisson); the id itself
/// if unknown.
LocalText score_card_title(const std::string& id);

// ------------------------------------------------------------------------------------------------
// State: a plain struct. Indices refer to components(): sites, tiles, score cards, sets, bird
// species.

struct SiteState {
  int tile = -1;  // tile index dealt here
  bool revealed = false;
  std::vector<int>
      owners;  // seats with a building here, in build order (two only through the privilege)
  friend bool operator==(const SiteState&, const SiteState&) = default;
};

struct PlayerState {
  int score = 0;
  int arrival = 0;  // when the marker last moved (lower = arrived earlier = ahead)
  int set = -1;     // construction set index for this round, -1 before choosing
  std::array<int, kCardKinds> cards_left{};
  std::array<int, kCardKinds> cards_played{};
  std::vector<int> hand;                      // score cards, ascending
  std::vector<int> played;                    // score cards played this round, in order
  std::vector<int> discarded;                 // removed secretly at the start of round 2
  std::vector<int> birds;                     // bird species indices, in draw order
  std::array<int, kBuildingTypes> supply{};   // buildings left to build
  std::array<int, kBuildingTypes> removed{};  // destroyed by an eruption this round
  bool must_discard = false;
  // Where the score came from (the result's points by source), tracked as points are scored: a
  // score card's points depend on the board when it is played and an eruption later removes
  // buildings, so neither can be recomputed at the end. The start bonus (by seat) and the birds
  // (kept to the end) are recomputed.
  int building_points = 0;  // construction bonuses of every build, both rounds
  std::vector<std::pair<int, int>>
      card_points;  // (score card, points it gave this seat), in play order
  friend bool operator==(const PlayerState&, const PlayerState&) = default;
};

struct Pile {  // round 2: a construction set plus the score cards played with it in round 1
  int set = -1;
  Seat from = -1;                // who held it in round 1
  std::vector<int> score_cards;  // public: played face up in round 1, kept after the pile is taken
  Seat taken_by = -1;
};

struct State {
  int num_seats = 2;
  Variant rules = Variant::online;
  Rng rng;
  int round = 1;
  Phase phase = Phase::choose_set;
  std::vector<Seat> order;       // this round's turn order
  int turn = 0;                  // index into order (landing, play)
  std::vector<SiteState> sites;  // by site index
  std::vector<int> unused_tiles;
  std::vector<PlayerState> players;
  std::vector<int> score_pile;   // set-aside score cards; the next draw is the back
  std::vector<int> bird_pile;    // face-down bird chips (species); the next draw is the back
  std::vector<Pile> piles;       // round-2 choice
  std::vector<Seat> pick_order;  // round-2 choice order (last on the track first)
  int pick = 0;                  // index into pick_order
  int double_kind = -1;          // CardKind of a pending double, -1 if none
  int double_left = 0;           // builds left on it
  bool privilege_used = false;   // the last player's occupied-site build, this round
  int clock = 0;                 // arrival counter for the score track
};

// ------------------------------------------------------------------------------------------------
// Rule helpers, shared by the game's files and used by the tests.

/// The seat that may act in a single-actor phase (landing, play, choose_set, choose_pile), or -1.
Seat current_seat(const State& s);
/// Scores, ranking and places as they stand (the outcome once over; the final view's places).
Outcome final_standing(const State& s);

/// Where `seat`'s score came from (Outcome::breakdown): start_bonus, buildings, one score_card per
/// card that gave or cost the seat points (and each card the seat played itself), birds once
/// revealed.
std::vector<ScorePart> score_parts(const State& s, Seat seat);

/// Seats on the score track, first place first (score descending, then arrival ascending).
std::vector<Seat> track_order(const State& s);
/// The last player of the round's turn order (holder of the occupied-site privilege), or -1 before
/// a round.
Seat last_player(const State& s);

struct Target {
  int site = -1;
  bool privileged = false;  // an occupied site, through the last player's privilege
};
/// Every site `seat` may build on now with `mode`, in board order (ignores whose turn it is and
/// card counts).
std::vector<Target> build_targets(const State& s, Seat seat, BuildMode mode);
/// Points `seat` gets from score card `card` now (fish bonus included; negative for the eruption).
int card_points(const State& s, int card, Seat seat);
/// What score card `card` would give each seat if played now, by seat: what playing it does give
/// (apply) and what the hand's preview shows its holder (private_view). Only public facts count
/// (buildings on the board, bird chips by number), so the preview tells the holder nothing hidden.
std::vector<int> card_points_by_seat(const State& s, int card);
/// By seat, the sites holding one of its buildings: what card_points reads of the board, found once
/// for the many cards a view scores (the hand's preview scores each card of a hand for every seat).
using HeldSites = std::vector<std::vector<int>>;
HeldSites held_sites(const State& s);
/// The sites holding one of `seat`'s buildings, in site order (held_sites' entry for that seat).
std::vector<int> sites_held_by(const State& s, Seat seat);
/// card_points_by_seat with each seat's held sites found beforehand.
std::vector<int> card_points_by_seat(const State& s, int card, const HeldSites& held);
/// Moves `seat`'s marker by `delta` (no move for 0): the marker arrives behind any already on that
/// score.
void add_points(State& s, Seat seat, int delta);
/// The seat known to everyone to hold score card `card` in hand or among its discards, or -1: a
/// card that travelled with a round-2 pile was played face up in round 1 and the table saw who took
/// the pile, so until it is played again it is public knowledge, not a secret.
Seat public_holder(const State& s, int card);

// ------------------------------------------------------------------------------------------------

struct Rules {
  using State = santa_cruz::State;

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
  // HasViewSections (view_sections.hpp): board, buildings and players are rebuilt only when they
  // changed.
  static std::span<const ViewSection<State>> view_sections();
  static Json public_view_core(const State& s);
  static bool private_unchanged(const State& before, const State& after, Seat seat);
  /// {"map": the board's drawing, "catalog": score cards by name, sets, bird values}: from
  /// components.json.
  static Json static_data(const State& s);
  static std::optional<Outcome> outcome(const State& s);
  static Json to_json(const State& s);
  static Result<State> from_json(const Json& j);
  static std::string action_text(const State& s, Seat seat, const Json& action);
  static LocalText describe(const Json& event, const std::vector<std::string>& names);
  static std::vector<Secret> secrets(const State& s);
  /// Conservation and consistency (santa_cruz_invariants.cpp); empty when all is well.
  static std::vector<std::string> check_invariants(const State& s);
  /// A state differing from `s` only in what `viewer` may not know (santa_cruz_view.cpp).
  static State scramble_hidden(const State& s, Viewer viewer, Rng& rng);
  // Bot support (GameBotSupport; santa_cruz_bot.cpp).
  static Result<State> determinize(const Json& view, Seat seat, Rng& rng);
  static int evaluate(const State& s, Seat seat);
};

}  // namespace archipel::engine::santa_cruz
