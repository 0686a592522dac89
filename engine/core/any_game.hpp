#pragma once
// GameInstance: the single type-erasure point. The server, the bots and the conformance tests hold games only
// through this interface; the game folders never see it. Actions, views and events cross it as JSON.

#include <algorithm>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/json_free.hpp"
#include "engine/core/json_text.hpp"
#include "engine/core/view_sections.hpp"

namespace archipel::engine {

/// A legal move as a client sees it: the action JSON to send back as is, and its /play text.
struct LegalMove {
  Json action;
  std::string text;
};

/// The key of a client view's legal moves (client_view, private_client_view). view_patch knows it too: a view's
/// own list is replaced whole whenever it changes.
inline constexpr std::string_view kLegalKey = "legal";

class GameInstance {
 public:
  virtual ~GameInstance() = default;

  virtual const GameSpec& spec() const = 0;
  virtual int num_seats() const = 0;
  virtual std::vector<Seat> to_act() const = 0;
  virtual std::vector<LegalMove> legal(Seat seat) const = 0;
  /// The same actions as legal(seat), in the same order, without their text (cheaper: bots' rollouts).
  virtual std::vector<Json> legal_actions(Seat seat) const = 0;
  virtual Json view(Viewer viewer) const = 0;
  virtual Json static_data() const = 0;
  virtual std::optional<Outcome> outcome() const = 0;
  virtual Json to_json() const = 0;
  /// The log line of one event, in English and French (GameRules::describe).
  virtual LocalText describe(const Json& event, const std::vector<std::string>& names) const = 0;
  virtual std::vector<Secret> secrets() const = 0;
  virtual std::unique_ptr<GameInstance> clone() const = 0;
  /// The game's evaluation for `seat` (GameBotSupport in game.hpp), or nullopt for a game without bot support.
  virtual std::optional<int> evaluate(Seat seat) const { (void)seat; return std::nullopt; }
  /// The game's own invariant check (HasInvariants in game.hpp): what is wrong, one sentence each; empty when
  /// all is well or when the game declares no check.
  virtual std::vector<std::string> invariant_violations() const { return {}; }
  /// A copy differing only in what `viewer` may not know (HasHiddenScramble in game.hpp), or null for a game
  /// that declares no scramble.
  virtual std::unique_ptr<GameInstance> scrambled_for(Viewer viewer, Rng& rng) const {
    (void)viewer, (void)rng;
    return nullptr;
  }

  /// Why `action` may not be applied for `seat` now, or nullopt when it may (it is one of the seat's legal
  /// actions): `not_your_turn`, `bad_action`, or `illegal_move` / the game's own rule when it gives one. Lets the
  /// server store an action before applying it, with nothing to undo.
  virtual std::optional<RuleError> refusal(Seat seat, const Json& action) const = 0;

  /// Applies `action` for `seat`. Validates first (refusal() above); on any error the game is unchanged.
  virtual Result<std::vector<Json>> apply(Seat seat, const Json& action) = 0;

  /// Applies an action refusal() has just accepted for `seat`, the game unchanged since: the same as apply()
  /// without computing the legal actions again (the server checks before it stores, then applies once stored).
  /// Should the game refuse it all the same (a bug), the error comes back and the game is unchanged.
  virtual Result<std::vector<Json>> apply_accepted(Seat seat, const Json& action) = 0;

  /// The view a client receives: the game's view plus `to_act` and, for a seat that must act, `legal`
  /// (kLegalKey: an array of {"action", "text"}; empty otherwise).
  Json client_view(Viewer viewer) const;
  /// The `legal` of a client view: {"action", "text"} for each legal move of a seat that acts, else empty.
  Json legal_json(Viewer viewer) const;

  /// The client view in two parts, so that what every viewer shares is built once (HasSplitView in game.hpp):
  /// client_view(v) is exactly view_from_parts(public_client_view(), private_client_view(v)). The public part
  /// holds `to_act`, the private one `legal`. For a game that does not split its view, the public part is
  /// empty and the private one is the whole client view.
  virtual Json public_client_view() const { return Json::object(); }
  /// private_part(viewer) with its kLegalKey: legal_json(viewer).
  Json private_client_view(Viewer viewer) const;
  /// The private part without `legal`, which a room keeps as text (legal_text) rather than as a tree to compare.
  virtual Json private_part(Viewer viewer) const;
  /// legal_json(viewer) as protocol::serialize writes it, byte for byte, written without building it: a seat's
  /// legal moves are often most of what a move sends it, and the list is sent whole whenever it changes.
  virtual std::string legal_text(Viewer viewer) const = 0;

