#include "server/server.hpp"

#include <random>

#include <spdlog/spdlog.h>

namespace archipel::server {

Server::Server(net::io_context& ioc, Config config, const engine::Registry& registry, Store& store,
               std::function<std::uint64_t()> new_seed)
    : ioc_(ioc) {
  RoomContext rooms;
  rooms.registry = &registry;
  rooms.store = &store;
  rooms.metrics = &metrics_;
  rooms.new_seed = new_seed ? std::move(new_seed) : [] {
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << 32) | device();
  };
  rooms.waiting_seat_grace = std::chrono::seconds(config.seat_grace_seconds);
  context_ = std::make_shared<ServerContext>();
  context_->config = std::move(config);
  context_->metrics = &metrics_;
  context_->lobby = std::make_shared<Lobby>(ioc.get_executor(), rooms, bot_pool_.get_executor(),
                                           std::chrono::milliseconds(context_->config.bot_delay_ms));
}

std::uint16_t Server::start() {
  context_->lobby->restore_games();
  const auto address = net::ip::make_address(context_->config.bind);
  listener_ = std::make_shared<Listener>(ioc_, tcp::endpoint{address, context_->config.port}, context_);
  listener_->run();
  return listener_->port();
}

Server::~Server() {
  bot_pool_.stop();
  bot_pool_.join();
}

void Server::stop() {
  if (listener_) listener_->stop();
  context_->lobby->shutdown();
}

}  // namespace archipel::server
