#pragma once
// Builders for exact Santa Cruz positions. The State is a plain struct, so tests set up the board,
// hands and turn directly instead of replaying long random sequences. Every helper keeps the
// components conserved (a tile is swapped, never duplicated; a score card is moved, never copied),
// so the invariant checks hold for built positions too.

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/santa_cruz/santa_cruz.hpp"

namespace archipel::testing::santa_cruz {

namespace sc = engine::santa_cruz;
using engine::Json;
using engine::Seat;

/// Index of a site, a tile, a score card (by name: "fish"); the test fails on an unknown one.
inline int site_of(const std::string& id) {
  const int i = sc::components().site_index(id);
  EXPECT_GE(i, 0) << "no site " << id;
  return i;
}
inline int tile_of(const std::string& id) {
  const int i = sc::components().tile_index(id);
  EXPECT_GE(i, 0) << "no tile " << id;
  return i;
}
inline int card_of_name(const std::string& name) {
  const int i = sc::components().card_by_name(name);
  EXPECT_GE(i, 0) << "no score card named " << name;
  return i;
}

/// A round-1 position in the play phase, after set choice and without landings: seat i holds set i
/// (seat 0 set A, seat 1 set B ...), every land and volcano tile face down, no buildings, seat 0 to
/// play, scores 0/1/2/3 (start compensation).
inline sc::State play_position(int seats, sc::Variant rules = sc::Variant::online,
                               std::uint64_t seed = 1) {
  auto set = sc::Rules::setup(seats, {{"rules", sc::to_string(rules)}}, seed);
  EXPECT_TRUE(set.ok());
  sc::State s = set.value();
  const auto& c = sc::components();
  for (Seat seat = 0; seat < seats; ++seat) {
    s.players[seat].set = seat;
    s.players[seat].cards_left = c.sets[seat].cards;
  }
  s.phase = sc::Phase::play;
  s.turn = 0;
  return s;
}

/// Puts tile `tile` on site `site` (swapping it with the tile there, or with the unused pile), face
/// up or down.
inline void put_tile(sc::State& s, const std::string& site, const std::string& tile,
                     bool revealed = true) {
  const int at = site_of(site), t = tile_of(tile);
  ASSERT_EQ(sc::components().tiles[t].kind, sc::components().sites[at].kind)
      << tile << " cannot go on " << site;
  const int old = s.sites[at].tile;
  if (old != t) {
    bool moved = false;
    for (auto& other : s.sites)
      if (other.tile == t) {
        other.tile = old;
        moved = true;
      }
    if (!moved) {
      auto it = std::find(s.unused_tiles.begin(), s.unused_tiles.end(), t);
      ASSERT_NE(it, s.unused_tiles.end());
      *it = old;
      std::sort(s.unused_tiles.begin(), s.unused_tiles.end());
    }
    s.sites[at].tile = t;
  }
  s.sites[at].revealed = revealed;
}

/// Puts one of `seat`'s buildings on `site` and reveals it and its road and river neighbours, as a
/// build does (but scores nothing and draws no bird).
inline void put_building(sc::State& s, Seat seat, const std::string& site) {
  const int at = site_of(site);
  auto& here = s.sites[at];
  here.revealed = true;
  const auto type = static_cast<int>(sc::components().tiles[here.tile].building);
  ASSERT_GT(s.players[seat].supply[type], 0) << "no building left for " << site;
  --s.players[seat].supply[type];
  here.owners.push_back(seat);
  for (int n : sc::components().sites[at].roads) s.sites[n].revealed = true;
  for (int n : sc::components().sites[at].river_links) s.sites[n].revealed = true;
}

/// Gives `seat` exactly these score cards (by id), returning its previous ones to the set-aside
/// pile.
inline void set_hand(sc::State& s, Seat seat, const std::vector<std::string>& cards) {
  auto& hand = s.players[seat].hand;
  s.score_pile.insert(s.score_pile.end(), hand.begin(), hand.end());
  hand.clear();
  for (const auto& id : cards) {
    const int card = sc::components().card_index(id);
    ASSERT_GE(card, 0) << id;
    auto take = [&](std::vector<int>& from) {
      auto it = std::find(from.begin(), from.end(), card);
      if (it == from.end()) return false;
      from.erase(it);
      return true;
    };
    bool found = take(s.score_pile);
    for (auto& p : s.players) found = found || take(p.hand);
    ASSERT_TRUE(found) << id << " is not available";
    hand.push_back(card);
  }
  std::sort(hand.begin(), hand.end());
}

/// Sets `seat`'s construction cards left: ship, river, road, double.
inline void set_cards(sc::State& s, Seat seat, std::array<int, 4> left) {
  s.players[seat].cards_left = left;
}

/// Gives `seat` these bird chips (species names), taken from the face-down pile.
inline void give_birds(sc::State& s, Seat seat, const std::vector<std::string>& species) {
  for (const auto& name : species) {
    const int b = sc::components().species_index(name);
    auto it = std::find(s.bird_pile.begin(), s.bird_pile.end(), b);
    ASSERT_NE(it, s.bird_pile.end()) << "no " << name << " left";
    s.bird_pile.erase(it);
    s.players[seat].birds.push_back(b);
  }
}

/// Makes `seat` the player to act in the play phase.
inline void set_turn(sc::State& s, Seat seat) {
  s.phase = sc::Phase::play;
  s.turn = static_cast<int>(std::find(s.order.begin(), s.order.end(), seat) - s.order.begin());
}

/// Sets a score and an arrival stamp directly.
inline void set_score(sc::State& s, Seat seat, int score) {
  s.players[seat].score = score;
  s.players[seat].arrival = ++s.clock;
}

/// Applies an action that must succeed (fails the test otherwise) and returns its events.
inline std::vector<Json> act(sc::State& s, Seat seat, const Json& action) {
  auto result = sc::Rules::apply(s, seat, action);
  EXPECT_TRUE(result.ok()) << action.dump() << ": " << (result.ok() ? "" : result.error().message);
  return result.ok() ? result.value() : std::vector<Json>{};
}

/// Applies an action that must fail; returns the rule id and checks the state did not change.
inline std::string refuse(sc::State& s, Seat seat, const Json& action) {
  const std::string before = sc::Rules::to_json(s).dump();
  auto result = sc::Rules::apply(s, seat, action);
  EXPECT_FALSE(result.ok()) << action.dump() << " was accepted";
  EXPECT_EQ(sc::Rules::to_json(s).dump(), before) << "a refused action changed the state";
  return result.ok() ? "" : result.error().rule;
}

/// Legal action texts of `seat`, in order.
inline std::vector<std::string> texts(const sc::State& s, Seat seat) {
  std::vector<std::string> out;
  for (const auto& a : sc::Rules::legal_actions(s, seat))
    out.push_back(sc::Rules::action_text(s, seat, a));
  return out;
}

/// Site ids a build with `mode` may target now (privileged targets included), in board order.
inline std::vector<std::string> targets(const sc::State& s, Seat seat, sc::BuildMode mode) {
  std::vector<std::string> out;
  for (const auto& t : sc::build_targets(s, seat, mode))
    out.push_back(sc::components().sites[t.site].id);
  return out;
}

/// Points `seat` would get from the score card named `name` ("fish") now.
inline int points(const sc::State& s, const std::string& name, Seat seat) {
  return sc::card_points(s, card_of_name(name), seat);
}

/// Actions as a client sends them: a build, a landing, a score card played (by card name).
inline Json build(const std::string& card, const std::string& site) {
  return Json{{"type", "build"}, {"card", card}, {"site", site}};
}

inline Json land(const std::string& site) {
  return Json{{"type", "land"}, {"site", site}};
}

inline Json score(const std::string& name) {
  return Json{{"type", "score"}, {"card", sc::components().score_cards[card_of_name(name)].id}};
}

}  // namespace archipel::testing::santa_cruz
