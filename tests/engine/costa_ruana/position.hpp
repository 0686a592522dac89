#pragma once
// Builders for exact Costa Ruana positions in the unit tests: every edit keeps the pieces conserved
// (natives move between reserve and islands, cards are swapped, never created), so the game's own
// invariant check still holds on the positions the tests build.

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/core/any_game.hpp"
#include "engine/costa_ruana/costa_ruana.hpp"

namespace archipel::testing::costa_ruana {

namespace cr = engine::costa_ruana;
using engine::Json;
using engine::Seat;

inline int card(const std::string& id) {
  return cr::components().card_index(id);
}
inline int island(const std::string& id) {
  return cr::components().island_index(id);
}

/// A game just set up with `shaman` as the first shaman (set-up placements not made yet).
inline cr::State fresh(int seats, Seat shaman = 0, std::uint64_t seed = 1) {
  auto s = cr::Rules::setup(seats, {}, seed).value();
  s.shaman = shaman;
  return s;
}

/// Applies the legal action of `seat` whose /play text is `text` (case and spacing ignored); the
/// events it caused. A text that is not legal fails the test.
inline std::vector<Json> play(cr::State& s, Seat seat, const std::string& text) {
  for (const auto& action : cr::Rules::legal_actions(s, seat))
    if (engine::normalize_move_text(cr::Rules::action_text(s, seat, action)) ==
        engine::normalize_move_text(text)) {
      auto applied = cr::Rules::apply(s, seat, action);
      EXPECT_TRUE(applied.ok()) << text;
      return applied.ok() ? applied.value() : std::vector<Json>{};
    }
  ADD_FAILURE() << "'" << text << "' is not legal for seat " << seat;
  return {};
}

/// The /play texts of a seat's legal actions, in order.
inline std::vector<std::string> texts(const cr::State& s, Seat seat) {
  std::vector<std::string> out;
  for (const auto& action : cr::Rules::legal_actions(s, seat))
    out.push_back(cr::Rules::action_text(s, seat, action));
  return out;
}

/// The set-up placements, every native on island `at` (by seat) in turn.
inline void place_setup(cr::State& s, const std::vector<std::string>& at) {
  while (s.phase == cr::Phase::setup) {
    const Seat seat = cr::Rules::to_act(s).front();
    if (play(s, seat, "place " + at[seat]).empty()) return;
  }
}

/// Sends every native on the islands home.
inline void clear_islands(cr::State& s) {
  for (auto& isl : s.islands)
    for (Seat seat = 0; seat < s.num_seats; ++seat) {
      s.players[seat].reserve += isl.natives[seat];
      isl.natives[seat] = 0;
    }
}

/// Moves `count` natives of `seat` from its reserve to island `id`.
inline void put(cr::State& s, Seat seat, const std::string& id, int count) {
  s.islands[island(id)].natives[seat] += count;
  s.players[seat].reserve -= count;
}

/// Makes `ids` part of `seat`'s hand by swapping them with hand cards not wanted, wherever they are
/// (another hand or the pile).
inline void give(cr::State& s, Seat seat, const std::vector<std::string>& ids) {
  std::vector<int> wanted;
  for (const auto& id : ids) wanted.push_back(card(id));
  auto& hand = s.players[seat].hand;
  for (int w : wanted) {
    if (std::find(hand.begin(), hand.end(), w) != hand.end()) continue;
    auto spare = std::find_if(hand.begin(), hand.end(), [&](int c) {
      return std::find(wanted.begin(), wanted.end(), c) == wanted.end();
    });
    ASSERT_NE(spare, hand.end()) << "no spare card in the hand";
    bool found = false;
    auto swap_in = [&](std::vector<int>& where) {
      auto it = std::find(where.begin(), where.end(), w);
      if (it == where.end() || found) return;
      *it = *spare;
      *spare = w;
      found = true;
      std::sort(where.begin(), where.end());
    };
    for (Seat other = 0; other < s.num_seats; ++other)
      if (other != seat) swap_in(s.players[other].hand);
    if (!found) {
      auto it = std::find(s.pile.begin(), s.pile.end(), w);
      ASSERT_NE(it, s.pile.end()) << "card not in play";
      *it = *spare;
      *spare = w;
      found = true;
    }
  }
  std::sort(hand.begin(), hand.end());
}

/// Events of a given type.
inline std::vector<Json> of_type(const std::vector<Json>& events, const std::string& type) {
  std::vector<Json> out;
  for (const auto& e : events)
    if (e.value("type", "") == type) out.push_back(e);
  return out;
}

inline Seat acting(const cr::State& s) {
  auto seats = cr::Rules::to_act(s);
  return seats.empty() ? -1 : seats.front();
}

/// Runs the end of the round from a resolve step with nothing left on the table (the treasures,
/// the next shaman, the draws); the events.
inline std::vector<Json> finish_round(cr::State& s) {
  s.phase = cr::Phase::resolve;
  s.turn = 0;
  s.resolving = cr::Resolving{};
  std::vector<Json> events;
  cr::advance(s, events);
  return events;
}

}  // namespace archipel::testing::costa_ruana
