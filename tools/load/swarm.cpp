#include "tools/load/swarm.hpp"

#include <netinet/in.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <thread>

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <nlohmann/json.hpp>

#include "bots/strategy.hpp"  // ViewTracker: the C++ copy of the protocol's view rules
#include "engine/core/rng.hpp"
#include "tools/load/room_listing.hpp"

namespace archipel::load {

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = boost::beast::websocket;
using tcp = boost::asio::ip::tcp;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

std::uint64_t now_ns() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
          .count());
}

class Client;

// The clients seated together: the first is the host, who creates each room.
struct Table {
  std::vector<Client*> clients;
  std::optional<std::int64_t> room;
  int seated = 0;       // clients that saw themselves seated in `room`
  int finished = 0;     // clients that received `over` for `room`
  bool opened = false;  // its host has asked for its first room (Worker::open_next_table)
  bool settled =
      false;  // its first room is full, or one of its clients failed before: no longer being seated
  bool start_sent = false;
  Clock::time_point last_move{};  // the last own patch after a move of any of its clients (the
                                  // run's start before)
};

}  // namespace

class Worker {
 public:
  Worker(const LoadConfig& config, tcp::endpoint server, std::vector<std::string> sources,
         int first_index, int clients, int tables, int rooms_at_once, std::uint64_t seed);
  void start();
  void seat() {
    post([this] { do_seat(); });
  }
  void run() {
    post([this] { do_run(); });
  }
  void stop();

  const LoadConfig& config() const { return config_; }
  Counters& counters() { return counters_; }
  const Counters& counters() const { return counters_; }
  Measures& measures() { return measures_; }
  bool measuring() const { return measuring_.load(std::memory_order_relaxed); }
  void set_measuring(bool on) { measuring_ = on; }
  bool running() const { return running_; }
  bool stopping() const { return stopping_; }
  net::io_context& ioc() { return ioc_; }
  const tcp::endpoint& server() const { return server_; }
  void error(const std::string& code) {
    ++measures_.errors[code];
    ++counters_.errors;
  }
  /// A connection ended its handshake phase (welcomed or failed): the next may start.
  void connection_settled();
  /// A table's first seating is over (full, or a client failed): with --rooms-at-once the next
  /// table may open.
  void table_settled(Table& table);

 private:
  template <class F>
  void post(F f) {
    net::post(ioc_, std::move(f));
  }
  void do_seat();
  void open_next_table();
  void do_run();
  void connect_next();
  // Measures::tables_stalled, at the end of the run (on the worker's thread: the tables are its
  // own).
  void count_stalled_tables();

  LoadConfig config_;
  net::io_context ioc_;
  std::optional<net::executor_work_guard<net::io_context::executor_type>> guard_;
  std::thread thread_;
  tcp::endpoint server_;
  std::vector<std::shared_ptr<Client>> clients_;
  std::deque<Table> tables_;  // stable addresses
  std::size_t next_connect_ = 0;
  std::size_t next_table_ = 0;  // the next table to seat
  int rooms_at_once_ = 0;       // this worker's share of --rooms-at-once (0: all at once)
  int seating_ = 0;             // tables opened and not yet settled
  int in_flight_ = 0;
  int concurrency_ = 1;
  bool running_ = false, stopping_ = false;
  std::atomic<bool> measuring_{false};
  Counters counters_;
  Measures measures_;
};

namespace {

class Client : public std::enable_shared_from_this<Client> {
 public:
  Client(Worker& worker, std::string name, std::optional<net::ip::address> source,
         std::uint64_t seed)
      : worker_(worker), ws_(worker.ioc()), name_(std::move(name)), source_(source), rng_(seed) {}

  void set_table(Table* table, int place) {
    table_ = table;
    place_ = place;
  }

