#pragma once
// One WebSocket connection, on its own strand. It owns its write queue: a bounded FIFO with one
// write in flight, so messages reach the client in the order they were sent and a client that
// cannot keep up is dropped instead of growing memory. Frames queued together are written under
// TCP_CORK, so they leave in one segment. Frames have a size cap, messages a rate limit, and an
// idle connection is pinged and then dropped. Every message it reads goes through the router
// (server/router.hpp), with the room the lobby has linked it to (RoomLink), so its room messages
// go straight to that room's strand.
//
// Lifetime. Unlike Beast's chat-multi, where a session lives exactly as long as it has work
// pending, a session here is held by shared_ptr (ClientPtr) from three places:
//  - its own pending operations: every async handler and post holds shared_from_this();
//  - the lobby: the Player record of the person on this connection (Player::client), and any lobby
//    or room task queued with it (on_request, member_action ... carry the ClientPtr);
//  - the room where that person sits or watches: the seat's or spectator's Member::client.
// The room link it holds itself is a weak_ptr: a session never keeps a room alive. When the socket
// closes or fails, fail() tells the lobby once (Lobby::on_close). On its strand the lobby detaches
// the player (Player::client = null) and tells the room (Room::disconnect, Room::unwatch), which
// nulls its Member::client; the session is freed when the last of those and its own last handler
// let go. The session also holds the lobby (ServerContext::lobby), so session -> context -> lobby
// -> session is a cycle that the lobby breaks by hand when the server stops: Lobby::shutdown()
// closes every player's connection and then, on the lobby's strand, release_after_stop() clears
// every player and room (and so every Player::client and Member::client); a server stopped without
// shutdown() gets the same release_after_stop() from Server's destructor, once no thread runs the
// io_context.

#include <chrono>
#include <memory>

#include "server/client.hpp"
#include "server/frame_queue.hpp"
#include "server/net.hpp"
#include "server/node_link.hpp"
#include "server/node_move.hpp"
#include "server/room.hpp"
#include "server/router.hpp"
#include "server/server_context.hpp"

namespace archipel::server {

class WebsocketSession final : public Client,
                               public RoomLink,
                               public NodeMover,
                               public std::enable_shared_from_this<WebsocketSession> {
 public:
  WebsocketSession(tcp::socket&& socket, std::shared_ptr<const ServerContext> context,
                   ConnectionLimits::Ticket ticket);
  ~WebsocketSession() override;

  /// Accepts the upgrade request already read by the HTTP session. `from_node`: the request
  /// carried the cluster's link key (another node's NodeLink): its first frame may be an `adopt`.
  void run(http::request<http::string_body> request, bool from_node = false);

  void send(Frame frame) override;
  void close() override;
  void close_for_restart() override;
  std::uint64_t id() const override { return id_; }
  std::string address() const override { return address_; }

  void link_room(std::weak_ptr<Room> room, RoomId id, std::string token) override;
  void unlink_room() override;

  void move_to_node(NodeMove move) override;
  bool is_node_link() const override { return from_node_; }

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
  /// On the strand: closes with `code` once what is queued has gone out.
  void close_after_queue(websocket::close_code code);
  void fail(error_code ec, const char* what);
  // A player carried to another node (docs/cluster.md), on the strand.
  /// A frame from the other node: the player's, or (adopting) the answer to the adopt.
  void from_upstream(Frame frame);
  /// The move is made (true) or not: the frames held meanwhile go up, or through the router here.
  void move_finished(bool moved);
  /// A node link's `adopt` (its first frame): the player it names, handed to the lobby. False when
  /// the frame is not one.
  bool adopt_from_node(const std::string& text);
  /// A frame's text, read whole: up the link when carried, held while a move is decided, else
  /// parsed and routed.
  void dispatch(std::string text);
  static constexpr std::size_t kMaxHeldWhileMoving = 32;

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::shared_ptr<const ServerContext> context_;
  std::uint64_t id_;
  std::string address_;  // the peer's IP, read once at the start
  FrameQueue queue_;
  std::size_t queued_bytes_ = 0;      // bytes of the frames in queue_
  ConnectionLimits::Ticket ticket_;   // this socket's place under the connection caps
  net::steady_timer hello_deadline_;  // a connection that has not said hello by then is closed
  bool said_hello_ = false;
  bool accepted_ = false;
  bool closing_ = false;  // no more writes are queued
  bool close_after_write_ = false;
  bool corked_ = false;  // TCP_CORK is set: several frames are being written as one segment
  websocket::close_code close_code_ =
      websocket::close_code::going_away;  // sent when the connection closes
  bool closed_reported_ = false;
  double tokens_;
  std::chrono::steady_clock::time_point refilled_;
  bool told_rate_limited_ = false;
  int dropped_in_a_row_ = 0;
  LinkedRoom
      link_;  // the room this connection is linked to (set and read on the session's strand only)
  bool from_node_ = false;  // another node's link (run's from_node)
  // Carried to another node: every frame goes up the link, unread, and what comes down is queued.
  std::shared_ptr<NodeLink> upstream_;
  enum class Move { none, opening, adopting, moved } move_ = Move::none;
  std::function<void(bool)> move_done_;  // NodeMove::done, until the move is decided
  std::vector<std::string> held_;        // frames the player sent while the move was decided
  std::vector<std::string> then_;        // NodeMove::then, sent once adopted
};

}  // namespace archipel::server
