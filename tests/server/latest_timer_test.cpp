// LatestTimer (server/latest_timer.hpp): only the latest wait runs, a cancelled one never does, and
// a wait does not keep its owner alive.

#include "server/latest_timer.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <thread>
#include <vector>

namespace archipel::server {
namespace {

using namespace std::chrono_literals;

struct Owner : std::enable_shared_from_this<Owner> {
  explicit Owner(net::io_context& ioc)
      : strand(net::make_strand(ioc.get_executor())), timer(strand) {}
  net::strand<net::any_io_executor> strand;
  LatestTimer timer;
  std::vector<int> ran;
  void set(int tag, std::chrono::milliseconds in) {
    timer.set(weak_from_this(), LatestTimer::Clock::now() + in,
              [tag](Owner& o) { o.ran.push_back(tag); });
  }
};

TEST(LatestTimer, OnlyTheLatestWaitRuns) {
  net::io_context ioc;
  auto owner = std::make_shared<Owner>(ioc);
  net::post(owner->strand, [&] {
    owner->set(1, 10ms);
    owner->set(2, 20ms);  // replaces the first, though it is due later
    EXPECT_TRUE(owner->timer.armed());
  });
  ioc.run();
  EXPECT_EQ(owner->ran, std::vector<int>{2});
  EXPECT_FALSE(owner->timer.armed());
}

TEST(LatestTimer, ACancelledWaitNeverRunsEvenIfAlreadyDue) {
  net::io_context ioc;
  auto owner = std::make_shared<Owner>(ioc);
  net::post(owner->strand, [&] {
    owner->set(1, 0ms);
    // The wait is due before this handler ends: its completion may already be queued when cancel()
    // comes.
    std::this_thread::sleep_for(20ms);
    owner->timer.cancel();
    EXPECT_FALSE(owner->timer.armed());
  });
  ioc.run();
  EXPECT_TRUE(owner->ran.empty());
}

TEST(LatestTimer, NoTimeMeansNoWait) {
  net::io_context ioc;
  auto owner = std::make_shared<Owner>(ioc);
  net::post(owner->strand, [&] {
    owner->set(1, 5ms);
    owner->timer.set(owner->weak_from_this(), std::nullopt, [](Owner& o) { o.ran.push_back(9); });
    EXPECT_FALSE(owner->timer.armed());
  });
  ioc.run();
  EXPECT_TRUE(owner->ran.empty());
}

TEST(LatestTimer, AWaitDoesNotKeepItsOwnerAlive) {
  net::io_context ioc;
  auto owner = std::make_shared<Owner>(ioc);
  std::weak_ptr<Owner> weak = owner;
  net::post(owner->strand, [&] { owner->set(1, 50ms); });
  ioc.run_one();  // the set
  owner.reset();  // the room closes: its timer goes with it, and the wait ends without running
  EXPECT_TRUE(weak.expired());
  ioc.run();
}

}  // namespace
}  // namespace archipel::server
