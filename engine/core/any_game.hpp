#pragma once
// GameInstance: the single type-erasure point. The server, the bots and the conformance tests hold
// games only through this interface; the game folders never see it. Actions, views and events cross
// it as JSON.
//
// It is the game contract and nothing more: who acts, their legal moves, applying or refusing one,
// the view of each viewer, the outcome and the stored form, plus the optional hooks of the bots and
// the conformance harness. The views as the server sends and patches them (split in a shared public
// part and each viewer's private part, legal moves kept as text, what the last action changed) are
// not part of it: they live in ClientViews (client_views.hpp), reached through the one accessor
// client_views(), so that a reader of this contract meets only what a game is. GameOf (game_of.hpp)
// implements both for any Rules type.

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"

namespace archipel::engine {

class ClientViews;  // client_views.hpp

/// A legal move as a client sees it: the action JSON to send back as is, and its /play text.
struct LegalMove {
  Json action;
  std::string text;
};

/// True when `seat` is among `acting` (a to_act() list): the one "is it this seat's turn" test,
/// behind not_your_turn, GameInstance::acts and which seats' legal moves a move may have changed
/// (client_views.hpp).
inline bool seat_acts(const std::vector<Seat>& acting, Seat seat) {
  return std::find(acting.begin(), acting.end(), seat) != acting.end();
}

/// The refusal `not_your_turn` when `seat` is not among `acting` ("the game is over" once nobody
/// acts), else nullopt. Shared by GameOf::refusal and GameInstance::parse_text, so a /play and a
/// JSON action out of turn are refused in the same words.
std::optional<RuleError> not_your_turn(const std::vector<Seat>& acting, Seat seat);

class GameInstance {
 public:
  virtual ~GameInstance() = default;

  virtual const GameSpec& spec() const = 0;
  virtual int num_seats() const = 0;
  virtual std::vector<Seat> to_act() const = 0;
  virtual std::vector<LegalMove> legal(Seat seat) const = 0;
  /// The same actions as legal(seat), in the same order, without their text (cheaper: bots'
  /// rollouts).
  virtual std::vector<Json> legal_actions(Seat seat) const = 0;
  /// The game's view for `viewer` (GameRules::view). What a client receives adds `to_act` and
  /// `legal` to it: client_view(game, viewer) in client_views.hpp.
  virtual Json view(Viewer viewer) const = 0;
  virtual Json static_data() const = 0;
  virtual std::optional<Outcome> outcome() const = 0;
  virtual Json to_json() const = 0;
  /// The log line of one event, in English and French (GameRules::describe).
  virtual LocalText describe(const Json& event, const std::vector<std::string>& names) const = 0;
  virtual std::vector<Secret> secrets() const = 0;
  virtual std::unique_ptr<GameInstance> clone() const = 0;
  /// The game's evaluation for `seat` (GameBotSupport in game.hpp), or nullopt for a game without
  /// bot support.
  virtual std::optional<int> evaluate(Seat seat) const {
    (void)seat;
    return std::nullopt;
  }
  /// The game's own invariant check (HasInvariants in game.hpp): what is wrong, one sentence each;
  /// empty when all is well or when the game declares no check.
  virtual std::vector<std::string> invariant_violations() const { return {}; }
  /// A copy differing only in what `viewer` may not know (HasHiddenScramble in game.hpp), or null
  /// for a game that declares no scramble.
  virtual std::unique_ptr<GameInstance> scrambled_for(Viewer viewer, Rng& rng) const {
    (void)viewer, (void)rng;
    return nullptr;
  }

  /// Why `action` may not be applied for `seat` now, or nullopt when it may (it is one of the
  /// seat's legal actions): `not_your_turn`, `bad_action`, or `illegal_move` / the game's own rule
  /// when it gives one. Lets the server store an action before applying it, with nothing to undo.
  virtual std::optional<RuleError> refusal(Seat seat, const Json& action) const = 0;

  /// Applies `action` for `seat`. Validates first (refusal() above); on any error the game is
  /// unchanged.
  virtual Result<std::vector<Json>> apply(Seat seat, const Json& action) = 0;

  /// Applies an action refusal() has just accepted for `seat`, the game unchanged since: the same
  /// as apply() without computing the legal actions again (the server checks before it stores, then
  /// applies once stored). Should the game refuse it all the same (a bug), the error comes back and
  /// the game is unchanged.
  virtual Result<std::vector<Json>> apply_accepted(Seat seat, const Json& action) = 0;

  /// The client views of this instance in the parts the server builds, keeps and patches
  /// separately, and what the last action applied may have changed in them (client_views.hpp): the
  /// server's AudienceViews and the conformance harness read them. The same object for the
  /// instance's whole life, reading its current state; like the instance, read from one thread at a
  /// time.
  virtual const ClientViews& client_views() const = 0;

  /// Finds the legal action whose /play text matches `text` (case and spacing ignored).
  Result<Json> parse_text(Seat seat, std::string_view text) const;

  bool over() const { return to_act().empty(); }
  /// True when `viewer` is a seat that may act now: whose view shows legal moves.
  bool acts(Viewer viewer) const {
    return !viewer.is_spectator() && seat_acts(to_act(), viewer.seat);
  }
};

/// Lower-cases and collapses white space, so "/play  Ship c04" matches "ship C04".
std::string normalize_move_text(std::string_view text);

}  // namespace archipel::engine
