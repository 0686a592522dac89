// Set-up and the flow of a year: who acts, what is legal, how a turn ends.

#include "engine/santa_maria/santa_maria.hpp"

#include <gtest/gtest.h>

namespace archipel::engine::santa_maria {
namespace {

TEST(SantaMariaFlow, ComponentsParse) {
  const Components& c = components();
  EXPECT_EQ(c.boards.size(), 5u);
  EXPECT_EQ(c.tiles.size(), 30u);
  EXPECT_EQ(c.ships.size(), 34u);
  EXPECT_EQ(c.scholars.size(), 10u);
  EXPECT_EQ(c.bishops.size(), 6u);
}

}  // namespace
}  // namespace archipel::engine::santa_maria
