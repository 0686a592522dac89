#pragma once
// The store's writer: one thread that takes the writes of every room, commits them in groups (all
// the actions waiting when it wakes go into one transaction: group commit) and then tells each room
// its write is durable. It also reads the record of an old game, in order with the writes, for the
// lobby and the rooms. Rooms never wait on the disk on a network thread, and a busy server pays one
// commit for many moves. The durability rule does not change: a room sends nothing about a move
// before its `done(true)` (server/room.cpp), so an acknowledged move survives kill -9.
//
// A commit costs about the same for one action as for many. With a commit interval the writer
// commits at most once per interval: on a busy server the moves of many rooms share each commit,
// each waiting at most the interval; on a quiet one a move is written at once.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <variant>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/executor_work_guard.hpp>

#include "server/store.hpp"

namespace archipel::server {

class StoreWriter {
 public:
  /// Called on the writer's thread once the write is committed (true) or has failed (false): post
  /// from it.
  using Done = std::function<void(bool stored)>;

  /// `commit_interval`: the least time between two commits (0: each as soon as there is something
  /// to write).
  explicit StoreWriter(Store& store, std::chrono::milliseconds commit_interval = {});
  /// Writes what is queued, then stops the thread.
  ~StoreWriter();
  StoreWriter(const StoreWriter&) = delete;
  StoreWriter& operator=(const StoreWriter&) = delete;

  /// Queues a new game's record (Store::save_game): the start of a game, before any of its actions.
  void save_game(GameRecord record, boost::asio::any_io_executor waiting, Done done);
  /// Queues action `index` of `room`. `waiting` is the executor `done` will post to: it is kept
  /// busy (a work guard) until `done` has run, so an io_context that runs out of other work does
  /// not return before it.
  void append_action(RoomId room, int index, ActionRecord action,
                     boost::asio::any_io_executor waiting, Done done);
  /// Queues the end of a game (ended at `ended_ms`, Unix milliseconds), after every action queued
  /// before it.
  void finish_game(RoomId room, nlohmann::json outcome, std::int64_t ended_ms,
                   boost::asio::any_io_executor waiting, Done done);

  /// Queues the abandonment of a game (Store::abandon_game), after every write queued before it.
  void abandon_game(RoomId room, boost::asio::any_io_executor waiting, Done done);
  /// Queues Store::set_away_since, in order with the rest.
  void set_away_since(RoomId room, std::optional<std::int64_t> unix_ms,
                      boost::asio::any_io_executor waiting, Done done);

  /// Queues Store::set_seat_play, in order with the rest.
  void set_seat_play(RoomId room, SeatPlay play, boost::asio::any_io_executor waiting, Done done);

  /// Called on the writer's thread with a game's record, or nullopt when the store has none: post
  /// from it.
  using Loaded = std::function<void(std::optional<GameRecord> record)>;
  /// Reads a game's record (Store::load_game) on the writer's thread, after every write queued
  /// before it: a network thread never waits on the disk, nor behind a commit, to read an old game
  /// (/log, a replay).
  void load_game(RoomId room, boost::asio::any_io_executor waiting, Loaded loaded);

  /// Runs `task` on the writer's thread with the store, in order with the writes: it sees every
  /// write queued before it, and the writes queued after it wait for it. For what reads and writes
  /// together (a rated game: read the ratings, rate, write them, server/rated_game.hpp) and for the
  /// reads that must follow a write (/top and /profile after a game's end). `task` posts its
  /// answer itself; it must not throw.
  using Task = std::function<void(Store& store)>;
  void run_task(Task task, boost::asio::any_io_executor waiting);

  Store& store() { return store_; }
  /// Whether the last write failed (thread-safe): the store cannot take a move now (/readyz). A
  /// write that succeeds clears it.
  bool failing() const { return failing_.load(std::memory_order_relaxed); }

 private:
  struct Save {
    GameRecord record;
  };
  struct Append {
    PendingAction action;
  };
  struct Finish {
    RoomId room;
    nlohmann::json outcome;
    std::int64_t ended_ms;
  };
  struct Abandon {
    RoomId room;
  };
  struct MarkAway {
    RoomId room;
    std::optional<std::int64_t> since;
  };
  struct SetSeatPlay {
    RoomId room;
    SeatPlay play;
  };
  struct Load {  // a read, queued with the writes so that it sees every one made before it
    RoomId room;
    Loaded loaded;
  };
  struct RunTask {
    Task task;
  };
  struct Write {
    std::variant<Save, Append, Finish, Abandon, MarkAway, SetSeatPlay, Load, RunTask> what;
    boost::asio::executor_work_guard<boost::asio::any_io_executor> guard;
    Done done;
  };

  void queue(Write write);
  void run();
  void write_batch(std::deque<Write>& batch);

  Store& store_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Write> queued_;
  bool stopping_ = false;
  bool idle_ = false;  // the writer waits for work: a new write must wake it
  std::atomic<bool> failing_{false};
  const std::chrono::milliseconds commit_interval_;
  std::thread thread_;  // last: started once everything above exists
};

}  // namespace archipel::server
