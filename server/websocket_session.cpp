#include "server/websocket_session.hpp"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <atomic>

#include <spdlog/spdlog.h>

#include "protocol/messages.hpp"

namespace archipel::server {
namespace {

std::atomic<std::uint64_t> next_id{1};

}  // namespace

WebsocketSession::WebsocketSession(tcp::socket&& socket,
                                   std::shared_ptr<const ServerContext> context,
                                   ConnectionLimits::Ticket ticket)
    : ws_(std::move(socket)),
      context_(std::move(context)),
      id_(next_id++),
      ticket_(std::move(ticket)),
      hello_deadline_(ws_.get_executor()),
      tokens_(context_->config.rate_burst),
      refilled_(std::chrono::steady_clock::now()) {
  error_code ec;
  const auto remote = beast::get_lowest_layer(ws_).socket().remote_endpoint(ec);
  address_ = ec ? std::string("?") : remote.address().to_string();
}

WebsocketSession::~WebsocketSession() {
  if (accepted_) context_->metrics->connections--;
  if (accepted_ && from_node_) context_->metrics->node_links--;
}

void WebsocketSession::run(http::request<http::string_body> request, bool from_node) {
  from_node_ = from_node;
  beast::get_lowest_layer(ws_).expires_never();  // the websocket stream's own timeouts take over
  websocket::stream_base::timeout timeout{};
  timeout.handshake_timeout = std::chrono::seconds(30);
  timeout.idle_timeout = std::chrono::seconds(context_->config.idle_timeout_seconds);
  timeout.keep_alive_pings = true;
  ws_.set_option(timeout);
  // The frame limit is enforced by do_read/on_read, not by Beast's read_message_max: on a message
  // over its limit Beast 1.81 sends 1009 and then closes the socket with most of the frame unread
  // (its teardown stops after one read), so the peer gets a reset instead of the close frame. Ours
  // ends with async_close, which drains the rest of the frame until the peer's close frame arrives.
  ws_.read_message_max(0);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(http::field::server, "archipel"); }));
  ws_.async_accept(request,
                   beast::bind_front_handler(&WebsocketSession::on_accept, shared_from_this()));
}

void WebsocketSession::on_accept(error_code ec) {
  if (ec) return fail(ec, "accept");
  accepted_ = true;
  context_->metrics->connections++;
  if (from_node_) context_->metrics->node_links++;
  context_->metrics->connections_total++;
  spdlog::debug("event=ws_open client={}", id_);
  hello_deadline_.expires_after(std::chrono::seconds(context_->config.hello_timeout_seconds));
  hello_deadline_.async_wait([self = shared_from_this()](error_code ec) {
    if (ec || self->said_hello_) return;
    spdlog::debug("event=hello_timeout client={}", self->id_);
    self->queue(make_frame(protocol::error_message(protocol::make_error(
        protocol::ErrorCode::hello_first, "no hello in time; this connection closes"))));
    self->close();
  });
  do_read();
}

void WebsocketSession::do_read() {
  // Read a message in pieces, at most one byte past the limit: enough to know it is too large.
  const std::size_t limit = context_->config.max_frame_bytes;
  const std::size_t room = limit + 1 - std::min(buffer_.size(), limit);
  ws_.async_read_some(buffer_, std::min<std::size_t>(room, 64 * 1024),
                      beast::bind_front_handler(&WebsocketSession::on_read, shared_from_this()));
}

void WebsocketSession::on_read(error_code ec, std::size_t) {
  if (ec) return fail(ec, "read");
  if (buffer_.size() > context_->config.max_frame_bytes) return refuse_too_large();
  if (!ws_.is_message_done()) return do_read();
  context_->metrics->messages_in++;
  try {
    handle_frame();
  } catch (
      const std::exception& e) {  // a bug in handling one frame ends that frame, never the process
    spdlog::error("event=handler_failed where=session client={} error=\"{}\"", id_, e.what());
    queue(make_frame(protocol::error_message(protocol::make_error(
        protocol::ErrorCode::server_error, "the server failed on your last message"))));
  }
  buffer_.consume(buffer_.size());
  do_read();
}

