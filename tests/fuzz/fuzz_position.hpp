#pragma once
// A game position chosen by fuzz input, for the game targets: a registered game (any of the
// registry's, none named here), a seat count in its range, a choice for each option, a seed, then
// up to kMaxSteps random legal moves. The moves come from the engine's generator seeded by the
// input, so an input names one position for good and the corpus stays meaningful when the fuzzer
// mutates the rest of it.
//
// Input layout (FuzzedDataProvider takes integers from the end): game, seats, one byte per option,
// seed (2 bytes), steps; the front of the input is left to the target.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>

#include "engine/core/registry.hpp"

namespace archipel::fuzz {

inline constexpr int kMaxSteps = 150;

struct Position {
  const engine::GameEntry* entry = nullptr;
  engine::GamePtr game;
  std::vector<std::string> names;  // "p1", "p2" ... for describe()
};

/// Nullopt when the input's choices are refused by the registry (an option that does not apply
/// ...).
std::optional<Position> seeded_position(FuzzedDataProvider& input);

/// True when `seat` may act now.
bool acts(const engine::GameInstance& game, engine::Seat seat);

}  // namespace archipel::fuzz
