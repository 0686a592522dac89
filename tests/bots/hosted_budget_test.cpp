// A hosted bot's thinking budget (server/bot_player.hpp, issue 39): 1 s a move without a turn
// clock; with one, a tenth of the clock's share of a move (the bank over 40 moves), at least 10 ms.

#include <gtest/gtest.h>

#include "server/bot_player.hpp"

namespace archipel::testing::bots {
namespace {

TEST(HostedBotBudget, OneSecondWithoutAClockLessWithAShortOne) {
  EXPECT_EQ(server::bot_think_ms(0), 1000);               // no clock
  EXPECT_EQ(server::bot_think_ms(60 * 60 * 1000), 1000);  // an hour: the second is the cap
  EXPECT_EQ(server::bot_think_ms(10 * 60 * 1000), 1000);  // 10 minutes: 15 s a move, 1.5 s a tenth
  EXPECT_EQ(server::bot_think_ms(2 * 60 * 1000), 300);    // 2 minutes: 3 s a move
  EXPECT_EQ(server::bot_think_ms(90 * 1000), 225);
  EXPECT_EQ(server::bot_think_ms(5 * 1000), 12);  // the shortest clock /create takes
  EXPECT_EQ(server::bot_think_ms(1000), 10);      // never below the floor
}

}  // namespace
}  // namespace archipel::testing::bots
