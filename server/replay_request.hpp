#pragma once
// A finished game's replay, step by step (the `replay` message, /replay): step k is the game after
// the record's first k actions, shown as a spectator saw it then. Its room keeps one cursor between
// requests, so stepping on costs one move and stepping back at most kCheckpointEvery moves (a copy
// of the game is kept every that many steps: memory bounded by the game's length, freed with the
// room).

#include <optional>
#include <vector>

#include "engine/core/registry.hpp"
#include "server/store.hpp"

namespace archipel::server {

/// What one step shows: the answer to a replay request.
struct ReplayStep {
  int step = 0;
  int steps = 0;                       // the record's action count: steps run from 0 to it
  std::optional<engine::Seat> by;      // the seat whose move made this step (none at step 0)
  nlohmann::json view;                 // the spectator's client view
  std::vector<engine::LocalText> log;  // the lines this step's move wrote
};

class ReplayCursor {
 public:
  static constexpr int kCheckpointEvery = 16;

  /// The game of `record` set up from its seed (step 0); an error if it cannot be.
  static engine::Result<ReplayCursor> open(const engine::Registry& registry, GameRecord record);

  int steps() const { return static_cast<int>(record_.actions.size()); }
  /// Moves to step `k` (0 to steps()) and shows it; out_of_range for another k, bad_record if an
  /// action does not replay.
  engine::Result<ReplayStep> go_to(int k);
  const std::vector<std::string>& names() const { return names_; }
  const std::string& game() const { return record_.game; }
  /// The game's unchanging data (the same at every step).
  nlohmann::json static_data() const { return game_->static_data(); }
  /// How many moves were applied since the cursor opened (what a request cost).
  long moves_applied() const { return moves_applied_; }

 private:
  ReplayCursor(GameRecord record, std::vector<std::string> names, engine::GamePtr start);
  engine::Result<bool>
  forward();  // one move on; records its lines and a checkpoint where one falls

  GameRecord record_;
  std::vector<std::string> names_;
  engine::GamePtr game_;  // at step at_
  int at_ = 0;
  std::vector<engine::GamePtr> checkpoints_;  // [i]: the game at step i * kCheckpointEvery
  std::vector<std::vector<engine::LocalText>>
      lines_;  // [k-1]: the lines of step k, once it has been reached
  long moves_applied_ = 0;
};

/// A step for a text client (/replay): "Room 3, step 5 of 87 (Anna):" and the step's lines, in
/// `lang`.
std::string replay_text(RoomId room, const ReplayStep& step, const std::vector<std::string>& names,
                        engine::Lang lang);

/// The answer to a replay request, the same from a room and from the store (server/
/// stored_replays.hpp): /replay's text (`as_text`: an `info`), or the `replay` message with the
/// game's id and the players' names by seat (enough for a client that never saw the room to draw
/// it), and `static_data` unless it is null.
nlohmann::json replay_answer(RoomId room, const std::string& game, const ReplayStep& step,
                             const std::vector<std::string>& names, engine::Lang lang, bool as_text,
                             const nlohmann::json& static_data);

}  // namespace archipel::server
