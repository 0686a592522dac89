// FrameQueue: the session's write queue keeps its frames in order however pushes and pops
// interleave, frees a frame when it is popped, and holds no more slots than the frames it has at
// once (plus a spent front it compacts).
#include "server/frame_queue.hpp"

#include <memory>
#include <string>

#include <gtest/gtest.h>

namespace archipel::server {
namespace {

Frame frame(int n) {
  return std::make_shared<const std::string>(std::to_string(n));
}

TEST(FrameQueue, FirstInFirstOutAcrossInterleavedPushesAndPops) {
  FrameQueue q;
  EXPECT_TRUE(q.empty());
  int pushed = 0, popped = 0;
  // Push three, pop two, many times: the queue never drains, so the compaction path runs.
  for (int round = 0; round < 200; ++round) {
    for (int i = 0; i < 3; ++i) q.push_back(frame(pushed++));
    for (int i = 0; i < 2; ++i) {
      ASSERT_FALSE(q.empty());
      EXPECT_EQ(*q.front(), std::to_string(popped++));
      q.pop_front();
    }
    EXPECT_EQ(q.size(), static_cast<std::size_t>(pushed - popped));
    // Spent slots never outnumber the live ones by more than the compaction threshold.
    EXPECT_LE(q.slots(), 2 * q.size() + 32);
  }
  while (!q.empty()) {
    EXPECT_EQ(*q.front(), std::to_string(popped++));
    q.pop_front();
  }
  EXPECT_EQ(popped, pushed);
  EXPECT_EQ(q.slots(), 0u);
}

TEST(FrameQueue, APoppedFrameIsReleased) {
  FrameQueue q;
  auto held = frame(1);
  std::weak_ptr<const std::string> watch = held;
  q.push_back(std::move(held));
  q.push_back(frame(2));
  q.pop_front();
  EXPECT_TRUE(watch.expired()) << "the queue still owns a frame it has written";
  EXPECT_EQ(*q.front(), "2");
}

}  // namespace
}  // namespace archipel::server
