#pragma once
// The accept loop. Each connection gets its own strand.

#include <memory>

#include "server/net.hpp"
#include "server/server_context.hpp"

namespace archipel::server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  /// Binds and listens; throws boost::system::system_error if the address cannot be bound.
  Listener(net::io_context& ioc, tcp::endpoint endpoint, std::shared_ptr<const ServerContext> context);
  void run();
  void stop();
  std::uint16_t port() const { return port_; }

 private:
  void do_accept();
  void on_accept(error_code ec, tcp::socket socket);

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  std::shared_ptr<const ServerContext> context_;
  std::uint16_t port_ = 0;
};

}  // namespace archipel::server
