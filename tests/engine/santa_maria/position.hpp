#pragma once
// Builders for exact positions in the Santa Maria tests: a set-up game with its colonies cleared,
// cells laid by code, scholars granted, actions applied with a check.

#include <string>

#include <gtest/gtest.h>

#include "engine/santa_maria/santa_maria.hpp"

namespace archipel::engine::santa_maria::testing {

inline State setup_game(int seats, const Options& options = {}, std::uint64_t seed = 1) {
  auto s = Rules::setup(seats, options, seed);
  EXPECT_TRUE(s.ok());
  return s.value();
}

/// A game in play with every colony emptied (no printed building, no town hall).
inline State blank_game(int seats, std::uint64_t seed = 1) {
  State s = setup_game(seats, {}, seed);
  for (auto& p : s.players) {
    p.grid = {};
    p.town_hall_cell = -1;
  }
  return s;
}

inline int cell(const char* name) {
  return cell_from_name(name);
}

/// Lays the cell code (which must exist in components.json) on `name`, as a printed cell.
inline void lay(State& s, Seat seat, const char* name, const std::string& code) {
  const int def = components().def_index(code);
  ASSERT_GE(def, 0) << code;
  auto& c = s.players[seat].grid[cell(name)];
  c.def = static_cast<std::int16_t>(def);
  c.tile = -4;
  if (components().cell_defs[def].terrain == Terrain::town_hall)
    s.players[seat].town_hall_cell = cell(name);
}

inline void grant(State& s, Seat seat, Power power) {
  for (int k = 0; k < 10; ++k)
    if (components().scholars[k].power == power) {
      s.scholars[0] = k;
      s.box_scholars.clear();
    }
  s.monk_spaces[0] = static_cast<std::uint8_t>(s.monk_spaces[0] | (1u << seat));
  --s.players[seat].monks;
}

inline std::vector<Json> act(State& s, Seat seat, const Json& action) {
  auto r = Rules::apply(s, seat, action);
  EXPECT_TRUE(r.ok()) << action.dump() << ": "
                      << (r.ok() ? "" : r.error().rule + " " + r.error().message);
  return r.ok() ? r.value() : std::vector<Json>{};
}

/// The action that activates cell `c` ("b3").
inline Json activate(const char* c) {
  return {{"type", "activate"}, {"cell", c}};
}

inline bool is_legal(const State& s, Seat seat, const Json& action) {
  const auto legal = Rules::legal_actions(s, seat);
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

inline int res(const State& s, Seat seat, Resource r) {
  return s.players[seat].res[static_cast<int>(r)];
}
inline void set_res(State& s, Seat seat, Resource r, int n) {
  s.players[seat].res[static_cast<int>(r)] = n;
}

}  // namespace archipel::engine::santa_maria::testing
