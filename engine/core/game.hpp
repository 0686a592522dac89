#pragma once
// The game contract every Archipel game implements (DESIGN.md, "The game contract").
//
// A game is a `Rules` type: a plain `State` struct plus static functions over it. Nothing here knows about
// sockets, threads or clocks; all randomness comes from the `Rng` stored inside the state, so
// same seed + same actions => the same state, byte for byte. The server, the bots and the tests never see a
// `Rules` type directly: they go through `GameInstance` (any_game.hpp), which wraps any type satisfying the
// `GameRules` concept below.

#include <concepts>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/result.hpp"
#include "engine/core/rng.hpp"

namespace archipel::engine {

using Json = nlohmann::json;

/// A seat at the table: 0 .. num_seats-1, in turn order of the game's set-up (not necessarily of play).
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
  std::string help;                  // one line for /games and the web client's create form
};

/// What `/games` lists and the lobby needs to create a room.
struct GameSpec {
  std::string id;  // "santa-cruz"
  std::string title;
  int min_players = 1;
  int max_players = 1;
  std::vector<OptionSpec> options;
};

/// Chosen option values, key -> value. Missing keys take the spec's default.
using Options = std::map<std::string, std::string>;

/// Final result of a finished game.
struct Outcome {
  std::vector<int> scores;   // by seat
  std::vector<Seat> ranking; // seats, winner first, with the game's own tie-break applied
};

/// Something hidden from some viewers, for the no-leak check of the conformance harness: `token` is a
/// string (a tile id, a card id) that must not appear as a string value anywhere in the view of a viewer
/// other than `known_to` (nobody, when known_to is empty: draw piles, face-down tiles).
struct Secret {
  std::string token;
  std::optional<Seat> known_to;
};

/// The contract. Obligations, checked by tests/engine/conformance_test.cpp for every registered game:
///  - setup(num_seats, options, seed): options already completed with defaults and validated against spec().
///  - num_seats(state): the number of seats the game was set up with.
///  - to_act(state): the seats that may act now, ascending; empty exactly when the game is over.
///  - legal_actions(state, seat): deterministic order, no duplicates, non-empty iff seat is in to_act.
///    Each action is a JSON object with a "type".
///  - apply(state, seat, action): the events the action caused (JSON objects with a "type", for the game log),
///    or a RuleError naming the broken rule; on error the state is unchanged.
///  - view(state, viewer): everything that viewer may see and nothing more. The only source of client data.
///  - static_data(state): what never changes during a game and is the same for every viewer (a board's
///    drawing, the component catalogue); sent with each full state, never in a view or a patch. May be {}.
///  - outcome(state): nullopt while running; scores and ranking once over.
///  - to_json / from_json: the full state, generator included; to_json(from_json(j)) == j byte for byte.
///  - action_text(state, seat, action): the /play form, unique among the seat's legal actions.
///  - describe(event, names): one log line for the room chat; names are the players' names by seat.
///  - secrets(state): every hidden token and who may know it (for the leak check).
template <class R>
concept GameRules = requires(typename R::State& state, const typename R::State& cstate, const Json& j,
                             const Options& options, const std::vector<std::string>& names) {
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
  { R::describe(j, names) } -> std::same_as<std::string>;
  { R::secrets(cstate) } -> std::same_as<std::vector<Secret>>;
};

/// Optional bot support (bots/strategy.hpp). A game without it still registers; bots then play it at random.
///  - determinize(view, seat, rng): a full State consistent with `view` (the seat's client view, as
///    GameInstance::client_view returns it; `to_act` and `legal` may be present and are ignored), built from that
///    view only: every hidden thing (face-down tiles, other hands, set-aside cards, bird species...) is sampled
///    with `rng` from what the view allows (the unseen pool minus what is visible). Obligation: view(result,
///    seat) equals the given view without `to_act` and `legal`, and to_act/legal_actions of the result match the
///    view's. A bad view is a RuleError ("bad_view"), never an exception. The result's own generator is drawn
///    from `rng`, so the true state's future draws are not revealed either.
///  - evaluate(state, seat): how good the position is for `seat`, in points of advantage over the best other
///    seat (higher is better; exact final margin once the game is over). Pure and cheap: bots call it often.
template <class R>
concept GameBotSupport = GameRules<R> && requires(const typename R::State& cstate, const Json& j, Rng& rng) {
  { R::determinize(j, Seat{}, rng) } -> std::same_as<Result<typename R::State>>;
  { R::evaluate(cstate, Seat{}) } -> std::same_as<int>;
};

/// Fills in defaults and checks every key and value against the spec. Unknown keys and values outside the
/// choices are errors (rule "bad_option").
Result<Options> complete_options(const GameSpec& spec, const Options& given);

/// Ranks seats by score descending; ties broken by `tie_order` (lower first), then by seat.
std::vector<Seat> rank_by_score(const std::vector<int>& scores, const std::vector<int>& tie_order = {});

}  // namespace archipel::engine
