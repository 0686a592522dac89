#include "server/replay.hpp"

namespace archipel::server {

engine::Result<ReplayedGame> replay_record(const engine::Registry& registry, const GameRecord& record) {
  auto game = registry.create(record.game, static_cast<int>(record.seats.size()), record.options, record.seed);
  if (!game.ok()) return game.error();
  std::vector<std::string> names;
  for (const auto& s : record.seats) names.push_back(s.name);
  ReplayedGame out{std::move(game).value(), {}};
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const auto& a = record.actions[i];
    auto events = out.game->apply(a.seat, a.action);
    if (!events.ok())
      return engine::fail("bad_record", "action " + std::to_string(i + 1) + " does not replay: " + events.error().message);
    for (const auto& e : events.value()) out.log.push_back(log_line(*out.game, e, names));
  }
  return out;
}

engine::LocalText log_line(const engine::GameInstance& game, const nlohmann::json& event,
                           const std::vector<std::string>& names) {
  return engine::LocalText{game.describe(event, names, engine::Lang::en), game.describe(event, names, engine::Lang::fr)};
}

}  // namespace archipel::server