  void connect() {
    auto& stream = beast::get_lowest_layer(ws_);
    beast::error_code ec;
    if (source_) {
      auto& socket = stream.socket();
      socket.open(tcp::v4(), ec);
#ifdef IP_BIND_ADDRESS_NO_PORT
      // Pick the port at connect time, per destination: a source address then serves more than 28k
      // sockets.
      if (!ec) {
        int one = 1;
        ::setsockopt(socket.native_handle(), IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
      }
#endif
      if (!ec) socket.bind(tcp::endpoint(*source_, 0), ec);
      if (ec) return fail("connect", ec);
    }
    stream.expires_after(std::chrono::seconds(30));
    stream.async_connect(worker_.server(),
                         [self = shared_from_this()](beast::error_code e) { self->on_connect(e); });
  }

  // The table's host: open a new room.
  void create_room() {
    std::string line = "/create " + worker_.config().game;
    for (const auto& option : worker_.config().options) line += " " + option;
    chat(line);
  }
  void join(std::int64_t room) {
    chat("/join " + std::to_string(room));
  }

  // The host, once the room is full and the run has begun.
  void maybe_start() {
    if (!table_ || place_ != 0 || table_->start_sent || !table_->room || !worker_.running()) return;
    if (worker_.config().mode != Mode::play && worker_.config().mode != Mode::closed) return;
    if (table_->seated < static_cast<int>(table_->clients.size())) return;
    table_->start_sent = true;
    chat("/start");
  }

  void start_chatting() {
    if (worker_.config().mode == Mode::relay && table_ && place_ == 0)
      return say_line();  // the first turn
    if (worker_.config().mode != Mode::chat || !table_) return;
    const auto period = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(1.0 / worker_.config().rate));
    // A random phase, so the clients do not all speak in the same millisecond.
    next_chat_ =
        Clock::now() + Clock::duration(static_cast<Clock::rep>(rng_.below(
                           static_cast<std::uint64_t>(std::max<Clock::rep>(1, period.count())))));
    chat_period_ = period;
    schedule_chat();
  }

  void close() {
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
    if (timer_) timer_->cancel();
  }

