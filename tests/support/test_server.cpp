#include "tests/support/test_server.hpp"

#include "server/bot_player.hpp"

#include <thread>

#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

namespace archipel::testing {

namespace net = server::net;
namespace beast = server::beast;
namespace websocket = server::websocket;

server::Config TestServer::default_config() {
  server::Config c;
  c.bind = "127.0.0.1";
  c.port = 0;
  c.log_level = "off";
  c.bot_delay_ms = 0;
  c.password_cost = server::PasswordCost::minimum;  // fast hashes: accounts_test.cpp registers many
  return c;
}

TestServer::TestServer(const engine::Registry& registry, std::string data_dir,
                       server::Config config, std::uint64_t first_seed)
    : next_seed_(first_seed) {
  spdlog::set_level(spdlog::level::warn);
  store_ = data_dir.empty() ? server::make_memory_store() : server::make_sqlite_store(data_dir);
  auto bots = server::make_bot_factory(bot_pool_.get_executor(),
                                       std::chrono::milliseconds(config.bot_delay_ms));
  server_ = std::make_unique<server::Server>(ioc_, config, registry, *store_, std::move(bots),
                                             [this] { return next_seed_++; });
  port_ = server_->start();
  for (int i = 0; i < 2; ++i) threads_.emplace_back([this] { ioc_.run(); });
}

void TestServer::stop() {
  server_->stop();
}

void TestServer::kill() {
  if (stopped_) return;
  stopped_ = true;
  ioc_.stop();
  for (auto& t : threads_) t.join();
  bot_pool_.stop();
  bot_pool_.join();
}

TestServer::~TestServer() {
  if (!stopped_) {
    server_->stop();
    std::this_thread::sleep_for(50ms);
  }
  kill();
}

server::http::response<server::http::string_body> http_get(std::uint16_t port,
                                                           const std::string& target) {
  namespace http = server::http;
  server::net::io_context ioc;
  server::beast::tcp_stream stream(ioc);
  stream.expires_after(5s);
  stream.connect(server::tcp::endpoint(server::net::ip::make_address("127.0.0.1"), port));
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "localhost");
  http::write(stream, req);
  server::beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  return res;
}

TestClient::TestClient(std::uint16_t port) : ws_(ioc_) {
  auto& tcp = beast::get_lowest_layer(ws_);
  tcp.expires_after(5s);
  tcp.connect(server::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  tcp.socket().set_option(server::tcp::no_delay(true));
  ws_.read_message_max(64 * 1024 * 1024);
  ws_.handshake("127.0.0.1", "/ws");  // within the 5 s: a server that never answers fails the test
  tcp.expires_never();
  start_read();
}

TestClient::~TestClient() {
  if (!closed_) {
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
  }
}

void TestClient::send(const json& message) {
  send_raw(message.dump());
}

void TestClient::send_raw(const std::string& text) {
  if (closed_) return;
  beast::error_code ec;
  ws_.text(true);
  ws_.write(net::buffer(text), ec);
  if (ec) closed_ = true;
}

json TestClient::hello(const std::string& name) {
  send(json{{"type", "hello"}, {"name", name}});
  return expect("welcome");
}

json TestClient::hello(const std::string& name, const std::string& lang) {
  send(json{{"type", "hello"}, {"name", name}, {"lang", lang}});
  return expect("welcome");
}

void TestClient::start_read() {
  ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
    if (ec) {
      closed_ = true;
      if (ec == server::websocket::error::closed) close_code_ = ws_.reason().code;
      return;
    }
    auto parsed = json::parse(beast::buffers_to_string(buffer_.data()), nullptr, false);
    buffer_.consume(buffer_.size());
    inbox_.push_back(std::move(parsed));
    start_read();
  });
}

std::optional<json> TestClient::next(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (inbox_.empty() && !closed_) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) break;
    if (ioc_.stopped()) ioc_.restart();
    ioc_.run_one_for(deadline - now);
  }
  if (inbox_.empty()) return std::nullopt;
  json m = std::move(inbox_.front());
  inbox_.pop_front();
  history_.push_back(m);
  return m;
}

