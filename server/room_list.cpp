#include "server/room_list.hpp"

#include <algorithm>
#include <iterator>

namespace archipel::server {

void RoomList::update(const RoomInfo& info, bool here) {
  live_[info.id] = info;
  dirty_.insert(info.id);
  if (here && protocol::has_free_seat(info))
    open_.insert(info.id);
  else
    open_.erase(info.id);
}

void RoomList::remove(RoomId id) {
  if (!live_.erase(id)) return;
  dirty_.insert(id);
  open_.erase(id);
}

const RoomInfo* RoomList::find(RoomId id) const {
  auto it = live_.find(id);
  return it == live_.end() ? nullptr : &it->second;
}

std::optional<RoomId> RoomList::first_open() const {
  if (open_.empty()) return std::nullopt;
  return *open_.begin();
}

std::vector<const RoomInfo*> RoomList::first(std::size_t limit) const {
  std::vector<const RoomInfo*> rooms;
  for (auto it = live_.begin(); it != live_.end() && rooms.size() < limit; ++it)
    rooms.push_back(&it->second);
  return rooms;
}

protocol::RoomsDelta RoomList::take_delta() {
  protocol::RoomsDelta delta;
  for (RoomId id : dirty_) {
    auto live = live_.find(id);
    auto published = published_.find(id);
    if (live == live_.end()) {
      if (published == published_.end())
        continue;  // came and went within one window: nobody saw it
      delta.removed.push_back(id);
      published_.erase(published);
    } else if (published == published_.end()) {
      delta.added.push_back(live->second);
      published_.emplace(id, live->second);
    } else if (!(published->second == live->second)) {
      delta.changed.push_back(live->second);
      published->second = live->second;
    }
  }
  dirty_.clear();
  return delta;
}

RoomPage RoomList::page(const protocol::RoomFilter& filter, std::optional<RoomId> after,
                        std::size_t limit, std::size_t max_scanned) const {
  RoomPage page;
  limit = std::max<std::size_t>(limit, 1);
  max_scanned = std::max<std::size_t>(max_scanned, 1);
  auto it = after ? published_.upper_bound(*after) : published_.begin();
  std::size_t scanned = 0;
  for (; it != published_.end(); ++it) {
    if (page.rooms.size() == limit || scanned == max_scanned) {
      page.next =
          std::prev(it)->first;  // stopped before the end: go on after the last room looked at
      break;
    }
    ++scanned;
    if (protocol::matches(filter, it->second)) page.rooms.push_back(it->second);
  }
  return page;
}

}  // namespace archipel::server
