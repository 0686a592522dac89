#include "server/connection_limits.hpp"

#include <sys/resource.h>

namespace archipel::server {

void ConnectionLimits::Ticket::release() {
  if (!limits_) return;
  auto limits = std::move(limits_);
  limits_ = nullptr;
  limits->release(address_);
}

ConnectionLimits::Ticket ConnectionLimits::admit_socket() {
  Ticket ticket;
  std::lock_guard lock(mutex_);
  if (sockets_ >= max_sockets_) return ticket;
  ++sockets_;
  ticket.limits_ = shared_from_this();
  return ticket;
}

bool ConnectionLimits::admit_websocket(Ticket& ticket, const std::string& address,
                                       bool per_address_cap) {
  std::lock_guard lock(mutex_);
  const std::size_t websocket_cap =
      max_sockets_ > 2 * kHttpReserve ? max_sockets_ - kHttpReserve : max_sockets_ / 2;
  if (websockets_ >= websocket_cap) return false;
  auto& count = per_address_[address];
  if (per_address_cap && count >= max_per_address_) {
    if (count == 0) per_address_.erase(address);
    return false;
  }
  ++count;
  ++websockets_;
  ticket.address_ = address;
  return true;
}

std::size_t ConnectionLimits::sockets() const {
  std::lock_guard lock(mutex_);
  return sockets_;
}

void ConnectionLimits::release(const std::string& address) {
  std::lock_guard lock(mutex_);
  --sockets_;
  if (address.empty()) return;
  --websockets_;
  auto it = per_address_.find(address);
  if (it != per_address_.end() && --it->second == 0) per_address_.erase(it);
}

std::size_t open_file_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 1 << 20;
  return static_cast<std::size_t>(limit.rlim_cur);
}

void raise_open_file_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= limit.rlim_max) return;
  limit.rlim_cur = limit.rlim_max;
  setrlimit(RLIMIT_NOFILE,
            &limit);  // if refused, the soft limit stays and is what event=limits reports
}

std::size_t default_max_sockets() {
  // Kept back: the database and its WAL, log output, the listener, threads' eventfds, a margin for
  // bursts.
  constexpr std::size_t kReserve = 64;
  const std::size_t limit = open_file_limit();
  return limit > 2 * kReserve ? limit - kReserve : limit / 2;
}

}  // namespace archipel::server