 private:
  void on_connect(beast::error_code ec) {
    if (ec) return fail("connect", ec);
    ++worker_.counters().connected;
    // A client sends small frames and waits for their answers: without this, Nagle and the server's
    // delayed ACK can hold a move or a relay line back by up to 40 ms.
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true), ignored);
    beast::get_lowest_layer(ws_).expires_never();
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    ws_.read_message_max(16 * 1024 * 1024);
    ws_.async_handshake(
        worker_.config().host, worker_.config().path,
        [self = shared_from_this()](beast::error_code e) { self->on_handshake(e); });
  }

  void on_handshake(beast::error_code ec) {
    if (ec) return fail("handshake", ec);
    send(json{{"type", "hello"}, {"name", name_}}.dump());
    do_read();
  }

  void do_read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->on_read(ec);
    });
  }

  void on_read(beast::error_code ec) {
    if (ec) return fail("lost", ec);
    ++worker_.counters().messages_in;
    const auto data = buffer_.cdata();
    const std::string_view text(static_cast<const char*>(data.data()), data.size());
    if (!is_lobby_list(text)) {
      json message = json::parse(text.begin(), text.end(), nullptr, false);
      if (message.is_object()) on_message(message);
    }
    buffer_.consume(buffer_.size());
    do_read();
  }

  // The lobby's room and game lists are of no use to a load client, and on a server that sends the
  // whole list on every change, parsing each would make this client the bottleneck (and get it
  // dropped as too slow). The server writes keys sorted, so "type" closes these messages; any other
  // spelling is simply parsed and ignored.
  static bool is_lobby_list(std::string_view text) {
    return text.ends_with(R"("type":"rooms"})") || text.ends_with(R"("type":"games"})");
  }

  void send(std::string text) {
    queue_.push_back(std::move(text));
    if (queue_.size() == 1) do_write();
  }
  void send(const json& message) {
    send(message.dump());
  }
  void chat(const std::string& text) {
    send(json{{"type", "chat"}, {"text", text}});
  }

  void do_write() {
    ws_.text(true);
    ws_.async_write(net::buffer(queue_.front()),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      if (ec) return self->fail("lost", ec);
                      self->queue_.pop_front();
                      if (!self->queue_.empty()) self->do_write();
                    });
  }

  void fail(const char* what, beast::error_code ec) {
    if (dead_) return;
    dead_ = true;
    if (timer_) timer_->cancel();
    if (worker_.stopping() || ec == net::error::operation_aborted) return;
    ++worker_.counters().failed;
    worker_.error(what);
    if (table_) worker_.table_settled(*table_);  // its room will not fill: the next may open
    if (!welcomed_) worker_.connection_settled();
  }

  static std::int64_t int_or(const json& m, const char* key, std::int64_t fallback) {
    const auto it = m.find(key);
    return it != m.end() && it->is_number_integer() ? it->get<std::int64_t>() : fallback;
  }
  static std::string string_or(const json& m, const char* key) {
    const auto it = m.find(key);
    return it != m.end() && it->is_string() ? it->get<std::string>() : std::string();
  }
  bool in_table_room(const json& m) const {
    return table_ && table_->room && int_or(m, "room", -1) == *table_->room;
  }

  void on_message(const json& m) {
    const std::string type = string_or(m, "type");
    if (type == "welcome") {
      if (welcomed_) return;
      welcomed_ = true;
      ++worker_.counters().welcomed;
      worker_.connection_settled();
    } else if (type == "error") {
      worker_.error(string_or(m, "code"));
      if (move_pending_) {  // the move was refused or dropped: ask for the state and act on it
                            // again
        move_pending_ = false;
        tracker_.forget_action();
        if (table_ && table_->room) send(json{{"type", "sync"}, {"room", *table_->room}});
      }
    } else if (type == "room") {
      on_room(m);
    } else if (type == "state" || type == "patch") {
      if (!in_table_room(m)) return;
      on_view(m, type == "patch");
    } else if (type == "chat") {
      if (!in_table_room(m)) return;
      ++worker_.counters().chats_delivered;
      const std::string from = string_or(m, "from");
      if (worker_.config().mode == Mode::relay && from == previous_seat_name())
        say_line();  // my turn
      if (from == name_ || !worker_.measuring()) return;
      const std::string text = string_or(m, "text");
      const std::uint64_t sent = std::strtoull(text.c_str(), nullptr, 10);
      const std::uint64_t now = now_ns();
      if (sent > 0 && sent <= now) worker_.measures().chat_latency_us.record((now - sent) / 1000);
    } else if (type == "over") {
      if (!in_table_room(m)) return;
      ++worker_.counters().games_over;
      on_over();
    }
  }

  void on_room(const json& m) {
    if (!table_) return;
    const std::int64_t id = int_or(m, "id", -1);
    if (place_ == 0 && !table_->room && string_or(m, "host") == name_ &&
        string_or(m, "status") == "waiting") {
      table_->room = id;  // the room this host just created
      for (Client* guest : table_->clients)
        if (guest != this) guest->join(id);
    }
    if (!table_->room || id != *table_->room) return;
    if (!seated_here_) {
      if (!seated_in_waiting_room(m, id, name_)) return;
      seated_here_ = true;
      ++table_->seated;
      if (table_->seated == static_cast<int>(table_->clients.size()))
        worker_.table_settled(*table_);
      if (!ever_seated_) {
        ever_seated_ = true;
        worker_.counters().last_seated_ns =
            now_ns();  // before the count, which the main thread waits on
        ++worker_.counters().seated;
      }
      table_->clients.front()->maybe_start();
    }
  }

  void on_view(const json& m, bool patch) {
    if (patch) ++worker_.counters().patches_in;
    const auto update = tracker_.on_message(m);
    if (patch && move_pending_ && tracker_.seat() && int_or(m, "by", -1) == *tracker_.seat() &&
        update == bots::ViewTracker::Update::updated) {
      move_pending_ = false;
      ++worker_.counters().moves_applied;
      table_->last_move = Clock::now();
      if (worker_.measuring())
        worker_.measures().move_latency_us.record(static_cast<std::uint64_t>(
            std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - move_sent_)
                .count()));
    }
    if (update == bots::ViewTracker::Update::need_sync)
      send(json{{"type", "sync"}, {"room", *table_->room}});
    else if (update == bots::ViewTracker::Update::updated)
      maybe_move();
  }

  void maybe_move() {
    if (!tracker_.may_act() || move_timer_armed_) return;
    const int delay = worker_.config().mode == Mode::play ? worker_.config().move_delay_ms : 0;
    if (delay == 0) return move();
    move_timer_armed_ = true;
    timer().expires_after(std::chrono::milliseconds(delay));
    timer().async_wait([self = shared_from_this()](beast::error_code ec) {
      self->move_timer_armed_ = false;
      if (!ec && !self->dead_) self->move();
    });
  }

  void move() {
    if (!tracker_.may_act() || !table_ || !table_->room) return;
    const json& legal = tracker_.view()["legal"];
    const auto index = rng_.below(legal.size());
    send(json{{"type", "action"}, {"room", *table_->room}, {"action", legal[index]["action"]}});
    tracker_.acted();
    move_pending_ = true;
    move_sent_ = Clock::now();
    ++worker_.counters().moves_sent;
  }

  // Every client of the table leaves; the last one to see `over` has the host open the next room.
  void on_over() {
    tracker_.reset();
    move_pending_ = false;
    seated_here_ = false;
    chat("/leave");
    if (++table_->finished < static_cast<int>(table_->clients.size())) return;
    table_->room.reset();
    table_->seated = table_->finished = 0;
    table_->start_sent = false;
    table_->clients.front()->create_room();
  }

  void schedule_chat() {
    timer().expires_at(next_chat_);
    timer().async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || self->dead_) return;
      self->say_line();
      self->next_chat_ += self->chat_period_;
      self->schedule_chat();
    });
  }

  // One chat line stamped with the time it is sent (the others' latency is measured from it). In
  // relay mode the next seat speaks when it arrives.
  void say_line() {
    if (dead_ || worker_.stopping()) return;
    chat(std::to_string(now_ns()) + " " + name_);
    ++worker_.counters().chats_sent;
  }
  const std::string& previous_seat_name() const {
    const auto& seats = table_->clients;
    return seats[(static_cast<std::size_t>(place_) + seats.size() - 1) % seats.size()]->name_;
  }

  net::steady_timer& timer() {
    if (!timer_) timer_.emplace(worker_.ioc());
    return *timer_;
  }

  Worker& worker_;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  std::string name_;
  std::optional<net::ip::address> source_;
  engine::Rng rng_;
  Table* table_ = nullptr;
  int place_ = -1;
  bool welcomed_ = false, dead_ = false, seated_here_ = false, ever_seated_ = false;
  bots::ViewTracker tracker_;
  bool move_pending_ = false, move_timer_armed_ = false;
  Clock::time_point move_sent_{};
  std::optional<net::steady_timer>
      timer_;  // one per client: moves in play modes, chat lines in chat mode
  Clock::time_point next_chat_{};
  Clock::duration chat_period_{};
};

}  // namespace

