#include "tests/support/redis_server.hpp"

#include <hiredis/hiredis.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <thread>

#include "tests/support/child_process.hpp"

namespace archipel::testing {
namespace {

namespace fs = std::filesystem;

fs::path redis_program() {
  const char* set = std::getenv("ARCHIPEL_REDIS_SERVER");
  return set && *set ? fs::path(set) : fs::path("/usr/bin/redis-server");
}

using Context = std::unique_ptr<redisContext, decltype(&redisFree)>;

Context connect(std::uint16_t port) {
  const timeval timeout{2, 0};
  return Context(redisConnectWithTimeout("127.0.0.1", port, timeout), &redisFree);
}

RedisValue copy(const redisReply& r) {
  RedisValue v;
  v.nil = r.type == REDIS_REPLY_NIL;
  v.error = r.type == REDIS_REPLY_ERROR;
  if (r.type == REDIS_REPLY_INTEGER) v.integer = r.integer;
  if (r.str) v.text.assign(r.str, r.len);
  for (std::size_t i = 0; i < r.elements; ++i)
    v.elements.push_back(r.element[i]->str ? std::string(r.element[i]->str, r.element[i]->len)
                                           : std::to_string(r.element[i]->integer));
  return v;
}

}  // namespace

bool redis_required() {
  const char* v = std::getenv("ARCHIPEL_REQUIRE_REDIS");
  return v && std::string(v) == "1";
}

RedisServer::RedisServer() {
  if (!fs::exists(redis_program())) {
    why_not_ = "Redis is not installed (" + redis_program().string() +
               " is missing): docker/install_deps.sh --redis installs Debian's redis-server";
    return;
  }
  char folder[] = "/tmp/archipel-redis-XXXXXX";
  if (!::mkdtemp(folder)) {
    why_not_ = "cannot make a temporary folder for Redis";
    return;
  }
  dir_ = folder;
  for (int attempt = 0; attempt < 3; ++attempt) {
    port_ = free_loopback_port();
    why_not_ = launch();
    if (why_not_.empty()) return;
  }
}

RedisServer::~RedisServer() {
  stop();
  std::error_code ec;
  if (!dir_.empty()) fs::remove_all(dir_, ec);
}

std::string RedisServer::url(int db) const {
  return "redis://127.0.0.1:" + std::to_string(port_) + "/" + std::to_string(db);
}

std::string RedisServer::launch() {
  // No persistence at all: nothing written to the folder but the log, and a restart comes back
  // empty.
  pid_ = spawn_program({redis_program().string(), "--port", std::to_string(port_), "--bind",
                        "127.0.0.1", "--dir", dir_.string(), "--save", "", "--appendonly", "no",
                        "--daemonize", "no", "--protected-mode", "no", "--logfile",
                        (dir_ / "redis.log").string()});
  if (pid_ <= 0) return "cannot start " + redis_program().string();
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (std::chrono::steady_clock::now() < until) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return "redis-server exited at start: " + log_tail(dir_ / "redis.log");
    }
    if (auto c = connect(port_); c && !c->err) {
      auto* reply = static_cast<redisReply*>(redisCommand(c.get(), "PING"));
      const bool pong = reply && reply->type == REDIS_REPLY_STATUS;
      if (reply) freeReplyObject(reply);
      if (pong) return "";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  stop();
  return "redis-server did not answer PING within 5 s";
}

void RedisServer::stop() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGTERM);
  wait_for_exit(pid_);
  pid_ = -1;
}

bool RedisServer::restart() {
  stop();
  // The port was just freed; Redis sets SO_REUSEADDR, so it binds it again at once.
  why_not_ = launch();
  return why_not_.empty();
}

RedisValue RedisServer::query(const std::vector<std::string>& args, int db) const {
  auto c = connect(port_);
  if (!c || c->err)
    throw std::runtime_error("cannot connect to the tests' Redis: " +
                             std::string(c ? c->errstr : "no context"));
  auto run = [&](const std::vector<std::string>& command) {
    std::vector<const char*> argv;
    std::vector<std::size_t> lengths;
    for (const auto& a : command) {
      argv.push_back(a.data());
      lengths.push_back(a.size());
    }
    auto* reply = static_cast<redisReply*>(
        redisCommandArgv(c.get(), static_cast<int>(argv.size()), argv.data(), lengths.data()));
    if (!reply)
      throw std::runtime_error("no reply from the tests' Redis: " + std::string(c->errstr));
    RedisValue v = copy(*reply);
    freeReplyObject(reply);
    return v;
  };
  if (db != 0) run({"SELECT", std::to_string(db)});
  return run(args);
}

}  // namespace archipel::testing
