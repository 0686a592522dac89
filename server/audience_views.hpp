#pragma once
// The views a room's audiences were last sent (each seat, and the spectators as one audience), and
// the patches that bring them up to date after a move. What every audience shares is built and
// diffed once per move: the game's public part of the view (engine HasSplitView), then each present
// audience's private part alone (its hand), and its legal moves, kept as text and sent whole when
// they change. Nothing is built for an audience that is not there: its view goes stale, and it gets
// the whole view (a `state`) when it is back. A game that does not split its view has an empty
// public part, and each view is built whole: the same code, without the sharing. The parts, the
// views' age and what a move changed come from the game's engine::ClientViews
// (engine/core/client_views.hpp, GameInstance::client_views()): this class is their one reader in
// the server.
//
// When the views are exactly one action old, only what that action may have changed is built
// (engine/core/view_sections.hpp): the public sections it touched (of a section of entries, the
// entries it touched), the private parts of the seats it touched. A game without sections, or views
// older than that, gets everything built and compared.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/any_game.hpp"
#include "engine/core/client_views.hpp"
#include "engine/core/view_patch.hpp"

namespace archipel::server {

class AudienceViews {
 public:
  /// A new game (or one restored): `num_seats` seats and the spectators, nothing sent yet.
  void reset(int num_seats);

  /// The whole client view of `viewer` as of now, remembered as sent (what a `state` message
  /// carries).
  nlohmann::json full_view(const engine::GameInstance& game, engine::Viewer viewer);

  /// A move's patches, as JSON arrays of ops written as text (engine::PatchText: the ops are never
  /// built as JSON values). Every audience patched gets the shared ops first (the public part's,
  /// the same for all: written once, protocol::patch_frame), then its own (its private part's).
  struct Patches {
    std::string shared = "[]";
    /// By slot (0 the spectators, 1 + seat each seat): the audience's own ops, or nullopt when it
    /// gets no patch (absent, or back since its view went stale: send it full_view).
    std::vector<std::optional<std::string>> own;
  };

  /// After a move. `present[0]` says whether anyone watches, `present[1 + seat]` whether that
  /// seat's player is there. For each audience present and up to date, the patch from its last view
  /// to its view now; for one present but stale (back since), none: send it full_view; for one
  /// absent, none (it goes stale).
  Patches patches(const engine::GameInstance& game, const std::vector<bool>& present);

 private:
  static std::size_t slot(engine::Viewer viewer) {
    return static_cast<std::size_t>(viewer.seat + 1);
  }

  /// The public part's patch from public_ to now, brought up to date; only the sections `changes`
  /// names are built and compared.
  std::string patch_public(const engine::ClientViews& views, const engine::ViewChanges& changes);
  /// Puts an entry built alone in its section (one of `sections`, as last sent) and appends the ops
  /// that do the same to a client's copy.
  static void patch_entry(nlohmann::json::object_t& sections, engine::SectionEntry entry,
                          engine::PatchText& ops);

  nlohmann::json public_;  // the public part last sent (current whenever any audience is)
  bool public_current_ = false;
  engine::ViewAge age_;  // of the game when the current views were built
  std::vector<nlohmann::json>
      private_;  // by slot: 0 the spectators, 1 + seat each seat; without `legal`
  std::vector<std::string> legal_;  // by slot: its legal moves as last sent, as text (legal_text)
  std::vector<bool> current_;       // by slot: its last view was sent and is up to date
};

}  // namespace archipel::server