Worker::Worker(const LoadConfig& config, tcp::endpoint server, std::vector<std::string> sources,
               int first_index, int clients, int tables, int rooms_at_once, std::uint64_t seed)
    : config_(config), server_(server), rooms_at_once_(rooms_at_once) {
  const std::string prefix =
      config.name_prefix.empty() ? "L" + std::to_string(::getpid()) + "-" : config.name_prefix;
  for (int i = 0; i < clients; ++i) {
    const int index = first_index + i;
    std::optional<net::ip::address> source;
    if (!sources.empty())
      source = net::ip::make_address(
          sources[static_cast<std::size_t>(index / config.per_address) % sources.size()]);
    clients_.push_back(
        std::make_shared<Client>(*this, prefix + std::to_string(index), source,
                                 seed * 1000003ULL + static_cast<std::uint64_t>(index)));
  }
  if (config.mode != Mode::idle)
    for (int t = 0; t < tables; ++t) {
      Table& table = tables_.emplace_back();
      for (int s = 0; s < config.seats; ++s) {
        auto& client = *clients_[static_cast<std::size_t>(t * config.seats + s)];
        client.set_table(&table, s);
        table.clients.push_back(&client);
      }
    }
}

void Worker::start() {
  guard_.emplace(ioc_.get_executor());
  concurrency_ = std::max(1, config_.connect_concurrency / config_.threads);
  post([this] {
    while (in_flight_ < concurrency_ && next_connect_ < clients_.size()) connect_next();
  });
  thread_ = std::thread([this] { ioc_.run(); });
}

void Worker::connect_next() {
  ++in_flight_;
  clients_[next_connect_++]->connect();
}

void Worker::connection_settled() {
  --in_flight_;
  if (next_connect_ < clients_.size()) connect_next();
}

void Worker::do_seat() {
  while (next_table_ < tables_.size() && (rooms_at_once_ == 0 || seating_ < rooms_at_once_))
    open_next_table();
}

void Worker::open_next_table() {
  Table& table = tables_[next_table_++];
  table.opened = true;
  if (!table.settled) {  // a table whose client failed while connecting will not fill: it takes no
                         // place
    ++seating_;
    measures_.rooms_seating_max = std::max<std::uint64_t>(measures_.rooms_seating_max, seating_);
  }
  table.clients.front()->create_room();
}

void Worker::table_settled(Table& table) {
  if (table.settled)
    return;  // only its first seating counts; after `over` a table seats itself again
  table.settled = true;
  if (!table.opened) return;  // a client failed before its table's turn (while connecting)
  --seating_;
  while (rooms_at_once_ > 0 && seating_ < rooms_at_once_ && next_table_ < tables_.size())
    open_next_table();
}

void Worker::do_run() {
  running_ = true;
  const auto now = Clock::now();
  for (auto& table : tables_) {
    table.last_move = now;
    table.clients.front()->maybe_start();
    for (Client* client : table.clients) client->start_chatting();
  }
}

