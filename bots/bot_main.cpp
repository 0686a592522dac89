// archipel-bot: a network bot. It speaks the protocol exactly like a browser (docs/protocol.md,
// docs/bots.md): hello, /create or /join through chat, a view kept by ViewTracker from state and
// patch messages (sync on a gap), an action whenever its seat is in to_act. Errors from the server
// are logged to stderr and play goes on. When the connection drops (a server restart closes it with
// 1012 after an `info` server_restarting), it connects again for up to --reconnect-for seconds and
// says hello with its token: the server gives it its seat back.
#include <chrono>
#include <iostream>
#include <optional>
#include <string>
#include <thread>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <boost/asio.hpp>
#include <boost/beast.hpp>

#include "bots/strategy.hpp"

namespace {

// A client of the protocol like any other: it uses Beast directly and nothing of the server.
using nlohmann::json;
namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = boost::beast::websocket;
using tcp = boost::asio::ip::tcp;

struct Flags {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string name = "bot";
  std::optional<std::int64_t> room;
  std::string create;
  int start_when = 2;
  int seat = 0;  // 1-based as in /join; 0: any
  std::string strategy = "random";
  int think_ms = 0;
  int iterations = 0;
  int games = 1;
  std::uint64_t seed = 1;
  int idle_timeout_s = 300;
  double max_rate =
      10;  // messages per second at most: the server drops what exceeds its limit (20/s)
  int reconnect_for_s =
      60;  // after a drop, how long to keep trying to connect again (0: exit at once)
};

void log(const std::string& name, const std::string& text) {
  std::cerr << "[" << name << "] " << text << "\n";
}

class Bot {
 public:
  explicit Bot(const Flags& flags)
      : flags_(flags),
        rng_(flags.seed),
        min_interval_(std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double>(1.0 / flags.max_rate))) {
    archipel::bots::StrategyOptions options;
    options.think_ms = flags.think_ms;
    options.iterations = flags.iterations;
    strategy_ = archipel::bots::make_strategy(flags.strategy, options);
  }

  int run() {
    if (!strategy_) {
      log(flags_.name, "unknown strategy " + flags_.strategy);
      return 2;
    }
    connect();
    send(json{{"type", "hello"}, {"name", flags_.name}});
    while (more_games()) {
      json message;
      if (read(message)) {
        handle(message);
        continue;
      }
      if (!reconnect()) return 1;
    }
    beast::error_code ec;
    ws_->close(websocket::close_code::normal, ec);
    return 0;
  }

 private:
  // A new socket and handshake (throws if the server cannot be reached).
  void connect() {
    ws_.emplace(ioc_);
    tcp::resolver resolver(ioc_);
    auto& stream = beast::get_lowest_layer(*ws_);
    stream.expires_after(std::chrono::seconds(10));
    stream.connect(resolver.resolve(flags_.host, std::to_string(flags_.port)));
    stream.expires_never();
    ws_->read_message_max(64 * 1024 * 1024);
    ws_->handshake(flags_.host, "/ws");
  }

