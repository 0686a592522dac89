#include "bench/bare_server/session.hpp"

#include <random>

#include <nlohmann/json.hpp>

#include "bench/bare_server/shared_state.hpp"

namespace bare {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = boost::beast::websocket;
using nlohmann::json;

namespace {
constexpr std::size_t kMaxQueue =
    256;  // as Archipel's default: a client that reads no faster is dropped

std::string make_token() {
  thread_local std::mt19937_64 gen{std::random_device{}()};
  static constexpr char hex[] = "0123456789abcdef";
  std::string token(32, '0');
  for (std::size_t i = 0; i < token.size(); i += 16) {
    auto bits = gen();
    for (std::size_t j = 0; j < 16; ++j, bits >>= 4) token[i + j] = hex[bits & 15];
  }
  return token;
}
}  // namespace

Session::Session(net::ip::tcp::socket&& socket, std::shared_ptr<SharedState> state)
    : ws_(std::move(socket)), state_(std::move(state)) {}

Session::~Session() {
  if (!name_.empty()) state_->leave_all(name_, room_);
}

void Session::run() {
  net::dispatch(ws_.get_executor(), [self = shared_from_this()] {
    self->ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    self->ws_.read_message_max(64 * 1024);
    self->ws_.async_accept([self](beast::error_code ec) { self->on_accept(ec); });
  });
}

void Session::on_accept(beast::error_code ec) {
  if (ec) return;
  do_read();
}

void Session::do_read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
    self->on_read(ec);
  });
}

void Session::on_read(beast::error_code ec) {
  if (ec) return;  // closed: the destructor leaves the shared state
  on_message(beast::buffers_to_string(buffer_.data()));
  buffer_.consume(buffer_.size());
  do_read();
}

void Session::on_message(const std::string& text) {
  const json m = json::parse(text, nullptr, false);
  if (!m.is_object() || !m.contains("type") || !m["type"].is_string())
    return error("bad_message", "not a message");
  const std::string& type = m["type"].get_ref<const std::string&>();
  if (type == "hello") {
    if (!name_.empty()) return error("already_welcomed", "hello once");
    if (!m.contains("name") || !m["name"].is_string() ||
        m["name"].get_ref<const std::string&>().empty() ||
        m["name"].get_ref<const std::string&>().size() > 24)
      return error("bad_name", "a name is 1 to 24 characters");
    const std::string name = m["name"];
    if (!state_->claim_name(name, shared_from_this()))
      return error("name_taken", "that name is taken");
    name_ = name;
    return reply(
        json{{"type", "welcome"}, {"name", name_}, {"token", make_token()}, {"version", 1}}.dump());
  }
  if (name_.empty()) return error("hello_first", "say hello first");
  if (type != "chat") return error("unknown_type", "the bare server knows hello and chat");
  if (!m.contains("text") || !m["text"].is_string())
    return error("missing_field", "chat needs a text");
  const std::string& line = m["text"].get_ref<const std::string&>();
  if (!line.empty() && line[0] == '/') return on_command(line);
  if (room_) state_->chat(*room_, name_, line);
}

void Session::on_command(const std::string& line) {
  const auto space = line.find(' ');
  const std::string command = line.substr(0, space);
  const std::string argument = space == std::string::npos ? std::string() : line.substr(space + 1);
  if (command == "/create") {
    if (room_) return error("already_in_room", "leave your room first");
    if (argument.empty()) return error("bad_arguments", "usage: /create <game>");
    room_ = state_->create_room(argument.substr(0, argument.find(' ')), name_, shared_from_this());
  } else if (command == "/join") {
    if (room_) return error("already_in_room", "leave your room first");
    std::int64_t id = 0;
    try {
      id = std::stoll(argument);
    } catch (const std::exception&) {
      return error("bad_arguments", "usage: /join <room>");
    }
    const std::string refused = state_->join_room(id, name_, shared_from_this());
    if (!refused.empty()) return error(refused, "cannot join that room");
    room_ = id;
  } else if (command == "/leave") {
    if (!room_) return error("not_in_room", "you are in no room");
    state_->leave_room(*room_, name_);
    reply(json{{"type", "left"}, {"room", *room_}}.dump());
    room_.reset();
  } else {
    error("unknown_command", "the bare server knows /create, /join and /leave");
  }
}

void Session::reply(const std::string& json_text) {
  queue(std::make_shared<const std::string>(json_text));
}

void Session::error(const std::string& code, const std::string& message) {
  reply(json{{"type", "error"}, {"code", code}, {"message", message}}.dump());
}

void Session::send(std::shared_ptr<const std::string> frame) {
  net::post(ws_.get_executor(), [self = shared_from_this(), frame = std::move(frame)]() mutable {
    self->queue(std::move(frame));
  });
}

void Session::queue(std::shared_ptr<const std::string> frame) {
  if (queue_.size() >= kMaxQueue) {  // too slow: drop the client rather than grow
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
    return;
  }
  queue_.push_back(std::move(frame));
  if (queue_.size() > 1) return;  // a write is in flight; on_write takes the next
  ws_.text(true);
  ws_.async_write(
      net::buffer(*queue_.front()),
      [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_write(ec); });
}

void Session::on_write(beast::error_code ec) {
  if (ec) return;
  queue_.pop_front();
  if (queue_.empty()) return;
  ws_.async_write(
      net::buffer(*queue_.front()),
      [self = shared_from_this()](beast::error_code e, std::size_t) { self->on_write(e); });
}

}  // namespace bare
