#pragma once
// The real server, in-process on a loopback port, and a WebSocket client for tests that talks to it
// over a real socket. Every wait is bounded, so a broken server fails a test instead of hanging it.

#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/net.hpp"
#include "server/server.hpp"

namespace archipel::testing {

using nlohmann::json;
using namespace std::chrono_literals;

class TestServer {
 public:
  /// data_dir empty: memory store. The registry must outlive the server.
  /// Games get seeds first_seed, first_seed+1, ... so a test can replay them in the engine.
  explicit TestServer(const engine::Registry& registry, std::string data_dir = "",
                      server::Config config = default_config(), std::uint64_t first_seed = 1);
  ~TestServer();
  /// Graceful stop (SIGTERM's first stage): no new connections, clients closed with "going away".
  void stop();
  /// Stops like a crash: no goodbye to clients, threads halted (the store keeps what it committed).
  void kill();
  std::uint16_t port() const { return port_; }
  server::Metrics& metrics() { return server_->metrics(); }
  server::Server& server() { return *server_; }

  static server::Config default_config();

 private:
  // The bot pool outlives the io_context: handlers still queued on the io_context when it is
  // destroyed hold rooms, whose bots hold strands on this pool (found by ASan: a strand freed after
  // its service).
  server::net::thread_pool bot_pool_{1};  // where /addbot bots think
  server::net::io_context ioc_{2};
  std::unique_ptr<server::Store> store_;
  std::unique_ptr<server::Server> server_;
  std::vector<std::thread> threads_;
  std::uint16_t port_ = 0;
  bool stopped_ = false;
  std::atomic<std::uint64_t> next_seed_;
};

class TestClient {
 public:
  explicit TestClient(std::uint16_t port);
  ~TestClient();

  void send(const json& message);
  void send_raw(const std::string& text);
  /// hello + welcome; returns the welcome.
  json hello(const std::string& name);
  /// The same, asking the server to write to this connection in `lang` ("en" or "fr").
  json hello(const std::string& name, const std::string& lang);
  void chat(const std::string& text) { send(json{{"type", "chat"}, {"text", text}}); }

  /// The next message, or nullopt after `timeout` (or once the connection is closed).
  std::optional<json> next(std::chrono::milliseconds timeout = 3000ms);
  /// Skips messages until one of `type` arrives (fails the test on timeout). Skipped ones stay in
  /// history().
  json expect(const std::string& type, std::chrono::milliseconds timeout = 3000ms);
  /// Skips messages until one of `type` for which `pred` holds.
  json expect_where(const std::string& type, const std::function<bool(const json&)>& pred,
                    std::chrono::milliseconds timeout = 3000ms);
  /// Like expect, for an error: returns it.
  json expect_error(const std::string& code, std::chrono::milliseconds timeout = 3000ms);
  /// Everything that arrives within `quiet` of silence.
  std::vector<json> drain(std::chrono::milliseconds quiet = 200ms);
  bool closed() const { return closed_; }
  /// The close code the server sent (1000, 1001, 1009...), or 0 if the connection ended without a
  /// close frame.
  int close_code() const { return close_code_; }
  const std::vector<json>& history() const { return history_; }

 private:
  server::net::io_context ioc_;
  server::websocket::stream<server::beast::tcp_stream> ws_;
  void start_read();

  server::beast::flat_buffer buffer_;
  std::deque<json> inbox_;  // one read is always pending; what it brings waits here
  bool closed_ = false;
  int close_code_ = 0;
  std::vector<json> history_;
};

/// One HTTP GET on a fresh connection to 127.0.0.1:port (throws on a network error).
server::http::response<server::http::string_body> http_get(std::uint16_t port,
                                                           const std::string& target);

/// Waits for the room message that shows `name` seated; returns it.
json expect_seated(TestClient& client, const std::string& name);

/// The host sends `create_line` (e.g. "/create race"), every other client joins; returns the room
/// id once the host sees them all seated. Everyone must have said hello.
std::int64_t open_room(TestClient& host, const std::vector<TestClient*>& others,
                       const std::string& create_line);

/// A seated client that plays the first legal move of each of its turns, keeping its view from
/// `state` (the full state it holds) and the patches that follow, while others (people or bots)
/// play theirs. Stops after `own_moves` moves of its own, or at the `over` message, which it
/// returns (null if the game goes on). Fails the test if nothing arrives for 5 s (a stalled room),
/// a patch does not follow the version held, or a move is refused.
json play_first_moves(TestClient& client, std::int64_t room, json state, int own_moves = 1 << 30);

/// `host` opens a room with `create_line`, `other` joins, `host` types `before_start` then /start,
/// and both play their first legal moves to the end (play_first_moves). Returns the host's `over`
/// (null, with the test failed, if the game did not end).
json play_to_the_end(TestClient& host, TestClient& other, const std::string& create_line,
                     const std::vector<std::string>& before_start = {});

/// Types `line` and returns the next message of `type` (a command's answer).
json ask(TestClient& client, const std::string& line, const std::string& type);

}  // namespace archipel::testing
