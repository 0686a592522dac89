#pragma once
// The seam between the game logic (lobby, rooms) and the network: whatever a message is sent to.
// The real one is a WebSocket session; room tests use a recording one, so rooms run in-process
// without sockets.

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "engine/core/lang.hpp"
#include "protocol/text.hpp"

namespace archipel::server {

/// A serialized message, built once and shared by every recipient of a broadcast.
using Frame = std::shared_ptr<const std::string>;

/// Serialized once for every recipient; never throws on user text (protocol::serialize).
inline Frame make_frame(const nlohmann::json& message) {
  return std::make_shared<const std::string>(protocol::serialize(message));
}

/// A message already written as text (protocol's *_frame functions), shared as it is.
inline Frame text_frame(std::string text) {
  return std::make_shared<const std::string>(std::move(text));
}

class Client {
 public:
  virtual ~Client() = default;
  /// Thread-safe. Queues the frame; a client whose queue is full is disconnected, never buffered
  /// without bound.
  virtual void send(Frame frame) = 0;
  /// Thread-safe. Closes the connection (the disconnect then reaches the lobby as for any drop).
  virtual void close() = 0;
  /// Thread-safe. Closes the connection because the server is restarting (SIGTERM): a WebSocket
  /// closes with 1012 (service restart) rather than close()'s 1001, which tells a client to come
  /// back with its token. A client that is not a socket (a recording one in tests, a bot the server
  /// hosts) just closes.
  virtual void close_for_restart() { close(); }
  /// Unique for the process's lifetime.
  virtual std::uint64_t id() const = 0;
  /// The peer's IP address, what login attempts are counted against ("" for a client that is not
  /// a socket).
  virtual std::string address() const { return {}; }

  /// The language this person reads: hello's `lang`, then /lang. Thread-safe: rooms read it on
  /// their strands.
  engine::Lang lang() const { return lang_.load(std::memory_order_relaxed); }
  void set_lang(engine::Lang lang) { lang_.store(lang, std::memory_order_relaxed); }

 private:
  std::atomic<engine::Lang> lang_{engine::Lang::en};
};

using ClientPtr = std::shared_ptr<Client>;

/// A message whose words depend on the reader's language, serialized at most once per language
/// however many people it goes to (a broadcast in a room of French and English readers makes two
/// frames).
class LocalFrames {
 public:
  explicit LocalFrames(std::function<nlohmann::json(engine::Lang)> build)
      : build_([build = std::move(build)](engine::Lang lang) {
          return protocol::serialize(build(lang));
        }) {}
  /// From a builder of the serialized message (protocol::patch_frame).
  static LocalFrames of_text(std::function<std::string(engine::Lang)> build) {
    return LocalFrames(std::move(build), 0);
  }

  Frame in(engine::Lang lang) {
    auto& frame = frames_[static_cast<std::size_t>(lang)];
    if (!frame) frame = std::make_shared<const std::string>(build_(lang));
    return frame;
  }
  void send_to(Client& client) { client.send(in(client.lang())); }

 private:
  LocalFrames(std::function<std::string(engine::Lang)> build, int) : build_(std::move(build)) {}

  std::function<std::string(engine::Lang)> build_;
  std::array<Frame, 2> frames_;
};

}  // namespace archipel::server
