#pragma once
// Process-wide counters, rendered as Prometheus text at /metrics. Atomics: they are bumped from
// every strand.

#include <atomic>
#include <cstdint>
#include <string>

namespace archipel::server {

struct Metrics {
  std::atomic<std::int64_t> connections{0};  // open WebSocket connections
  std::atomic<std::int64_t> connections_total{0};
  std::atomic<std::int64_t> rooms{0};  // rooms in memory (any status)
  std::atomic<std::int64_t> games_running{0};
  std::atomic<std::int64_t> games_finished{0};
  std::atomic<std::int64_t> games_abandoned{0};
  std::atomic<std::int64_t> origins_refused{0};
  std::atomic<std::int64_t> messages_in{0};
  std::atomic<std::int64_t> messages_out{0};
  std::atomic<std::int64_t> errors_sent{0};
  std::atomic<std::int64_t> slow_clients_dropped{0};
  std::atomic<std::int64_t> rate_limited{0};
  std::atomic<std::int64_t> actions_applied{0};
  std::atomic<std::int64_t> http_requests{0};
  std::atomic<std::int64_t> connections_refused{0};  // answered 503: over the socket cap
  std::atomic<std::int64_t> accept_errors{0};
  // Accounts (server/accounts.hpp): passwords hashed or checked (Argon2id runs), and login or
  // register attempts refused by the limits without a check.
  std::atomic<std::int64_t> password_checks{0};
  std::atomic<std::int64_t> logins_limited{0};  // accept() failed (out of file descriptors ...)
  // A cluster (docs/cluster.md): connections carried to another node, and links from other nodes.
  std::atomic<std::int64_t> players_carried{0};
  std::atomic<std::int64_t> node_links{0};

  std::string prometheus_text() const;
};

}  // namespace archipel::server
