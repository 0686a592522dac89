#pragma once
// The game contract every Archipel game implements (DESIGN.md, "The game contract").
//
// A game is a `Rules` type: a plain `State` struct plus static functions over it. Nothing here
// knows about sockets, threads or clocks; all randomness comes from the `Rng` stored inside the
// state, so same seed + same actions => the same state, byte for byte. The server, the bots and the
// tests never see a `Rules` type directly: they go through `GameInstance` (any_game.hpp; `GameOf`,
// game_of.hpp, wraps any type satisfying the `GameRules` concept below), and the server's view
// cache through `ClientViews` (client_views.hpp), which the same wrapper provides.

#include <concepts>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/lang.hpp"
#include "engine/core/result.hpp"
#include "engine/core/rng.hpp"

namespace archipel::engine {

using Json = nlohmann::json;

/// A seat at the table: 0 .. num_seats-1, in turn order of the game's set-up (not necessarily of
/// play).
using Seat = int;

/// Who is looking at a view: one seat, or a spectator (who sees only what is public).
struct Viewer {
  Seat seat = -1;
  static Viewer spectator() { return Viewer{-1}; }
  static Viewer of(Seat s) { return Viewer{s}; }
  bool is_spectator() const { return seat < 0; }
  friend bool operator==(const Viewer&, const Viewer&) = default;
};

/// One option a room can set with `/create <game> key=value` or `/option key=value`.
struct OptionSpec {
  std::string key;
  std::vector<std::string> choices;  // the accepted values, in display order
  std::string default_value;
  LocalText label;  // a short name for the create form ("Rules" / "Règles")
  LocalText help;   // one line for /games and the web client's create form
  /// The player counts the option exists for (0 = no bound). At other counts it is not offered, and
  /// complete_options() leaves it out of what the game sees.
  int min_players = 0;
  int max_players = 0;
  /// What a person reads for each value, in `choices`' order ("en ligne" for `online`); the values
  /// stay the syntax of /create. Empty: the values are shown as they are (a number, a name).
  std::vector<LocalText> choice_labels;

