#include "tools/load/load_config.hpp"

#include <algorithm>

#include <arpa/inet.h>

#include <CLI/CLI.hpp>

namespace archipel::load {

std::string_view to_string(Mode mode) {
  switch (mode) {
    case Mode::idle:
      return "idle";
    case Mode::chat:
      return "chat";
    case Mode::play:
      return "play";
    case Mode::closed:
      return "closed";
    case Mode::relay:
      return "relay";
  }
  return "chat";
}

std::optional<LoadConfig> parse_load_config(int argc, const char* const* argv, int* exit_code) {
  LoadConfig c;
  CLI::App app{
      "archipel-load: many WebSocket clients against an Archipel server (or bench/bare_server), "
      "with latency, "
      "throughput and the server's CPU and memory"};
  app.option_defaults()->always_capture_default();
  app.add_option("--host", c.host, "server address");
  app.add_option("--port", c.port, "server port")->check(CLI::Range(1, 65535));
  app.add_option("--path", c.path, "WebSocket path");
  app.add_option("--clients", c.clients, "connections to open")->check(CLI::Range(1, 10000000));
  const std::map<std::string, Mode> modes{{"idle", Mode::idle},
                                          {"chat", Mode::chat},
                                          {"play", Mode::play},
                                          {"closed", Mode::closed},
                                          {"relay", Mode::relay}};
  std::string mode = "chat";
  app.add_option("--mode", mode,
                 "idle: hello only, hold the sockets; chat: rooms, chat at --rate; play: games, "
                 "random legal "
                 "moves after --move-delay; closed: games, next move as soon as the own patch "
                 "arrives; relay: rooms, "
                 "the seats chat in turn, each as soon as the line before its own arrives")
      ->check(CLI::IsMember({"idle", "chat", "play", "closed", "relay"}));
  app.add_option("--game", c.game, "game of the rooms (/create <game>)");
  app.add_option("--option", c.options, "a game option key=value for /create (repeatable)");
  app.add_option("--seats", c.seats, "clients per room")->check(CLI::Range(1, 64));
  app.add_option("--rate", c.rate, "chat: lines per second per client (the server allows 20)")
      ->check(CLI::Range(0.001, 1000.0));
  app.add_option("--move-delay", c.move_delay_ms,
                 "play: milliseconds between being able to move and moving")
      ->check(CLI::Range(0, 600000));
  app.add_option("--duration", c.duration,
                 "seconds measured once everyone is seated (idle: seconds held)")
      ->check(CLI::Range(0.0, 86400.0));
  app.add_option("--source", c.source, "first source address to bind (the next ones follow it)");
  app.add_option("--sources", c.sources,
                 "source addresses to spread the clients over (0: enough for --per-address each on "
                 "a loopback "
                 "host, else none)")
      ->check(CLI::Range(0, 65536));
  app.add_option("--per-address", c.per_address,
                 "clients per source address at most (the server's "
                 "--max-per-address)")
      ->check(CLI::Range(1, 1000000));
  app.add_option("--connect-concurrency", c.connect_concurrency, "handshakes in flight at once")
      ->check(CLI::Range(1, 100000));
  app.add_option("--threads", c.threads, "client threads (each runs its own share of the rooms)")
      ->check(CLI::Range(1, 2));
  app.add_option("--server-pid", c.server_pid,
                 "the server's process id, on this machine: report its CPU (its CPU clock) and "
                 "memory (/proc)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--seat-timeout", c.seat_timeout, "seconds to wait for every room to be seated")
      ->check(CLI::Range(1.0, 86400.0));
  app.add_option("--rooms-at-once", c.rooms_at_once,
                 "seat at most this many rooms at one time, the next opening as one fills (people "
                 "arriving steadily); "
                 "0, the default: every room at once")
      ->check(CLI::Range(0, 1000000));
  app.add_option("--name-prefix", c.name_prefix,
                 "nickname prefix (default L<pid>-; names must be unique)");
  app.add_flag("--json", c.json, "also print the summary as one JSON object on the last line");
  app.add_flag("--quiet", c.quiet, "no progress line every second");
  app.add_flag("--pause", c.pause,
               "stop before seating and before closing (idle mode: before closing only, it seats "
               "nobody), each time "
               "until the tool gets SIGUSR1 (kill -USR1 PID): a profiler can then measure the "
               "server over one phase");
  try {
    app.parse(argc, argv);
    c.mode = modes.at(mode);
    if (!c.name_prefix.empty() && c.name_prefix.size() > 14)
      throw CLI::ValidationError("--name-prefix", "at most 14 characters (names are at most 24)");
  } catch (const CLI::ParseError& e) {
    *exit_code = app.exit(e);
    return std::nullopt;
  }
  return c;
}

std::vector<std::string> source_addresses(const std::string& first, int count) {
  in_addr base{};
  if (inet_pton(AF_INET, first.c_str(), &base) != 1 || count < 0) return {};
  const std::uint32_t start = ntohl(base.s_addr);
  std::vector<std::string> out;
  for (int i = 0; i < count; ++i) {
    const std::uint32_t value = start + static_cast<std::uint32_t>(i);
    if ((value >> 24) != (start >> 24)) return {};
    in_addr a{htonl(value)};
    char text[INET_ADDRSTRLEN];
    inet_ntop(AF_INET, &a, text, sizeof text);
    out.emplace_back(text);
  }
  return out;
}

int source_count(const LoadConfig& config) {
  if (config.sources > 0) return config.sources;
  if (config.host.rfind("127.", 0) != 0 && config.host != "localhost") return 0;
  return (config.clients + config.per_address - 1) / config.per_address;
}

std::chrono::milliseconds stall_time(const LoadConfig& config) {
  const std::chrono::milliseconds delays(config.mode == Mode::play ? 10LL * config.move_delay_ms
                                                                   : 0);
  return std::max<std::chrono::milliseconds>(std::chrono::seconds(5), delays);
}

}  // namespace archipel::load
