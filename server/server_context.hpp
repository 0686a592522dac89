#pragma once
// What every connection shares: the configuration, the counters and the lobby.

#include <memory>

#include "server/config.hpp"
#include "server/connection_limits.hpp"
#include "server/lobby.hpp"
#include "server/metrics.hpp"
#include "server/store_writer.hpp"

namespace archipel::server {

struct ServerContext {
  Config config;
  std::shared_ptr<Metrics> metrics;  // shared: a session may outlive the Server (see server.hpp)
  std::shared_ptr<Lobby> lobby;
  std::shared_ptr<ConnectionLimits> limits;
  std::shared_ptr<Cluster> cluster;     // null: a node alone (no --cluster)
  const StoreWriter* writer = nullptr;  // the store's writer, for /readyz
};

}  // namespace archipel::server
