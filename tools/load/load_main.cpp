// archipel-load: sizes a machine for Archipel (docs/operations.md, "Load testing"). Connects
// --clients WebSocket clients, says hello, seats them --seats to a room, then chats, plays or holds
// the sockets for --duration seconds, printing progress every second (standard error) and a summary
// at the end (standard output): delivered messages per second, latency percentiles, errors by code,
// seating time, and with --server-pid the server's CPU and memory over each phase.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <thread>

#include <pthread.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "tools/load/load_config.hpp"
#include "tools/load/process_usage.hpp"
#include "tools/load/swarm.hpp"

namespace {

using namespace archipel::load;
using Clock = std::chrono::steady_clock;
using nlohmann::json;

double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// The signal that ends a --pause: blocked by main, waited for by Run::pause_before.
sigset_t usr1_set() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGUSR1);
  return set;
}

class Run {
 public:
  explicit Run(const LoadConfig& config) : config_(config), swarm_(config) {}

  int go() {
    const int sources = source_count(config_);
    std::fprintf(stderr,
                 "archipel-load: %d clients (%s) to %s:%d from %d source address%s, %d thread%s\n",
                 config_.clients, std::string(to_string(config_.mode)).c_str(),
                 config_.host.c_str(), config_.port, sources, sources == 1 ? "" : "es",
                 config_.threads, config_.threads == 1 ? "" : "s");
    const auto before = usage();
    start_ = Clock::now();
    swarm_.connect();
    const auto t_connect = Clock::now();
    wait("connect", std::max(60.0, config_.clients / 200.0), [&](const CountSnapshot& c) {
      return c.welcomed + c.failed >= static_cast<std::uint64_t>(config_.clients);
    });
    connect_s_ = since(t_connect);
    const auto after_hello = usage();
    const auto hello_counts = swarm_.counts();

    std::optional<ProcessUsage> seat_before, seat_after, run_before, run_after;
    CountSnapshot run_counts_before, run_counts_after;
    double run_s = 0;
    if (config_.mode == Mode::idle) {
      const auto t = Clock::now();
      wait("hold", config_.duration, [](const CountSnapshot&) { return false; });
      run_s = since(t);
      run_after = usage();
    } else {
      pause_before("seat");
      seat_before = usage();
      const auto t_seat = Clock::now();
      swarm_.seat();
      const auto seatable = static_cast<std::uint64_t>(swarm_.seatable_clients());
      wait("seat", config_.seat_timeout,
           [&](const CountSnapshot& c) { return c.seated + c.failed >= seatable; });
      seat_s_ = since(t_seat);
      // The counters are looked at every 20 ms: a seating of a few tens of ms is timed to its last
      // event instead.
      if (const auto last = swarm_.last_seated_ns(); last > 0) {
        const auto t_seat_ns =
            std::chrono::duration_cast<std::chrono::nanoseconds>(t_seat.time_since_epoch()).count();
        if (static_cast<std::int64_t>(last) > t_seat_ns)
          seat_s_ = (static_cast<std::int64_t>(last) - t_seat_ns) / 1e9;
      }
      seat_after = usage();
      seated_ = swarm_.counts().seated;

      run_before = usage();
      run_counts_before = swarm_.counts();
      const auto t_run = Clock::now();
      swarm_.run();
      wait("run", config_.duration, [](const CountSnapshot&) { return false; });
      swarm_.end_measure();
      run_s = since(t_run);
      run_after = usage();
      run_counts_after = swarm_.counts();
    }
    const auto final_counts = swarm_.counts();
    pause_before("close");
    swarm_.stop();
    const Measures measures = swarm_.measures();

    // ---- the summary ----
    json out;
    out["mode"] = to_string(config_.mode);
    out["clients"] = config_.clients;
    out["welcomed"] = hello_counts.welcomed;
    out["failed"] = final_counts.failed;
    out["connect_s"] = connect_s_;
    std::printf("\n== archipel-load: %d clients, mode %s, %s:%d ==\n", config_.clients,
                std::string(to_string(config_.mode)).c_str(), config_.host.c_str(), config_.port);
    std::printf("connect   %llu welcomed, %llu failed, in %.2f s (%.0f hello/s)\n",
                static_cast<unsigned long long>(hello_counts.welcomed),
                static_cast<unsigned long long>(final_counts.failed), connect_s_,
                connect_s_ > 0 ? hello_counts.welcomed / connect_s_ : 0.0);
    if (before && after_hello && hello_counts.welcomed > 0) {
      const double per_socket =
          static_cast<double>(after_hello->rss_kib - before->rss_kib) / hello_counts.welcomed;
      std::printf(
          "server    RSS %ld KiB before, %ld KiB after hello: %.2f KiB per socket; CPU %.3f s for "
          "the "
          "hellos\n",
          before->rss_kib, after_hello->rss_kib, per_socket,
          after_hello->cpu_seconds - before->cpu_seconds);
      out["rss_before_kib"] = before->rss_kib;
      out["rss_after_hello_kib"] = after_hello->rss_kib;
      out["rss_per_socket_kib"] = per_socket;
    }
    if (config_.mode != Mode::idle) {
      const int rooms = config_.clients / config_.seats;
      std::printf(
          "seat      %llu of %d clients seated in %d rooms of %d in %.2f s, at most %llu rooms at "
          "once\n",
          static_cast<unsigned long long>(seated_), swarm_.seatable_clients(), rooms, config_.seats,
          seat_s_, static_cast<unsigned long long>(measures.rooms_seating_max));
      out["rooms"] = rooms;
      out["seated"] = seated_;
      out["seat_s"] = seat_s_;
      out["rooms_at_once"] = measures.rooms_seating_max;
      if (seat_before && seat_after) {
        const double cpu = seat_after->cpu_seconds - seat_before->cpu_seconds;
        std::printf("          server CPU %.3f s, %.3f ms per room\n", cpu,
                    rooms ? 1000 * cpu / rooms : 0.0);
        out["server_cpu_seat_s"] = cpu;
      }
      const CountSnapshot& a = run_counts_before;
      const CountSnapshot& b = run_counts_after;
      const auto delivered_chats = b.chats_delivered - a.chats_delivered;
      const auto moves = b.moves_applied - a.moves_applied;
      const auto patches = b.patches_in - a.patches_in;
      const auto delivered = chats(config_.mode) ? delivered_chats : patches;
      const auto lines = b.chats_sent - a.chats_sent;
      std::printf("run       %.2f s: %.0f messages in/s", run_s,
                  (b.messages_in - a.messages_in) / run_s);
      if (chats(config_.mode))
        std::printf(", %.0f chat lines sent/s, %.0f delivered/s\n", lines / run_s,
                    delivered_chats / run_s);
      else
        std::printf(
            ", %.0f moves/s (%llu applied, %llu sent), %.0f patches delivered/s, %llu game ends "
            "seen\n",
            moves / run_s, static_cast<unsigned long long>(moves),
            static_cast<unsigned long long>(b.moves_sent - a.moves_sent), patches / run_s,
            static_cast<unsigned long long>(b.games_over - a.games_over));
      out["run_s"] = run_s;
      out["delivered"] = delivered;
      out["delivered_per_s"] = delivered / run_s;
      out["chats_delivered"] = delivered_chats;
      out["moves_applied"] = moves;
      out["moves_per_s"] = moves / run_s;
      const auto& h = chats(config_.mode) ? measures.chat_latency_us : measures.move_latency_us;
      std::printf(
          "latency   %s: p50 %.2f ms, p99 %.2f ms, p99.9 %.2f ms, max %.2f ms (%llu samples)\n",
          chats(config_.mode) ? "chat -> delivery to the others" : "move -> own patch",
          h.percentile(0.5) / 1000.0, h.percentile(0.99) / 1000.0, h.percentile(0.999) / 1000.0,
          h.max() / 1000.0, static_cast<unsigned long long>(h.count()));
      out["latency_ms"] = {{"p50", h.percentile(0.5) / 1000.0},
                           {"p99", h.percentile(0.99) / 1000.0},
                           {"p999", h.percentile(0.999) / 1000.0},
                           {"max", h.max() / 1000.0},
                           {"samples", h.count()}};
      if (run_before && run_after) {
        const double cpu = run_after->cpu_seconds - run_before->cpu_seconds;
        std::printf("          server CPU %.3f s (%.0f%% of one core)", cpu, 100 * cpu / run_s);
        if (delivered) std::printf(", %.2f us per delivered message", 1e6 * cpu / delivered);
        if (moves) std::printf(", %.1f us per move", 1e6 * cpu / moves);
        if (chats(config_.mode) && lines) std::printf(", %.1f us per line", 1e6 * cpu / lines);
        std::printf("; RSS %ld KiB\n", run_after->rss_kib);
        out["server_cpu_run_s"] = cpu;
        if (delivered) out["cpu_us_per_delivered"] = 1e6 * cpu / delivered;
        if (moves) out["cpu_us_per_move"] = 1e6 * cpu / moves;
        if (chats(config_.mode) && lines) out["cpu_us_per_line"] = 1e6 * cpu / lines;
        out["rss_end_kib"] = run_after->rss_kib;
      }
      if (measures.tables > 0) {
        const double quiet_s = std::chrono::duration<double>(stall_time(config_)).count();
        if (measures.tables_stalled > 0)
          std::printf(
              "tables    %llu of %llu had no move in the last %.0f s: stalled, and the rate above "
              "fell "
              "with them (a fault of the server or of this tool)\n",
              static_cast<unsigned long long>(measures.tables_stalled),
              static_cast<unsigned long long>(measures.tables), quiet_s);
        else
          std::printf("tables    all %llu still playing at the end (a move in the last %.0f s)\n",
                      static_cast<unsigned long long>(measures.tables), quiet_s);
        out["tables_stalled"] = measures.tables_stalled;
      }
    } else if (run_after) {
      std::printf("hold      %.1f s; server RSS %ld KiB at the end\n", run_s, run_after->rss_kib);
      out["rss_end_kib"] = run_after->rss_kib;
    }
    json errors = json::object();
    for (const auto& [code, n] : measures.errors) errors[code.empty() ? "unnamed" : code] = n;
    std::printf("errors    %s\n", measures.errors.empty() ? "none" : errors.dump().c_str());
    out["errors"] = errors;
    if (config_.json) std::printf("%s\n", out.dump().c_str());
    std::fflush(stdout);
    return final_counts.failed == 0 ? 0 : 1;
  }

