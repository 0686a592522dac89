#include "engine/core/rng.hpp"

#include <algorithm>
#include <numeric>

#include <gtest/gtest.h>

namespace archipel::engine {
namespace {

TEST(Rng, FirstOutputsArePinned) {
  // Pinned so a change to the generator (which would change every stored game's replay) cannot go
  // unnoticed.
  Rng rng(42);
  const std::uint64_t expected[] = {0x15780b2e0c2ec716ULL, 0x6104d9866d113a7eULL,
                                    0xae17533239e499a1ULL};
  for (auto e : expected) EXPECT_EQ(rng.next(), e);
}

TEST(Rng, SameSeedSameSequenceDifferentSeedDifferent) {
  Rng a(7), b(7), c(8);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    auto x = a.next();
    EXPECT_EQ(x, b.next());
    differs |= x != c.next();
  }
  EXPECT_TRUE(differs);
}

TEST(Rng, BelowStaysInRangeAndCoversIt) {
  Rng rng(1);
  std::vector<int> counts(6, 0);
  for (int i = 0; i < 60000; ++i) {
    auto x = rng.below(6);
    ASSERT_LT(x, 6u);
    ++counts[x];
  }
  for (int c : counts) {  // each face near 10000; 5 sigma is about 450
    EXPECT_GT(c, 9500);
    EXPECT_LT(c, 10500);
  }
  EXPECT_EQ(rng.below(1), 0u);
}

TEST(Rng, ShuffleIsAPermutationAndDependsOnTheSeed) {
  std::vector<int> base(20);
  std::iota(base.begin(), base.end(), 0);
  auto a = base, b = base;
  Rng(3).shuffle(a);
  Rng(4).shuffle(b);
  EXPECT_NE(a, base);
  EXPECT_NE(a, b);
  std::sort(a.begin(), a.end());
  EXPECT_EQ(a, base);
}

TEST(Rng, JsonRoundTripContinuesTheSameSequence) {
  Rng a(99);
  a.next();
  Rng b;
  ASSERT_TRUE(b.from_json(a.to_json()));
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.next(), b.next());
  EXPECT_EQ(a.to_json().dump(), b.to_json().dump());
}

TEST(Rng, MalformedJsonIsRefusedAndChangesNothing) {
  Rng a(5);
  const auto before = a.to_json();
  EXPECT_FALSE(a.from_json(nlohmann::json::array({"zz", "1", "2", "3"})));
  EXPECT_FALSE(a.from_json(nlohmann::json::object()));
  EXPECT_FALSE(a.from_json(nlohmann::json::array(
      {"0000000000000000", "0000000000000000", "0000000000000000", "0000000000000000"})));
  EXPECT_EQ(a.to_json(), before);
}

}  // namespace
}  // namespace archipel::engine
