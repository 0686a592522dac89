#include "server/node_link.hpp"

#include <spdlog/spdlog.h>

namespace archipel::server {
namespace {

// A node that cannot be reached in this time is taken as gone: the player is told, not kept
// waiting (the other node's lease runs out soon after, and its rooms with it).
constexpr auto kConnectTimeout = std::chrono::seconds(3);
// What the other node sends is a server's output (views, replays), larger than what a player may
// send; bounded all the same.
constexpr std::size_t kMaxFrameFromNode = 16 * 1024 * 1024;

// "host:port" or "[v6]:port" -> host, port ("" when there is no port).
std::pair<std::string, std::string> split_address(const std::string& address) {
  const auto colon = address.rfind(':');
  if (colon == std::string::npos) return {address, ""};
  std::string host = address.substr(0, colon);
  if (host.size() > 1 && host.front() == '[' && host.back() == ']')
    host = host.substr(1, host.size() - 2);
  return {host, address.substr(colon + 1)};
}

}  // namespace

NodeLink::NodeLink(net::any_io_executor executor, std::string address, std::string key,
                   Handlers handlers)
    : strand_(net::make_strand(executor)),
      resolver_(strand_),
      ws_(strand_),
      address_(std::move(address)),
      key_(std::move(key)),
      handlers_(std::move(handlers)) {}

void NodeLink::open(std::vector<std::string> first) {
  net::post(strand_, [self = shared_from_this(), first = std::move(first)]() mutable {
    for (auto& f : first) self->outbox_.push_back(std::move(f));
    auto [host, port] = split_address(self->address_);
    if (port.empty()) {
      spdlog::warn("event=node_link_failed address={} error=\"no port\"", self->address_);
      return self->finish(websocket::close_code::service_restart);
    }
    self->resolver_.async_resolve(
        host, port, beast::bind_front_handler(&NodeLink::on_resolved, self->shared_from_this()));
  });
}

void NodeLink::on_resolved(error_code ec, tcp::resolver::results_type results) {
  if (ec) {
    spdlog::warn("event=node_link_failed address={} op=resolve error=\"{}\"", address_,
                 ec.message());
    return finish(websocket::close_code::service_restart);
  }
  beast::get_lowest_layer(ws_).expires_after(kConnectTimeout);
  beast::get_lowest_layer(ws_).async_connect(
      results,
      [self = shared_from_this()](error_code ec, const tcp::endpoint&) { self->on_connected(ec); });
}

void NodeLink::on_connected(error_code ec) {
  if (ec) {
    spdlog::warn("event=node_link_failed address={} op=connect error=\"{}\"", address_,
                 ec.message());
    return finish(websocket::close_code::service_restart);
  }
  beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true), ec);
  ws_.set_option(websocket::stream_base::decorator([key = key_](websocket::request_type& req) {
    req.set(kNodeKeyHeader, key);
    req.set(http::field::user_agent, "archipel-node");
  }));
  ws_.async_handshake(address_, "/ws",
                      beast::bind_front_handler(&NodeLink::on_handshake, shared_from_this()));
}

void NodeLink::on_handshake(error_code ec) {
  if (ec) {
    spdlog::warn("event=node_link_failed address={} op=handshake error=\"{}\"", address_,
                 ec.message());
    return finish(websocket::close_code::service_restart);
  }
  beast::get_lowest_layer(ws_).expires_never();
  // Between nodes, silence is a dead peer: pinged, and dropped when it stops answering.
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  ws_.read_message_max(kMaxFrameFromNode);
  open_ = true;
  handlers_.opened(true);
  if (!outbox_.empty()) {
    ws_.text(true);
    ws_.async_write(net::buffer(outbox_.front()),
                    beast::bind_front_handler(&NodeLink::on_write, shared_from_this()));
  }
  do_read();
}

void NodeLink::do_read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&NodeLink::on_read, shared_from_this()));
}

void NodeLink::on_read(error_code ec, std::size_t) {
  if (ec) {
    // The other node's close code when it closed the link (its players told to come back: 1012
    // on its restart); otherwise the link failed, which the player reads as a restart too.
    const auto reason = ws_.reason();
    const bool closed = ec == websocket::error::closed && reason.code != 0;
    return finish(closed ? static_cast<websocket::close_code>(reason.code)
                         : websocket::close_code::service_restart);
  }
  handlers_.frame(text_frame(beast::buffers_to_string(buffer_.data())));
  buffer_.consume(buffer_.size());
  do_read();
}

void NodeLink::send(std::string text) {
  net::post(strand_, [self = shared_from_this(), text = std::move(text)]() mutable {
    self->queue(std::move(text));
  });
}

void NodeLink::queue(std::string text) {
  if (done_) return;
  outbox_.push_back(std::move(text));
  if (!open_ || outbox_.size() > 1) return;  // written once open, or after the one in flight
  ws_.text(true);
  ws_.async_write(net::buffer(outbox_.front()),
                  beast::bind_front_handler(&NodeLink::on_write, shared_from_this()));
}

void NodeLink::on_write(error_code ec, std::size_t) {
  if (ec || done_) return finish(websocket::close_code::service_restart);
  outbox_.pop_front();
  if (outbox_.empty()) return;
  ws_.async_write(net::buffer(outbox_.front()),
                  beast::bind_front_handler(&NodeLink::on_write, shared_from_this()));
}

void NodeLink::close() {
  net::post(strand_, [self = shared_from_this()] {
    if (self->done_) return;
    if (!self->open_) return self->finish(websocket::close_code::normal);
    // The other node reads a player who left (their seat waits, as for any drop). Let what is
    // queued go first: the close waits for the write in flight.
    self->ws_.async_close(websocket::close_code::normal,
                          [self](error_code) { self->finish(websocket::close_code::normal); });
  });
}

void NodeLink::finish(websocket::close_code code) {
  if (done_) return;
  done_ = true;  // queue() adds nothing more; a write in flight still owns outbox_.front()
  error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
  if (open_)
    handlers_.closed(code);
  else
    handlers_.opened(false);
  handlers_ = {};  // the session's callbacks hold it: let go
}

}  // namespace archipel::server
