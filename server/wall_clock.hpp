#pragma once
// Wall-clock time as the server writes it down: Unix time in milliseconds. What a person reads as a
// time of day (a chat line's, a game log line's) and what the store keeps (since when a game's
// people have been away) must mean the same after a restart; timers use the steady clock instead.

#include <chrono>
#include <cstdint>

namespace archipel::server {

inline std::int64_t unix_ms_now() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace archipel::server
