#pragma once
// One connection to Redis, driven by Asio on the server's own io_context (docs/cluster.md). The
// bytes are RESP: commands are written with hiredis's redisFormatCommandArgv and replies read with
// its redisReader (Debian's libhiredis), so only the parser is hiredis's; the socket, its timers
// and its strand are ours, and no io thread ever waits on Redis.
//
// Commands are pipelined: each is appended to the outgoing buffer at once (one write in flight,
// the rest gathered behind it) and Redis answers in order, so the replies are matched to their
// callbacks by a FIFO. A command given while the connection is down waits for it, at most the reply
// timeout (3 s: a start, a Redis restarting), then its callback gets a `failed` reply (the callers
// decide whether to try again: a lease is renewed at the next beat anyway, and a player is better
// told than left waiting). A connection that drops, or whose oldest command has waited past the
// reply timeout (a stalled Redis keeps its TCP connection up), fails every command in flight and is
// made again after a backoff (100 ms doubling to 5 s).
// After each (re)connection, AUTH and SELECT go first, then the on_connected hook runs, before any
// other command: a restarted Redis gets the node's keys back before anything else reads them.

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/net.hpp"

struct redisReader;

namespace archipel::server {

/// What --cluster names: redis://[[user]:password@]host[:port][/db].
struct RedisUrl {
  std::string host;
  std::uint16_t port = 6379;
  int db = 0;
  std::string user;      // empty: AUTH with the password alone (Redis before ACLs)
  std::string password;  // empty: no AUTH
};

/// Parses a redis:// URL. nullopt with the reason in *why (a sentence that never holds the
/// password) if it is not one: another scheme, no host, a port outside 1-65535, a database that is
/// not a number from 0 to 1000000, or anything after the database.
std::optional<RedisUrl> parse_redis_url(std::string_view text, std::string* why);

/// A reply, copied out of hiredis's so that no caller sees hiredis. `failed`: no reply at all (not
/// connected, the connection lost, or a reply timeout), with the reason in `text`.
struct RedisReply {
  enum class Type { failed, nil, status, error, string, integer, array };
  Type type = Type::failed;
  std::string text;  // string, status, error, failed
  long long integer = 0;
  std::vector<RedisReply> elements;  // array

  bool ok() const { return type != Type::failed && type != Type::error; }
};

class RedisConnection : public std::enable_shared_from_this<RedisConnection> {
 public:
  using Callback = std::function<void(RedisReply)>;

  struct Options {
    std::chrono::milliseconds connect_timeout{2000};
    std::chrono::milliseconds reply_timeout{3000};
    std::chrono::milliseconds backoff_min{100};
    std::chrono::milliseconds backoff_max{5000};
  };

  RedisConnection(net::any_io_executor executor, RedisUrl url, Options options);
  RedisConnection(net::any_io_executor executor, RedisUrl url)
      : RedisConnection(std::move(executor), std::move(url), Options{}) {}
  ~RedisConnection();

  /// Runs on the connection's strand after each (re)connection, AUTH and SELECT sent, before any
  /// other command: the place to send what a restarted Redis must get back first. Set before
  /// start().
  void on_connected(std::function<void()> f) { on_connected_ = std::move(f); }
  /// Runs on the connection's strand for each message Redis pushes unasked: a pub/sub `message`
  /// (an array "message", channel, payload) on a connection that has subscribed. Such a connection
  /// sends only SUBSCRIBE and PING (whose replies are matched as any other). Set before start().
  void on_push(std::function<void(RedisReply)> f) { on_push_ = std::move(f); }
  /// Connects, and keeps reconnecting until stop().
  void start();
  /// Closes for good: every command in flight fails, nothing reconnects. Thread-safe.
  void stop();

  /// Sends one command (thread-safe). `done` runs on the connection's strand (post onward to your
  /// own strand) with the reply, or with a `failed` one; never runs inside this call. While the
  /// connection is down the command waits for it, at most the reply timeout (and at most
  /// kMaxWaiting commands wait: past them, a command fails at once).
  void command(std::vector<std::string> args, Callback done = {});
  /// command() for one already on the strand (the on_connected hook, a callback): sent in the order
  /// of the calls, ahead of anything posted meanwhile.
  void command_here(std::vector<std::string> args, Callback done = {});

  /// Whether the connection is up now (thread-safe; by the time it is read it may have changed).
  bool connected() const { return connected_.load(std::memory_order_relaxed); }
  const net::strand<net::any_io_executor>& strand() const { return strand_; }

 private:
  struct Pending {
    Callback done;
    std::chrono::steady_clock::time_point sent;
  };
  struct Waiting {
    std::string formatted;
    Pending pending;
  };
  static constexpr std::size_t kMaxWaiting = 10000;

  void do_resolve();
  void on_resolve(error_code ec, const tcp::resolver::results_type& results);
  void on_connect(error_code ec);
  void do_write();
  void on_write(error_code ec);
  void do_read();
  void on_read(error_code ec, std::size_t bytes);
  void arm_watchdog();
  /// On a new connection: the commands that waited for it go out, after the set-up.
  void send_waiting();
  /// Drops the connection: every command in flight fails with `why`; reconnects after the backoff
  /// unless stopped.
  void fail(const std::string& why);

  net::strand<net::any_io_executor> strand_;
  RedisUrl url_;
  Options options_;
  tcp::resolver resolver_;
  tcp::socket socket_;
  net::steady_timer timer_;     // connect timeout, then the backoff before a reconnection
  net::steady_timer watchdog_;  // the reply timeout, checked every half of it, from start to stop
  std::function<void()> on_connected_;
  std::function<void(RedisReply)> on_push_;
  std::unique_ptr<redisReader, void (*)(redisReader*)> reader_;
  std::string outgoing_;  // commands gathered while a write is in flight
  std::string writing_;   // the write in flight
  std::deque<Pending> pending_;
  std::deque<Waiting> waiting_;  // commands given while the connection is down
  std::array<char, 16 * 1024> read_buffer_{};
  std::chrono::milliseconds backoff_;
  std::uint64_t generation_ = 0;  // counts connections: a handler of an older one does nothing
  bool up_ = false;               // on the strand: connected and set up
  bool stopped_ = false;
  bool started_ = false;
  std::atomic<bool> connected_{false};
};

}  // namespace archipel::server
