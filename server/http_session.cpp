#include "server/http_session.hpp"

#include <filesystem>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "server/web_security.hpp"
#include "server/websocket_session.hpp"

namespace archipel::server {
namespace {

std::string_view mime_type(std::string_view path) {
  const auto dot = path.rfind('.');
  const std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot);
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".json") return "application/json";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".woff2") return "font/woff2";
  return "application/octet-stream";
}

template <class Body>
http::response<Body> base_response(const http::request<http::string_body>& req, http::status status,
                                   std::string_view type) {
  http::response<Body> res{status, req.version()};
  res.set(http::field::server, "archipel");
  res.set(http::field::content_type, type);
  res.set("X-Content-Type-Options", "nosniff");
  // The page runs only this server's scripts and cannot be framed (server/web_security.hpp).
  res.set("Content-Security-Policy", content_security_policy(req[http::field::host]));
  res.set("X-Frame-Options", "DENY");
  res.set("Referrer-Policy", "no-referrer");
  res.keep_alive(req.keep_alive());
  return res;
}

http::message_generator text_response(const http::request<http::string_body>& req,
                                      http::status status, std::string_view type,
                                      std::string body) {
  auto res = base_response<http::string_body>(req, status, type);
  res.set(http::field::cache_control, "no-store");
  res.body() = req.method() == http::verb::head ? std::string() : std::move(body);
  res.content_length(body.size());
  if (req.method() != http::verb::head) res.prepare_payload();
  return res;
}

}  // namespace

http::message_generator handle_http_request(const ServerContext& context,
                                            http::request<http::string_body>&& req) {
  context.metrics->http_requests++;
  if (req.method() != http::verb::get && req.method() != http::verb::head)
    return text_response(req, http::status::method_not_allowed, "text/plain", "GET or HEAD only\n");
  std::string target(req.target());
  if (auto q = target.find('?'); q != std::string::npos) target.resize(q);

  if (target == "/healthz") {
    nlohmann::json health{{"status", "ok"},
                          {"connections", context.metrics->connections.load()},
                          {"rooms", context.metrics->rooms.load()},
                          {"games_running", context.metrics->games_running.load()}};
    return text_response(req, http::status::ok, "application/json", health.dump());
  }
  if (target == "/readyz") {
    // Whether this node can take players now (docs/operations.md): a load balancer sends new
    // players elsewhere while it says 503; /healthz (alive) is for restarting a stuck process.
    std::string why;
    if (context.writer && context.writer->failing())
      why = "the store failed its last write";
    else if (context.cluster && !context.cluster->connected())
      why = "Redis (--cluster) is not connected";
    else if (context.cluster && !context.cluster->ready())
      why = "not registered in the cluster yet";
    if (!why.empty())
      return text_response(req, http::status::service_unavailable, "text/plain",
                           "not ready: " + why + "\n");
    return text_response(req, http::status::ok, "text/plain", "ready\n");
  }
  if (target == "/metrics")
    return text_response(req, http::status::ok, "text/plain; version=0.0.4",
                         context.metrics->prometheus_text());
  if (target == "/ws")
    return text_response(req, http::status::upgrade_required, "text/plain",
                         "WebSocket only: see docs/protocol.md\n");

  // Static files of the web client. No "..", no NUL, no backslash: nothing outside the web root is
  // served.
  if (target.empty() || target[0] != '/' || target.find("..") != std::string::npos ||
      target.find('\0') != std::string::npos || target.find('\\') != std::string::npos)
    return text_response(req, http::status::bad_request, "text/plain", "bad path\n");
  if (target.back() == '/') target += "index.html";
  const std::string path = context.config.web_root + target;

  beast::error_code ec;
  http::file_body::value_type body;
  body.open(path.c_str(), beast::file_mode::scan, ec);
  if (ec || std::filesystem::is_directory(path))
    return text_response(req, http::status::not_found, "text/plain", "not found\n");
  const auto size = body.size();
  if (req.method() == http::verb::head) {
    auto res = base_response<http::empty_body>(req, http::status::ok, mime_type(path));
    res.content_length(size);
    return res;
  }
  auto res = base_response<http::file_body>(req, http::status::ok, mime_type(path));
  res.set(http::field::cache_control, "no-cache");
  res.body() = std::move(body);
  res.content_length(size);
  return res;
}

