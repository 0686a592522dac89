#include "bench/bare_server/shared_state.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "bench/bare_server/session.hpp"

namespace bare {

using nlohmann::json;

bool SharedState::claim_name(const std::string& name, const std::shared_ptr<Session>& session) {
  std::lock_guard lock(mutex_);
  auto [it, inserted] = names_.try_emplace(name, session);
  if (inserted) return true;
  if (!it->second.expired()) return false;
  it->second = session;
  return true;
}

void SharedState::leave_all(const std::string& name, std::optional<std::int64_t> room) {
  if (room) leave_room(*room, name);
  std::lock_guard lock(mutex_);
  names_.erase(name);
}

std::int64_t SharedState::create_room(const std::string& game, const std::string& name,
                                      const std::shared_ptr<Session>& host) {
  Delivery delivery;
  std::int64_t id = 0;
  {
    std::lock_guard lock(mutex_);
    id = next_room_++;
    Room& room = rooms_[id];
    room.id = id;
    room.game = game;
    room.host = name;
    room.seats.resize(static_cast<std::size_t>(seats_per_room_));
    room.seats[0] = Seat{name, host};
    delivery = publish(room);
  }
  fan_out(std::move(delivery));
  return id;
}

std::string SharedState::join_room(std::int64_t id, const std::string& name,
                                   const std::shared_ptr<Session>& session) {
  Delivery delivery;
  {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(id);
    if (it == rooms_.end()) return "no_such_room";
    auto free = std::find_if(it->second.seats.begin(), it->second.seats.end(),
                             [](const Seat& seat) { return seat.name.empty(); });
    if (free == it->second.seats.end()) return "room_full";
    *free = Seat{name, session};
    delivery = publish(it->second);
  }
  fan_out(std::move(delivery));
  return {};
}

void SharedState::leave_room(std::int64_t id, const std::string& name) {
  Delivery delivery;
  {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(id);
    if (it == rooms_.end()) return;
    bool anyone = false;
    for (auto& seat : it->second.seats) {
      if (seat.name == name) seat = Seat{};
      anyone = anyone || !seat.name.empty();
    }
    if (!anyone) {
      rooms_.erase(it);
      return;
    }
    if (it->second.host == name)
      for (const auto& seat : it->second.seats)
        if (!seat.name.empty()) {
          it->second.host = seat.name;
          break;
        }
    delivery = publish(it->second);
  }
  fan_out(std::move(delivery));
}

void SharedState::chat(std::int64_t id, const std::string& name, const std::string& text) {
  Delivery delivery;
  {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(id);
    if (it == rooms_.end()) return;
    for (const auto& seat : it->second.seats)
      if (auto s = seat.session.lock()) delivery.to.push_back(std::move(s));
  }
  delivery.frame = std::make_shared<const std::string>(
      json{{"type", "chat"}, {"room", id}, {"from", name}, {"text", text}}.dump());
  fan_out(std::move(delivery));
}

SharedState::Delivery SharedState::publish(const Room& room) {
  json seats = json::array();
  Delivery delivery;
  for (const auto& seat : room.seats) {
    seats.push_back({{"name", seat.name.empty() ? json() : json(seat.name)},
                     {"connected", !seat.name.empty()}});
    if (auto s = seat.session.lock()) delivery.to.push_back(std::move(s));
  }
  delivery.frame = std::make_shared<const std::string>(json{
      {"type", "room"},
      {"id", room.id},
      {"game", room.game},
      {"title", room.game},
      {"seats", std::move(seats)},
      {"spectators", json::array()},
      {"host", room.host},
      {"status", "waiting"},
      {"options", json::object()},
      {"min_players", 1},
      {"max_players", seats_per_room_}}.dump());
  return delivery;
}

void SharedState::fan_out(Delivery delivery) {
  for (const auto& session : delivery.to) session->send(delivery.frame);
}

}  // namespace bare
