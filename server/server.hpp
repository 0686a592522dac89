#pragma once
// The whole server, minus main(): the lobby with its rooms restored from the store, and the
// listener. Tests run it in-process on port 0 with their own registry and store.

#include <functional>
#include <memory>

#include "engine/core/registry.hpp"
#include "server/accounts.hpp"
#include "server/cluster.hpp"
#include "server/config.hpp"
#include "server/listener.hpp"
#include "server/metrics.hpp"
#include "server/server_context.hpp"
#include "server/store.hpp"
#include "server/store_writer.hpp"

namespace archipel::server {

class Server {
 public:
  /// `bots` seats /addbot bots (null: the server offers none; server/bot_player.hpp makes the real
  /// factory). `new_seed` gives each new game its seed; by default a random one (tests pass a fixed
  /// sequence).
  Server(net::io_context& ioc, Config config, const engine::Registry& registry, Store& store,
         std::shared_ptr<BotFactory> bots, std::function<std::uint64_t()> new_seed = {});

  /// Restores unfinished games, binds and starts accepting. Returns the bound port.
  std::uint16_t start();
  /// Graceful stop, first stage: no new connections, every client closed with "going away".
  void stop();
  /// Destroyed once nothing runs the io_context any more (its destruction comes next): lets go of
  /// the lobby's sessions and rooms, which hold the lobby back through the server context, so a
  /// server that ended without its graceful stop (a test's simulated kill) frees them with the
  /// io_context's queue instead of leaking.
  ~Server();

  Metrics& metrics() { return *metrics_; }
  /// This node in its cluster (--cluster), or null for a node alone.
  const std::shared_ptr<Cluster>& cluster() const { return cluster_; }

 private:
  net::io_context& ioc_;
  // Shared with every room and session: a handler destroyed with the io_context, after the Server,
  // may still hold a session or a room whose destructor counts itself out.
  std::shared_ptr<Metrics> metrics_ = std::make_shared<Metrics>();
  std::unique_ptr<StoreWriter> writer_;  // before the rooms (in context_), which write through it
  std::unique_ptr<Accounts> accounts_;   // before the lobby, which hands it registers and logins
  std::shared_ptr<ServerContext> context_;
  std::shared_ptr<Listener> listener_;
  std::shared_ptr<Cluster> cluster_;
};

}  // namespace archipel::server
