#pragma once
// A stored finished game as a player's history shows it (/history, protocol/game_history.hpp): its
// players with their places and scores, from the outcome the room stored at the game's end.

#include <string>

#include "protocol/game_history.hpp"
#include "server/store.hpp"

namespace archipel::server {

/// `game` with its players by place, then seat. The places are the outcome's `places` (stored since
/// schema version 6, shared places included); an older outcome has only the ranking, whose order
/// gives them (1, 2, 3...). A seat the outcome does not cover scores 0 and comes last.
protocol::HistoryGame history_game(const FinishedGame& game, const std::string& title);

}  // namespace archipel::server
