// archipel-server: read the configuration, set up logging, open the store, run the server until
// SIGINT or SIGTERM, then stop in two stages (close every client, then stop the threads after a
// grace period). With
// --health-check it serves nothing: it probes the running server's /healthz and exits
// (server/health_probe.hpp).
#include <fstream>
#include <thread>
#include <vector>

#include <spdlog/spdlog.h>

#include "engine/core/registry.hpp"
#include "server/bot_player.hpp"
#include "server/config.hpp"
#include "server/connection_limits.hpp"
#include "server/health_probe.hpp"
#include "server/logging.hpp"
#include "server/server.hpp"

using namespace archipel::server;

int main(int argc, char** argv) {
  int exit_code = 0;
  auto config = parse_config(argc, argv, &exit_code);
  if (!config) return exit_code;
  if (config->health_check) return run_health_probe(*config);
  setup_logging(config->log_level);
  raise_open_file_limit();

  try {
    // --store names a PostgreSQL database; without it, --data a SQLite folder, or "memory".
    std::unique_ptr<Store> store;
    if (!config->store.empty())
      store = make_postgresql_store(config->store);
    else if (keeps_nothing(*config))
      store = make_memory_store();
    else
      store = make_sqlite_store(config->data_dir,
                                config->sqlite_sync_full ? SqliteSync::full : SqliteSync::normal);
    // Where /addbot bots think, away from the network threads. Declared before the io_context so it
    // is destroyed after it: handlers left on the io_context at the end hold rooms, whose bots hold
    // strands on this pool. Each bot thinks on a strand of its own, so the pool's threads
    // (--bot-threads) are how many bots think at once: one room of experts thinking never holds up
    // another's.
    net::thread_pool bot_pool{static_cast<std::size_t>(config->bot_threads)};
    net::io_context ioc{config->threads};
    Server server(
        ioc, *config, archipel::engine::default_registry(), *store,
        make_bot_factory(bot_pool.get_executor(), std::chrono::milliseconds(config->bot_delay_ms)));
    const auto port = server.start();
    spdlog::info("event=listening bind={} port={} web_root={} store={} threads={} bot_threads={}",
                 config->bind, port, config->web_root, store_description(*config), config->threads,
                 config->bot_threads);
    if (!config->port_file.empty()) std::ofstream(config->port_file) << port << "\n";

    net::signal_set signals(ioc, SIGINT, SIGTERM);
    net::steady_timer grace(ioc);
    signals.async_wait([&](error_code ec, int signal) {
      if (ec) return;
      spdlog::info("event=shutdown signal={}", signal);
      server.stop();
      grace.expires_after(std::chrono::seconds(2));
      grace.async_wait([&](error_code) { ioc.stop(); });
    });

    std::vector<std::thread> threads;
    for (int i = 1; i < config->threads; ++i) threads.emplace_back([&ioc] { ioc.run(); });
    ioc.run();
    for (auto& t : threads) t.join();
    bot_pool.stop();
    bot_pool.join();
    spdlog::info("event=stopped");
  } catch (const std::exception& e) {
    spdlog::critical("event=fatal error=\"{}\"", e.what());
    return 1;
  }
  return 0;
}
