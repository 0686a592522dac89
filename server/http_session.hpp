#pragma once
// One HTTP connection: serves the web client's files, /healthz and /metrics, and hands a WebSocket
// upgrade on /ws over to a WebsocketSession. One port does both.

#include <memory>
#include <optional>

#include "server/net.hpp"
#include "server/server_context.hpp"

namespace archipel::server {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, std::shared_ptr<const ServerContext> context,
              ConnectionLimits::Ticket ticket);
  void run();

 private:
  void do_read();
  void on_read(error_code ec, std::size_t bytes);
  void on_write(bool keep_alive, error_code ec, std::size_t bytes);
  void refuse_upgrade(http::request<http::string_body> request);
  /// An upgrade from a page whose Origin is not allowed: HTTP 403, then the connection closes.
  void refuse_origin(http::request<http::string_body> request);

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::shared_ptr<const ServerContext> context_;
  std::optional<http::request_parser<http::string_body>> parser_;
  ConnectionLimits::Ticket ticket_;  // this socket's place under the connection caps
};

/// Answers a socket the server has no room for with HTTP 503 and closes it (never blocks: one small
/// write).
void refuse_socket(tcp::socket& socket);

/// The response to one plain HTTP request (exposed for tests).
http::message_generator handle_http_request(const ServerContext& context,
                                            http::request<http::string_body>&& req);

}  // namespace archipel::server
