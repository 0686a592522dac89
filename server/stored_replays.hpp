#pragma once
// The replays of finished games that no room holds any more (its room closed after 20 newer games
// ended, or the server restarted since): /replay and the `replay` message read them from the store
// (docs/protocol.md). Used on the lobby's strand only (server/lobby_replay.cpp).
//
// As a room does, each keeps its cursor between requests, so stepping on costs one move and back at
// most ReplayCursor::kCheckpointEvery. At most kKept are open at once, the least recently asked
// dropped first: memory stays bounded whoever replays whatever. Requests that come while a game's
// record is being read wait for it, and are answered in order.

#include <cstddef>
#include <list>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "protocol/messages.hpp"
#include "server/client.hpp"
#include "server/replay_request.hpp"

namespace archipel::server {

class StoredReplays {
 public:
  static constexpr std::size_t kKept = 16;

  /// A request waiting for its game's record.
  struct Wanted {
    ClientPtr client;
    protocol::ReplayRequest request;
    bool as_text = false;
  };

  /// The replay of `room`'s game if it is open (it becomes the most recently asked), else null.
  ReplayCursor* find(RoomId room);
  /// Keeps the replay opened for `room`, dropping the least recently asked one past kKept.
  ReplayCursor& keep(RoomId room, ReplayCursor cursor);
  /// Drops the replay of `room` (a step that does not replay).
  void drop(RoomId room);
  std::size_t open() const { return cursors_.size(); }

  /// Queues `wanted` until `room`'s record is read: true for the first (the caller reads it).
  bool wait(RoomId room, Wanted wanted);
  /// The requests that waited for `room`'s record, in their order.
  std::vector<Wanted> take_waiting(RoomId room);

 private:
  struct Open {
    RoomId room;
    ReplayCursor cursor;
  };
  std::list<Open> cursors_;  // most recently asked first
  std::unordered_map<RoomId, std::list<Open>::iterator> by_room_;
  std::unordered_map<RoomId, std::vector<Wanted>> waiting_;
};

}  // namespace archipel::server