 private:
  // With --pause, waits for SIGUSR1 (blocked in every thread since main, so sigwait takes it). A
  // script that profiles one phase turns its profiler on at the pause before it and off at the next
  // pause.
  void pause_before(const char* phase) const {
    if (!config_.pause) return;
    std::fprintf(stderr, "archipel-load: paused before %s; kill -USR1 %d goes on\n", phase,
                 static_cast<int>(getpid()));
    const sigset_t usr1 = usr1_set();
    int signal = 0;
    sigwait(&usr1, &signal);
  }

  std::optional<ProcessUsage> usage() const {
    if (config_.server_pid <= 0) return std::nullopt;
    auto u = read_process_usage(config_.server_pid);
    if (!u)
      std::fprintf(stderr, "archipel-load: cannot read /proc/%d (is the server on this machine?)\n",
                   config_.server_pid);
    return u;
  }

  // Waits until `done` or `seconds` have passed, printing one progress line a second.
  void wait(const char* phase, double seconds,
            const std::function<bool(const CountSnapshot&)>& done) {
    const auto begin = Clock::now();
    auto next_line = begin + std::chrono::seconds(1);
    CountSnapshot last = swarm_.counts();
    auto last_at = begin;
    for (;;) {
      const CountSnapshot c = swarm_.counts();
      if (done(c) || since(begin) >= seconds) return;
      if (Clock::now() >= next_line) {
        const double dt = since(last_at);
        if (!config_.quiet)
          std::fprintf(
              stderr,
              "[%6.1f s] %-7s connected %llu welcomed %llu seated %llu failed %llu | in %.0f/s, "
              "chat "
              "%.0f/s, moves %.0f/s, patches %.0f/s | errors %llu\n",
              since(start_), phase, static_cast<unsigned long long>(c.connected),
              static_cast<unsigned long long>(c.welcomed),
              static_cast<unsigned long long>(c.seated), static_cast<unsigned long long>(c.failed),
              (c.messages_in - last.messages_in) / dt,
              (c.chats_delivered - last.chats_delivered) / dt,
              (c.moves_applied - last.moves_applied) / dt, (c.patches_in - last.patches_in) / dt,
              static_cast<unsigned long long>(c.errors));
        last = c;
        last_at = Clock::now();
        next_line += std::chrono::seconds(1);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }

  LoadConfig config_;
  Swarm swarm_;
  Clock::time_point start_;
  double connect_s_ = 0, seat_s_ = 0;
  std::uint64_t seated_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  int exit_code = 0;
  const auto config = parse_load_config(argc, argv, &exit_code);
  if (!config) return exit_code;
  if (config->pause) {  // before any thread starts, so that each inherits the mask
    const sigset_t usr1 = usr1_set();
    pthread_sigmask(SIG_BLOCK, &usr1, nullptr);
  }
  try {
    return Run(*config).go();
  } catch (const std::exception& e) {
    std::cerr << "archipel-load: " << e.what() << "\n";
    return 2;
  }
}
