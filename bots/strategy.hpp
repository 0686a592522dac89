#pragma once
// Bot strategies (DESIGN.md, "The bot strategy"): OpenSpiel's Bot reduced to what a networked bot
// can know. A strategy chooses one of the legal moves of its seat's *client view* (the JSON a
// browser receives, with `to_act` and `legal`), using only that view and its own generator: never
// the true state. Games that provide bot support (engine/core/game.hpp, `GameBotSupport`) let the
// stronger strategies sample full states consistent with the view (determinization) and evaluate
// positions; for other games they fall back to `random`.
//
// The library links archipel_engine and nlohmann_json only: no sockets, no threads. `ViewTracker`
// is the pure JSON half of a network bot: it keeps the view up to date from `state` and `patch`
// messages.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/game.hpp"
#include "engine/core/rng.hpp"

namespace archipel::bots {

struct StrategyOptions {
  int iterations = 0;  // 0: the strategy's default
  int think_ms = 0;    // 0: no time budget (the iteration budget alone bounds the work)
};

class Strategy {
 public:
  virtual ~Strategy() = default;
  virtual std::string name() const = 0;
  /// Chooses one of view["legal"] (must be non-empty) for `seat` of game `game_id`, from the seat's
  /// client view only (never the true state), with its own generator. Returns the index into
  /// view["legal"]. Deterministic for a given (view, seat, generator state) when no time budget is
  /// set.
  virtual std::size_t choose(const std::string& game_id, const nlohmann::json& view,
                             engine::Seat seat, engine::Rng& rng) = 0;
};

/// "random", "greedy", "search" or "expert"; nullptr if unknown.
std::unique_ptr<Strategy> make_strategy(std::string_view name, const StrategyOptions& options = {});
/// The known strategy names, weakest first: {"random", "greedy", "search", "expert"}.
std::vector<std::string> strategy_names();

/// Keeps a client view up to date from server messages (state: replace; patch: apply if `from`
/// matches, else report that a sync is needed), and knows when its seat may act. Pure JSON, no I/O.
/// Follows one room, set by the first state message; messages for other rooms are ignored until
/// reset().
///
/// Acting: one move at a time. After acted(), may_act() stays false until the patch of that move
/// (its `by` is this seat), a full state newer than the view the move was chosen on, or
/// forget_action() (the server refused it). A state at that same version was made before the move
/// arrived (a sync asked for earlier): the move is still on its way. Waiting for "a new version" is
/// not enough: where several seats act at once (Santa Cruz's secret discards), another seat's patch
/// arrives before ours is applied and still offers the move just sent.
class ViewTracker {
 public:
  enum class Update { ignored, updated, need_sync };

  Update on_message(const nlohmann::json& message);

  const nlohmann::json& view() const { return view_; }
  std::optional<engine::Seat> seat() const { return seat_; }
  std::int64_t version() const { return version_; }
  bool has_view() const { return has_view_; }
  /// Forgets the room and the view (before following the next game).
  void reset();

  /// The seat is in the view's to_act with legal moves, and no move of its own is still on its way.
  bool may_act() const;
  /// A move was sent for the current view.
  void acted() {
    awaiting_own_move_ = true;
    acted_version_ = version_;
  }
  /// The move sent will not be applied (an error answered it): the seat may act again.
  void forget_action() { awaiting_own_move_ = false; }

 private:
  nlohmann::json view_;
  std::optional<engine::Seat> seat_;
  std::optional<std::int64_t> room_;
  std::int64_t version_ = 0;
  bool has_view_ = false;
  bool awaiting_own_move_ = false;
  std::int64_t acted_version_ = -1;  // the version the move on its way was chosen on
};

}  // namespace archipel::bots