  /// Which instance this is and how many actions it has applied. AudienceViews keeps the age of the views it
  /// last sent: when they are exactly one action old, last_view_changes() says what to rebuild.
  struct ViewAge {
    std::uint64_t instance = 0;  // 0: an instance that does not count (everything is always rebuilt)
    std::uint64_t actions = 0;
    friend bool operator==(const ViewAge&, const ViewAge&) = default;
  };
  virtual ViewAge view_age() const { return {}; }
  /// What the last action applied may have changed in the client views (HasViewSections in view_sections.hpp);
  /// everything for a game that does not say.
  virtual ViewChanges last_view_changes() const { return {}; }
  /// The public part as the last action changed it (PublicViewUpdate in view_sections.hpp): only the sections
  /// `changes` names are built, whole or, for a section of entries, entry by entry; the others are listed as
  /// kept. The whole public_client_view() for a game without sections.
  virtual PublicViewUpdate public_view_update(const ViewChanges& changes) const {
    (void)changes;
    return PublicViewUpdate{public_client_view(), {}, {}};
  }

  /// Finds the legal action whose /play text matches `text` (case and spacing ignored).
  Result<Json> parse_text(Seat seat, std::string_view text) const;

  bool over() const { return to_act().empty(); }
  /// True when `viewer` is a seat that may act now: whose view shows legal moves.
  bool acts(Viewer viewer) const {
    if (viewer.is_spectator()) return false;
    const auto acting = to_act();
    return std::find(acting.begin(), acting.end(), viewer.seat) != acting.end();
  }
};

/// A number no other GameInstance of this process has (GameInstance::ViewAge).
std::uint64_t new_instance_id();

/// Lower-cases and collapses white space, so "/play  Ship c04" matches "ship C04".
std::string normalize_move_text(std::string_view text);

/// The wrapper for one Rules type. Instantiated once per game in the registry.
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
  Json public_client_view() const override {
    if constexpr (HasSplitView<R>) {
      Json v = R::public_view(state_);
      v["to_act"] = R::to_act(state_);
      return v;
    } else {
      return GameInstance::public_client_view();
    }
  }
  Json private_part(Viewer viewer) const override {
    if constexpr (HasSplitView<R>)
      return viewer.is_spectator() ? Json::object() : R::private_view(state_, viewer.seat);
    else
      return GameInstance::private_part(viewer);
  }
  std::string legal_text(Viewer viewer) const override {
    std::string out = "[";
    if (acts(viewer)) {
      const auto& actions = legal_of(viewer.seat);
      out.reserve(96 * actions.size());
      JsonTextWriter text(out);
      for (std::size_t i = 0; i < actions.size(); ++i) {  // each as legal_json's {"action", "text"}, keys in order
        out += i == 0 ? R"({"action":)" : R"(,{"action":)";
        text.value(actions[i]);
        out += R"(,"text":)";
        text.string(R::action_text(state_, viewer.seat, actions[i]));
        out += '}';
      }
    }
    out += ']';
    return out;
  }
  ViewAge view_age() const override {
    if constexpr (HasViewSections<R>)
      return ViewAge{instance_, actions_};
    else
      return GameInstance::view_age();
  }
  ViewChanges last_view_changes() const override {
    if constexpr (HasViewSections<R>) {
      // Found when first asked, from the state before the last action: a bot's playouts, or a room nobody
      // watches, never ask.
      if (!last_changes_) last_changes_ = view_changes(before_, state_);
      return *last_changes_;
    } else {
      return GameInstance::last_view_changes();
    }
  }
  PublicViewUpdate public_view_update(const ViewChanges& changes) const override {
    if constexpr (HasViewSections<R>) {
      PublicViewUpdate out;
      out.built = R::public_view_core(state_);
      out.built["to_act"] = R::to_act(state_);
      const auto sections = R::view_sections();
      for (std::size_t i = 0; i < sections.size(); ++i) {
        const auto& section = sections[i];
        if (changes.section(i) && (!section.has_entries() || changes.whole(i))) {
          section.build_into(state_, out.built);
          continue;
        }
        out.kept.emplace_back(section.key);
        if (!changes.section(i)) continue;
        const std::size_t n = section.entry_count(state_);
        for (std::size_t j = 0; j < n; ++j) {
          if (!changes.entry(i, j)) continue;
          SectionEntry& e = out.entries.emplace_back();
          e.section = section.key;
          e.index = j;
          if (section.entry_name) e.name = section.entry_name(state_, j);
          Json value;
          if (section.entry(state_, j, value) || !section.entry_name) e.value = std::move(value);
        }
      }
      return out;
    } else {
      return GameInstance::public_view_update(changes);
    }
  }
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
    auto acting = R::to_act(state_);
    if (std::find(acting.begin(), acting.end(), seat) == acting.end())
      return acting.empty() ? fail("not_your_turn", "the game is over", "la partie est finie")
                            : fail("not_your_turn", "it is not your turn to act", "ce n'est pas votre tour");
    if (!action.is_object() || !action.contains("type") || !action["type"].is_string())
      return fail("bad_action", "an action is a JSON object with a string \"type\"",
                  "une action est un objet JSON avec un « type » textuel");
    const auto& legal = legal_of(seat);
    if (std::find(legal.begin(), legal.end(), action) != legal.end()) return std::nullopt;
    // Let the game name the broken rule. It runs on a scratch copy, and a game that trips over a malformed
    // field (a JSON type error) still yields a plain refusal, never an exception to the caller.
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
    // The action applies in place; `before_` keeps the state as it was, for last_view_changes and to put it
    // back should a game break its promise that a legal action applies (an error or an exception). Copied by
    // assignment, it reuses the buffers of the last move's copy: a fresh copy allocated every vector of the
    // state at every move.
    before_ = state_;
    last_changes_ = ViewChanges{};  // until the action has applied: everything
    try {
      auto result = R::apply(state_, seat, action);
      if (!result.ok()) {
        state_ = before_;
        return result;
      }
      ++actions_;
      for (auto& actions : legal_cache_)
        if (actions)
          for (auto& a : *actions) free_tree(a);
      legal_cache_.clear();
      last_changes_.reset();  // found from before_ when asked
      return result;
    } catch (...) {
      state_ = before_;
      throw;
    }
  }

  const typename R::State& state() const { return state_; }

 private:
  // The seat's legal actions in the current state, computed once: a move asks for them when it is checked
  // (refusal) and again when the views show the next one (legal), usually for the same seat and state.
  const std::vector<Json>& legal_of(Seat seat) const {
    static const std::vector<Json> none;  // a seat the game does not have acts never (game.hpp's contract)
    if (seat < 0 || seat >= R::num_seats(state_)) return none;
    const auto k = static_cast<std::size_t>(seat);
    if (legal_cache_.size() <= k) legal_cache_.resize(k + 1);
    if (!legal_cache_[k]) legal_cache_[k] = R::legal_actions(state_, seat);
    return *legal_cache_[k];
  }

  // What may differ in the views between `before` and `after` (view_sections.hpp): each section whose test
  // says so, each seat whose private part may differ, and the legal moves of each seat to act before or after.
  static ViewChanges view_changes(const typename R::State& before, const typename R::State& after) {
    ViewChanges changes{0, 0, 0, false};
    const auto sections = R::view_sections();
    for (std::size_t i = 0; i < sections.size() && i < 64; ++i) {  // beyond 64, ViewChanges::section() says yes
      const auto& section = sections[i];
      const auto changed = [&] { changes.sections |= std::uint64_t{1} << i; };
      if (!section.has_entries()) {
        if (!section.unchanged(before, after)) changed();
        continue;
      }
      const std::size_t n = section.entry_count(after);
      if (section.entry_count(before) != n) {  // entries come or go: built whole (entries[i] stays kAll)
        changed();
        continue;
      }
      std::uint64_t entries = 0;  // past entry 64, ViewChanges::entry() says "may have changed"
      bool any = false;
      for (std::size_t j = 0; j < n; ++j) {
        if (section.same_entry(before, after, j)) continue;
        any = true;
        if (j < 64) entries |= std::uint64_t{1} << j;
      }
      if (!any) continue;
      changed();
      if (i < ViewChanges::kEntrySections) changes.entries[i] = entries;
    }
    const auto acting_before = R::to_act(before), acting_after = R::to_act(after);
    const auto acts = [](const std::vector<Seat>& acting, Seat s) {
      return std::find(acting.begin(), acting.end(), s) != acting.end();
    };
    const Seat seats = std::min(R::num_seats(after), 64);
    for (Seat s = 0; s < seats; ++s) {
      if (acts(acting_before, s) || acts(acting_after, s)) changes.legal |= std::uint64_t{1} << s;
      if (!R::private_unchanged(before, after, s)) changes.seats |= std::uint64_t{1} << s;
    }
    return changes;
  }

  typename R::State state_;
  typename R::State before_;  // state_ before the last action (apply_accepted)
  std::uint64_t instance_ = new_instance_id();
  std::uint64_t actions_ = 0;      // applied to this instance
  // What the last of them changed (everything before the first, and after an action that did not apply).
  // Empty only after an action applied: then found from before_ when first asked.
  mutable std::optional<ViewChanges> last_changes_ = ViewChanges{};
  // By seat, the legal actions of the current state once asked (legal_of); cleared by every move. A cache
  // behind const members: an instance is read from one thread at a time (a room's strand; a bot's own clone).
  mutable std::vector<std::optional<std::vector<Json>>> legal_cache_;
};

}  // namespace archipel::engine