HttpSession::HttpSession(tcp::socket&& socket, std::shared_ptr<const ServerContext> context,
                         ConnectionLimits::Ticket ticket)
    : stream_(std::move(socket)), context_(std::move(context)), ticket_(std::move(ticket)) {}

void refuse_socket(tcp::socket& socket) {
  static constexpr std::string_view kFull =
      "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 32\r\n"
      "Retry-After: 10\r\nConnection: close\r\n\r\nthe server is full; retry later\n";
  error_code ec;
  socket.non_blocking(true, ec);
  socket.write_some(net::buffer(kFull), ec);
  socket.shutdown(tcp::socket::shutdown_both, ec);
  socket.close(ec);
}

void HttpSession::run() {
  net::dispatch(stream_.get_executor(),
                beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::do_read() {
  parser_.emplace();
  parser_->body_limit(8 * 1024);  // requests carry no bodies worth having
  parser_->header_limit(16 * 1024);
  stream_.expires_after(std::chrono::seconds(30));
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) {
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    return;
  }
  if (ec) return;
  if (websocket::is_upgrade(parser_->get())) {
    if (parser_->get().target() != "/ws") {
      stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
      return;
    }
    // A browser says which page opened the socket; one from another site may not play in its
    // visitor's name.
    const auto& upgrade = parser_->get();
    if (auto origin = upgrade.find(http::field::origin);
        origin != upgrade.end() && !origin_allowed(origin->value(), upgrade[http::field::host],
                                                   context_->config.allowed_origins))
      return refuse_origin(parser_->release());
    error_code address_ec;
    const auto remote = stream_.socket().remote_endpoint(address_ec);
    const std::string address = address_ec ? std::string("?") : remote.address().to_string();
    // Another node's link (server/node_link.hpp) carries one player each: all of a node's links
    // come from its address, so they are not held to the per-address cap (the node that took
    // the player's own socket applied it).
    const auto key = upgrade.find(kNodeKeyHeader);
    const bool from_node =
        context_->cluster && key != upgrade.end() && context_->cluster->is_link_key(key->value());
    if (!context_->limits->admit_websocket(ticket_, address, !from_node))
      return refuse_upgrade(parser_->release());
    std::make_shared<WebsocketSession>(stream_.release_socket(), context_, std::move(ticket_))
        ->run(parser_->release(), from_node);
    return;
  }
  auto request = parser_->release();
  const bool keep_alive = request.keep_alive();
  beast::async_write(
      stream_, handle_http_request(*context_, std::move(request)),
      beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive));
}

void HttpSession::refuse_upgrade(http::request<http::string_body> request) {
  spdlog::debug("event=websocket_refused reason=connection_cap");
  context_->metrics->connections_refused++;
  request.keep_alive(false);
  beast::async_write(
      stream_,
      text_response(request, http::status::service_unavailable, "text/plain",
                    "the server is full, or your address has too many connections; retry later\n"),
      beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), false));
}

void HttpSession::refuse_origin(http::request<http::string_body> request) {
  spdlog::debug("event=websocket_refused reason=origin origin=\"{}\"",
                std::string(request[http::field::origin]));
  context_->metrics->origins_refused++;
  request.keep_alive(false);
  beast::async_write(
      stream_,
      text_response(request, http::status::forbidden, "text/plain",
                    "this page's origin may not open a WebSocket here (--allowed-origins)\n"),
      beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), false));
}

void HttpSession::on_write(bool keep_alive, error_code ec, std::size_t) {
  if (ec) return;
  if (!keep_alive) {
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    return;
  }
  do_read();
}

}  // namespace archipel::server
