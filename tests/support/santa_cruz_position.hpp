#pragma once
// Builders for exact Santa Cruz positions. The State is a plain struct, so tests set up the board,
// hands and turn directly instead of replaying long random sequences. Every helper keeps the
// components conserved (a tile is swapped, never duplicated; a score card is moved, never copied),
// so the invariant checks hold for built positions too.

#include <array>
#include <string>
#include <vector>

#include "engine/santa_cruz/santa_cruz.hpp"

namespace archipel::testing::santa_cruz {

namespace sc = engine::santa_cruz;
using engine::Json;
using engine::Seat;

/// A round-1 position in the play phase, after set choice and without landings: seat i holds set i
/// (seat 0 set A, seat 1 set B ...), every land and volcano tile face down, no buildings, seat 0 to
/// play, scores 0/1/2/3 (start compensation).
sc::State play_position(int seats, sc::Variant rules = sc::Variant::online, std::uint64_t seed = 1);

/// Puts tile `tile` on site `site` (swapping it with the tile there, or with the unused pile), face
/// up or down.
void put_tile(sc::State& s, const std::string& site, const std::string& tile, bool revealed = true);
/// Puts one of `seat`'s buildings on `site` and reveals it and its road and river neighbours, as a
/// build does (but scores nothing and draws no bird).
void put_building(sc::State& s, Seat seat, const std::string& site);
/// Gives `seat` exactly these score cards (by id), returning its previous ones to the set-aside
/// pile.
void set_hand(sc::State& s, Seat seat, const std::vector<std::string>& cards);
/// Sets `seat`'s construction cards left: ship, river, road, double.
void set_cards(sc::State& s, Seat seat, std::array<int, 4> left);
/// Gives `seat` these bird chips (species names), taken from the face-down pile.
void give_birds(sc::State& s, Seat seat, const std::vector<std::string>& species);
/// Makes `seat` the player to act in the play phase.
void set_turn(sc::State& s, Seat seat);
/// Sets a score and an arrival stamp directly.
void set_score(sc::State& s, Seat seat, int score);

/// Applies an action that must succeed (fails the test otherwise) and returns its events.
std::vector<Json> act(sc::State& s, Seat seat, const Json& action);
/// Applies an action that must fail; returns the rule id and checks the state did not change.
std::string refuse(sc::State& s, Seat seat, const Json& action);

/// Legal action texts of `seat`, in order.
std::vector<std::string> texts(const sc::State& s, Seat seat);
/// Site ids a build with `mode` may target now (privileged targets included), in board order.
std::vector<std::string> targets(const sc::State& s, Seat seat, sc::BuildMode mode);
/// Points `seat` would get from the score card named `name` ("fish") now.
int points(const sc::State& s, const std::string& name, Seat seat);

Json build(const std::string& card, const std::string& site);
Json land(const std::string& site);
Json score(const std::string& name);  // by card name

int site_of(const std::string& id);
int tile_of(const std::string& id);
int card_of_name(const std::string& name);

}  // namespace archipel::testing::santa_cruz
