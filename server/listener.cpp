#include "server/listener.hpp"

#include <spdlog/spdlog.h>

#include "server/http_session.hpp"

namespace archipel::server {

Listener::Listener(net::io_context& ioc, tcp::endpoint endpoint, std::shared_ptr<const ServerContext> context)
    : ioc_(ioc), acceptor_(net::make_strand(ioc)), context_(std::move(context)) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections);
  port_ = acceptor_.local_endpoint().port();
}

void Listener::run() { do_accept(); }

void Listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    error_code ignored;
    self->acceptor_.close(ignored);
  });
}

void Listener::do_accept() {
  acceptor_.async_accept(net::make_strand(ioc_), beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted) return;  // stopped
  if (ec) {
    spdlog::warn("event=accept_error error=\"{}\"", ec.message());
  } else {
    // Small messages both ways: without this, Nagle and delayed ACKs add up to 40 ms to a move's round trip.
    error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    std::make_shared<HttpSession>(std::move(socket), context_)->run();
  }
  if (acceptor_.is_open()) do_accept();
}

}  // namespace archipel::server
