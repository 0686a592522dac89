#include "server/server.hpp"

#include <unistd.h>

#include <random>

#include <spdlog/spdlog.h>

#include "server/router.hpp"

namespace archipel::server {

Server::Server(net::io_context& ioc, Config config, const engine::Registry& registry, Store& store,
               std::shared_ptr<BotFactory> bots, std::function<std::uint64_t()> new_seed)
    : ioc_(ioc),
      writer_(std::make_unique<StoreWriter>(store,
                                            std::chrono::milliseconds(config.commit_interval_ms))),
      accounts_(std::make_unique<Accounts>(store, config.password_cost, metrics_)) {
  RoomContext rooms;
  rooms.bots = std::move(bots);
  rooms.registry = &registry;
  rooms.store = &store;
  rooms.writer = writer_.get();
  rooms.metrics = metrics_;
  rooms.new_seed = new_seed ? std::move(new_seed) : [] {
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << 32) | device();
  };
  rooms.waiting_seat_grace = std::chrono::seconds(config.seat_grace_seconds);
  rooms.abandon_after = config.abandon_after;
  rooms.handover_after = config.handover_after;
  context_ = std::make_shared<ServerContext>();
  context_->config = std::move(config);
  context_->metrics = metrics_;
  context_->lobby = std::make_shared<Lobby>(ioc.get_executor(), rooms);
  context_->lobby->set_flush_interval(std::chrono::milliseconds(context_->config.lobby_flush_ms));
  context_->lobby->set_name_grace(std::chrono::seconds(context_->config.name_grace_seconds));
  context_->lobby->set_max_rooms_per_player(context_->config.max_rooms_per_player);
  context_->lobby->set_accounts(accounts_.get());
  if (!context_->config.cluster.empty()) {
    ClusterOptions cluster;
    std::string why;
    auto url = parse_redis_url(context_->config.cluster, &why);
    if (!url) throw std::runtime_error("bad --cluster URL: " + why);  // parse_config checked it
    cluster.url = *url;
    cluster.node_id =
        context_->config.node_id.empty() ? default_node_id() : context_->config.node_id;
    cluster.lease = context_->config.cluster_lease;
    cluster.heartbeat = context_->config.cluster_heartbeat;
    cluster_ = std::make_shared<Cluster>(ioc.get_executor(), std::move(cluster));
    context_->lobby->set_cluster(cluster_);
    context_->cluster = cluster_;
  }
  context_->writer = writer_.get();
  // The bots the lobby seats speak through the router, as a connection does (never linked to a
  // room: the lobby passes their room commands on).
  context_->lobby->set_bot_submit([lobby = std::weak_ptr<Lobby>(context_->lobby)](
                                      const ClientPtr& bot, protocol::ClientMessage message) {
    if (auto l = lobby.lock()) route(*l, bot, LinkedRoom{}, std::move(message));
  });
  const std::size_t max_sockets =
      context_->config.max_connections ? context_->config.max_connections : default_max_sockets();
  context_->limits =
      std::make_shared<ConnectionLimits>(max_sockets, context_->config.max_per_address);
}

namespace {

// Whether a node address names its port: "host:port" (one colon) or "[v6]:port".
bool names_port(const std::string& address) {
  if (!address.empty() && address.front() == '[') {
    const auto close = address.find(']');
    return close != std::string::npos && close + 1 < address.size() && address[close + 1] == ':';
  }
  const auto colon = address.find(':');
  return colon != std::string::npos && address.find(':', colon + 1) == std::string::npos;
}

// Where the other nodes reach this one (--node-address, docs/cluster.md).
std::string node_address(const Config& config, std::uint16_t port) {
  std::string address = config.node_address;
  if (address.empty()) {
    // Bound to one address: that one. Bound to every address: the name the machine goes by
    // (what a container's name resolves to on its network).
    const auto bound = net::ip::make_address(config.bind);
    if (!bound.is_unspecified()) {
      address = bound.is_v6() ? "[" + config.bind + "]" : config.bind;
    } else {
      char host[256] = {};
      address = ::gethostname(host, sizeof host - 1) == 0 && host[0] ? host : "localhost";
    }
  }
  if (!names_port(address)) address += ":" + std::to_string(port);
  return address;
}

}  // namespace

std::uint16_t Server::start() {
  context_->lobby->restore_games();
  const auto address = net::ip::make_address(context_->config.bind);
  listener_ =
      std::make_shared<Listener>(ioc_, tcp::endpoint{address, context_->config.port}, context_);
  listener_->run();
  if (cluster_) {
    cluster_->start(context_->lobby->highest_room_id(),
                    {{"port", listener_->port()},
                     {"pid", ::getpid()},
                     {"address", node_address(context_->config, listener_->port())}});
    spdlog::info("event=cluster node={} redis={} lease_ms={} heartbeat_ms={}", cluster_->node_id(),
                 without_password(context_->config.cluster), context_->config.cluster_lease.count(),
                 context_->config.cluster_heartbeat.count());
  }
  spdlog::info("event=limits open_files={} max_sockets={} max_per_address={}", open_file_limit(),
               context_->limits->max_sockets(), context_->config.max_per_address);
  return listener_->port();
}

void Server::stop() {
  if (listener_) listener_->stop();
  context_->lobby->shutdown();
  if (cluster_) cluster_->stop();
}

Server::~Server() {
  context_->lobby->set_accounts(nullptr);  // the accounts' thread ends with the Server
  context_->lobby->release_after_stop();
}

}  // namespace archipel::server
