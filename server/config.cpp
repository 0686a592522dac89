#include "server/config.hpp"

#include <algorithm>
#include <thread>
#include <utility>

#include <CLI/CLI.hpp>

#include "server/cluster.hpp"
#include "server/redis_connection.hpp"

#ifndef ARCHIPEL_DEFAULT_WEB_ROOT
#define ARCHIPEL_DEFAULT_WEB_ROOT "web-client"
#endif

namespace archipel::server {

std::string default_web_root() {
  return ARCHIPEL_DEFAULT_WEB_ROOT;
}

int threads_for_cores(unsigned cores) {
  return cores > 2 ? static_cast<int>(std::min(cores - 1, 64u)) : 1;
}

int default_threads() {
  return threads_for_cores(std::thread::hardware_concurrency());
}

std::optional<std::chrono::milliseconds> parse_duration(std::string_view text) {
  std::size_t digits = 0;
  std::int64_t n = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') {
    if (n > 1'000'000'000'000) return std::nullopt;  // far past any sensible duration
    n = n * 10 + (text[digits++] - '0');
  }
  if (digits == 0) return std::nullopt;
  const std::string_view unit = text.substr(digits);
  std::int64_t ms_per_unit = 0;
  if (unit.empty() || unit == "s")
    ms_per_unit = 1000;
  else if (unit == "ms")
    ms_per_unit = 1;
  else if (unit == "m")
    ms_per_unit = 60 * 1000;
  else if (unit == "h")
    ms_per_unit = 3600 * 1000;
  else if (unit == "d")
    ms_per_unit = 24 * 3600 * 1000;
  else
    return std::nullopt;
  if (n > std::int64_t{365} * 24 * 3600 * 1000 * 100 / ms_per_unit)
    return std::nullopt;  // over a century
  return std::chrono::milliseconds(n * ms_per_unit);
}

bool is_postgresql_url(std::string_view text) {
  return text.starts_with("postgresql://") || text.starts_with("postgres://");
}

namespace {

// Where the passwords are in a libpq URL, scheme://[user[:password]@]host.../db[?key=value&...]:
// the user part ends at the first '@' before any '/' (as libpq reads it), and a password may also
// come as a parameter. Each as (start, length), in the order they come.
std::vector<std::pair<std::size_t, std::size_t>> passwords(std::string_view url) {
  std::vector<std::pair<std::size_t, std::size_t>> found;
  const auto scheme = url.find("://");
  if (scheme == std::string_view::npos) return found;
  const auto start = scheme + 3;
  const auto end = url.find_first_of("@/", start);
  if (end != std::string_view::npos && url[end] == '@') {
    const auto colon = url.find(':', start);
    if (colon < end) found.emplace_back(colon + 1, end - colon - 1);
  }
  for (auto at = url.find('?'); at != std::string_view::npos; at = url.find('&', at + 1)) {
    if (url.substr(at + 1, 9) != "password=") continue;
    const auto value = at + 10;
    found.emplace_back(value, std::min(url.find('&', value), url.size()) - value);
  }
  return found;
}

}  // namespace

std::string without_password(std::string_view url) {
  std::string out(url);
  const auto found = passwords(url);
  for (auto it = found.rbegin(); it != found.rend(); ++it)
    out.replace(it->first, it->second, "***");
  return out;
}

std::string without_password_in(std::string text, std::string_view url) {
  for (const auto& [start, length] : passwords(url)) {
    const std::string secret(url.substr(start, length));
    if (secret.empty()) continue;
    for (auto at = text.find(secret); at != std::string::npos; at = text.find(secret, at + 3))
      text.replace(at, secret.size(), "***");
  }
  return text;
}

bool keeps_nothing(const Config& config) {
  return config.store.empty() && (config.data_dir.empty() || config.data_dir == "memory");
}

std::string store_description(const Config& config) {
  if (!config.store.empty()) return without_password(config.store);
  if (keeps_nothing(config)) return "memory";
  return "sqlite:" + config.data_dir + "/archipel.sqlite3";
}

