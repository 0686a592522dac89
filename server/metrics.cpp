#include "server/metrics.hpp"

namespace archipel::server {
namespace {

void add(std::string& out, const char* name, const char* kind, const char* help,
         std::int64_t value) {
  out += std::string("# HELP archipel_") + name + " " + help + "\n";
  out += std::string("# TYPE archipel_") + name + " " + kind + "\n";
  out += std::string("archipel_") + name + " " + std::to_string(value) + "\n";
}

}  // namespace

std::string Metrics::prometheus_text() const {
  std::string out;
  add(out, "connections", "gauge", "Open WebSocket connections.", connections);
  add(out, "connections_total", "counter", "WebSocket connections accepted.", connections_total);
  add(out, "rooms", "gauge", "Rooms in memory.", rooms);
  add(out, "games_running", "gauge", "Games started and not over.", games_running);
  add(out, "games_finished_total", "counter", "Games played to the end.", games_finished);
  add(out, "games_abandoned_total", "counter",
      "Games ended because every person in them was away too long.", games_abandoned);
  add(out, "messages_in_total", "counter", "WebSocket messages received.", messages_in);
  add(out, "messages_out_total", "counter", "WebSocket messages sent.", messages_out);
  add(out, "errors_sent_total", "counter", "Error messages sent to clients.", errors_sent);
  add(out, "players_carried_total", "counter",
      "Connections carried to another node of the cluster (a room there joined or watched, a "
      "player of another node back).",
      players_carried);
  add(out, "node_links", "gauge", "Open links from other nodes, each carrying one player.",
      node_links);
  add(out, "password_checks_total", "counter", "Passwords hashed or checked (Argon2id runs).",
      password_checks);
  add(out, "logins_limited_total", "counter",
      "Login and register attempts refused by the attempt limits, unchecked.", logins_limited);
  add(out, "slow_clients_dropped_total", "counter", "Clients dropped for a full write queue.",
      slow_clients_dropped);
  add(out, "rate_limited_total", "counter", "Messages dropped by the rate limit.", rate_limited);
  add(out, "actions_applied_total", "counter", "Game actions applied.", actions_applied);
  add(out, "http_requests_total", "counter", "HTTP requests served.", http_requests);
  add(out, "origins_refused_total", "counter",
      "WebSocket upgrades answered 403: an Origin not allowed.", origins_refused);
  add(out, "connections_refused_total", "counter", "Connections answered 503: over the socket cap.",
      connections_refused);
  add(out, "accept_errors_total", "counter", "Failed accepts (out of file descriptors).",
      accept_errors);
  return out;
}

}  // namespace archipel::server
