#include "server/redis_connection.hpp"

#include <algorithm>
#include <charconv>

#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>

namespace archipel::server {

namespace {

bool parse_number(std::string_view text, long long max, long long* out) {
  if (text.empty() || text.size() > 10) return false;
  long long n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < 0 || n > max) return false;
  *out = n;
  return true;
}

RedisReply copy_reply(const redisReply& r) {
  RedisReply out;
  switch (r.type) {
    case REDIS_REPLY_STRING:
      out.type = RedisReply::Type::string;
      break;
    case REDIS_REPLY_STATUS:
      out.type = RedisReply::Type::status;
      break;
    case REDIS_REPLY_ERROR:
      out.type = RedisReply::Type::error;
      break;
    case REDIS_REPLY_INTEGER:
      out.type = RedisReply::Type::integer;
      out.integer = r.integer;
      return out;
    case REDIS_REPLY_NIL:
      out.type = RedisReply::Type::nil;
      return out;
    case REDIS_REPLY_ARRAY:
      out.type = RedisReply::Type::array;
      for (std::size_t i = 0; i < r.elements; ++i)
        out.elements.push_back(copy_reply(*r.element[i]));
      return out;
    default:
      out.type = RedisReply::Type::error;
      out.text = "a reply of a type this client does not read";
      return out;
  }
  out.text.assign(r.str, r.len);
  return out;
}

RedisReply failed(std::string why) {
  RedisReply r;
  r.type = RedisReply::Type::failed;
  r.text = std::move(why);
  return r;
}

}  // namespace

std::optional<RedisUrl> parse_redis_url(std::string_view text, std::string* why) {
  auto refuse = [&](std::string reason) -> std::optional<RedisUrl> {
    if (why) *why = std::move(reason);
    return std::nullopt;
  };
  constexpr std::string_view scheme = "redis://";
  if (!text.starts_with(scheme)) return refuse("not a redis:// URL");
  std::string_view rest = text.substr(scheme.size());
  RedisUrl url;
  // The user part ends at the last '@' (a password may hold one); never quoted back.
  if (const auto at = rest.rfind('@'); at != std::string_view::npos) {
    const std::string_view auth = rest.substr(0, at);
    const auto colon = auth.find(':');
    if (colon == std::string_view::npos)
      return refuse("the part before '@' must be user:password or :password");
    url.user = std::string(auth.substr(0, colon));
    url.password = std::string(auth.substr(colon + 1));
    if (url.password.empty()) return refuse("an empty password before '@'");
    rest = rest.substr(at + 1);
  }
  std::string_view authority = rest;
  std::string_view db;
  if (const auto slash = rest.find('/'); slash != std::string_view::npos) {
    authority = rest.substr(0, slash);
    db = rest.substr(slash + 1);
  }
  std::string_view port;
  if (authority.starts_with('[')) {  // an IPv6 address: [::1]:6379
    const auto close = authority.find(']');
    if (close == std::string_view::npos) return refuse("an IPv6 address without its ']'");
    url.host = std::string(authority.substr(1, close - 1));
    const std::string_view after = authority.substr(close + 1);
    if (!after.empty() && !after.starts_with(':'))
      return refuse("something other than :port after the IPv6 address");
    if (!after.empty()) port = after.substr(1);
    if (after == ":") return refuse("an empty port");
  } else {
    const auto colon = authority.find(':');
    url.host = std::string(authority.substr(0, colon));
    if (colon != std::string_view::npos) {
      port = authority.substr(colon + 1);
      if (port.empty()) return refuse("an empty port");
    }
  }
  if (url.host.empty()) return refuse("no host (redis://host:port[/db])");
  if (url.host.find_first_of(" \t?#/") != std::string::npos)
    return refuse("a host with a character a host name cannot have");
  long long n = 0;
  if (!port.empty()) {
    if (!parse_number(port, 65535, &n) || n == 0)
      return refuse("the port must be a number from 1 to 65535");
    url.port = static_cast<std::uint16_t>(n);
  }
  if (!db.empty()) {
    if (!parse_number(db, 1000000, &n))
      return refuse(
          "the database after '/' must be a number (0 to 1000000), with nothing after it");
    url.db = static_cast<int>(n);
  }
  return url;
}

RedisConnection::RedisConnection(net::any_io_executor executor, RedisUrl url, Options options)
    : strand_(net::make_strand(executor)),
      url_(std::move(url)),
      options_(options),
      resolver_(strand_),
      socket_(strand_),
      timer_(strand_),
      watchdog_(strand_),
      reader_(nullptr, &redisReaderFree),
      backoff_(options.backoff_min) {}

