#pragma once
// A WebSocket from this node to another node of the cluster, carrying one player's connection
// there (docs/cluster.md, "Any room from any node"). The player's own WebSocket stays on this node
// (the one their load balancer chose); their frames go up this link as they came, unparsed, and
// the other node's frames come back down and are queued on the player's socket as they are. So a
// move costs this node one read and one write each way, and no JSON.
//
// The link proves it comes from a node with the cluster's link key (read from Redis, so only what
// can reach Redis knows it), sent in the upgrade request's Archipel-Node-Key header: the other node
// then trusts its first frame to name a player (an `adopt` or a resume `hello`) and does not count
// it against the per-address cap (every link of a node comes from that node's address).
//
// One strand of its own; its callbacks are called on it, and post onward.

#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/client.hpp"
#include "server/net.hpp"

namespace archipel::server {

/// The upgrade header a node's link carries its cluster key in.
inline constexpr const char* kNodeKeyHeader = "Archipel-Node-Key";

class NodeLink : public std::enable_shared_from_this<NodeLink> {
 public:
  struct Handlers {
    /// The link is up and `first` has been written (true), or it could not be made (false).
    std::function<void(bool open)> opened;
    /// A frame from the other node, for the player.
    std::function<void(Frame frame)> frame;
    /// The link is closed (by either side, or failed): `code` is the other node's close code, or
    /// 1012 (service restart) when it went without one. Called once, after opened(true).
    std::function<void(websocket::close_code code)> closed;
  };

  /// `address`: "host:port" of the other node; `key`: the cluster's link key.
  NodeLink(net::any_io_executor executor, std::string address, std::string key, Handlers handlers);

  /// Connects, upgrades, then writes `first` (the frames that name the player and what they asked
  /// for), before anything given to send().
  void open(std::vector<std::string> first);
  /// Queues a frame for the other node (thread-safe). Dropped once closed.
  void send(std::string text);
  /// Closes the link (thread-safe); closed() follows.
  void close();

 private:
  void on_resolved(error_code ec, tcp::resolver::results_type results);
  void on_connected(error_code ec);
  void on_handshake(error_code ec);
  void do_read();
  void on_read(error_code ec, std::size_t bytes);
  void queue(std::string text);
  void on_write(error_code ec, std::size_t bytes);
  /// Ends the link once: opened(false) if it never opened, closed(code) if it had.
  void finish(websocket::close_code code);

  net::strand<net::any_io_executor> strand_;
  tcp::resolver resolver_;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::string address_;
  std::string key_;
  Handlers handlers_;
  std::deque<std::string> outbox_;  // written one at a time, in order
  bool open_ = false;
  bool done_ = false;
};

}  // namespace archipel::server