void WebsocketSession::handle_frame() {
  if (!take_rate_token()) {
    context_->metrics->rate_limited++;
    if (!told_rate_limited_) {
      told_rate_limited_ = true;
      queue(make_frame(protocol::error_message(
          protocol::make_error(protocol::ErrorCode::rate_limited,
                               "too many messages; slow down (messages are being dropped)"))));
    }
    // A client that keeps flooding long after being told is not a person: let it go.
    if (++dropped_in_a_row_ > 20 * context_->config.rate_burst) close();
    return;
  }
  dropped_in_a_row_ = 0;
  told_rate_limited_ = false;
  if (!ws_.got_text()) {
    context_->metrics->errors_sent++;
    return queue(make_frame(protocol::error_message(
        protocol::make_error(protocol::ErrorCode::bad_message, "messages are JSON text frames"))));
  }
  dispatch(beast::buffers_to_string(buffer_.data()));
}

void WebsocketSession::dispatch(std::string text) {
  switch (move_) {
    case Move::moved:  // the player is another node's: up the link, unread
      return upstream_->send(std::move(text));
    case Move::opening:
    case Move::adopting:  // decided in a moment: kept in order until then
      if (held_.size() < kMaxHeldWhileMoving) return held_.push_back(std::move(text));
      context_->metrics->errors_sent++;
      return queue(make_frame(protocol::error_message(
          protocol::make_error(protocol::ErrorCode::rate_limited,
                               "one moment: your connection is moving to another "
                               "server of this cluster; send that again"))));
    case Move::none:
      break;
  }
  if (from_node_ && !said_hello_ && adopt_from_node(text)) return;
  auto parsed = protocol::parse_client_message(text);
  if (!parsed.ok()) {
    context_->metrics->errors_sent++;
    return queue(make_frame(protocol::error_message(parsed.error())));
  }
  // A login may stand for the hello (docs/protocol.md, "Accounts").
  const bool greets = std::holds_alternative<protocol::Hello>(parsed.value()) ||
                      std::holds_alternative<protocol::Login>(parsed.value());
  if (greets && !said_hello_) {
    said_hello_ = true;
    hello_deadline_.cancel();
  }
  route(*context_->lobby, shared_from_this(), link_, std::move(parsed).value());
}

void WebsocketSession::link_room(std::weak_ptr<Room> room, RoomId id, std::string token) {
  net::post(ws_.get_executor(), [self = shared_from_this(), room = std::move(room), id,
                                 token = std::move(token)]() mutable {
    self->link_ = LinkedRoom{std::move(room), id, std::move(token)};
  });
}

void WebsocketSession::unlink_room() {
  net::post(ws_.get_executor(), [self = shared_from_this()] { self->link_ = LinkedRoom{}; });
}

bool WebsocketSession::take_rate_token() {
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - refilled_).count();
  refilled_ = now;
  tokens_ = std::min<double>(context_->config.rate_burst,
                             tokens_ + elapsed * context_->config.rate_per_second);
  if (tokens_ < 1.0) return false;
  tokens_ -= 1.0;
  return true;
}

void WebsocketSession::send(Frame frame) {
  net::post(ws_.get_executor(), [self = shared_from_this(), frame = std::move(frame)]() mutable {
    self->queue(std::move(frame));
  });
}

void WebsocketSession::queue(Frame frame) {
  if (closing_) return;
  if (queue_.size() >= context_->config.max_queue ||
      queued_bytes_ + frame->size() > context_->config.max_queue_bytes) {
    // Too slow to drain: drop the connection rather than buffer without bound (in messages and in
    // bytes).
    context_->metrics->slow_clients_dropped++;
    spdlog::warn("event=slow_client_dropped client={} queued={} bytes={}", id_, queue_.size(),
                 queued_bytes_);
    closing_ = true;
    error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
    return;
  }
  queued_bytes_ += frame->size();
  queue_.push_back(std::move(frame));
  // The first write waits for the frames queued by the handlers already posted: a room often sends
  // one person two frames at once (a line, then the room's listing), and they then leave in one TCP
  // segment (start_writing).
  if (queue_.size() == 1)
    net::post(ws_.get_executor(), [self = shared_from_this()] { self->start_writing(); });
}

