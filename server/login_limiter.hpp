#pragma once
// How many login attempts the server lets through: per account name (its skeleton) and per client
// address, in a sliding minute. An attempt over either limit is refused before any hash is
// computed, so guessing a password costs the guesser a minute per few tries and the server
// nothing. A successful login clears its name's count (its owner is not locked out by their own
// typos once they get it right); the address's count stays. Lives on the lobby's strand; not
// thread-safe by itself.

#include <chrono>
#include <cstddef>
#include <deque>
#include <string>
#include <unordered_map>

namespace archipel::server {

class LoginLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::size_t kPerName = 5;
  static constexpr std::size_t kPerAddress = 20;
  static constexpr Clock::duration kWindow = std::chrono::minutes(1);

  /// Whether an attempt for `name_key` from `address` may go on now; if so it is counted. An empty
  /// `name_key` counts against the address only (a registration).
  bool allow(const std::string& name_key, const std::string& address, Clock::time_point now);
  /// The login for `name_key` succeeded: its count starts again.
  void succeeded(const std::string& name_key) { by_name_.erase(name_key); }

 private:
  using Times = std::deque<Clock::time_point>;
  /// Drops the attempts older than the window; false if `times` is then at `limit`.
  static bool room_in(Times& times, std::size_t limit, Clock::time_point now);
  /// Forgets keys with no attempt left in the window, now and then, so the maps do not grow with
  /// every name and address ever tried.
  void prune(Clock::time_point now);

  std::unordered_map<std::string, Times> by_name_;
  std::unordered_map<std::string, Times> by_address_;
  Clock::time_point pruned_{};
};

}  // namespace archipel::server
