#pragma once
// One WebSocket connection. It lives exactly as long as it has work pending (Beast's chat-multi pattern) and
// runs on its own strand. It owns its write queue: a bounded FIFO with one write in flight, so messages reach
// the client in the order they were sent and a client that cannot keep up is dropped instead of growing
// memory. Frames queued together are written under TCP_CORK, so they leave in one segment. Frames have a size cap, messages a rate limit, and an idle connection is pinged and then dropped.
// Every message it reads goes through the router (server/router.hpp), with the room the lobby has linked it
// to (RoomLink), so its room messages go straight to that room's strand.

#include <chrono>
#include <memory>

#include "server/client.hpp"
#include "server/frame_queue.hpp"
#include "server/room.hpp"
#include "server/router.hpp"
#include "server/net.hpp"
#include "server/server_context.hpp"

namespace archipel::server {

class WebsocketSession final : public Client, public RoomLink, public std::enable_shared_from_this<WebsocketSession> {
 public:
  WebsocketSession(tcp::socket&& socket, std::shared_ptr<const ServerContext> context,
                   ConnectionLimits::Ticket ticket);
  ~WebsocketSession() override;

  /// Accepts the upgrade request already read by the HTTP session.
  void run(http::request<http::string_body> request);

  void send(Frame frame) override;
  void close() override;
  std::uint64_t id() const override { return id_; }

  void link_room(std::weak_ptr<Room> room, RoomId id, std::string token) override;
  void unlink_room() override;

 private:
  void on_accept(error_code ec);
  void do_read();
  void on_read(error_code ec, std::size_t bytes);
  void handle_frame();
  bool take_rate_token();
  void queue(Frame frame);
  void start_writing();
  void set_cork(bool on);
  void do_write();
  void on_write(error_code ec, std::size_t bytes);
  void do_close(websocket::close_code code);
  /// A message over the frame limit: a too_large error, then close code 1009.
  void refuse_too_large();
  void fail(error_code ec, const char* what);

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::shared_ptr<const ServerContext> context_;
  std::uint64_t id_;
  FrameQueue queue_;
  std::size_t queued_bytes_ = 0;        // bytes of the frames in queue_
  ConnectionLimits::Ticket ticket_;     // this socket's place under the connection caps
  net::steady_timer hello_deadline_;    // a connection that has not said hello by then is closed
  bool said_hello_ = false;
  bool accepted_ = false;
  bool closing_ = false;       // no more writes are queued
  bool close_after_write_ = false;
  bool corked_ = false;        // TCP_CORK is set: several frames are being written as one segment
  websocket::close_code close_code_ = websocket::close_code::going_away;  // sent when the connection closes
  bool closed_reported_ = false;
  double tokens_;
  std::chrono::steady_clock::time_point refilled_;
  bool told_rate_limited_ = false;
  int dropped_in_a_row_ = 0;
  LinkedRoom link_;  // the room this connection is linked to (set and read on the session's strand only)
};

}  // namespace archipel::server
