#pragma once
// What every session of the bare server shares: nicknames and rooms, behind one mutex held only
// long enough to change a room and copy its member list (Beast chat-multi's shared_state). Plain
// std containers, no game: a room is a list of seats and chat fans out to them, each message
// serialized once and its buffer shared.

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace bare {

class Session;

class SharedState {
 public:
  explicit SharedState(int seats_per_room) : seats_per_room_(seats_per_room) {}

  /// Takes `name` for `session`; false if another session holds it (case-sensitive here: a
  /// reference, not a lobby).
  bool claim_name(const std::string& name, const std::shared_ptr<Session>& session);
  /// The session is gone: frees its name and its seat.
  void leave_all(const std::string& name, std::optional<std::int64_t> room);

  /// `/create`: a new room with `name` on its first seat, as host. Returns its id.
  std::int64_t create_room(const std::string& game, const std::string& name,
                           const std::shared_ptr<Session>& host);
  /// `/join`: the first free seat of `room`. Empty on success, otherwise an error code.
  std::string join_room(std::int64_t room, const std::string& name,
                        const std::shared_ptr<Session>& session);
  /// `/leave`.
  void leave_room(std::int64_t room, const std::string& name);
  /// Chat from `name` to everyone seated in `room` (the sender too, as Archipel does).
  void chat(std::int64_t room, const std::string& name, const std::string& text);

 private:
  struct Seat {
    std::string name;  // empty: free
    std::weak_ptr<Session> session;
  };
  struct Room {
    std::int64_t id = 0;
    std::string game;
    std::string host;
    std::vector<Seat> seats;
  };

  // A frame and the sessions it goes to. Made under the mutex, sent after it is released: holding a
  // session while the mutex is held could make this the last owner, and the session's destructor
  // takes the mutex (leave_all), which deadlocked the server at the end of a run.
  struct Delivery {
    std::vector<std::shared_ptr<Session>> to;
    std::shared_ptr<const std::string> frame;
  };
  // The room's `room` message for its members. Called with the mutex held.
  Delivery publish(const Room& room);
  static void fan_out(Delivery delivery);

  int seats_per_room_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::weak_ptr<Session>> names_;
  std::unordered_map<std::int64_t, Room> rooms_;
  std::int64_t next_room_ = 1;
};

}  // namespace bare
