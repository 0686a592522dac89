#include "tools/load/latency_histogram.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace archipel::load {

namespace {
constexpr std::uint64_t kExact = 128;  // values below are their own bucket
constexpr int kSubBits = 6;            // 64 buckets per power of two above
constexpr std::size_t kBuckets = kExact + (64 - 7) * (std::size_t{1} << kSubBits);
}  // namespace

LatencyHistogram::LatencyHistogram() : buckets_(kBuckets, 0) {}

std::size_t LatencyHistogram::bucket_of(std::uint64_t value) {
  if (value < kExact) return static_cast<std::size_t>(value);
  const int magnitude = std::bit_width(value) - 1;                              // >= 7
  const int shift = magnitude - kSubBits;                                       // >= 1
  const std::uint64_t sub = (value >> shift) - (std::uint64_t{1} << kSubBits);  // 0..63
  return kExact + static_cast<std::size_t>(shift - 1) * (std::size_t{1} << kSubBits) +
         static_cast<std::size_t>(sub);
}

std::uint64_t LatencyHistogram::bucket_top(std::size_t bucket) {
  if (bucket < kExact) return bucket;
  const std::size_t above = bucket - kExact;
  const int shift = static_cast<int>(above >> kSubBits) + 1;
  const std::uint64_t sub =
      (above & ((std::size_t{1} << kSubBits) - 1)) + (std::uint64_t{1} << kSubBits);
  return ((sub + 1) << shift) - 1;
}

void LatencyHistogram::record(std::uint64_t value) {
  ++buckets_[bucket_of(value)];
  ++count_;
  max_ = std::max(max_, value);
}

void LatencyHistogram::merge(const LatencyHistogram& other) {
  for (std::size_t i = 0; i < buckets_.size(); ++i) buckets_[i] += other.buckets_[i];
  count_ += other.count_;
  max_ = std::max(max_, other.max_);
}

std::uint64_t LatencyHistogram::percentile(double q) const {
  if (count_ == 0) return 0;
  q = std::clamp(q, 0.0, 1.0);
  const auto rank = std::max<std::uint64_t>(
      1, static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(count_))));
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < buckets_.size(); ++i) {
    seen += buckets_[i];
    if (seen >= rank) return std::min(bucket_top(i), max_);
  }
  return max_;
}

}  // namespace archipel::load
