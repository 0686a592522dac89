#pragma once
// The ratings' messages (docs/protocol.md, "Ratings"): `leaderboard`, the answer to /top, and
// `profile`, the answer to /profile. Each carries its numbers for a program and a `text` for a
// person, in the reader's language (the chat shows it as it is). The numbers are the store's
// (server/rating.hpp): `rating` is the ordinal, mu - 3 sigma, what the leaderboard ranks by.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/lang.hpp"
#include "protocol/messages.hpp"

namespace archipel::protocol {

/// A rating as a person reads it: one decimal, a decimal comma in French, never "-0.0".
std::string rating_number(double value, engine::Lang lang);

struct LeaderboardRow {
  std::string name;
  double rating = 0;  // the ordinal
  double mu = 0, sigma = 0;
  int played = 0, won = 0;
};
/// The best players of `game` (its id; `title` for the text), best first: rank 1 is rows[0].
nlohmann::json leaderboard_message(const std::string& game, const std::string& title,
                                   const std::vector<LeaderboardRow>& rows, engine::Lang lang);

struct ProfileGame {
  std::string game, title;
  double rating = 0, mu = 0, sigma = 0;
  int played = 0, won = 0;
};
struct ProfileChange {
  std::string game, title;
  RoomId room = 0;
  int place = 1;
  double before = 0, after = 0;  // ordinals
  std::int64_t at_ms = 0;
};
/// A registered player's ratings per game (by game id) and their last changes, newest first.
nlohmann::json profile_message(const std::string& name, const std::vector<ProfileGame>& games,
                               const std::vector<ProfileChange>& changes, engine::Lang lang);

}  // namespace archipel::protocol