void Worker::count_stalled_tables() {
  if (!running_ || (config_.mode != Mode::play && config_.mode != Mode::closed)) return;
  const auto now = Clock::now();
  const auto quiet = stall_time(config_);
  measures_.tables += tables_.size();
  for (const auto& table : tables_)
    if (now - table.last_move > quiet) ++measures_.tables_stalled;
}

void Worker::stop() {
  if (!thread_.joinable()) return;
  // Close every socket, then stop: handlers still queued are dropped with the io_context, not run.
  net::post(ioc_, [this] {
    count_stalled_tables();
    stopping_ = true;
    for (auto& client : clients_) client->close();
    guard_.reset();
    ioc_.stop();
  });
  thread_.join();
}

Swarm::Swarm(const LoadConfig& config) : config_(config) {
  net::io_context ioc;
  tcp::resolver resolver(ioc);
  tcp::endpoint server;
  bool found = false;
  for (const auto& r : resolver.resolve(config.host, std::to_string(config.port)))
    if (r.endpoint().address().is_v4() || !found) {
      server = r.endpoint();
      found = true;
      if (server.address().is_v4()) break;
    }
  if (!found) throw std::runtime_error("cannot resolve " + config.host);
  const auto sources = source_addresses(config.source, source_count(config));
  if (source_count(config) > 0 && sources.empty())
    throw std::runtime_error("--source " + config.source +
                             " and --sources do not give IPv4 addresses");

  // Whole tables go to each worker, round robin; clients beyond the last full table stay in the
  // lobby (worker 0).
  const int tables = config.mode == Mode::idle ? 0 : config.clients / config.seats;
  int first = 0;
  for (int w = 0; w < config.threads; ++w) {
    const int my_tables = tables / config.threads + (w < tables % config.threads ? 1 : 0);
    int my_clients = my_tables * config.seats;
    if (w == 0) my_clients += config.clients - tables * config.seats;
    // --rooms-at-once is shared out like the tables, at least one each.
    const int at_once = config.rooms_at_once == 0
                            ? 0
                            : std::max(1, config.rooms_at_once / config.threads +
                                              (w < config.rooms_at_once % config.threads ? 1 : 0));
    workers_.push_back(std::make_unique<Worker>(config, server, sources, first, my_clients,
                                                my_tables, at_once,
                                                static_cast<std::uint64_t>(w + 1)));
    first += my_clients;
  }
}

Swarm::~Swarm() {
  stop();
}

void Swarm::connect() {
  for (auto& w : workers_) w->start();
}
void Swarm::seat() {
  for (auto& w : workers_) w->seat();
}
void Swarm::run() {
  for (auto& w : workers_) {
    w->set_measuring(true);
    w->run();
  }
}
void Swarm::end_measure() {
  for (auto& w : workers_) w->set_measuring(false);
}
void Swarm::stop() {
  for (auto& w : workers_) w->stop();
}

int Swarm::seatable_clients() const {
  return config_.mode == Mode::idle ? 0 : config_.clients / config_.seats * config_.seats;
}

CountSnapshot Swarm::counts() const {
  CountSnapshot s;
  for (const auto& w : workers_) {
    const Counters& c = w->counters();
    s.connected += c.connected;
    s.welcomed += c.welcomed;
    s.failed += c.failed;
    s.seated += c.seated;
    s.messages_in += c.messages_in;
    s.chats_sent += c.chats_sent;
    s.chats_delivered += c.chats_delivered;
    s.moves_sent += c.moves_sent;
    s.moves_applied += c.moves_applied;
    s.patches_in += c.patches_in;
    s.games_over += c.games_over;
    s.errors += c.errors;
  }
  return s;
}

std::uint64_t Swarm::last_seated_ns() const {
  std::uint64_t last = 0;
  for (const auto& w : workers_) last = std::max<std::uint64_t>(last, w->counters().last_seated_ns);
  return last;
}

Measures Swarm::measures() const {
  Measures all;
  for (const auto& w : workers_) {
    all.move_latency_us.merge(w->measures().move_latency_us);
    all.chat_latency_us.merge(w->measures().chat_latency_us);
    for (const auto& [code, n] : w->measures().errors) all.errors[code] += n;
    all.tables += w->measures().tables;
    all.tables_stalled += w->measures().tables_stalled;
    all.rooms_seating_max += w->measures().rooms_seating_max;
  }
  return all;
}

}  // namespace archipel::load
