#pragma once
// Moving a player's connection to another node of the cluster (docs/cluster.md, "Any room from any
// node"): what the lobby asks of a connection that can carry its frames to another node over a
// NodeLink (server/node_link.hpp). A WebSocket session can; a bot the server hosts cannot (bots
// never leave their node), so the lobby asks through this interface rather than the session class.

#include <functional>
#include <string>
#include <vector>

namespace archipel::server {

struct NodeMove {
  std::string address;             // the other node's "host:port"
  std::string key;                 // the cluster's link key (Cluster::link_key)
  std::vector<std::string> first;  // the frame naming the player there (an adopt or a hello)
  std::vector<std::string> then;   // what they asked for, sent once the other node took them
  /// The first frame is an `adopt`: the other node's first answer says whether it took the player
  /// ({"type":"adopted"}, kept from the player) or not (an error, passed to the player). Otherwise
  /// (a resume hello) the move is done once the link is open, and every answer is the player's.
  bool adopting = false;
  /// On the connection's strand: whether the player's frames now go to the other node. When false,
  /// the connection goes on here, as before the move.
  std::function<void(bool moved)> done;
};

class NodeMover {
 public:
  /// Thread-safe. Frames the player sends meanwhile wait, and follow `first` if the move is made.
  virtual void move_to_node(NodeMove move) = 0;
  /// Whether this connection is itself another node's link: never carried on again (a stale home
  /// must not send a player round the nodes).
  virtual bool is_node_link() const = 0;

 protected:
  ~NodeMover() = default;
};

}  // namespace archipel::server