RedisConnection::~RedisConnection() = default;

void RedisConnection::start() {
  net::post(strand_, [self = shared_from_this()] {
    if (self->started_ || self->stopped_) return;
    self->started_ = true;
    self->do_resolve();
    self->arm_watchdog();
  });
}

void RedisConnection::stop() {
  net::post(strand_, [self = shared_from_this()] {
    if (self->stopped_) return;
    self->stopped_ = true;
    self->fail("the connection to Redis was closed");
    for (auto& w : std::exchange(self->waiting_, {}))
      if (w.pending.done) w.pending.done(failed("the connection to Redis was closed"));
    self->timer_.cancel();
    self->watchdog_.cancel();
    self->resolver_.cancel();
  });
}

void RedisConnection::command(std::vector<std::string> args, Callback done) {
  net::post(strand_,
            [self = shared_from_this(), args = std::move(args), done = std::move(done)]() mutable {
              self->command_here(std::move(args), std::move(done));
            });
}

void RedisConnection::command_here(std::vector<std::string> args, Callback done) {
  if (stopped_ || (!up_ && waiting_.size() >= kMaxWaiting)) {
    if (done)
      net::post(strand_, [done = std::move(done)] { done(failed("Redis is not connected")); });
    return;
  }
  std::vector<const char*> argv;
  std::vector<std::size_t> lengths;
  for (const auto& a : args) {
    argv.push_back(a.data());
    lengths.push_back(a.size());
  }
  char* formatted = nullptr;
  const int size = redisFormatCommandArgv(&formatted, static_cast<int>(argv.size()), argv.data(),
                                          lengths.data());
  if (size < 0 || !formatted) {
    if (done)
      net::post(strand_,
                [done = std::move(done)] { done(failed("the command cannot be written")); });
    return;
  }
  const std::string_view bytes(formatted, static_cast<std::size_t>(size));
  Pending pending{std::move(done), std::chrono::steady_clock::now()};
  if (up_) {
    outgoing_.append(bytes);
    pending_.push_back(std::move(pending));
    do_write();
  } else {
    waiting_.push_back(Waiting{std::string(bytes), std::move(pending)});
  }
  redisFreeCommand(formatted);
}

void RedisConnection::send_waiting() {
  const auto now = std::chrono::steady_clock::now();
  for (auto& w : std::exchange(waiting_, {})) {
    outgoing_.append(w.formatted);
    w.pending.sent = now;  // the reply timeout counts from here
    pending_.push_back(std::move(w.pending));
  }
  do_write();
}

void RedisConnection::do_resolve() {
  spdlog::debug("event=redis_connecting host={} port={}", url_.host, url_.port);
  timer_.expires_after(options_.connect_timeout);
  timer_.async_wait([self = shared_from_this(), gen = generation_](error_code ec) {
    // The connection attempt took too long: close it, which ends the pending operation.
    if (!ec && gen == self->generation_ && !self->up_ && !self->stopped_) {
      self->resolver_.cancel();
      error_code ignored;
      self->socket_.close(ignored);
    }
  });
  resolver_.async_resolve(url_.host, std::to_string(url_.port),
                          [self = shared_from_this(), gen = generation_](
                              error_code ec, const tcp::resolver::results_type& results) {
                            if (gen != self->generation_) return;
                            self->on_resolve(ec, results);
                          });
}

void RedisConnection::on_resolve(error_code ec, const tcp::resolver::results_type& results) {
  if (stopped_) return;
  if (ec) return fail("cannot resolve " + url_.host + ": " + ec.message());
  net::async_connect(socket_, results,
                     [self = shared_from_this(), gen = generation_](error_code ec, const auto&) {
                       if (gen != self->generation_) return;
                       self->on_connect(ec);
                     });
}

void RedisConnection::on_connect(error_code ec) {
  if (stopped_) return;
  if (ec) return fail("cannot connect: " + ec.message());
  timer_.cancel();
  error_code ignored;
  socket_.set_option(tcp::no_delay(true), ignored);
  reader_.reset(redisReaderCreate());
  up_ = true;
  connected_ = true;
  backoff_ = options_.backoff_min;
  spdlog::info("event=redis_connected host={} port={} db={}", url_.host, url_.port, url_.db);
  do_read();
  // First the session's own set-up; a refusal (a wrong password) drops the connection.
  auto must_succeed = [self = shared_from_this(), gen = generation_](RedisReply r) {
    if (r.type == RedisReply::Type::error && gen == self->generation_) {
      spdlog::error("event=redis_refused error=\"{}\"", r.text);
      self->fail("Redis refused the connection's set-up: " + r.text);
    }
  };
  if (!url_.password.empty()) {
    if (url_.user.empty())
      command_here({"AUTH", url_.password}, must_succeed);
    else
      command_here({"AUTH", url_.user, url_.password}, must_succeed);
  }
  if (url_.db != 0) command_here({"SELECT", std::to_string(url_.db)}, must_succeed);
  if (on_connected_) on_connected_();
  if (up_) send_waiting();
}

