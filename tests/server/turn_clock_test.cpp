// The turn clock's rules (server/turn_clock.hpp), on an injected time: the values clock= takes,
// banks running only for the seats to act, several at once, out of time once and only once, the
// next expiry, and the record a restart resumes from.
#include "server/turn_clock.hpp"

#include <gtest/gtest.h>

namespace archipel::testing {
namespace {

using server::TurnClock;
using namespace std::chrono_literals;

TurnClock::TimePoint at(std::chrono::milliseconds t) {
  return TurnClock::TimePoint{} + t;
}

TurnClock started(TurnClock::Duration per_player, int seats) {
  TurnClock clock;
  clock.per_player = per_player;
  server::start_clock(clock, seats, at(0ms));
  return clock;
}

TEST(TurnClock, ValuesItTakes) {
  EXPECT_EQ(server::parse_clock("off"), TurnClock::Duration{0});
  EXPECT_EQ(server::parse_clock("10m"), TurnClock::Duration{600'000});
  EXPECT_EQ(server::parse_clock("90s"), TurnClock::Duration{90'000});
  EXPECT_EQ(server::parse_clock("5s"), TurnClock::Duration{5'000});
  EXPECT_EQ(server::parse_clock("180m"), TurnClock::Duration{10'800'000});
  for (const char* bad :
       {"", "m", "4s", "181m", "10", "10h", "-5m", "1.5m", "ten", "10 m", "99999999m"})
    EXPECT_FALSE(server::parse_clock(bad)) << bad;
  EXPECT_EQ(server::clock_text(600'000ms), "10m");
  EXPECT_EQ(server::clock_text(90'000ms), "90s");
  EXPECT_EQ(server::clock_text(0ms), "off");
  const auto option = server::clock_option();
  EXPECT_EQ(option.default_value, "off");
  for (const auto& choice : option.choices) EXPECT_TRUE(server::parse_clock(choice)) << choice;
}

TEST(TurnClock, OnlyTheSeatsToActSpendTheirTime) {
  auto clock = started(60s, 3);
  server::set_running(clock, {1}, at(0ms));
  EXPECT_EQ(server::bank_at(clock, 1, at(10s)), 50s);
  EXPECT_EQ(server::bank_at(clock, 0, at(10s)), 60s)
      << "seat 0 does not act: its bank does not move";
  // Seat 1 moves after 12 s; seats 0 and 2 act together (a simultaneous step).
  server::set_running(clock, {0, 2}, at(12s));
  EXPECT_EQ(clock.banks[1], 48s);
  EXPECT_EQ(server::bank_at(clock, 0, at(20s)), 52s);
  EXPECT_EQ(server::bank_at(clock, 2, at(20s)), 52s);
  EXPECT_EQ(server::bank_at(clock, 1, at(20s)), 48s);
  server::stop_clock(clock, at(30s));
  EXPECT_EQ(clock.banks, (std::vector<TurnClock::Duration>{42s, 48s, 42s}));
  EXPECT_FALSE(server::next_out_of_time(clock)) << "nobody's time runs once stopped";
  EXPECT_EQ(server::bank_at(clock, 0, at(100s)), 42s);
}

TEST(TurnClock, OutOfTimeOnceAtZeroAndNeverBelow) {
  auto clock = started(10s, 2);
  server::set_running(clock, {0}, at(0ms));
  ASSERT_TRUE(server::next_out_of_time(clock));
  EXPECT_EQ(*server::next_out_of_time(clock), at(10s));
  EXPECT_TRUE(server::newly_out_of_time(clock, at(9'999ms)).empty());
  EXPECT_EQ(server::newly_out_of_time(clock, at(10s)), (std::vector<engine::Seat>{0}));
  EXPECT_TRUE(server::newly_out_of_time(clock, at(15s)).empty()) << "said once";
  EXPECT_EQ(clock.banks[0], 0ms) << "never below zero";
  EXPECT_TRUE(clock.out[0]);
  EXPECT_FALSE(server::next_out_of_time(clock)) << "an out seat's bank no longer runs out";
  // Seat 0 moves at last; seat 1's bank runs, and runs out in its turn.
  server::set_running(clock, {1}, at(20s));
  EXPECT_EQ(*server::next_out_of_time(clock), at(30s));
  EXPECT_EQ(server::newly_out_of_time(clock, at(31s)), (std::vector<engine::Seat>{1}));
}

TEST(TurnClock, TheMessageAndTheRecordARestartResumesFrom) {
  auto clock = started(60s, 2);
  server::set_running(clock, {1}, at(0ms));
  const auto message = server::clock_json(clock, at(25s));
  EXPECT_EQ(message["per_player_ms"], 60'000);
  EXPECT_EQ(message["banks_ms"], (nlohmann::json{60'000, 35'000}));
  EXPECT_EQ(message["running"], (nlohmann::json{1}));
  EXPECT_EQ(message["out"], nlohmann::json::array());

  const auto record = server::clock_record(clock, at(25s));
  // Restored later: the banks as recorded, nobody's time running until the room runs the clock
  // again.
  auto back = server::clock_from_record(record, at(3600s));
  EXPECT_TRUE(back.on());
  EXPECT_EQ(back.per_player, 60s);
  EXPECT_EQ(back.banks, (std::vector<TurnClock::Duration>{60s, 35s}));
  EXPECT_EQ(back.running, (std::vector<bool>{false, false}));
  server::set_running(back, {1}, at(3600s));
  EXPECT_EQ(*server::next_out_of_time(back), at(3635s));

  EXPECT_FALSE(server::clock_from_record(nullptr, at(0ms)).on());
  EXPECT_FALSE(server::clock_from_record(nlohmann::json{{"per_player_ms", "x"}}, at(0ms)).on());
  auto broken = server::clock_from_record(
      nlohmann::json{{"per_player_ms", 1000}, {"banks_ms", {5000, -3, "x"}}, {"out", {7, 1}}},
      at(0ms));
  EXPECT_EQ(broken.banks, (std::vector<TurnClock::Duration>{1000ms, 0ms, 1000ms}))
      << "clamped to the bank, never negative";
  EXPECT_EQ(broken.out, (std::vector<bool>{false, true, false}))
      << "an out seat that does not exist is dropped";
}

}  // namespace
}  // namespace archipel::testing