json TestClient::expect(const std::string& type, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    auto m = next(left);
    if (!m) break;
    if (m->value("type", "") == type) return *m;
  }
  ADD_FAILURE() << "no '" << type << "' message arrived";
  return json();
}

json TestClient::expect_where(const std::string& type, const std::function<bool(const json&)>& pred,
                              std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    auto m = next(left);
    if (!m) break;
    if (m->value("type", "") == type && pred(*m)) return *m;
  }
  ADD_FAILURE() << "no matching '" << type << "' message arrived";
  return json();
}

json expect_seated(TestClient& client, const std::string& name) {
  return client.expect_where("room", [&](const json& room) {
    for (const auto& seat : room["seats"])
      if (seat["name"] == name) return true;
    return false;
  });
}

std::int64_t open_room(TestClient& host, const std::vector<TestClient*>& others,
                       const std::string& create_line) {
  host.chat(create_line);
  const std::int64_t room = host.expect("room").value("id", std::int64_t{0});
  for (auto* other : others) other->chat("/join " + std::to_string(room));
  const std::size_t wanted = others.size() + 1;
  host.expect_where("room", [&](const json& r) {
    std::size_t seated = 0;
    for (const auto& seat : r["seats"]) seated += seat["name"].is_string();
    return seated == wanted;
  });
  return room;
}

json TestClient::expect_error(const std::string& code, std::chrono::milliseconds timeout) {
  json e = expect("error", timeout);
  EXPECT_EQ(e.value("code", ""), code) << e.dump();
  return e;
}

std::vector<json> TestClient::drain(std::chrono::milliseconds quiet) {
  std::vector<json> out;
  while (auto m = next(quiet)) out.push_back(*m);
  return out;
}

json play_first_moves(TestClient& client, std::int64_t room, json state, int own_moves) {
  json view = state["view"];
  std::int64_t version = state["version"];
  const json seat = state["seat"];
  bool waiting =
      false;  // a move was sent: wait for its own patch (`by` this seat) before the next one
  for (int moved = 0;;) {
    if (!waiting && view["legal"].is_array() && !view["legal"].empty()) {
      if (moved == own_moves) return json();
      client.send(json{{"type", "action"}, {"room", room}, {"action", view["legal"][0]["action"]}});
      waiting = true;
      ++moved;
    }
    auto m = client.next(5000ms);
    if (!m) {
      ADD_FAILURE() << "the game stalled: no message for 5 s";
      return json();
    }
    const std::string type = m->value("type", "");
    if (type == "over" && (*m)["room"] == room) return *m;
    if (type == "state" && (*m)["room"] == room) {
      view = (*m)["view"];
      version = (*m)["version"];
      waiting = false;
    } else if (type == "patch" && (*m)["room"] == room) {
      EXPECT_EQ((*m)["from"], version);
      if ((*m)["from"] != version) return json();
      view = view.patch((*m)["ops"]);
      version = (*m)["to"];
      if ((*m)["by"] == seat) waiting = false;
    } else if (type == "error") {
      ADD_FAILURE() << "a move taken from the legal list was refused: " << m->dump();
      return json();
    }
  }
}

json play_to_the_end(TestClient& host, TestClient& other, const std::string& create_line,
                     const std::vector<std::string>& before_start) {
  const std::int64_t room = open_room(host, {&other}, create_line);
  for (const auto& line : before_start) host.chat(line);
  host.chat("/start");
  json over_other;
  std::thread other_plays(
      [&] { over_other = play_first_moves(other, room, other.expect("state")); });
  json over_host = play_first_moves(host, room, host.expect("state"));
  other_plays.join();
  EXPECT_FALSE(over_host.is_null());
  EXPECT_FALSE(over_other.is_null());
  return over_host;
}

json ask(TestClient& client, const std::string& line, const std::string& type) {
  client.chat(line);
  return client.expect(type);
}

}  // namespace archipel::testing
