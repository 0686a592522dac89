#pragma once
// archipel-load's flags (docs/operations.md, "Load testing"): what to connect to, how many clients
// from which source addresses, and what they do once welcomed.

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace archipel::load {

/// What the clients do after `hello`.
enum class Mode {
  idle,    // nothing: hold the sockets (memory per idle socket)
  chat,    // seated in rooms, each client says a line at --rate per second; latency: sent ->
           // delivered to the others
  play,    // seated in rooms, games started, random legal moves --move-delay ms after the seat may
           // act
  closed,  // as play, with no delay: the next move as soon as the own patch arrives (closed loop)
  relay,   // seated in rooms, the seats chat in turn, each as soon as the line before its own
           // arrives (closed loop): a move's fan-out (one frame in, one out per seat) without a
           // game, so the bare server runs it
};

/// Whether the clients of `mode` chat (rather than play or idle).
inline bool chats(Mode mode) {
  return mode == Mode::chat || mode == Mode::relay;
}

struct LoadConfig {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string path = "/ws";
  int clients = 100;
  Mode mode = Mode::chat;
  std::string game = "santa-cruz";
  std::vector<std::string> options;  // key=value, appended to /create as typed
  int seats = 4;                     // clients per room
  double rate = 1.0;                 // chat lines per second per client
  int move_delay_ms = 200;
  double duration = 10;  // seconds of the measured phase (idle: seconds the sockets are held)
  std::string source = "127.0.0.1";  // first source address; the others follow it (127.0.0.2, ...)
  int sources = 0;         // 0: one per --per-address clients on a loopback host, none otherwise
  int per_address = 1000;  // the server's --max-per-address
  int connect_concurrency = 256;  // handshakes in flight at once
  int threads = 1;
  int server_pid = 0;
  double seat_timeout = 120;
  int rooms_at_once = 0;    // rooms being seated at one time; 0: every room at once
  std::string name_prefix;  // empty: "L<pid>-"
  bool json = false;
  bool quiet = false;
  bool pause = false;  // stop before seating and before closing until SIGUSR1 (for profilers)
};

std::string_view to_string(Mode mode);

/// Parses argv. On --help or an error returns nullopt and sets *exit_code (0 for --help), after
/// printing.
std::optional<LoadConfig> parse_load_config(int argc, const char* const* argv, int* exit_code);

/// The source addresses to bind, in order: `count` IPv4 addresses from `first` (127.0.0.1,
/// 127.0.0.2, ...). Empty when `first` is not an IPv4 address or the range would leave its /8.
std::vector<std::string> source_addresses(const std::string& first, int count);

/// How many source addresses a run uses: --sources when set; otherwise, for a loopback host, enough
/// that none carries more than --per-address clients; otherwise 0 (let the system choose).
int source_count(const LoadConfig& config);

/// Play modes: how long a table may go without a move before the end report counts it as stalled: 5
/// s, or ten move delays in play mode when that is longer.
std::chrono::milliseconds stall_time(const LoadConfig& config);

}  // namespace archipel::load
