#pragma once
// The client views of a game: what the server sends each audience (each seat, and the spectators as
// one), in the parts it builds, keeps and patches separately, and what the last action may have
// changed in them. This is the server's view cache's side of the engine, kept out of the game
// contract (GameInstance, any_game.hpp): a game implements the contract, the wrapper for its Rules
// (GameOf, game_of.hpp) provides these views through the one accessor GameInstance::client_views(),
// and their readers are the server's AudienceViews (server/audience_views.hpp) and the conformance
// harness (tests/support/playout.cpp), which checks at every step that the parts make the whole
// view. Bots, golden transcripts and replays need only the whole view: client_view() below, built
// from the contract alone.
//
// A client view is the game's view(viewer) plus `to_act` and `legal` (kLegalKey: the viewer's legal
// moves as
// {"action", "text"}, empty unless it is a seat that acts). For speed it comes in three parts:
//  - the public part, what every viewer shares, `to_act` included: built and diffed once per move
//    (HasSplitView in game.hpp); empty for a game that does not split its view;
//  - each viewer's private part without `legal` (a seat's hand; the whole view for a game that does
//  not split);
//  - each viewer's legal moves, written straight as text (they are sent whole whenever they
//  change).
// A game that names view sections (HasViewSections, view_sections.hpp) also says what the last
// action may have changed, so that only that is rebuilt; for the others everything is.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/any_game.hpp"
#include "engine/core/json_text.hpp"
#include "engine/core/view_sections.hpp"

namespace archipel::engine {

/// The key of a client view's legal moves (client_view, private_client_view). view_patch knows it
/// too: a view's own list is replaced whole whenever it changes.
inline constexpr std::string_view kLegalKey = "legal";

/// The view a client receives: game.view(viewer) plus `to_act` and kLegalKey: legal_json(game,
/// viewer).
Json client_view(const GameInstance& game, Viewer viewer);
/// The `legal` of a client view: {"action", "text"} for each legal move of a seat that acts, else
/// empty.
Json legal_json(const GameInstance& game, Viewer viewer);
/// The private part of `viewer`'s client view with its kLegalKey: legal_json(game, viewer). The
/// whole view is exactly its parts joined, which the conformance harness checks at every step:
///   client_view(game, v) == view_from_parts(game.client_views().public_part(),
///   private_client_view(game, v))
Json private_client_view(const GameInstance& game, Viewer viewer);

/// Which instance a view was built from and how many actions it had applied. AudienceViews keeps
/// the age of the views it last sent: when they are exactly one action old,
/// ClientViews::last_changes() says what to rebuild.
struct ViewAge {
  std::uint64_t instance = 0;  // 0: an instance that does not count (everything is always rebuilt)
  std::uint64_t actions = 0;
  friend bool operator==(const ViewAge&, const ViewAge&) = default;
};

/// A number no other instance of this process has (ViewAge::instance).
std::uint64_t new_instance_id();

/// A game's client views in parts (see the top of this file), read from its current state.
class ClientViews {
 public:
  virtual ~ClientViews() = default;

  /// What every viewer shares: the game's public view and `to_act` (HasSplitView in game.hpp);
  /// empty for a game that does not split its view.
  virtual Json public_part() const = 0;
  /// What only `viewer` sees, without `legal`, which a room keeps as text (legal_text) rather than
  /// as a tree to compare: the game's private view of a seat, nothing for a spectator; for a game
  /// that does not split its view, the whole view and `to_act`.
  virtual Json private_part(Viewer viewer) const = 0;
  /// legal_json(game, viewer) as protocol::serialize writes it, byte for byte, written without
  /// building it: a seat's legal moves are often most of what a move sends it, and the list is sent
  /// whole whenever it changes.
  virtual std::string legal_text(Viewer viewer) const = 0;

  /// The instance and its count of actions applied; {} (never "one action old") for a game without
  /// sections.
  virtual ViewAge age() const = 0;
  /// What the last action applied may have changed in the client views (HasViewSections in
  /// view_sections.hpp); everything for a game that does not say, before the first action, and
  /// after an action that did not apply.
  virtual ViewChanges last_changes() const = 0;
  /// The public part as the last action changed it (PublicViewUpdate in view_sections.hpp): only
  /// the sections `changes` names are built, whole or, for a section of entries, entry by entry;
  /// the others are listed as kept. The whole public_part() for a game without sections.
  virtual PublicViewUpdate public_update(const ViewChanges& changes) const = 0;
};

template <GameRules R>
class GameOf;  // game_of.hpp

/// The client views of a game of rules R, read from the GameOf<R> that holds them (its member for
/// its whole life: neither copied nor moved). It owns what only the views need: the instance's id
/// and count of actions, and what the last action changed, found when first asked. The game keeps
/// the state before its last action (it needs it to undo a broken action anyway) and tells these
/// views when an action begins and when it has applied. A separate object rather than more virtual
/// functions on GameInstance, so that the contract a game implements stays the game's; one object
/// per instance rather than one built on demand, because what the last action changed must be
/// recorded as it happens.
template <GameRules R>
class ClientViewsOf final : public ClientViews {
 public:
  explicit ClientViewsOf(const GameOf<R>& game) : game_(game) {}
  ClientViewsOf(const ClientViewsOf&) = delete;
  ClientViewsOf& operator=(const ClientViewsOf&) = delete;

