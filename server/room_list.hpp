#pragma once
// The lobby's room list: what each room last told the lobby, and what lobby clients were last told.
// Free of I/O (the lobby owns the timer and the sockets), so it is tested without either.
//
// Two copies of the list: the live one (every change the rooms report, at once) and the published
// one (what lobby clients have seen). Changes mark a room dirty; take_delta() turns the dirty rooms
// into one update (added / changed / removed) and publishes it. So the lobby coalesces by calling
// take_delta() once per flush window: a room changed ten times is one `changed`, a room added and
// removed in one window is not sent at all. Pages are read from the published copy, so a page and
// the updates that follow it always agree.

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "protocol/messages.hpp"

namespace archipel::server {

using protocol::RoomId;
using protocol::RoomInfo;

/// One page of the published list: rooms by increasing id; `next` is set when more rooms may match
/// (ask again with after = next).
struct RoomPage {
  std::vector<RoomInfo> rooms;
  std::optional<RoomId> next;
};

class RoomList {
 public:
  /// A room's new summary (a new room or a change); published at the next take_delta().
  /// `here`: false for a room another node of a cluster owns, listed like any other but never
  /// offered by first_open (a /join with no number seats the player on this node).
  void update(const RoomInfo& info, bool here = true);
  /// The room is gone; published at the next take_delta(). Unknown ids are ignored.
  void remove(RoomId id);

  /// The live summary of a room, or null.
  const RoomInfo* find(RoomId id) const;
  /// The lowest-numbered live room of this node a newcomer can sit down in (waiting, a seat free).
  /// O(log n).
  std::optional<RoomId> first_open() const;
  /// Live rooms, by increasing id, at most `limit` of them (for the /rooms text).
  std::vector<const RoomInfo*> first(std::size_t limit) const;
  std::size_t size() const { return live_.size(); }

  /// Whether changes wait to be published.
  bool has_changes() const { return !dirty_.empty(); }
  /// What changed since the last call (each dirty room once, by id), and publishes it. Rooms whose
  /// summary came back to what was published are left out. O(changes · log n).
  protocol::RoomsDelta take_delta();

  /// Published rooms above `after` that match `filter`, by increasing id, at most `limit`. Looks at
  /// no more than `max_scanned` rooms, so a request costs the same however many rooms there are;
  /// when it stops before the end, `next` says where to go on (the page may then hold fewer than
  /// `limit` rooms, even none).
  RoomPage page(const protocol::RoomFilter& filter, std::optional<RoomId> after, std::size_t limit,
                std::size_t max_scanned) const;

 private:
  std::map<RoomId, RoomInfo> live_;
  std::map<RoomId, RoomInfo> published_;
  std::set<RoomId> dirty_;  // changed in live_ since the last take_delta()
  std::set<RoomId> open_;   // live rooms of this node with a free seat
};

}  // namespace archipel::server
