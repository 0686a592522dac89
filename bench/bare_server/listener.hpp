#pragma once
// Accepts connections, each on its own strand (Beast chat-multi's listener).

#include <memory>

#include <boost/asio.hpp>

namespace bare {

class SharedState;

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(boost::asio::io_context& ioc, boost::asio::ip::tcp::endpoint endpoint,
           std::shared_ptr<SharedState> state);
  void run() { do_accept(); }
  unsigned short port() const { return acceptor_.local_endpoint().port(); }

 private:
  void do_accept();

  boost::asio::io_context& ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer pause_;
  std::shared_ptr<SharedState> state_;
};

}  // namespace bare