  Json public_part() const override {
    if constexpr (HasSplitView<R>) {
      Json v = R::public_view(state());
      v["to_act"] = R::to_act(state());
      return v;
    } else {
      return Json::object();
    }
  }

  Json private_part(Viewer viewer) const override {
    if constexpr (HasSplitView<R>) {
      return viewer.is_spectator() ? Json::object() : R::private_view(state(), viewer.seat);
    } else {
      Json v = R::view(state(), viewer);
      v["to_act"] = R::to_act(state());
      return v;
    }
  }

  std::string legal_text(Viewer viewer) const override {
    std::string out = "[";
    if (game_.acts(viewer)) {
      const auto& actions = game_.legal_of(viewer.seat);
      out.reserve(96 * actions.size());
      JsonTextWriter text(out);
      // Each as legal_json's {"action", "text"}, keys in order.
      for (std::size_t i = 0; i < actions.size(); ++i) {
        out += i == 0 ? R"({"action":)" : R"(,{"action":)";
        text.value(actions[i]);
        out += R"(,"text":)";
        text.string(R::action_text(state(), viewer.seat, actions[i]));
        out += '}';
      }
    }
    out += ']';
    return out;
  }

  ViewAge age() const override {
    if constexpr (HasViewSections<R>)
      return ViewAge{instance_, actions_};
    else
      return ViewAge{};
  }

  ViewChanges last_changes() const override {
    if constexpr (HasViewSections<R>) {
      // Found when first asked, from the state before the last action: a bot's playouts, or a room
      // nobody watches, never ask.
      if (!last_changes_) last_changes_ = view_changes(game_.before_, state());
      return *last_changes_;
    } else {
      return ViewChanges{};
    }
  }

  PublicViewUpdate public_update(const ViewChanges& changes) const override {
    if constexpr (HasViewSections<R>) {
      const auto& s = state();
      PublicViewUpdate out;
      out.built = R::public_view_core(s);
      out.built["to_act"] = R::to_act(s);
      const auto sections = R::view_sections();
      for (std::size_t i = 0; i < sections.size(); ++i) {
        const auto& section = sections[i];
        if (changes.section(i) && (!section.has_entries() || changes.whole(i))) {
          section.build_into(s, out.built);
          continue;
        }
        out.kept.emplace_back(section.key);
        if (!changes.section(i)) continue;
        const std::size_t n = section.entry_count(s);
        for (std::size_t j = 0; j < n; ++j) {
          if (!changes.entry(i, j)) continue;
          SectionEntry& e = out.entries.emplace_back();
          e.section = section.key;
          e.index = j;
          if (section.entry_name) e.name = section.entry_name(s, j);
          Json value;
          if (section.entry(s, j, value) || !section.entry_name) e.value = std::move(value);
        }
      }
      return out;
    } else {
      (void)changes;
      return PublicViewUpdate{public_part(), {}, {}};
    }
  }

 private:
  friend class GameOf<R>;

  const typename R::State& state() const { return game_.state(); }

  // Told by GameOf::apply_accepted: until an action has applied, everything may have changed (so a
  // broken action, undone, leaves "everything" rather than the changes of the one before it); once
  // it has, what it changed is found from the game's state before it when first asked.
  void action_begins() { last_changes_ = ViewChanges{}; }
  void action_applied() {
    ++actions_;
    last_changes_.reset();
  }

  // What may differ in the views between `before` and `after` (view_sections.hpp): each section
  // whose test says so, each seat whose private part may differ, and the legal moves of each seat
  // to act before or after.
  static ViewChanges view_changes(const typename R::State& before, const typename R::State& after) {
    ViewChanges changes{0, 0, 0, false};
    const auto sections = R::view_sections();
    for (std::size_t i = 0; i < sections.size() && i < 64;
         ++i) {  // beyond 64, ViewChanges::section() says yes
      const auto& section = sections[i];
      const auto changed = [&] { changes.sections |= std::uint64_t{1} << i; };
      if (!section.has_entries()) {
        if (!section.unchanged(before, after)) changed();
        continue;
      }
      const std::size_t n = section.entry_count(after);
      if (section.entry_count(before) !=
          n) {  // entries come or go: built whole (entries[i] stays kAll)
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
    const Seat seats = std::min(R::num_seats(after), 64);
    for (Seat s = 0; s < seats; ++s) {
      if (seat_acts(acting_before, s) || seat_acts(acting_after, s))
        changes.legal |= std::uint64_t{1} << s;
      if (!R::private_unchanged(before, after, s)) changes.seats |= std::uint64_t{1} << s;
    }
    return changes;
  }

  const GameOf<R>& game_;
  std::uint64_t instance_ = new_instance_id();
  std::uint64_t actions_ = 0;  // applied to the game
  // What the last of them changed (everything before the first, and after an action that did not
  // apply). Empty only after an action applied: then found from the game's state before it when
  // first asked.
  mutable std::optional<ViewChanges> last_changes_ = ViewChanges{};
};

}  // namespace archipel::engine