std::optional<Config> parse_config(int argc, char** argv, int* exit_code) {
  Config c;
  CLI::App app{"archipel-server: board games online, played with chat commands"};
  app.option_defaults()->always_capture_default();
  app.add_option("--bind", c.bind, "address to listen on")->envname("ARCHIPEL_BIND");
  app.add_option("--port", c.port, "port for HTTP and WebSocket (0: any free port)")
      ->envname("ARCHIPEL_PORT");
  app.add_option("--data", c.data_dir,
                 "data folder for the SQLite store (\"memory\": keep nothing)")
      ->envname("ARCHIPEL_DATA");
  app.add_option(
         "--store", c.store,
         "a PostgreSQL database to keep the games in instead, as a postgresql:// (or postgres://) "
         "URL; "
         "--data is then unused (a password is better in PGPASSWORD or ~/.pgpass than in the URL)")
      ->envname("ARCHIPEL_STORE")
      ->check(CLI::Validator(
          [](std::string& v) {
            // Not echoed: a mistyped value may hold a password.
            return v.empty() || is_postgresql_url(v) ? std::string()
                                                     : "not a postgresql:// or postgres:// URL";
          },
          "URL"));
  app.add_option("--web-root", c.web_root, "folder of the web client's files")
      ->envname("ARCHIPEL_WEB_ROOT");
  app.add_option("--threads", c.threads,
                 "network threads (the io_context's); default one fewer than the cores, at least 1")
      ->envname("ARCHIPEL_THREADS")
      ->check(CLI::Range(1, 64));
  app.add_option("--log-level", c.log_level, "trace, debug, info, warn, error or off")
      ->envname("ARCHIPEL_LOG_LEVEL")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}));
  app.add_option("--max-frame", c.max_frame_bytes, "largest WebSocket message accepted, in bytes")
      ->envname("ARCHIPEL_MAX_FRAME")
      ->check(CLI::Range(1024, 16 * 1024 * 1024));
  app.add_option("--max-queue", c.max_queue,
                 "frames queued for one client before it is dropped as too slow")
      ->envname("ARCHIPEL_MAX_QUEUE")
      ->check(CLI::Range(8, 100000));
  app.add_option("--rate", c.rate_per_second, "messages per second one client may send, sustained")
      ->envname("ARCHIPEL_RATE")
      ->check(CLI::Range(0.1, 100000.0));
  app.add_option("--burst", c.rate_burst, "messages one client may send in a burst")
      ->envname("ARCHIPEL_BURST")
      ->check(CLI::Range(1, 100000));
  app.add_option("--idle-timeout", c.idle_timeout_seconds,
                 "seconds without traffic before a client is dropped")
      ->envname("ARCHIPEL_IDLE_TIMEOUT")
      ->check(CLI::Range(2, 86400));
  app.add_option("--seat-grace", c.seat_grace_seconds,
                 "seconds a dropped player's seat is kept in a room that has not started")
      ->envname("ARCHIPEL_SEAT_GRACE")
      ->check(CLI::Range(0, 86400));
  app.add_option("--bot-delay", c.bot_delay_ms, "milliseconds a /addbot bot waits before each move")
      ->envname("ARCHIPEL_BOT_DELAY")
      ->check(CLI::Range(0, 60000));
  app.add_option("--bot-threads", c.bot_threads,
                 "threads where /addbot bots think, apart from the network threads")
      ->envname("ARCHIPEL_BOT_THREADS")
      ->check(CLI::Range(1, 256));
  app.add_option("--max-queue-bytes", c.max_queue_bytes,
                 "bytes queued for one client before it is dropped as too slow")
      ->envname("ARCHIPEL_MAX_QUEUE_BYTES")
      ->check(CLI::Range(std::size_t{64 * 1024}, std::size_t{1} << 32));
  app.add_option("--max-connections", c.max_connections,
                 "open sockets the server accepts before answering HTTP 503 (0: the open-file "
                 "limit less a reserve)")
      ->envname("ARCHIPEL_MAX_CONNECTIONS");
  app.add_option("--max-per-address", c.max_per_address,
                 "WebSocket connections from one client address")
      ->envname("ARCHIPEL_MAX_PER_ADDRESS")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1000000}));
  app.add_option("--hello-timeout", c.hello_timeout_seconds,
                 "seconds a new connection has to say hello")
      ->envname("ARCHIPEL_HELLO_TIMEOUT")
      ->check(CLI::Range(1, 3600));
  app.add_option(
         "--lobby-flush", c.lobby_flush_ms,
         "milliseconds room-list changes are gathered before lobby clients get them as one update")
      ->envname("ARCHIPEL_LOBBY_FLUSH")
      ->check(CLI::Range(0, 10000));
  std::string abandon_after = "24h";
  app.add_option("--abandon-after", abandon_after,
                 "a game whose seated people have all been away this long ends as abandoned: 90s, "
                 "30m, 24h, 7d "
                 "(a number alone: seconds; 0: never)")
      ->envname("ARCHIPEL_ABANDON_AFTER")
      ->check(CLI::Validator(
          [](std::string& v) { return parse_duration(v) ? std::string() : "not a duration: " + v; },
          "DURATION"));
  std::string handover_after = "60s";
  app.add_option("--handover-after", handover_after,
                 "a seated person away this long during a game may have their seat handed to a bot "
                 "by a vote of "
                 "the others (/handover): 30s, 2m (a number alone: seconds)")
      ->envname("ARCHIPEL_HANDOVER_AFTER")
      ->check(CLI::Validator(
          [](std::string& v) { return parse_duration(v) ? std::string() : "not a duration: " + v; },
          "DURATION"));
  app.add_option(
         "--name-grace", c.name_grace_seconds,
         "seconds a dropped player's name and token stay theirs when they hold no seat in a game "
         "still to play (in no room, or the game is over)")
      ->envname("ARCHIPEL_NAME_GRACE")
      ->check(CLI::Range(0, 86400));
  app.add_option(
         "--allowed-origins", c.allowed_origins,
         "origins (scheme://host[:port]) a browser may open a WebSocket from, comma-separated, or "
         "* for any "
         "(default: the page's own origin only; clients sending no Origin are always accepted)")
      ->envname("ARCHIPEL_ALLOWED_ORIGINS")
      ->delimiter(',');
  std::string sqlite_sync = "normal";
  app.add_option(
         "--sqlite-sync", sqlite_sync,
         "normal: a killed process loses nothing committed, a power loss may lose the last "
         "commits; "
         "full: a power loss loses nothing committed either, each commit waits for the disk")
      ->envname("ARCHIPEL_SQLITE_SYNC")
      ->check(CLI::IsMember({"normal", "full"}));
  std::string password_cost = "interactive";
  app.add_option("--password-cost", password_cost,
                 "the Argon2id cost of account passwords: interactive (64 MiB, what a login a "
                 "person waits for should cost), moderate (256 MiB), minimum (tests only: protects "
                 "nothing)")
      ->envname("ARCHIPEL_PASSWORD_COST")
      ->check(CLI::IsMember({"interactive", "moderate", "minimum"}));
  app.add_option(
         "--commit-interval", c.commit_interval_ms,
         "milliseconds: the store commits at most once this often, and the moves of all rooms "
         "arriving "
         "meanwhile share the commit (a move waits at most this long; 0: each commit at once)")
      ->envname("ARCHIPEL_COMMIT_INTERVAL")
      ->check(CLI::Range(0, 1000));
  app.add_option("--max-rooms-per-player", c.max_rooms_per_player,
                 "rooms, waiting or playing, that one player may have created and still sit in")
      ->envname("ARCHIPEL_MAX_ROOMS_PER_PLAYER")
      ->check(CLI::Range(1, 1000));
  app.add_option("--cluster", c.cluster,
                 "share names and room ids with other nodes through this Redis: "
                 "redis://[[user]:password@]host[:port][/db] (docs/cluster.md; default: a node "
                 "alone)")
      ->envname("ARCHIPEL_CLUSTER")
      ->check(CLI::Validator(
          [](std::string& v) {
            // The reason never quotes the URL: it may hold a password.
            std::string why;
            return v.empty() || parse_redis_url(v, &why) ? std::string()
                                                         : "bad --cluster URL: " + why;
          },
          "URL"));
  app.add_option("--node-id", c.node_id,
                 "this node's id in the cluster, 1 to 64 characters from A-Z a-z 0-9 . _ - "
                 "(default: hostname-pid)")
      ->envname("ARCHIPEL_NODE_ID")
      ->check(CLI::Validator(
          [](std::string& v) {
            return v.empty() || valid_node_id(v) ? std::string()
                                                 : "a node id is 1 to 64 of A-Z a-z 0-9 . _ -";
          },
          "ID"));
  app.add_option("--node-address", c.node_address,
                 "host[:port] the other nodes reach this one at, to carry a player there "
                 "(default: the --bind address, or the hostname when bound to every address; the "
                 "listening port when none is given)")
      ->envname("ARCHIPEL_NODE_ADDRESS");
  std::string cluster_lease = "5s";
  app.add_option("--cluster-lease", cluster_lease,
                 "how long a node's keys in Redis (its registration, its players' names) outlive "
                 "its last heartbeat: 5s, 1500ms")
      ->envname("ARCHIPEL_CLUSTER_LEASE")
      ->check(CLI::Validator(
          [](std::string& v) {
            auto d = parse_duration(v);
            return d && d->count() >= 100 ? std::string() : "a duration of at least 100ms: " + v;
          },
          "DURATION"));
  std::string cluster_heartbeat = "1s";
  app.add_option("--cluster-heartbeat", cluster_heartbeat,
                 "how often a node renews its keys in Redis; shorter than --cluster-lease")
      ->envname("ARCHIPEL_CLUSTER_HEARTBEAT")
      ->check(CLI::Validator(
          [](std::string& v) {
            auto d = parse_duration(v);
            return d && d->count() >= 10 ? std::string() : "a duration of at least 10ms: " + v;
          },
          "DURATION"));
  app.add_option("--port-file", c.port_file, "write the bound port to this file once listening");
  app.add_flag("--health-check", c.health_check,
               "do not serve: GET /healthz from the server these flags and variables configure, "
               "exit 0 if it "
               "answers 200, else 1 (the image's HEALTHCHECK)");
  try {
    app.parse(argc, argv);
    c.abandon_after = *parse_duration(abandon_after);
    c.handover_after = *parse_duration(handover_after);
    c.sqlite_sync_full = sqlite_sync == "full";
    c.password_cost = *parse_password_cost(password_cost);
    c.cluster_lease = *parse_duration(cluster_lease);
    c.cluster_heartbeat = *parse_duration(cluster_heartbeat);
    if (c.cluster_heartbeat >= c.cluster_lease)
      throw CLI::ValidationError("--cluster-heartbeat",
                                 "must be shorter than --cluster-lease (a beat renews the lease)");
  } catch (const CLI::ParseError& e) {
    *exit_code = app.exit(e);
    return std::nullopt;
  }
  return c;
}

}  // namespace archipel::server