void WebsocketSession::start_writing() {
  if (queue_.empty() || closing_) return;
  // Several frames waiting: hold them in the kernel (TCP_CORK) until the last is written, so the
  // client gets one segment (one wake-up, one pass through both TCP stacks) rather than one per
  // frame. One frame, as a move's patch: written at once, no cork.
  if (queue_.size() > 1) set_cork(true);
  do_write();
}

void WebsocketSession::set_cork(bool on) {
  if (corked_ == on) return;
  corked_ = on;
  const int value = on ? 1 : 0;
  // Uncorking sends what is held. A failure leaves the socket as it was: the kernel sends a corked
  // segment within 200 ms anyway.
  ::setsockopt(beast::get_lowest_layer(ws_).socket().native_handle(), IPPROTO_TCP, TCP_CORK, &value,
               sizeof value);
}

void WebsocketSession::do_write() {
  ws_.text(true);
  ws_.async_write(net::buffer(*queue_.front()),
                  beast::bind_front_handler(&WebsocketSession::on_write, shared_from_this()));
}

void WebsocketSession::on_write(error_code ec, std::size_t) {
  if (ec) return fail(ec, "write");
  context_->metrics->messages_out++;
  queued_bytes_ -= queue_.front()->size();
  queue_.pop_front();
  if (!queue_.empty()) return do_write();
  set_cork(false);
  if (close_after_write_) do_close(close_code_);
}

void WebsocketSession::close() {
  net::post(ws_.get_executor(),
            [self = shared_from_this()] { self->close_after_queue(self->close_code_); });
}

void WebsocketSession::close_for_restart() {
  net::post(ws_.get_executor(), [self = shared_from_this()] {
    self->close_after_queue(websocket::close_code::service_restart);
  });
}

void WebsocketSession::close_after_queue(websocket::close_code code) {
  if (closing_) return;
  close_code_ = code;
  if (queue_.empty())
    do_close(close_code_);
  else
    close_after_write_ = true;  // let what was queued go out first
}

void WebsocketSession::do_close(websocket::close_code code) {
  if (closing_) return;
  closing_ = true;
  ws_.async_close(code, [self = shared_from_this()](error_code) {});
}

void WebsocketSession::refuse_too_large() {
  context_->metrics->errors_sent++;
  spdlog::debug("event=frame_too_large client={} limit={}", id_, context_->config.max_frame_bytes);
  buffer_.consume(buffer_.size());
  // Say why (the error goes out first), then close with 1009; no further read: the close drains the
  // rest.
  queue(make_frame(protocol::error_message(protocol::make_error(
      protocol::ErrorCode::too_large, "messages are limited to " +
                                          std::to_string(context_->config.max_frame_bytes) +
                                          " bytes; this connection closes"))));
  close_after_queue(websocket::close_code::too_big);
}

void WebsocketSession::fail(error_code ec, const char* what) {
  if (ec != websocket::error::closed && ec != net::error::operation_aborted &&
      ec != net::error::eof)
    spdlog::debug("event=ws_error client={} op={} error=\"{}\"", id_, what, ec.message());
  closing_ = true;
  hello_deadline_.cancel();
  if (upstream_) upstream_->close();  // the other node reads a drop, as from a socket of its own
  if (accepted_ && !closed_reported_) {
    closed_reported_ = true;
    spdlog::debug("event=ws_close client={}", id_);
    context_->lobby->on_close(shared_from_this());
  }
}

// ---- a player carried to another node (docs/cluster.md) ----------------------------------------