  bool applies_to(int num_seats) const {
    return (min_players == 0 || num_seats >= min_players) &&
           (max_players == 0 || num_seats <= max_players);
  }
};

/// What `/games` lists and the lobby needs to create a room.
struct GameSpec {
  std::string id;  // "santa-cruz"
  std::string title;
  int min_players = 1;
  int max_players = 1;
  std::vector<OptionSpec> options;
  /// The option combinations worth playing out in the conformance harness, each completed with
  /// defaults. Empty: the defaults, then each non-default value alone.
  std::vector<std::map<std::string, std::string>> option_sets_to_test;
};

/// Chosen option values, key -> value. Missing keys take the spec's default.
using Options = std::map<std::string, std::string>;

/// Points a seat scored from one source, for the result's "points by source" (the `over` message's
/// breakdown).
struct ScorePart {
  std::string source;  // a stable lower snake_case key, the same in every language: "buildings",
                       // "score_card"
  LocalText label;     // what a person reads, the French rule book's terms in French
  int points = 0;      // may be negative (a penalty)
  std::string detail;  // what tells two parts of one source apart (a score card's id), or empty
  friend bool operator==(const ScorePart&, const ScorePart&) = default;
};

/// Final result of a finished game.
struct Outcome {
  std::vector<int> scores;    // by seat
  std::vector<Seat> ranking;  // seats, winner first, with the game's own tie-break applied
  /// By seat, 1-based: 1 for every winner. Seats the game's rules cannot separate share a place
  /// (two seats on 1, the next on 3); where the rules break every tie, places follow the ranking.
  std::vector<int> places;
  /// A one-player game against its own target: won or lost. nullopt in a game of several players.
  std::optional<bool> solo_won;
  /// By seat, where its score came from: the parts add up to scores[seat] exactly. Sources a game
  /// always has are listed even at 0; repeated sources (one per card) only where they gave or cost
  /// the seat something.
  std::vector<std::vector<ScorePart>> breakdown;
};

/// Something hidden from some viewers, for the no-leak check of the conformance harness: `token` is
/// a string (a tile id, a card id) that must not appear as a string value anywhere in the view of a
/// viewer other than `known_to` (nobody, when known_to is empty: draw piles, face-down tiles).
struct Secret {
  std::string token;
  std::optional<Seat> known_to;
};

/// The contract. Obligations, checked by tests/engine/conformance_test.cpp for every registered
/// game:
///  - setup(num_seats, options, seed): options already completed with defaults and validated
///  against spec().
///  - num_seats(state): the number of seats the game was set up with.
///  - to_act(state): the seats that may act now, ascending; empty exactly when the game is over.
///  - legal_actions(state, seat): deterministic order, no duplicates, non-empty iff seat is in
///  to_act.
///    Each action is a JSON object with a "type".
///  - apply(state, seat, action): the events the action caused (JSON objects with a "type", for the
///  game log),
///    or a RuleError naming the broken rule; on error the state is unchanged.
///  - view(state, viewer): everything that viewer may see and nothing more. The only source of
///  client data.
///  - static_data(state): what never changes during a game and is the same for every viewer (a
///  board's
///    drawing, the component catalogue); sent with each full state, never in a view or a patch. May
///    be {}.
///  - outcome(state): nullopt while running; scores, ranking and each seat's breakdown once over.
///  - to_json / from_json: the full state, generator included; to_json(from_json(j)) == j byte for
///  byte.
///  - action_text(state, seat, action): the /play form, unique among the seat's legal actions.
///  - describe(event, names): one log line for the room chat, in English and in French at once (a
///  room keeps
///    both, for whoever reads it later, and building the line once serves both); names are the
///    players' names by seat. Every event of a game has a line in each language, non-empty and
///    without a leftover placeholder; the game's terms are those of its French rule book.
///  - secrets(state): every hidden token and who may know it (for the leak check).
template <class R>
concept GameRules = requires(typename R::State& state, const typename R::State& cstate,
                             const Json& j, const Options& options,
                             const std::vector<std::string>& names) {
  typename R::State;
  { R::spec() } -> std::same_as<const GameSpec&>;
  { R::setup(int{}, options, std::uint64_t{}) } -> std::same_as<Result<typename R::State>>;
  { R::num_seats(cstate) } -> std::same_as<int>;
  { R::to_act(cstate) } -> std::same_as<std::vector<Seat>>;
  { R::legal_actions(cstate, Seat{}) } -> std::same_as<std::vector<Json>>;
  { R::apply(state, Seat{}, j) } -> std::same_as<Result<std::vector<Json>>>;
  { R::view(cstate, Viewer{}) } -> std::same_as<Json>;
  { R::static_data(cstate) } -> std::same_as<Json>;
  { R::outcome(cstate) } -> std::same_as<std::optional<Outcome>>;
  { R::to_json(cstate) } -> std::same_as<Json>;
  { R::from_json(j) } -> std::same_as<Result<typename R::State>>;
  { R::action_text(cstate, Seat{}, j) } -> std::same_as<std::string>;
  { R::describe(j, names) } -> std::same_as<LocalText>;
  { R::secrets(cstate) } -> std::same_as<std::vector<Secret>>;
};

/// Optional bot support (bots/strategy.hpp). A game without it still registers; bots then play it
/// at random.
///  - determinize(view, seat, rng): a full State consistent with `view` (the seat's client view, as
///  client_view
///    in client_views.hpp returns it; `to_act` and `legal` may be present and are ignored), built
///    from that view only: every hidden thing (face-down tiles, other hands, set-aside cards, bird
///    species...) is sampled with `rng` from what the view allows (the unseen pool minus what is
///    visible). Obligation: view(result, seat) equals the given view without `to_act` and `legal`,
///    and to_act/legal_actions of the result match the view's. A bad view is a RuleError
///    ("bad_view"), never an exception. The result's own generator is drawn from `rng`, so the true
///    state's future draws are not revealed either.
///  - evaluate(state, seat): how good the position is for `seat`. The unit, for every game: the
///  game's own
///    victory points, as a margin over the best other seat (own projected score minus the best
///    other seat's; higher is better). Once the game is over it is the exact final margin. In a
///    solo game, the margin over the game's own target (projected score minus target). Search
///    (bots/search_strategy.cpp) reads it the same way for every game. Pure and cheap: bots call it
///    often.
template <class R>
concept GameBotSupport = GameRules<R> &&
    requires(const typename R::State& cstate, const Json& j, Rng& rng) {
  { R::determinize(j, Seat{}, rng) } -> std::same_as<Result<typename R::State>>;
  { R::evaluate(cstate, Seat{}) } -> std::same_as<int>;
};

/// Optional checks for the conformance harness (tests/support/playout.hpp), found by these
/// concepts; the registry's GameInstance exposes them to the harness without a downcast.
///  - check_invariants(state): what is wrong with the state (pieces not conserved, a count out of
///  range), one
///    sentence each; empty when all is well. Called after every step of every playout.
///  - scramble_hidden(state, viewer, rng): a valid state that differs from `state` only in what
///  `viewer` may
///    not know (other hands, face-down parts, the order of a pile, a hidden count), drawn with
///    `rng`. The harness requires view(result, viewer) to be byte-identical to view(state, viewer),
///    so a view that leaks anything the scramble changes fails.
template <class R>
concept HasInvariants = GameRules<R> && requires(const typename R::State& cstate) {
  { R::check_invariants(cstate) } -> std::same_as<std::vector<std::string>>;
};

template <class R>
concept HasHiddenScramble = GameRules<R> && requires(const typename R::State& cstate, Rng& rng) {
  { R::scramble_hidden(cstate, Viewer{}, rng) } -> std::same_as<typename R::State>;
};

/// Optional, for speed (HasSplitView): a view in two parts, so the server builds and diffs the part
/// every viewer shares once per move instead of once per viewer (server/audience_views.hpp).
///  - public_view(state): what every viewer sees, spectators included;
///  - private_view(state, seat): what only `seat` sees, as top-level keys of its own (usually
///  `you`).
/// The game's view(state, viewer) must be exactly view_from_parts of the two (a spectator has no
/// private part); the conformance harness checks it at every step. A game whose private information
/// sits deeper in its view (inside each player's entry) simply does not declare them: its views are
/// built whole.
template <class R>
concept HasSplitView = GameRules<R> && requires(const typename R::State& cstate) {
  { R::public_view(cstate) } -> std::same_as<Json>;
  { R::private_view(cstate, Seat{}) } -> std::same_as<Json>;
};

/// The view of `viewer` from the two parts: the public one with the private one's keys added.
Json view_from_parts(Json public_part, const Json& private_part);

/// view() for a game with HasSplitView: the two parts joined.
template <class R>
Json split_view(const typename R::State& state, Viewer viewer) {
  return viewer.is_spectator()
             ? R::public_view(state)
             : view_from_parts(R::public_view(state), R::private_view(state, viewer.seat));
}

/// Fills in defaults and checks every key and value against the spec. Unknown keys and values
/// outside the choices are errors (rule "bad_option").
Result<Options> complete_options(const GameSpec& spec, const Options& given);

/// Fills in defaults and checks every key and value against the spec, then leaves out the options
/// that do not exist for `num_seats` players (OptionSpec::applies_to).
Result<Options> complete_options(const GameSpec& spec, const Options& given, int num_seats);

/// Ranks seats by score descending; ties broken by `tie_order` (lower first), then by seat.
std::vector<Seat> rank_by_score(const std::vector<int>& scores,
                                const std::vector<int>& tie_order = {});

/// The usual outcome: ranking as rank_by_score(scores, tie_order); seats equal in both score and
/// tie_order share a place. A game whose rules break every tie passes a tie_order with no two seats
/// equal.
Outcome outcome_by_score(std::vector<int> scores, const std::vector<int>& tie_order = {});

/// Rules::outcome for a game that ranks through a standing and a breakdown of its own: nullopt
/// while `over` is false; otherwise standing(s) (scores, ranking and places, usually from
/// outcome_by_score) with Outcome::breakdown filled by parts(s, seat) for every seat of the
/// standing's scores.
template <class State>
std::optional<Outcome> outcome_when_over(const State& s, bool over,
                                         Outcome (*standing)(const State&),
                                         std::vector<ScorePart> (*parts)(const State&, Seat)) {
  if (!over) return std::nullopt;
  Outcome o = standing(s);
  const auto seats = static_cast<Seat>(o.scores.size());
  o.breakdown.reserve(o.scores.size());
  for (Seat seat = 0; seat < seats; ++seat) o.breakdown.push_back(parts(s, seat));
  return o;
}

}  // namespace archipel::engine