  // After a drop: tries again every second for --reconnect-for seconds, then says hello with the
  // token, which brings the seat back (the room sends its state, from which play goes on). False if
  // it never got back.
  bool reconnect() {
    if (token_.empty() || flags_.reconnect_for_s <= 0) return false;
    const auto until = Clock::now() + std::chrono::seconds(flags_.reconnect_for_s);
    while (Clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::seconds(1));
      try {
        connect();
      } catch (const std::exception&) {
        continue;  // not back yet
      }
      log(name_, "connected again; resuming with the token");
      tracker_.reset();
      send(json{{"type", "hello"}, {"token", token_}});
      return true;
    }
    log(name_, "gave up reconnecting after " + std::to_string(flags_.reconnect_for_s) + " s");
    return false;
  }

  void send(const json& message) {
    // Paced: a message the server drops for its rate limit would have to be noticed and sent again.
    const auto now = Clock::now();
    if (now < next_send_) std::this_thread::sleep_for(next_send_ - now);
    next_send_ = Clock::now() + min_interval_;
    ws_->text(true);
    beast::error_code
        ec;  // a write on a dropped connection: the next read sees the drop and reconnects
    ws_->write(net::buffer(message.dump()), ec);
  }
  void chat(const std::string& text) { send(json{{"type", "chat"}, {"text", text}}); }

  bool read(json& out) {
    beast::get_lowest_layer(*ws_).expires_after(std::chrono::seconds(flags_.idle_timeout_s));
    beast::flat_buffer buffer;
    beast::error_code ec;
    ws_->read(buffer, ec);
    if (ec) {
      log(flags_.name, "connection: " + ec.message() +
                           (ec == websocket::error::closed
                                ? " (close code " + std::to_string(ws_->reason().code) + ")"
                                : ""));
      return false;
    }
    out = json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
    return true;
  }

  // Enters the next game's room: /create (host) or /join.
  void enter_room() {
    seated_ = false;
    started_ = false;
    room_.reset();
    tracker_.reset();
    if (!flags_.create.empty()) {
      chat("/create " + flags_.create);
    } else if (flags_.room && played_ == 0) {
      chat("/join " + std::to_string(*flags_.room) +
           (flags_.seat > 0 ? " " + std::to_string(flags_.seat) : ""));
    } else {
      waiting_for_open_room_ = true;  // join the first open room the lobby lists
      chat("/join");
    }
  }

  void handle(const json& m) {
    if (!m.is_object() || !m.contains("type")) return;
    const std::string type = m.value("type", "");
    if (type == "welcome") {
      token_ = m.value("token", token_);
      if (!welcomed_) {
        welcomed_ = true;
        name_ = m.value("name", flags_.name);
        enter_room();
      }
    } else if (type == "error") {
      log(name_, "error " + m.value("code", "") + ": " + m.value("message", ""));
      if (!welcomed_ && m.value("code", "") == "name_taken") {
        send(json{{"type", "hello"}, {"name", flags_.name + std::to_string(rng_.below(1000))}});
      } else if (!seated_ && waiting_for_open_room_) {
        retry_join_ = true;  // no open room yet: try again when the room list changes
      } else if (room_ && tracker_.has_view()) {
        // Our last message may have been refused or dropped: ask for the full state after a pause
        // and let it decide. Messages are handled in order, so a state still at the version we
        // acted on means our move was not applied: act on it again; a newer one already shows our
        // move.
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        tracker_.forget_action();
        send(json{{"type", "sync"}, {"room", *room_}});
      }
    } else if (type == "rooms" ||
               type == "rooms_delta") {  // a page, or rooms added or changed since
      if (!seated_ && retry_join_) {
        retry_join_ = false;
        chat("/join");
      }
    } else if (type == "room") {
      on_room(m);
    } else if (type == "state" || type == "patch") {
      // Only the room we sit in (known from its `room` message): a late answer about an earlier
      // game is ignored.
      if (!room_ || m.value("room", std::int64_t{-1}) != *room_) return;
      const auto update = tracker_.on_message(m);
      if (update == archipel::bots::ViewTracker::Update::need_sync) {
        send(json{{"type", "sync"}, {"room", *room_}});
      } else if (update == archipel::bots::ViewTracker::Update::updated) {
        maybe_act();
      }
    } else if (type == "over") {
      if (room_ && m.value("room", std::int64_t{-1}) == *room_) {
        ++played_;
        log(name_, "game over in room " + std::to_string(*room_) + ": " +
                       m.value("ranking", json::array()).dump());
        if (more_games()) {
          chat("/leave");
          enter_room();
        }
      }
    }
  }

  void on_room(const json& room) {
    const auto& seats = room.value("seats", json::array());
    int taken = 0;
    bool me = false;
    for (const auto& seat : seats) {
      if (!seat.value("name", json()).is_string()) continue;
      ++taken;
      if (seat["name"] == name_) me = true;
    }
    if (!me || room.value("status", "") == "over") return;
    if (!seated_) {
      seated_ = true;
      waiting_for_open_room_ = false;
      room_ = room.value("id", std::int64_t{-1});
      log(name_, "seated in room " + std::to_string(*room_));
    }
    if (room.value("id", std::int64_t{-1}) != *room_) return;
    if (!flags_.create.empty() && !started_ && room.value("status", "") == "waiting" &&
        room.value("host", json()) == name_ && taken >= flags_.start_when) {
      started_ = true;
      chat("/start");
    }
  }

  void maybe_act() {
    if (!tracker_.may_act()) return;
    const json& view = tracker_.view();
    const std::size_t index = strategy_->choose(game_id(), view, *tracker_.seat(), rng_);
    send(json{{"type", "action"}, {"room", *room_}, {"action", view["legal"][index]["action"]}});
    tracker_.acted();
  }

  bool more_games() const { return flags_.games == 0 || played_ < flags_.games; }

  std::string game_id() const {
    const json& view = tracker_.view();
    return view.value(
        "game", flags_.create.empty() ? std::string("santa-cruz") : first_word(flags_.create));
  }
  static std::string first_word(const std::string& text) { return text.substr(0, text.find(' ')); }

  using Clock = std::chrono::steady_clock;

  Flags flags_;
  net::io_context ioc_;
  std::optional<websocket::stream<beast::tcp_stream>> ws_;  // a new one for each connection
  archipel::engine::Rng rng_;
  std::unique_ptr<archipel::bots::Strategy> strategy_;
  archipel::bots::ViewTracker tracker_;
  std::string name_;
  std::string token_;  // from welcome: the seat back after a reconnection
  std::optional<std::int64_t> room_;
  bool welcomed_ = false, seated_ = false, started_ = false;
  bool waiting_for_open_room_ = false, retry_join_ = false;
  int played_ = 0;
  Clock::duration min_interval_;
  Clock::time_point next_send_{};
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"archipel-bot: plays Archipel games over the WebSocket protocol"};
  Flags flags;
  std::int64_t room = 0;
  app.add_option("--host", flags.host)->capture_default_str();
  app.add_option("--port", flags.port)->capture_default_str();
  app.add_option("--name", flags.name, "nickname")->capture_default_str();
  auto* room_opt = app.add_option("--room", room, "join this room");
  auto* create_opt =
      app.add_option("--create", flags.create, "create a room for this game (e.g. santa-cruz)");
  room_opt->excludes(create_opt);
  app.add_option("--start-when", flags.start_when,
                 "with --create: /start once this many seats are taken")
      ->capture_default_str();
  app.add_option("--seat", flags.seat, "with --room: this seat (1-based, as /join)");
  app.add_option("--strategy", flags.strategy, "random | greedy | search | expert")
      ->capture_default_str();
  app.add_option("--think-ms", flags.think_ms,
                 "time budget per decision (0: the strategy's default)");
  app.add_option("--iterations", flags.iterations,
                 "iterations per decision (0: the strategy's default)");
  app.add_option("--games", flags.games, "games to play before exiting (0: keep playing)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  app.add_option("--seed", flags.seed, "the bot's own generator seed")->capture_default_str();
  app.add_option("--idle-timeout", flags.idle_timeout_s, "seconds of silence before giving up")
      ->capture_default_str();
  app.add_option("--reconnect-for", flags.reconnect_for_s,
                 "after a dropped connection (a server restart), seconds to keep trying to come "
                 "back (0: exit)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  app.add_option("--max-rate", flags.max_rate,
                 "messages per second at most (the server's limit is 20)")
      ->check(CLI::Range(0.1, 1000.0))
      ->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  if (*room_opt) flags.room = room;
  try {
    return Bot(flags).run();
  } catch (const std::exception& e) {
    log(flags.name, std::string("fatal: ") + e.what());
    return 1;
  }
}
