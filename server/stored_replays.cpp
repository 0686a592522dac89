#include "server/stored_replays.hpp"

namespace archipel::server {

ReplayCursor* StoredReplays::find(RoomId room) {
  auto it = by_room_.find(room);
  if (it == by_room_.end()) return nullptr;
  cursors_.splice(cursors_.begin(), cursors_, it->second);
  return &it->second->cursor;
}

ReplayCursor& StoredReplays::keep(RoomId room, ReplayCursor cursor) {
  drop(room);
  cursors_.push_front(Open{room, std::move(cursor)});
  by_room_[room] = cursors_.begin();
  while (cursors_.size() > kKept) {
    by_room_.erase(cursors_.back().room);
    cursors_.pop_back();
  }
  return cursors_.front().cursor;
}

void StoredReplays::drop(RoomId room) {
  auto it = by_room_.find(room);
  if (it == by_room_.end()) return;
  cursors_.erase(it->second);
  by_room_.erase(it);
}

bool StoredReplays::wait(RoomId room, Wanted wanted) {
  auto& list = waiting_[room];
  list.push_back(std::move(wanted));
  return list.size() == 1;
}

std::vector<StoredReplays::Wanted> StoredReplays::take_waiting(RoomId room) {
  auto it = waiting_.find(room);
  if (it == waiting_.end()) return {};
  auto out = std::move(it->second);
  waiting_.erase(it);
  return out;
}

}  // namespace archipel::server
