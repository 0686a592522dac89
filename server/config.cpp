#include "server/config.hpp"

#include <CLI/CLI.hpp>

#ifndef ARCHIPEL_DEFAULT_WEB_ROOT
#define ARCHIPEL_DEFAULT_WEB_ROOT "web-client"
#endif

namespace archipel::server {

std::string default_web_root() { return ARCHIPEL_DEFAULT_WEB_ROOT; }

std::optional<Config> parse_config(int argc, char** argv, int* exit_code) {
  Config c;
  CLI::App app{"archipel-server: board games online, played with chat commands"};
  app.option_defaults()->always_capture_default();
  app.add_option("--bind", c.bind, "address to listen on")->envname("ARCHIPEL_BIND");
  app.add_option("--port", c.port, "port for HTTP and WebSocket (0: any free port)")->envname("ARCHIPEL_PORT");
  app.add_option("--data", c.data_dir, "data folder for the SQLite store (\"memory\": keep nothing)")->envname("ARCHIPEL_DATA");
  app.add_option("--web-root", c.web_root, "folder of the web client's files")->envname("ARCHIPEL_WEB_ROOT");
  app.add_option("--threads", c.threads, "threads running the io_context")->envname("ARCHIPEL_THREADS")->check(CLI::Range(1, 64));
  app.add_option("--log-level", c.log_level, "trace, debug, info, warn, error or off")
      ->envname("ARCHIPEL_LOG_LEVEL")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}));
  app.add_option("--max-frame", c.max_frame_bytes, "largest WebSocket message accepted, in bytes")
      ->envname("ARCHIPEL_MAX_FRAME")->check(CLI::Range(1024, 16 * 1024 * 1024));
  app.add_option("--max-queue", c.max_queue, "frames queued for one client before it is dropped as too slow")
      ->envname("ARCHIPEL_MAX_QUEUE")->check(CLI::Range(8, 100000));
  app.add_option("--rate", c.rate_per_second, "messages per second one client may send, sustained")
      ->envname("ARCHIPEL_RATE")->check(CLI::Range(0.1, 100000.0));
  app.add_option("--burst", c.rate_burst, "messages one client may send in a burst")
      ->envname("ARCHIPEL_BURST")->check(CLI::Range(1, 100000));
  app.add_option("--idle-timeout", c.idle_timeout_seconds, "seconds without traffic before a client is dropped")
      ->envname("ARCHIPEL_IDLE_TIMEOUT")->check(CLI::Range(2, 86400));
  app.add_option("--seat-grace", c.seat_grace_seconds,
                 "seconds a dropped player's seat is kept in a room that has not started")
      ->envname("ARCHIPEL_SEAT_GRACE")->check(CLI::Range(0, 86400));
  app.add_option("--bot-delay", c.bot_delay_ms, "milliseconds a /addbot bot waits before each move")
      ->envname("ARCHIPEL_BOT_DELAY")->check(CLI::Range(0, 60000));
  app.add_option("--max-queue-bytes", c.max_queue_bytes, "bytes queued for one client before it is dropped as too slow")
      ->envname("ARCHIPEL_MAX_QUEUE_BYTES")->check(CLI::Range(std::size_t{64 * 1024}, std::size_t{1} << 32));
  app.add_option("--max-connections", c.max_connections,
                 "open sockets the server accepts before answering HTTP 503 (0: the open-file limit less a reserve)")
      ->envname("ARCHIPEL_MAX_CONNECTIONS");
  app.add_option("--max-per-address", c.max_per_address, "WebSocket connections from one client address")
      ->envname("ARCHIPEL_MAX_PER_ADDRESS")->check(CLI::Range(std::size_t{1}, std::size_t{1000000}));
  app.add_option("--hello-timeout", c.hello_timeout_seconds, "seconds a new connection has to say hello")
      ->envname("ARCHIPEL_HELLO_TIMEOUT")->check(CLI::Range(1, 3600));
  app.add_option("--lobby-flush", c.lobby_flush_ms,
                 "milliseconds room-list changes are gathered before lobby clients get them as one update")
      ->envname("ARCHIPEL_LOBBY_FLUSH")->check(CLI::Range(0, 10000));
  app.add_option("--port-file", c.port_file, "write the bound port to this file once listening");
  app.add_flag("--health-check", c.health_check,
               "do not serve: GET /healthz from the server these flags and variables configure, exit 0 if it "
               "answers 200, else 1 (the image's HEALTHCHECK)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    *exit_code = app.exit(e);
    return std::nullopt;
  }
  return c;
}

}  // namespace archipel::server
