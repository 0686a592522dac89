#include <string>

#include "engine/core/registry.hpp"

namespace archipel::engine {

const GameEntry* Registry::find(std::string_view id) const {
  for (const auto& entry : games_)
    if (entry.spec->id == id) return &entry;
  return nullptr;
}

Result<GamePtr> Registry::create(std::string_view id, int num_seats, const Options& options,
                                 std::uint64_t seed) const {
  const GameEntry* entry = find(id);
  if (!entry)
    return fail("unknown_game", "no game called '" + std::string(id) + "'; /games lists them");
  const GameSpec& spec = *entry->spec;
  if (num_seats < spec.min_players || num_seats > spec.max_players)
    return fail("seat_count", spec.title + " is for " + std::to_string(spec.min_players) + " to " +
                                  std::to_string(spec.max_players) + " players, not " +
                                  std::to_string(num_seats));
  auto completed = complete_options(spec, options, num_seats);
  if (!completed.ok()) return completed.error();
  return entry->setup(num_seats, completed.value(), seed);
}

Result<GamePtr> Registry::restore(std::string_view id, const Json& state) const {
  const GameEntry* entry = find(id);
  if (!entry) return fail("unknown_game", "no game called '" + std::string(id) + "'");
  return entry->restore(state);
}

}  // namespace archipel::engine