bool WebsocketSession::adopt_from_node(const std::string& text) {
  auto m = nlohmann::json::parse(text, nullptr, false);
  if (!m.is_object() || m.value("type", "") != "adopt" || !m.contains("token") ||
      !m["token"].is_string() || !m.contains("name") || !m["name"].is_string())
    return false;
  said_hello_ = true;
  hello_deadline_.cancel();
  if (m.contains("lang") && m["lang"].is_string())
    if (auto lang = engine::parse_lang(m["lang"].get<std::string>())) set_lang(*lang);
  context_->lobby->adopt(shared_from_this(), m["token"].get<std::string>(),
                         m["name"].get<std::string>());
  return true;
}

void WebsocketSession::move_to_node(NodeMove move) {
  net::post(ws_.get_executor(), [self = shared_from_this(), move = std::move(move)]() mutable {
    if (self->closing_ || self->move_ != Move::none) {
      if (move.done) move.done(false);
      return;
    }
    self->move_ = move.adopting ? Move::adopting : Move::opening;
    self->move_done_ = std::move(move.done);
    self->then_ = std::move(move.then);
    auto executor = self->ws_.get_executor();
    std::weak_ptr<WebsocketSession> weak = self;
    auto on_strand = [executor, weak](auto f) {
      net::post(executor, [weak, f = std::move(f)]() mutable {
        if (auto s = weak.lock()) f(*s);
      });
    };
    self->upstream_ = std::make_shared<NodeLink>(
        executor, std::move(move.address), std::move(move.key),
        NodeLink::Handlers{
            [on_strand](bool open) {
              on_strand([open](WebsocketSession& s) {
                if (!open) {
                  s.queue(make_frame(protocol::error_message(protocol::make_error(
                      protocol::ErrorCode::not_available,
                      "the server of this cluster that holds it cannot be reached now; try again "
                      "shortly",
                      "le serveur de ce groupe qui la tient est injoignable pour l'instant ; "
                      "réessayez dans un moment"))));
                  return s.move_finished(false);
                }
                if (s.move_ == Move::opening) s.move_finished(true);
              });
            },
            [on_strand](Frame frame) {
              on_strand([frame = std::move(frame)](WebsocketSession& s) mutable {
                s.from_upstream(std::move(frame));
              });
            },
            [on_strand](websocket::close_code code) {
              on_strand([code](WebsocketSession& s) {
                if (s.move_ == Move::moved) return s.close_after_queue(code);
                if (s.move_ != Move::none) s.move_finished(false);
              });
            }});
    self->upstream_->open(std::move(move.first));
  });
}

void WebsocketSession::from_upstream(Frame frame) {
  if (move_ == Move::moved) return queue(std::move(frame));
  if (move_ != Move::adopting) return;  // a link let go of: nothing of it is the player's
  // The answer to the adopt: taken ({"type":"adopted"}, not the player's to read), or refused with
  // an error, which is.
  auto answer = nlohmann::json::parse(*frame, nullptr, false);
  if (answer.is_object() && answer.value("type", "") == "adopted") return move_finished(true);
  queue(std::move(frame));
  move_finished(false);
}

void WebsocketSession::move_finished(bool moved) {
  auto done = std::move(move_done_);
  move_done_ = nullptr;
  auto held = std::move(held_);
  held_.clear();
  auto then = std::move(then_);
  then_.clear();
  if (moved) {
    move_ = Move::moved;
    link_ = LinkedRoom{};  // nothing here is this connection's room any more
    for (auto& frame : then) upstream_->send(std::move(frame));
    for (auto& frame : held) upstream_->send(std::move(frame));
    context_->metrics->players_carried++;
  } else {
    move_ = Move::none;
    if (upstream_) upstream_->close();
    upstream_.reset();
  }
  if (done) done(moved);
  // Not moved: what the player sent meanwhile is answered here, in order.
  if (!moved)
    for (auto& frame : held) dispatch(std::move(frame));
}

}  // namespace archipel::server
