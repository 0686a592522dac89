#pragma once
// The swarm: archipel-load's clients, split over one or two worker threads, each running its own
// io_context and its own share of the rooms ("tables"), so no client state is ever shared between
// threads. The main thread drives the phases (connect, seat, run) and reads the counters, which are
// the only shared state.
//
// A client speaks docs/protocol.md like any other: hello; the table's first client (its host) sends
// `/create <game> [options]`, learns the room from the `room` message naming it host, and the
// others `/join` it; in play modes the host sends `/start` once the room is full and the run has
// begun, each client keeps its view with bots' ViewTracker (state and patch rules in one place) and
// moves from its view's `legal`; after `over` the table leaves and seats itself again in a new
// room. Unknown message types and fields are ignored.

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tools/load/latency_histogram.hpp"
#include "tools/load/load_config.hpp"

namespace archipel::load {

/// Cumulative counts since the start; each worker writes its own, the main thread sums them.
struct Counters {
  std::atomic<std::uint64_t> connected{0};  // WebSocket handshakes done
  std::atomic<std::uint64_t> welcomed{0};   // welcome received
  std::atomic<std::uint64_t> failed{0};     // connections that failed or were lost
  std::atomic<std::uint64_t> seated{0};     // clients seated in their table's first room
  std::atomic<std::uint64_t> last_seated_ns{
      0};  // when the last of them saw itself seated (steady clock)
  std::atomic<std::uint64_t> messages_in{0};  // frames received
  std::atomic<std::uint64_t> chats_sent{0};
  std::atomic<std::uint64_t> chats_delivered{
      0};  // chat lines received from the own room (own echo included)
  std::atomic<std::uint64_t> moves_sent{0};
  std::atomic<std::uint64_t> moves_applied{0};  // own patches (`by` this seat) after a move
  std::atomic<std::uint64_t> patches_in{0};
  std::atomic<std::uint64_t> games_over{0};  // `over` messages received
  std::atomic<std::uint64_t> errors{0};      // `error` messages and failed connections
};

/// A plain snapshot of Counters (summed over workers).
struct CountSnapshot {
  std::uint64_t connected = 0, welcomed = 0, failed = 0, seated = 0, messages_in = 0,
                chats_sent = 0, chats_delivered = 0, moves_sent = 0, moves_applied = 0,
                patches_in = 0, games_over = 0, errors = 0;
};

/// What only the end report needs, read once the workers have stopped.
struct Measures {
  LatencyHistogram move_latency_us;  // action sent -> own patch
  LatencyHistogram chat_latency_us;  // chat sent -> delivered to another seat of the room
  std::map<std::string, std::uint64_t>
      errors;  // by code: the server's error codes, and connect, handshake, lost
  /// Play modes: the tables, and those whose clients had no move applied for stall_time(config)
  /// (load_config.hpp) at the end of the run. A stalled table plays no more, so the run's rate
  /// falls; that is a fault of the server or of this tool.
  std::uint64_t tables = 0, tables_stalled = 0;
  /// The most rooms being seated at one time (opened, not yet full), summed over the workers:
  /// --rooms-at-once bounds it; every room at once makes it the number of rooms.
  std::uint64_t rooms_seating_max = 0;
};

class Worker;

class Swarm {
 public:
  explicit Swarm(const LoadConfig& config);
  ~Swarm();

  /// Starts the workers and every connection (at most --connect-concurrency handshakes at once).
  void connect();
  /// Hosts create rooms and the others join them (no-op in idle mode).
  void seat();
  /// Begins the measured phase: latencies are recorded, hosts start games, chat timers run.
  void run();
  /// Stops recording latencies (the counters keep counting until stop()).
  void end_measure();
  /// Closes every connection and joins the worker threads.
  void stop();

  CountSnapshot counts() const;
  /// When the last client to be seated in its table's first room saw itself seated (steady clock,
  /// ns; 0 when none was): the seating time, to the event rather than to the main thread's next
  /// look at the counters.
  std::uint64_t last_seated_ns() const;
  /// Clients that belong to a full table (the others stay in the lobby).
  int seatable_clients() const;
  /// Valid after stop().
  Measures measures() const;

 private:
  LoadConfig config_;
  std::vector<std::unique_ptr<Worker>> workers_;
};

}  // namespace archipel::load
