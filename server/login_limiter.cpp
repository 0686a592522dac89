#include "server/login_limiter.hpp"

#include <iterator>

namespace archipel::server {

bool LoginLimiter::room_in(Times& times, std::size_t limit, Clock::time_point now) {
  while (!times.empty() && now - times.front() >= kWindow) times.pop_front();
  return times.size() < limit;
}

bool LoginLimiter::allow(const std::string& name_key, const std::string& address,
                         Clock::time_point now) {
  prune(now);
  Times& from = by_address_[address];
  if (!room_in(from, kPerAddress, now)) return false;
  if (!name_key.empty()) {
    Times& named = by_name_[name_key];
    if (!room_in(named, kPerName, now)) return false;
    named.push_back(now);
  }
  from.push_back(now);
  return true;
}

void LoginLimiter::prune(Clock::time_point now) {
  if (now - pruned_ < kWindow) return;
  pruned_ = now;
  for (auto* map : {&by_name_, &by_address_}) {
    for (auto it = map->begin(); it != map->end();) {
      room_in(it->second, kPerAddress, now);  // drops the attempts out of the window
      it = it->second.empty() ? map->erase(it) : std::next(it);
    }
  }
}

}  // namespace archipel::server
