#include "server/replay.hpp"

namespace archipel::server {

engine::Result<ReplayedGame> replay_record(const engine::Registry& registry,
                                           const GameRecord& record) {
  auto game = set_up_record(registry, record);
  if (!game.ok()) return game.error();
  const auto names = seat_names(record);
  ReplayedGame out{std::move(game).value(), {}};
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    auto lines = replay_action(*out.game, record, i, names);
    if (!lines.ok()) return lines.error();
    for (auto& line : lines.value()) out.log.push_back(std::move(line));
  }
  return out;
}

engine::Result<engine::GamePtr> set_up_record(const engine::Registry& registry,
                                              const GameRecord& record) {
  return registry.create(record.game, static_cast<int>(record.seats.size()), record.options,
                         record.seed);
}

engine::Result<std::vector<engine::LocalText>> replay_action(
    engine::GameInstance& game, const GameRecord& record, std::size_t index,
    const std::vector<std::string>& names) {
  const auto& a = record.actions.at(index);
  auto events = game.apply(a.seat, a.action);
  if (!events.ok())
    return engine::fail("bad_record", "action " + std::to_string(index + 1) +
                                          " does not replay: " + events.error().message);
  std::vector<engine::LocalText> lines;
  for (const auto& e : events.value()) lines.push_back(game.describe(e, names));
  return lines;
}

std::vector<std::string> seat_names(const GameRecord& record) {
  std::vector<std::string> names;
  for (const auto& s : record.seats) names.push_back(s.name);
  return names;
}

std::string log_listing(RoomId room, const std::vector<engine::LocalText>& lines,
                        engine::Lang lang) {
  const bool fr = lang == engine::Lang::fr;
  std::string text =
      (fr ? "Journal de la salle " : "Room ") + std::to_string(room) + (fr ? " :" : " log:");
  for (std::size_t i = 0; i < lines.size(); ++i)
    text += "\n" + std::to_string(i + 1) + ". " + lines[i].in(lang);
  if (lines.empty()) text += fr ? " aucun coup" : " no moves";
  return text;
}

}  // namespace archipel::server
