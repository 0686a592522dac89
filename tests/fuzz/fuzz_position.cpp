#include "tests/fuzz/fuzz_position.hpp"

#include <algorithm>

#include "engine/core/rng.hpp"

namespace archipel::fuzz {

std::optional<Position> seeded_position(FuzzedDataProvider& input) {
  const auto& games = engine::default_registry().games();
  const auto& entry = games[input.ConsumeIntegralInRange<std::size_t>(0, games.size() - 1)];
  const auto& spec = *entry.spec;
  const int seats = input.ConsumeIntegralInRange(spec.min_players, spec.max_players);
  engine::Options options;
  for (const auto& option : spec.options) {
    if (option.choices.empty()) continue;
    const auto choice = input.ConsumeIntegralInRange<std::size_t>(0, option.choices.size() - 1);
    if (option.applies_to(seats)) options[option.key] = option.choices[choice];
  }
  const auto seed = input.ConsumeIntegral<std::uint16_t>();
  const int steps = input.ConsumeIntegralInRange(0, kMaxSteps);

  auto created = engine::default_registry().create(spec.id, seats, options, seed);
  if (!created.ok()) return std::nullopt;
  Position position{&entry, std::move(created).value(), {}};
  for (int s = 0; s < seats; ++s) position.names.push_back("p" + std::to_string(s + 1));

  engine::Rng rng(seed * 7919ULL + 1);
  for (int i = 0; i < steps; ++i) {
    const auto acting = position.game->to_act();
    if (acting.empty()) break;
    const engine::Seat seat = acting[rng.below(acting.size())];
    const auto legal = position.game->legal_actions(seat);
    if (legal.empty()) break;  // a contract breach the conformance tests report; not this target's concern
    if (!position.game->apply(seat, legal[rng.below(legal.size())]).ok()) break;
  }
  return position;
}

bool acts(const engine::GameInstance& game, engine::Seat seat) {
  const auto acting = game.to_act();
  return std::find(acting.begin(), acting.end(), seat) != acting.end();
}

}  // namespace archipel::fuzz
