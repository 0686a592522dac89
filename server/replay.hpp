#pragma once
// A stored game is its seed and its action log: replaying rebuilds the state (restart), the log
// lines (/log) and each step of a finished game's replay (server/replay_request.hpp).

#include <string>
#include <vector>

#include "engine/core/registry.hpp"
#include "server/store.hpp"

namespace archipel::server {

struct ReplayedGame {
  engine::GamePtr game;
  std::vector<engine::LocalText>
      log;  // one line per event, as the room showed them, in both languages
};

engine::Result<ReplayedGame> replay_record(const engine::Registry& registry,
                                           const GameRecord& record);

/// The record's game as it was set up, before any action: its game, seat count, options and seed.
engine::Result<engine::GamePtr> set_up_record(const engine::Registry& registry,
                                              const GameRecord& record);

/// Applies the record's action number `index` (0-based) to `game`, which must be at step `index`:
/// the log lines it wrote, or a bad_record error when it does not replay. `names`: the players'
/// names by seat.
engine::Result<std::vector<engine::LocalText>> replay_action(engine::GameInstance& game,
                                                             const GameRecord& record,
                                                             std::size_t index,
                                                             const std::vector<std::string>& names);

/// The players' names by seat, as the record keeps them.
std::vector<std::string> seat_names(const GameRecord& record);

/// What /log shows of room `room`'s game log: its title, then each line numbered, in `lang`; " no
/// moves" after the title when there are none.
std::string log_listing(RoomId room, const std::vector<engine::LocalText>& lines,
                        engine::Lang lang);

}  // namespace archipel::server
