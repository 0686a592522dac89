#pragma once
// A latency histogram with bounded relative error, for archipel-load's p50/p99/p99.9: values below
// 128 are kept exactly, larger ones in 64 buckets per power of two (at most 1/64 ≈ 1.6% too high),
// so a million samples cost no more memory than ten. Plain value type: one per worker thread,
// merged at the end.

#include <cstdint>
#include <vector>

namespace archipel::load {

class LatencyHistogram {
 public:
  LatencyHistogram();

  /// Records one sample (any unit; archipel-load uses microseconds).
  void record(std::uint64_t value);
  /// Adds every sample of `other`.
  void merge(const LatencyHistogram& other);

  std::uint64_t count() const { return count_; }
  std::uint64_t max() const { return max_; }
  /// The smallest recorded value v such that at least fraction `q` (0 < q <= 1) of the samples are
  /// <= v, rounded up to its bucket's top (never above max()); 0 when empty.
  std::uint64_t percentile(double q) const;

 private:
  static std::size_t bucket_of(std::uint64_t value);
  static std::uint64_t bucket_top(std::size_t bucket);

  std::vector<std::uint64_t> buckets_;
  std::uint64_t count_ = 0;
  std::uint64_t max_ = 0;
};

}  // namespace archipel::load