void RedisConnection::do_write() {
  if (!up_ || !writing_.empty() || outgoing_.empty()) return;
  std::swap(writing_, outgoing_);
  net::async_write(socket_, net::buffer(writing_),
                   [self = shared_from_this(), gen = generation_](error_code ec, std::size_t) {
                     if (gen != self->generation_) return;
                     self->on_write(ec);
                   });
}

void RedisConnection::on_write(error_code ec) {
  if (ec) return fail("write: " + ec.message());
  writing_.clear();
  do_write();
}

void RedisConnection::do_read() {
  socket_.async_read_some(net::buffer(read_buffer_), [self = shared_from_this(), gen = generation_](
                                                         error_code ec, std::size_t bytes) {
    if (gen != self->generation_) return;
    self->on_read(ec, bytes);
  });
}

void RedisConnection::on_read(error_code ec, std::size_t bytes) {
  if (ec)
    return fail(ec == net::error::eof ? std::string("Redis closed the connection")
                                      : "read: " + ec.message());
  if (redisReaderFeed(reader_.get(), read_buffer_.data(), bytes) != REDIS_OK)
    return fail("the reply reader failed");
  const std::uint64_t gen = generation_;
  for (;;) {
    void* raw = nullptr;
    if (redisReaderGetReply(reader_.get(), &raw) != REDIS_OK)
      return fail(std::string("a reply that is not RESP: ") + reader_->errstr);
    if (!raw) break;
    RedisReply reply = copy_reply(*static_cast<redisReply*>(raw));
    freeReplyObject(raw);
    if (on_push_ && reply.type == RedisReply::Type::array && reply.elements.size() == 3 &&
        reply.elements[0].text == "message") {
      on_push_(std::move(reply));
      if (gen != generation_) return;
      continue;
    }
    if (pending_.empty()) return fail("a reply to no command");
    Callback done = std::move(pending_.front().done);
    pending_.pop_front();
    if (done) done(std::move(reply));
    if (gen != generation_) return;  // the callback dropped the connection (a refused AUTH)
  }
  do_read();
}

void RedisConnection::arm_watchdog() {
  watchdog_.expires_after(options_.reply_timeout / 2);
  watchdog_.async_wait([self = shared_from_this()](error_code ec) {
    if (ec || self->stopped_) return;
    const auto too_old = std::chrono::steady_clock::now() - self->options_.reply_timeout;
    if (self->up_ && !self->pending_.empty() && self->pending_.front().sent < too_old)
      self->fail("no reply from Redis within " +
                 std::to_string(self->options_.reply_timeout.count()) + " ms");
    // Commands that waited for a connection too long fail, oldest first.
    while (!self->up_ && !self->waiting_.empty() && self->waiting_.front().pending.sent < too_old) {
      auto done = std::move(self->waiting_.front().pending.done);
      self->waiting_.pop_front();
      if (done) done(failed("Redis is not connected"));
    }
    self->arm_watchdog();
  });
}

void RedisConnection::fail(const std::string& why) {
  const bool was_up = up_;
  ++generation_;
  up_ = false;
  connected_ = false;
  error_code ignored;
  socket_.close(ignored);
  outgoing_.clear();
  writing_.clear();
  // Every command in flight fails, in order; a callback may send again: it is told at once that the
  // connection is down.
  auto failing = std::exchange(pending_, {});
  for (auto& p : failing)
    if (p.done) p.done(failed(why));
  if (stopped_) return;
  if (was_up)
    spdlog::warn("event=redis_lost error=\"{}\" retry_ms={}", why, backoff_.count());
  else
    spdlog::debug("event=redis_unreachable error=\"{}\" retry_ms={}", why, backoff_.count());
  timer_.expires_after(backoff_);
  backoff_ = std::min(backoff_ * 2, options_.backoff_max);
  timer_.async_wait([self = shared_from_this(), gen = generation_](error_code ec) {
    if (ec || gen != self->generation_ || self->stopped_) return;
    self->do_resolve();
  });
}

}  // namespace archipel::server
