#include "server/replay_request.hpp"

#include "engine/core/client_views.hpp"
#include "server/replay.hpp"

namespace archipel::server {

engine::Result<ReplayCursor> ReplayCursor::open(const engine::Registry& registry,
                                                GameRecord record) {
  auto start = set_up_record(registry, record);
  if (!start.ok()) return start.error();
  auto names = seat_names(record);
  return ReplayCursor(std::move(record), std::move(names), std::move(start).value());
}

ReplayCursor::ReplayCursor(GameRecord record, std::vector<std::string> names, engine::GamePtr start)
    : record_(std::move(record)), names_(std::move(names)), game_(std::move(start)) {
  checkpoints_.push_back(game_->clone());
}

engine::Result<bool> ReplayCursor::forward() {
  auto lines = replay_action(*game_, record_, static_cast<std::size_t>(at_), names_);
  if (!lines.ok()) return lines.error();
  ++moves_applied_;
  ++at_;
  if (static_cast<int>(lines_.size()) < at_) lines_.push_back(std::move(lines).value());
  if (at_ % kCheckpointEvery == 0 &&
      static_cast<int>(checkpoints_.size()) == at_ / kCheckpointEvery)
    checkpoints_.push_back(game_->clone());
  return true;
}

engine::Result<ReplayStep> ReplayCursor::go_to(int k) {
  if (k < 0 || k > steps())
    return engine::fail(
        "out_of_range",
        "step " + std::to_string(k) + " is not between 0 and " + std::to_string(steps()),
        "l'étape " + std::to_string(k) + " n'est pas entre 0 et " + std::to_string(steps()));
  if (k < at_) {  // back: from the last checkpoint at or before k
    const int from = std::min(k / kCheckpointEvery, static_cast<int>(checkpoints_.size()) - 1);
    game_ = checkpoints_[static_cast<std::size_t>(from)]->clone();
    at_ = from * kCheckpointEvery;
  }
  while (at_ < k) {
    auto moved = forward();
    if (!moved.ok()) return moved.error();
  }
  ReplayStep out;
  out.step = k;
  out.steps = steps();
  if (k > 0) {
    out.by = record_.actions[static_cast<std::size_t>(k - 1)].seat;
    out.log = lines_[static_cast<std::size_t>(k - 1)];
  }
  out.view = engine::client_view(*game_, engine::Viewer::spectator());
  return out;
}

std::string replay_text(RoomId room, const ReplayStep& step, const std::vector<std::string>& names,
                        engine::Lang lang) {
  const bool fr = lang == engine::Lang::fr;
  std::string text = (fr ? "Salle " : "Room ") + std::to_string(room) +
                     (fr ? ", étape " : ", step ") + std::to_string(step.step) +
                     (fr ? " sur " : " of ") + std::to_string(step.steps);
  if (!step.by) return text + (fr ? " : la mise en place" : ": the set-up");
  const auto seat = static_cast<std::size_t>(*step.by);
  text +=
      " (" + (seat < names.size() ? names[seat] : std::to_string(seat + 1)) + (fr ? ") :" : "):");
  for (const auto& line : step.log) text += "\n" + line.in(lang);
  return text;
}

nlohmann::json replay_answer(RoomId room, const std::string& game, const ReplayStep& step,
                             const std::vector<std::string>& names, engine::Lang lang, bool as_text,
                             const nlohmann::json& static_data) {
  if (as_text) return protocol::info_message(replay_text(room, step, names, lang));
  std::vector<std::string> lines;
  for (const auto& line : step.log) lines.push_back(line.in(lang));
  auto message =
      protocol::replay_message(room, step.step, step.steps, step.by, step.view, lines, static_data);
  message["game"] = game;
  message["names"] = names;
  return message;
}

}  // namespace archipel::server
