#include "bench/bare_server/listener.hpp"

#include <iostream>

#include "bench/bare_server/session.hpp"

namespace bare {

namespace net = boost::asio;
using tcp = net::ip::tcp;

Listener::Listener(net::io_context& ioc, tcp::endpoint endpoint, std::shared_ptr<SharedState> state)
    : ioc_(ioc), acceptor_(ioc), pause_(ioc), state_(std::move(state)) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections);
}

void Listener::do_accept() {
  acceptor_.async_accept(
      net::make_strand(ioc_),
      [self = shared_from_this()](boost::system::error_code ec, tcp::socket socket) {
        if (ec) {  // out of files, most likely: wait a little rather than spin
          std::cerr << "bare-server: accept: " << ec.message() << "\n";
          self->pause_.expires_after(std::chrono::milliseconds(50));
          self->pause_.async_wait([self](boost::system::error_code) { self->do_accept(); });
          return;
        }
        // As Archipel's listener does: small frames both ways, so no Nagle delay (it would also
        // batch segments that Archipel sends one by one, and make the reference look cheaper than
        // it is).
        boost::system::error_code ignored;
        socket.set_option(tcp::no_delay(true), ignored);
        std::make_shared<Session>(std::move(socket), self->state_)->run();
        self->do_accept();
      });
}

}  // namespace bare
