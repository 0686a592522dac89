#pragma once
// Test positions for Capa d'Oro: a set-up game with the start placements skipped, tokens and bales
// put where a test wants them (taken from the supply and the bag, so every invariant still holds),
// the next draws fixed and the die forced through the state's own generator.

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/capa_doro/capa_doro.hpp"

namespace archipel::testing::capa_doro {

namespace cd = engine::capa_doro;
using engine::Json;
using engine::Seat;

inline int row(const std::string& id) {
  return cd::components().row_index(id);
}
inline int colour(const std::string& name) {
  return static_cast<int>(*cd::kColourNames.parse(name));
}

/// Takes one item of `kind` out of the bag (a colour, or cd::kBeetle).
inline void take_from_bag(cd::State& s, int kind) {
  for (std::size_t i = 0; i < s.bag.size(); ++i)
    if (s.bag[i] == kind) {
      s.bag.erase(s.bag.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
  ADD_FAILURE() << "no item " << kind << " left in the bag";
}

/// A game after set-up with no start plantation placed: seat 0 to roll, seat 0 first.
inline cd::State blank(int seats = 3, bool events = true, std::uint64_t seed = 7) {
  cd::State s = cd::Rules::setup(seats, {{"events", events ? "on" : "off"}}, seed).value();
  s.first = 0;
  s.active = 0;
  s.placed = 2 * seats;
  s.phase = cd::Phase::roll;
  return s;
}

/// Same, in seat 0's action phase.
inline cd::State at_action(int seats = 3, bool events = true) {
  cd::State s = blank(seats, events);
  s.phase = cd::Phase::action;
  return s;
}

/// Puts a token of `seat` (or a neutral / creneau token) with `bales` on a cell.
inline void put(cd::State& s, const std::string& row_id, cd::Column column, Seat seat,
                int bales = 0, cd::TokenKind kind = cd::TokenKind::seat) {
  cd::Cell& cell = s.rows[row(row_id)][static_cast<int>(column)];
  cell.kind = kind;
  cell.owner = static_cast<std::int8_t>(kind == cd::TokenKind::seat ? seat : cd::kNoToken);
  cell.bales = static_cast<std::int8_t>(bales);
  if (kind == cd::TokenKind::seat) {
    --s.players[seat].supply;
    for (int i = 0; i < bales; ++i) take_from_bag(s, cd::components().rows[row(row_id)].continent);
  } else if (kind == cd::TokenKind::neutral) {
    --s.neutral_supply;
  }
}

/// Gives `seat` bales from the bag.
inline void give(cd::State& s, Seat seat, const std::string& colour_name, int n) {
  for (int i = 0; i < n; ++i) take_from_bag(s, colour(colour_name));
  s.players[seat].stock[colour(colour_name)] += n;
}

/// Makes the next draws from the bag be `items` (colours or cd::kBeetle), first drawn first.
inline void next_draws(cd::State& s, const std::vector<int>& items) {
  for (int item : items) take_from_bag(s, item);
  for (auto it = items.rbegin(); it != items.rend(); ++it)
    s.bag.push_back(static_cast<std::uint8_t>(*it));
}

/// Reseeds the state's generator so that the next roll shows `value`.
inline void force_die(cd::State& s, int value) {
  for (std::uint64_t k = 0;; ++k) {
    engine::Rng probe(k);
    if (static_cast<int>(probe.below(6)) + 1 == value) {
      s.rng = engine::Rng(k);
      return;
    }
  }
}

inline engine::Result<std::vector<Json>> act(cd::State& s, Seat seat, const Json& action) {
  return cd::Rules::apply(s, seat, action);
}

/// Applies an action that must be legal (and listed among the legal actions).
inline std::vector<Json> must(cd::State& s, Seat seat, const Json& action) {
  const auto legal = cd::Rules::legal_actions(s, seat);
  EXPECT_NE(std::find(legal.begin(), legal.end(), action), legal.end())
      << "not listed: " << action.dump();
  auto r = cd::Rules::apply(s, seat, action);
  EXPECT_TRUE(r.ok()) << action.dump() << ": " << (r.ok() ? "" : r.error().message);
  return r.ok() ? r.value() : std::vector<Json>{};
}

/// The rule id an action is refused with ("" if accepted); the state must be unchanged on refusal.
inline std::string refused(cd::State& s, Seat seat, const Json& action) {
  const std::string before = cd::Rules::to_json(s).dump();
  auto r = cd::Rules::apply(s, seat, action);
  if (r.ok()) return "";
  EXPECT_EQ(cd::Rules::to_json(s).dump(), before) << "a refused action changed the state";
  return r.error().rule;
}

inline void expect_sound(const cd::State& s) {
  for (const auto& problem : cd::Rules::check_invariants(s)) ADD_FAILURE() << problem;
}

inline const cd::Cell& cell(const cd::State& s, const std::string& row_id, cd::Column column) {
  return s.rows[row(row_id)][static_cast<int>(column)];
}

}  // namespace archipel::testing::capa_doro
