#pragma once
// Configuration: flags, each with an environment variable (flags win). docs/operations.md lists
// them all.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/password_hash.hpp"

namespace archipel::server {

/// The source tree's web-client/ folder, baked in at build time (the Docker image sets
/// ARCHIPEL_WEB_ROOT).
std::string default_web_root();

/// A duration as an operator writes it: a whole number and a unit, `ms`, `s`, `m`, `h` or `d`
/// ("90s", "24h"); a number alone is seconds. nullopt for anything else (negative, fractional,
/// unknown unit, overflow).
std::optional<std::chrono::milliseconds> parse_duration(std::string_view text);

/// The network threads for a machine of `cores` cores (0: unknown): one fewer than the cores, at
/// least one, at most 64. The other core is the store writer's and the bots' (they think on their
/// own threads); and on a small machine one more network thread mostly wakes up for nothing:
/// measured on 2 cores, a Santa Cruz move cost 10-20% more server CPU with two network threads than
/// with one, and the bare Beast server's relay line 45% more (docs/operations.md).
int threads_for_cores(unsigned cores);
/// threads_for_cores of this machine: --threads when none is given.
int default_threads();

struct Config {
  std::string bind = "0.0.0.0";   // --bind, ARCHIPEL_BIND
  std::uint16_t port = 8080;      // --port, ARCHIPEL_PORT (0: any free port, printed at start)
  std::string data_dir = "data";  // --data, ARCHIPEL_DATA ("" or "memory": nothing persisted)
  std::string store;  // --store, ARCHIPEL_STORE: a postgresql:// (or postgres://) URL, or ""
                      // for the store --data names
  std::string web_root = default_web_root();  // --web-root, ARCHIPEL_WEB_ROOT
  int threads = default_threads();            // --threads, ARCHIPEL_THREADS
  std::string log_level =
      "info";  // --log-level, ARCHIPEL_LOG_LEVEL: trace debug info warn error off
  std::size_t max_frame_bytes = 64 * 1024;  // --max-frame, ARCHIPEL_MAX_FRAME
  std::size_t max_queue = 256;    // --max-queue, ARCHIPEL_MAX_QUEUE: frames queued per client
  double rate_per_second = 20;    // --rate, ARCHIPEL_RATE: sustained messages per second per client
  int rate_burst = 40;            // --burst, ARCHIPEL_BURST
  int idle_timeout_seconds = 60;  // --idle-timeout, ARCHIPEL_IDLE_TIMEOUT (pings at half of it)
  int seat_grace_seconds = 60;    // --seat-grace, ARCHIPEL_SEAT_GRACE: a dropped player's seat in a
                                  // room not yet started is kept this long
  int bot_delay_ms = 500;         // --bot-delay, ARCHIPEL_BOT_DELAY: pause before a bot's move (ms)
  int bot_threads = 1;  // --bot-threads, ARCHIPEL_BOT_THREADS: the pool where /addbot bots think
  std::size_t max_queue_bytes =
      4 * 1024 * 1024;              // --max-queue-bytes, ARCHIPEL_MAX_QUEUE_BYTES: bytes queued
                                    // per client before it is dropped as too slow
  std::size_t max_connections = 0;  // --max-connections, ARCHIPEL_MAX_CONNECTIONS: open sockets (0:
                                    // the open-file limit less a reserve); past it, HTTP 503
  std::size_t max_per_address =
      1000;  // --max-per-address, ARCHIPEL_MAX_PER_ADDRESS: WebSockets per client IP
  int hello_timeout_seconds = 30;  // --hello-timeout, ARCHIPEL_HELLO_TIMEOUT: a connection that has
                                   // not said hello by then is closed
  int lobby_flush_ms = 250;  // --lobby-flush, ARCHIPEL_LOBBY_FLUSH: room-list changes are gathered
                             // this long, then sent to lobby clients as one update (0: at once)
  std::chrono::milliseconds abandon_after =
      std::chrono::hours(24);  // --abandon-after, ARCHIPEL_ABANDON_AFTER:
                               // a game whose seated people have all been away this long is
                               // ended as abandoned (0: never)
  std::chrono::milliseconds handover_after =
      std::chrono::seconds(60);  // --handover-after,
                                 // ARCHIPEL_HANDOVER_AFTER: a seated person away this long may have
                                 // their seat's play handed to a bot (/handover)
  int name_grace_seconds = 60;   // --name-grace, ARCHIPEL_NAME_GRACE: a dropped lobby player's name
                                 // and token stay theirs this long
  std::vector<std::string>
      allowed_origins;            // --allowed-origins, ARCHIPEL_ALLOWED_ORIGINS: the Origins a
                                  // WebSocket upgrade may come from (empty: the page's own origin)
  bool sqlite_sync_full = false;  // --sqlite-sync, ARCHIPEL_SQLITE_SYNC: normal | full
  // --password-cost, ARCHIPEL_PASSWORD_COST: interactive | moderate | minimum (tests only): the
  // Argon2id cost of account passwords (server/password_hash.hpp)
  PasswordCost password_cost = PasswordCost::interactive;
  int commit_interval_ms = 2;  // --commit-interval, ARCHIPEL_COMMIT_INTERVAL: the store commits at
                               // most once this often; moves arriving meanwhile share the commit
  int max_rooms_per_player = 3;  // --max-rooms-per-player, ARCHIPEL_MAX_ROOMS_PER_PLAYER: rooms
                                 // waiting or playing that one player created and still sits in
  std::string cluster;  // --cluster, ARCHIPEL_CLUSTER: a redis:// URL to share with other nodes
                        // (docs/cluster.md), or "" for a node alone
  std::string node_id;  // --node-id, ARCHIPEL_NODE_ID: this node's id in the cluster ("": the
                        // hostname and the pid)
  // --node-address, ARCHIPEL_NODE_ADDRESS: "host[:port]" other nodes reach this one at, to carry a
  // player's connection here ("": the --bind address, or the hostname when bound to every
  // address; the listening port when none is given)
  std::string node_address;
  // --cluster-lease, ARCHIPEL_CLUSTER_LEASE: how long this node's keys outlive its last beat
  std::chrono::milliseconds cluster_lease = std::chrono::seconds(5);
  // --cluster-heartbeat, ARCHIPEL_CLUSTER_HEARTBEAT: how often the node renews its keys
  std::chrono::milliseconds cluster_heartbeat = std::chrono::seconds(1);
  std::string port_file;      // --port-file: write the bound port there (tests, scripts)
  bool health_check = false;  // --health-check: probe the running server's /healthz and exit
};

/// Whether `text` is a PostgreSQL URL (postgresql:// or postgres://), what --store takes.
bool is_postgresql_url(std::string_view text);
/// `url` with its password, if it has one (user:password@ or a password= parameter), replaced by
/// ***: what the log and error messages show of it.
std::string without_password(std::string_view url);
/// `text` with every occurrence of `url`'s password (either kind) replaced by ***: a message about
/// the URL, which may quote it or part of it (libpq's errors do).
std::string without_password_in(std::string text, std::string_view url);
/// Whether the configuration keeps nothing: no --store, and --data empty or "memory".
bool keeps_nothing(const Config& config);
/// The store the configuration selects, for the log: the PostgreSQL URL without its password,
/// "sqlite:<folder>/archipel.sqlite3" or "memory".
std::string store_description(const Config& config);

/// Parses argv and the environment. Returns nullopt after printing help or an error (exit code in
/// *exit_code).
std::optional<Config> parse_config(int argc, char** argv, int* exit_code);

}  // namespace archipel::server
