#pragma once
// The frames a session has yet to write, first in first out. A vector and the index of its front,
// not a std::deque: libstdc++'s deque allocates a 512-byte block and its map as soon as it is made,
// about 600 bytes for every idle socket (issue 11 measures memory per idle socket); an empty vector
// allocates nothing, and one that has drained keeps only room for the frames it held at once.

#include <cstddef>
#include <utility>
#include <vector>

#include "server/client.hpp"

namespace archipel::server {

class FrameQueue {
 public:
  bool empty() const { return head_ == frames_.size(); }
  std::size_t size() const { return frames_.size() - head_; }
  const Frame& front() const { return frames_[head_]; }

  void push_back(Frame frame) { frames_.push_back(std::move(frame)); }

  void pop_front() {
    frames_[head_++].reset();  // the frame's buffer is freed now, not when the queue drains
    if (head_ == frames_.size()) {
      frames_.clear();
      head_ = 0;
    } else if (head_ >= kCompactAfter && 2 * head_ >= frames_.size()) {
      // Drop the spent front once it is half of the vector: a queue that never drains stays
      // bounded, and each frame is moved O(1) times on average.
      frames_.erase(frames_.begin(), frames_.begin() + static_cast<std::ptrdiff_t>(head_));
      head_ = 0;
    }
  }

  /// Slots held, spent ones included (for tests).
  std::size_t slots() const { return frames_.size(); }

 private:
  static constexpr std::size_t kCompactAfter = 32;
  std::vector<Frame> frames_;
  std::size_t head_ = 0;  // frames_[0, head_) are spent (reset)
};

}  // namespace archipel::server
