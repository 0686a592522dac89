#include "bots/strategy.hpp"

#include <algorithm>

namespace archipel::bots {

void ViewTracker::reset() {
  view_ = nlohmann::json();
  seat_.reset();
  room_.reset();
  version_ = 0;
  has_view_ = false;
  awaiting_own_move_ = false;
  acted_version_ = -1;
}

bool ViewTracker::may_act() const {
  if (!has_view_ || !seat_ || awaiting_own_move_) return false;
  const auto to_act = view_.find("to_act");
  const auto legal = view_.find("legal");
  if (to_act == view_.end() || !to_act->is_array() || legal == view_.end() || !legal->is_array() ||
      legal->empty())
    return false;
  return std::find(to_act->begin(), to_act->end(), nlohmann::json(*seat_)) != to_act->end();
}

ViewTracker::Update ViewTracker::on_message(const nlohmann::json& message) {
  if (!message.is_object() || !message.contains("type") || !message["type"].is_string())
    return Update::ignored;
  const std::string& type = message["type"].get_ref<const std::string&>();
  if (type != "state" && type != "patch") return Update::ignored;
  if (!message.contains("room") || !message["room"].is_number_integer()) return Update::ignored;
  const std::int64_t room = message["room"].get<std::int64_t>();
  if (room_ && *room_ != room) return Update::ignored;

  if (type == "state") {
    if (!message.contains("view") || !message["view"].is_object()) return Update::ignored;
    if (!message.contains("version") || !message["version"].is_number_integer())
      return Update::ignored;
    room_ = room;
    view_ = message["view"];
    version_ = message["version"].get<std::int64_t>();
    if (message.contains("seat") && message["seat"].is_number_integer())
      seat_ = message["seat"].get<engine::Seat>();
    else
      seat_.reset();
    has_view_ = true;
    if (version_ > acted_version_) awaiting_own_move_ = false;  // made after our move: it shows it
    return Update::updated;
  }

  // patch
  if (!room_) return Update::ignored;  // not following any room yet: the state message will come
  if (!message.contains("from") || !message["from"].is_number_integer() ||
      !message.contains("to") || !message["to"].is_number_integer() || !message.contains("ops") ||
      !message["ops"].is_array())
    return Update::need_sync;
  const std::int64_t from = message["from"].get<std::int64_t>();
  const std::int64_t to = message["to"].get<std::int64_t>();
  if (!has_view_) return Update::need_sync;
  if (to <= version_)
    return Update::ignored;  // stale: already applied (e.g. a state arrived in between)
  if (from != version_) return Update::need_sync;
  // In place: json::patch would copy the whole view for every patch (four copies per move on a load
  // client playing four seats). A patch that fails half-way leaves a view nobody reads: it waits
  // for the full state.
  try {
    view_.patch_inplace(message["ops"]);
  } catch (const nlohmann::json::exception&) {
    has_view_ = false;
    return Update::need_sync;
  }
  version_ = to;
  if (seat_ && message.contains("by") && message["by"] == *seat_) awaiting_own_move_ = false;
  return Update::updated;
}

}  // namespace archipel::bots
