#pragma once
// GameOf<R>: the one implementation of GameInstance (any_game.hpp), for any Rules type R
// (game.hpp), and the holder of its ClientViewsOf<R> (client_views.hpp). Instantiated once per game
// in the registry (entry_for). It owns the state, applies actions in place (keeping the state
// before the last one, to undo a broken action and for the views to see what it changed) and caches
// each seat's legal actions for the current state.

#include <algorithm>
#include <exception>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/any_game.hpp"
#include "engine/core/client_views.hpp"
#include "engine/core/json_free.hpp"

namespace archipel::engine {

template <GameRules R>
class GameOf final : public GameInstance {
 public:
  explicit GameOf(typename R::State state) : state_(std::move(state)) {}

  const GameSpec& spec() const override { return R::spec(); }
  int num_seats() const override { return R::num_seats(state_); }
  std::vector<Seat> to_act() const override { return R::to_act(state_); }
  std::vector<LegalMove> legal(Seat seat) const override {
    std::vector<LegalMove> moves;
    const auto& actions = legal_of(seat);
    moves.reserve(actions.size());
    for (const auto& action : actions)
      moves.push_back(LegalMove{action, R::action_text(state_, seat, action)});
    return moves;
  }
  std::vector<Json> legal_actions(Seat seat) const override { return legal_of(seat); }
  Json view(Viewer viewer) const override { return R::view(state_, viewer); }
  Json static_data() const override { return R::static_data(state_); }
  std::optional<Outcome> outcome() const override { return R::outcome(state_); }
  Json to_json() const override { return R::to_json(state_); }
  LocalText describe(const Json& event, const std::vector<std::string>& names) const override {
    return R::describe(event, names);
  }
  std::vector<Secret> secrets() const override { return R::secrets(state_); }
  std::unique_ptr<GameInstance> clone() const override { return std::make_unique<GameOf>(state_); }
  std::optional<int> evaluate(Seat seat) const override {
    if constexpr (GameBotSupport<R>)
      return R::evaluate(state_, seat);
    else
      return GameInstance::evaluate(seat);
  }
  std::vector<std::string> invariant_violations() const override {
    if constexpr (HasInvariants<R>)
      return R::check_invariants(state_);
    else
      return {};
  }
  std::unique_ptr<GameInstance> scrambled_for(Viewer viewer, Rng& rng) const override {
    if constexpr (HasHiddenScramble<R>)
      return std::make_unique<GameOf>(R::scramble_hidden(state_, viewer, rng));
    else
      return GameInstance::scrambled_for(viewer, rng);
  }

  std::optional<RuleError> refusal(Seat seat, const Json& action) const override {
    if (auto refused = not_your_turn(R::to_act(state_), seat)) return refused;
    if (!action.is_object() || !action.contains("type") || !action["type"].is_string())
      return fail("bad_action", "an action is a JSON object with a string \"type\"",
                  "une action est un objet JSON avec un « type » textuel");
    const auto& legal = legal_of(seat);
    if (std::find(legal.begin(), legal.end(), action) != legal.end()) return std::nullopt;
    // Let the game name the broken rule. It runs on a scratch copy, and a game that trips over a
    // malformed field (a JSON type error) still yields a plain refusal, never an exception to the
    // caller.
    try {
      auto scratch = state_;
      auto result = R::apply(scratch, seat, action);
      if (!result.ok()) return result.error();
    } catch (const std::exception&) {  // Json::exception, std::out_of_range from .at(), ...
    }
    return fail("illegal_move", "that move is not legal now; /moves lists the legal ones",
                "ce coup n'est pas permis maintenant ; /moves liste les coups permis");
  }

  Result<std::vector<Json>> apply(Seat seat, const Json& action) override {
    if (auto refused = refusal(seat, action)) return *refused;
    return apply_accepted(seat, action);
  }

  Result<std::vector<Json>> apply_accepted(Seat seat, const Json& action) override {
    // The action applies in place; `before_` keeps the state as it was, for the views' last_changes
    // and to put it back should a game break its promise that a legal action applies (an error or
    // an exception). Copied by assignment, it reuses the buffers of the last move's copy: a fresh
    // copy allocated every vector of the state at every move.
    before_ = state_;
    views_.action_begins();
    try {
      auto result = R::apply(state_, seat, action);
      if (!result.ok()) {
        state_ = before_;
        return result;
      }
      for (auto& actions : legal_cache_)
        if (actions)
          for (auto& a : *actions) free_tree(a);
      legal_cache_.clear();
      views_.action_applied();
      return result;
    } catch (...) {
      state_ = before_;
      throw;
    }
  }

  const ClientViews& client_views() const override { return views_; }

  const typename R::State& state() const { return state_; }

 private:
  friend class ClientViewsOf<R>;  // reads before_ and legal_of

  // The seat's legal actions in the current state, computed once: a move asks for them when it is
  // checked (refusal) and again when the views show the next one (legal, ClientViews::legal_text),
  // usually for the same seat and state.
  const std::vector<Json>& legal_of(Seat seat) const {
    static const std::vector<Json>
        none;  // a seat the game does not have acts never (game.hpp's contract)
    if (seat < 0 || seat >= R::num_seats(state_)) return none;
    const auto k = static_cast<std::size_t>(seat);
    if (legal_cache_.size() <= k) legal_cache_.resize(k + 1);
    if (!legal_cache_[k]) legal_cache_[k] = R::legal_actions(state_, seat);
    return *legal_cache_[k];
  }

  typename R::State state_;
  typename R::State before_;  // state_ before the last action (apply_accepted)
  // By seat, the legal actions of the current state once asked (legal_of); cleared by every move. A
  // cache behind const members: an instance is read from one thread at a time (a room's strand; a
  // bot's own clone).
  mutable std::vector<std::optional<std::vector<Json>>> legal_cache_;
  // The client views of this game; they read state_, before_ and legal_of, and hold no copy of the
  // state.
  ClientViewsOf<R> views_{*this};
};

}  // namespace archipel::engine
