#pragma once
// Optional, for speed: what a move changed in the client views, so that the server rebuilds and
// compares only that (server/audience_views.hpp) instead of every whole view after every move.
//
// A game with a split view (HasSplitView in game.hpp) may name the costly top-level keys of its
// public part as sections, each with the test that says when two states build the same section.
// After each action the game's client views (ClientViewsOf in client_views.hpp) run those tests on
// the state before and after and record a ViewChanges; the server then builds only the sections
// that may have changed, keeps the others as it last sent them, and builds a seat's private part
// only when it may have changed.
//
// A section that is an array or an object of many like entries (one per player, one per site of a
// board), of which a move changes one or two, may go further and name its entries: each with its
// own test, built alone. After a move that changed such a section, only its changed entries are
// built and compared; the server patches them into the section as it last sent it.
//
// A test may say "changed" when nothing did (it costs a rebuild and an empty diff), never
// "unchanged" when the section differs: the AudienceViews tests play whole games of every game and
// check that every patched view is exactly the fresh one.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"

namespace archipel::engine {

/// One top-level key of a game's public view, built on its own: either whole (`build`, `unchanged`)
/// or entry by entry (the `entry` functions, `build` and `unchanged` left null).
template <class State>
struct ViewSection {
  const char* key;
  /// Puts view[key] (or leaves it out, for a key that exists only in some phases). Null for a
  /// section built from its entries.
  void (*build)(const State& state, Json& view);
  /// True when `after` builds the same section as `before`: compares the parts of the state `build`
  /// reads. Null for a section of entries: it is unchanged when its entries are.
  bool (*unchanged)(const State& before, const State& after);

  /// A section of entries is always there: an array of entry_count(state) elements, or, when
  /// entry_name is set, an object with a member entry_name(state, i) for each entry i that entry()
  /// says is present.
  std::size_t (*entry_count)(const State& state) = nullptr;
  /// Entry i: puts its value in `out` and says whether it is present (an array's entries always
  /// are: for an array section the answer is not read).
  bool (*entry)(const State& state, std::size_t i, Json& out) = nullptr;
  /// True when entry i of `after` is the same as that of `before` (both have entry_count entries).
  bool (*same_entry)(const State& before, const State& after, std::size_t i) = nullptr;
  /// An object section's member for entry i (a name that lives as long as the program); null for an
  /// array.
  std::string_view (*entry_name)(const State& state, std::size_t i) = nullptr;

  bool has_entries() const { return entry_count != nullptr; }

  /// Puts view[key]: the whole section.
  void build_into(const State& state, Json& view) const {
    if (!has_entries()) return build(state, view);
    Json section = entry_name ? Json::object() : Json::array();
    const std::size_t n = entry_count(state);
    for (std::size_t i = 0; i < n; ++i) {
      Json value;
      const bool present = entry(state, i, value);
      if (!entry_name)
        section.push_back(std::move(value));
      else if (present)
        section[std::string(entry_name(state, i))] = std::move(value);
    }
    view[key] = std::move(section);
  }
};

/// HasViewSections: a split view whose public part is public_view_core(state) (what is cheap to
/// build: it is rebuilt and compared after every move) plus view_sections() (each rebuilt only when
/// its test says it may have changed); private_unchanged(before, after, seat) says when a seat's
/// private part is the same (its legal moves aside: the wrapper rebuilds those whenever the seat is
/// to act before or after the move). public_view(state) must be sectioned_public_view<R>(state).
template <class R>
concept HasViewSections = HasSplitView<R> && requires(const typename R::State& cstate, Seat seat) {
  { R::view_sections() } -> std::same_as<std::span<const ViewSection<typename R::State>>>;
  { R::public_view_core(cstate) } -> std::same_as<Json>;
  { R::private_unchanged(cstate, cstate, seat) } -> std::same_as<bool>;
};

/// public_view() of a game with HasViewSections: the core, then every section.
template <class R>
Json sectioned_public_view(const typename R::State& state) {
  Json view = R::public_view_core(state);
  for (const auto& section : R::view_sections()) section.build_into(state, view);
  return view;
}

/// What one action may have changed in the client views. The default is "everything": what a game
/// without sections, or a view older than one action, gets.
struct ViewChanges {
  static constexpr std::size_t kEntrySections = 8;  // sections past these rebuild all their entries
  static constexpr std::uint64_t kAll = ~std::uint64_t{0};

  std::uint64_t sections = kAll;  // bit i: section i of view_sections() may have changed
  std::uint64_t seats = kAll;     // bit s: seat s's private part, its legal moves aside
  std::uint64_t legal =
      kAll;                // bit s: seat s's legal moves (it is to act before or after the action)
  bool spectators = true;  // the spectators' private part
  /// For a section i < kEntrySections with entries, bit j: its entry j may have changed (entries
  /// past 64 always may). kAll: the section is built whole (its entry count changed, or nothing is
  /// known).
  std::array<std::uint64_t, kEntrySections> entries = filled(kAll);

  bool section(std::size_t i) const { return i >= 64 || ((sections >> i) & 1) != 0; }
  bool seat(Seat s) const { return s < 0 || s >= 64 || ((seats >> s) & 1) != 0; }
  bool legal_moves(Seat s) const { return s < 0 || s >= 64 || ((legal >> s) & 1) != 0; }
  /// True when section i is to be built whole rather than entry by entry.
  bool whole(std::size_t i) const { return i >= kEntrySections || entries[i] == kAll; }
  bool entry(std::size_t i, std::size_t j) const {
    return whole(i) || j >= 64 || ((entries[i] >> j) & 1) != 0;
  }

 private:
  static constexpr std::array<std::uint64_t, kEntrySections> filled(std::uint64_t bits) {
    std::array<std::uint64_t, kEntrySections> out{};
    for (auto& b : out) b = bits;
    return out;
  }
};

/// An entry of a section built alone (ClientViews::public_update): element `index` of the array
/// section `section`, or its member `name` when the section is an object; `value` is nullopt when
/// that member is absent now (an array's element always has one).
struct SectionEntry {
  std::string_view section;
  std::size_t index = 0;
  std::string_view name;  // empty for an array section
  std::optional<Json> value;
};

/// The public part as one action changed it (ClientViews::public_update): `built` holds the core
/// and the sections built whole; the sections in `kept` are left out (the caller holds them as last
/// sent), and `entries` are the entries of kept sections built alone, to be put in place of the
/// caller's.
struct PublicViewUpdate {
  Json built;
  std::vector<std::string_view> kept;
  std::vector<SectionEntry> entries;
};

}  // namespace archipel::engine
