#pragma once
// The seam between the game logic (lobby, rooms) and the network: whatever a message is sent to. The real one
// is a WebSocket session; room tests use a recording one, so rooms run in-process without sockets.

#include <cstdint>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "protocol/text.hpp"

namespace archipel::server {

/// A serialized message, built once and shared by every recipient of a broadcast.
using Frame = std::shared_ptr<const std::string>;

/// Serialized once for every recipient; never throws on user text (protocol::serialize).
inline Frame make_frame(const nlohmann::json& message) {
  return std::make_shared<const std::string>(protocol::serialize(message));
}

class Client {
 public:
  virtual ~Client() = default;
  /// Thread-safe. Queues the frame; a client whose queue is full is disconnected, never buffered without bound.
  virtual void send(Frame frame) = 0;
  /// Thread-safe. Closes the connection (the disconnect then reaches the lobby as for any drop).
  virtual void close() = 0;
  /// Unique for the process's lifetime.
  virtual std::uint64_t id() const = 0;
};

using ClientPtr = std::shared_ptr<Client>;

}  // namespace archipel::server
