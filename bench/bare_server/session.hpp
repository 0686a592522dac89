#pragma once
// One WebSocket client of the bare server (Beast chat-multi's websocket_session): runs on its own
// strand, owns its write queue (FIFO, one write in flight, shared immutable buffers), leaves the
// shared state in its destructor.

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio.hpp>
#include <boost/beast.hpp>

namespace bare {

class SharedState;

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(boost::asio::ip::tcp::socket&& socket, std::shared_ptr<SharedState> state);
  ~Session();

  void run();
  /// Thread-safe: posts to the session's strand.
  void send(std::shared_ptr<const std::string> frame);

 private:
  void on_accept(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec);
  void on_message(const std::string& text);
  void on_command(const std::string& line);
  void queue(std::shared_ptr<const std::string> frame);
  void on_write(boost::beast::error_code ec);
  void reply(const std::string& json_text);
  void error(const std::string& code, const std::string& message);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::shared_ptr<SharedState> state_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  std::string name_;
  std::optional<std::int64_t> room_;
};

}  // namespace bare
