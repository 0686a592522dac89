#pragma once
// Optional, for speed: what a move changed in the client views, so that the server rebuilds and compares only
// that (server/audience_views.hpp) instead of every whole view after every move.
//
// A game with a split view (HasSplitView in game.hpp) may name the costly top-level keys of its public part as
// sections, each with the test that says when two states build the same section. After each action the game
// wrapper (any_game.hpp) runs those tests on the state before and after and records a ViewChanges; the server
// then builds only the sections that may have changed, keeps the others as it last sent them, and builds a
// seat's private part only when it may have changed.
//
// A test may say "changed" when nothing did (it costs a rebuild and an empty diff), never "unchanged" when the
// section differs: the AudienceViews tests play whole games of every game and check that every patched view is
// exactly the fresh one.

#include <cstdint>
#include <span>

#include "engine/core/game.hpp"

namespace archipel::engine {

/// One top-level key of a game's public view, built on its own.
template <class State>
struct ViewSection {
  const char* key;
  /// Puts view[key] (or leaves it out, for a key that exists only in some phases).
  void (*build)(const State& state, Json& view);
  /// True when `after` builds the same section as `before`: compares the parts of the state `build` reads.
  bool (*unchanged)(const State& before, const State& after);
};

/// HasViewSections: a split view whose public part is public_view_core(state) (what is cheap to build: it is
/// rebuilt and compared after every move) plus view_sections() (each rebuilt only when its test says it may
/// have changed); private_unchanged(before, after, seat) says when a seat's private part is the same (its
/// legal moves aside: the wrapper rebuilds those whenever the seat is to act before or after the move).
/// public_view(state) must be sectioned_public_view<R>(state).
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
  for (const auto& section : R::view_sections()) section.build(state, view);
  return view;
}

/// What one action may have changed in the client views. The default is "everything": what a game without
/// sections, or a view older than one action, gets.
struct ViewChanges {
  std::uint64_t sections = ~std::uint64_t{0};  // bit i: section i of view_sections() may have changed
  std::uint64_t seats = ~std::uint64_t{0};     // bit s: seat s's private part (its legal moves included)
  bool spectators = true;                      // the spectators' private part

  bool section(std::size_t i) const { return i >= 64 || ((sections >> i) & 1) != 0; }
  bool seat(Seat s) const { return s < 0 || s >= 64 || ((seats >> s) & 1) != 0; }
};

}  // namespace archipel::engine
