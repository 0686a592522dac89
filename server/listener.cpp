#include "server/listener.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include <spdlog/spdlog.h>

#include "server/http_session.hpp"

namespace archipel::server {

Listener::Listener(net::io_context& ioc, tcp::endpoint endpoint,
                   std::shared_ptr<const ServerContext> context)
    : ioc_(ioc),
      acceptor_(net::make_strand(ioc)),
      context_(std::move(context)),
      retry_(acceptor_.get_executor()) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections);
  port_ = acceptor_.local_endpoint().port();
  spare_fd_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
}

Listener::~Listener() {
  if (spare_fd_ >= 0) ::close(spare_fd_);
}

void Listener::run() {
  do_accept();
}

void Listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    error_code ignored;
    self->acceptor_.close(ignored);
    self->retry_.cancel();
  });
}

void Listener::do_accept() {
  acceptor_.async_accept(net::make_strand(ioc_),
                         beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted) return;  // stopped
  if (ec) return back_off(ec);
  delay_ = std::chrono::milliseconds(0);
  auto ticket = context_->limits->admit_socket();
  if (!ticket) {
    context_->metrics->connections_refused++;
    refuse_socket(socket);
  } else {
    // Small messages both ways: without this, Nagle and delayed ACKs add up to 40 ms to a move's
    // round trip.
    error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    std::make_shared<HttpSession>(std::move(socket), context_, std::move(ticket))->run();
  }
  if (acceptor_.is_open()) do_accept();
}

void Listener::back_off(const error_code& ec) {
  using namespace std::chrono;
  if ((ec == net::error::no_descriptors || ec.value() == ENFILE) && spare_fd_ >= 0) {
    // Out of descriptors, the connection would wait in the backlog until a client gives up. Free
    // the spare, take the connection, answer 503 and close it, then keep the spare again.
    ::close(spare_fd_);
    spare_fd_ = -1;
    tcp::socket socket(ioc_);
    error_code accept_ec;
    acceptor_.non_blocking(true,
                           accept_ec);  // never wait here: no pending connection is would_block
    acceptor_.accept(socket, accept_ec);
    if (!accept_ec) {
      context_->metrics->connections_refused++;
      refuse_socket(socket);
    }
    spare_fd_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  }
  context_->metrics->accept_errors++;
  ++failures_unlogged_;
  const auto now = steady_clock::now();
  if (now - last_logged_ >= seconds(10)) {
    spdlog::warn("event=accept_error error=\"{}\" failures={} open_sockets={}", ec.message(),
                 failures_unlogged_, context_->limits->sockets());
    last_logged_ = now;
    failures_unlogged_ = 0;
  }
  delay_ = std::min<milliseconds>(std::max<milliseconds>(delay_ * 2, milliseconds(10)),
                                  milliseconds(1000));
  retry_.expires_after(delay_);
  retry_.async_wait([self = shared_from_this()](error_code wait_ec) {
    if (!wait_ec && self->acceptor_.is_open()) self->do_accept();
  });
}

}  // namespace archipel::server
