#include "tests/fuzz/fuzz_position.hpp"

#include <algorithm>
#include <map>
#include <tuple>

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

  // The fuzzer mostly mutates the front of an input and keeps its position: playing up to kMaxSteps
  // moves each time would cost most of every execution, so positions are kept (a clone is handed
  // out).
  using Key = std::tuple<const engine::GameEntry*, int, engine::Options, std::uint16_t, int>;
  static std::map<Key, engine::GamePtr> played;
  Key key{&entry, seats, options, seed, steps};
  auto it = played.find(key);
  if (it == played.end()) {
    auto created = engine::default_registry().create(spec.id, seats, options, seed);
    if (!created.ok()) return std::nullopt;
    engine::GamePtr game = std::move(created).value();
    engine::Rng rng(seed * 7919ULL + 1);
    for (int i = 0; i < steps; ++i) {
      const auto acting = game->to_act();
      if (acting.empty()) break;
      const engine::Seat seat = acting[rng.below(acting.size())];
      const auto legal = game->legal_actions(seat);
      if (legal.empty())
        break;  // a contract breach the conformance tests report; not this target's concern
      if (!game->apply(seat, legal[rng.below(legal.size())]).ok()) break;
    }
    if (played.size() >= 512) played.clear();
    it = played.emplace(std::move(key), std::move(game)).first;
  }
  Position position{&entry, it->second->clone(), {}};
  for (int s = 0; s < seats; ++s) position.names.push_back("p" + std::to_string(s + 1));
  return position;
}

bool acts(const engine::GameInstance& game, engine::Seat seat) {
  const auto acting = game.to_act();
  return std::find(acting.begin(), acting.end(), seat) != acting.end();
}

}  // namespace archipel::fuzz
