#pragma once
// A timer that runs only its latest wait: each set() replaces the wait before it, and cancel()
// drops it. A room has three (the turn clock, the handover's away times, the abandonment count),
// each re-aimed after every move or change of who is connected. Cancelling an Asio timer does not
// stop a handler already queued to run, so an epoch counts the waits and a handler that is not the
// latest one's does nothing.
//
// The wait holds its owner weakly: a room closed meanwhile is not kept alive by a timer, and its
// handler finds nobody to call. Used on the owner's strand only (the timer is bound to it).

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>

#include "server/net.hpp"

namespace archipel::server {

class LatestTimer {
 public:
  using Clock = std::chrono::steady_clock;

  explicit LatestTimer(const net::strand<net::any_io_executor>& strand) : timer_(strand) {}

  /// Runs `then(owner)` on the strand just after `at` (5 ms past it, so that `at` has passed when
  /// the owner looks), in place of any earlier wait; no `at`: no wait at all (the same as
  /// cancel()).
  template <class Owner, class F>
  void set(std::weak_ptr<Owner> owner, std::optional<Clock::time_point> at, F then) {
    const std::uint64_t mine = ++epoch_;
    timer_.cancel();
    armed_ = at.has_value();
    if (!at) return;
    timer_.expires_at(*at + std::chrono::milliseconds(5));
    timer_.async_wait([this, owner = std::move(owner), mine,
                       then = std::move(then)](error_code ec) mutable {
      auto self = owner.lock();  // first: while the owner lives, so does this timer (its member)
      if (ec || !self || epoch_ != mine) return;
      armed_ = false;
      then(*self);
    });
  }

  /// Drops the wait, if any: its handler does nothing.
  void cancel() {
    ++epoch_;
    armed_ = false;
    timer_.cancel();
  }

  /// Whether a wait is set and has not run.
  bool armed() const { return armed_; }

 private:
  net::steady_timer timer_;
  std::uint64_t epoch_ = 0;
  bool armed_ = false;
};

}  // namespace archipel::server
