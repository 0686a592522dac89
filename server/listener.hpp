#pragma once
// The accept loop. Each connection gets its own strand.

#include <chrono>
#include <memory>

#include "server/net.hpp"
#include "server/server_context.hpp"

namespace archipel::server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  /// Binds and listens; throws boost::system::system_error if the address cannot be bound.
  Listener(net::io_context& ioc, tcp::endpoint endpoint,
           std::shared_ptr<const ServerContext> context);
  void run();
  void stop();
  std::uint16_t port() const { return port_; }
  ~Listener();

 private:
  void do_accept();
  void on_accept(error_code ec, tcp::socket socket);
  /// Accept failed (out of file descriptors, most often): wait before the next try, longer each
  /// time in a row, and log once per interval with how many failures it covers, instead of spinning
  /// and flooding the log.
  void back_off(const error_code& ec);

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  std::shared_ptr<const ServerContext> context_;
  std::uint16_t port_ = 0;
  net::steady_timer retry_;
  std::chrono::milliseconds delay_{0};
  std::chrono::steady_clock::time_point last_logged_{};
  std::uint64_t failures_unlogged_ = 0;
  int spare_fd_ =
      -1;  // kept open so that, out of descriptors, one can be freed to accept and refuse cleanly
};

}  // namespace archipel::server
