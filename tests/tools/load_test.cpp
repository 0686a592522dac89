// archipel-load's pure parts: the latency histogram's percentiles, its flags and source addresses,
// /proc parsing, reading a room listing.
#include "tools/load/latency_histogram.hpp"

#include <gtest/gtest.h>
#include <time.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>

#include "tools/load/load_config.hpp"
#include "tools/load/process_usage.hpp"
#include "tools/load/room_listing.hpp"

namespace archipel::load {
namespace {

TEST(LatencyHistogram, EmptyGivesZero) {
  LatencyHistogram h;
  EXPECT_EQ(h.count(), 0u);
  EXPECT_EQ(h.percentile(0.5), 0u);
  EXPECT_EQ(h.percentile(0.999), 0u);
}

TEST(LatencyHistogram, SmallValuesAreExact) {
  LatencyHistogram h;
  for (std::uint64_t v = 1; v <= 100; ++v) h.record(v);
  EXPECT_EQ(h.count(), 100u);
  EXPECT_EQ(h.percentile(0.5), 50u);
  EXPECT_EQ(h.percentile(0.99), 99u);
  EXPECT_EQ(h.percentile(0.999), 100u);
  EXPECT_EQ(h.percentile(1.0), 100u);
  EXPECT_EQ(h.percentile(0.0), 1u);  // the smallest sample
}

TEST(LatencyHistogram, LargeValuesWithinOnePointSixPercentAbove) {
  LatencyHistogram h;
  for (std::uint64_t v = 1; v <= 1'000'000; v += 7) h.record(v);
  const std::uint64_t n = h.count();
  for (double q : {0.5, 0.9, 0.99, 0.999}) {
    // The exact answer: the ceil(q n)-th sample.
    const auto rank = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(n)));
    const std::uint64_t exact = 1 + (rank - 1) * 7;
    const std::uint64_t got = h.percentile(q);
    EXPECT_GE(got, exact) << q;
    EXPECT_LE(static_cast<double>(got), static_cast<double>(exact) * (1 + 1.0 / 64)) << q;
  }
  const std::uint64_t largest = 1 + (n - 1) * 7;  // 1'000'000
  EXPECT_EQ(h.max(), largest);
  EXPECT_EQ(h.percentile(1.0), largest);  // never above the largest sample
}

TEST(LatencyHistogram, TailIsTheRareSlowSamples) {
  LatencyHistogram h;
  for (int i = 0; i < 990; ++i) h.record(10);
  for (int i = 0; i < 10; ++i) h.record(5000);
  EXPECT_EQ(h.percentile(0.5), 10u);
  EXPECT_EQ(h.percentile(0.99), 10u);  // the 990th sample
  EXPECT_GE(h.percentile(0.999), 5000u);
  EXPECT_LE(h.percentile(0.999), 5000u + 5000u / 64);
}

TEST(LatencyHistogram, MergeAddsSamples) {
  LatencyHistogram a, b;
  for (int i = 0; i < 50; ++i) a.record(1);
  for (int i = 0; i < 50; ++i) b.record(3);
  a.merge(b);
  EXPECT_EQ(a.count(), 100u);
  EXPECT_EQ(a.percentile(0.5), 1u);
  EXPECT_EQ(a.percentile(0.51), 3u);
  EXPECT_EQ(a.max(), 3u);
}

TEST(LatencyHistogram, HugeValuesDoNotOverflow) {
  LatencyHistogram h;
  h.record(~std::uint64_t{0});
  h.record(std::uint64_t{1} << 40);
  EXPECT_EQ(h.percentile(1.0), ~std::uint64_t{0});
  EXPECT_GE(h.percentile(0.5), std::uint64_t{1} << 40);
}

std::optional<LoadConfig> parse(std::vector<const char*> args, int* code) {
  args.insert(args.begin(), "archipel-load");
  return parse_load_config(static_cast<int>(args.size()), args.data(), code);
}

TEST(LoadConfig, DefaultsAreAChatRunOnLocalhost) {
  int code = -1;
  auto c = parse({}, &code);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->mode, Mode::chat);
  EXPECT_EQ(c->host, "127.0.0.1");
  EXPECT_EQ(c->seats, 4);
  EXPECT_EQ(c->threads, 1);
  EXPECT_EQ(c->rooms_at_once, 0) << "every room at once";
}

TEST(LoadConfig, ReadsModeOptionsAndServerPid) {
  int code = -1;
  auto c =
      parse({"--mode", "closed", "--clients", "4000", "--option", "rules=table", "--option", "x=y",
             "--server-pid", "1234", "--threads", "2", "--json", "--rooms-at-once", "50"},
            &code);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->mode, Mode::closed);
  EXPECT_EQ(c->clients, 4000);
  EXPECT_EQ(c->options, (std::vector<std::string>{"rules=table", "x=y"}));
  EXPECT_EQ(c->server_pid, 1234);
  EXPECT_EQ(c->threads, 2);
  EXPECT_TRUE(c->json);
  EXPECT_EQ(c->rooms_at_once, 50);
}

TEST(LoadConfig, RefusesUnknownModeAndBadCounts) {
  int code = 0;
  EXPECT_FALSE(parse({"--mode", "fast"}, &code));
  EXPECT_NE(code, 0);
  code = 0;
  EXPECT_FALSE(parse({"--clients", "0"}, &code));
  EXPECT_NE(code, 0);
  code = 0;
  EXPECT_FALSE(parse({"--threads", "3"}, &code));
  EXPECT_NE(code, 0);
  code = 0;
  EXPECT_FALSE(parse({"--rooms-at-once", "-1"}, &code));
  EXPECT_NE(code, 0);
  code = 0;
  EXPECT_FALSE(parse({"--name-prefix", "a-prefix-far-too-long"}, &code));
  EXPECT_NE(code, 0);
}

// Relay is a chat mode (lines, chat latency, CPU per line), played in turn; closed is not.
TEST(LoadConfig, RelayIsAChatModeInTurns) {
  int code = -1;
  auto c = parse({"--mode", "relay", "--clients", "100", "--seats", "4"}, &code);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->mode, Mode::relay);
  EXPECT_EQ(to_string(c->mode), "relay");
  EXPECT_TRUE(chats(Mode::relay));
  EXPECT_TRUE(chats(Mode::chat));
  EXPECT_FALSE(chats(Mode::closed));
  EXPECT_FALSE(chats(Mode::idle));
}

TEST(SourceAddresses, CountUpFromTheFirst) {
  EXPECT_EQ(source_addresses("127.0.0.1", 3),
            (std::vector<std::string>{"127.0.0.1", "127.0.0.2", "127.0.0.3"}));
  EXPECT_EQ(source_addresses("127.0.0.255", 2),
            (std::vector<std::string>{"127.0.0.255", "127.0.1.0"}));
  EXPECT_TRUE(source_addresses("127.255.255.255", 2).empty());  // would leave 127/8
  EXPECT_TRUE(source_addresses("not-an-address", 2).empty());
  EXPECT_TRUE(source_addresses("127.0.0.1", 0).empty());
}

TEST(SourceAddresses, EnoughForThePerAddressLimitOnLoopback) {
  LoadConfig c;
  c.clients = 20000;
  c.per_address = 1000;
  EXPECT_EQ(source_count(c), 20);
  c.clients = 20001;
  EXPECT_EQ(source_count(c), 21);
  c.sources = 3;
  EXPECT_EQ(source_count(c), 3);  // given: kept
  c.sources = 0;
  c.host = "192.0.2.7";
  EXPECT_EQ(source_count(c), 0);  // not loopback: the system picks
}

TEST(ProcessUsage, ParsesStatAfterTheLastParenthesis) {
  // Field 14 (utime) = 250, field 15 (stime) = 50; the name holds a space and a parenthesis.
  const std::string stat =
      "4242 (archipel (x) srv) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 50 0 0 20 0 3 0 100 "
      "1000000 500";
  EXPECT_EQ(parse_stat_cpu_ticks(stat), 300ull);
  EXPECT_FALSE(parse_stat_cpu_ticks("garbage"));
  EXPECT_FALSE(parse_stat_cpu_ticks("1 (x) S 1 2"));
}

TEST(ProcessUsage, ParsesVmRss) {
  EXPECT_EQ(parse_status_rss_kib("Name:\tx\nVmPeak:\t 900 kB\nVmRSS:\t   12345 kB\nThreads: 3\n"),
            12345);
  EXPECT_FALSE(parse_status_rss_kib("Name:\tx\n"));
}

TEST(ProcessUsage, ReadsItself) {
  auto self = read_process_usage(::getpid());
  ASSERT_TRUE(self);
  EXPECT_GT(self->rss_kib, 0);
  EXPECT_GE(self->cpu_seconds, 0.0);
}

// CPU time is read to well under the 10 ms ticks of /proc/PID/stat: 3 ms of work shows as 3 ms
// (ticks would show 0 or 10 ms), and never as less than was spent.
TEST(ProcessUsage, CpuTimeIsFinerThanTheClockTicks) {
  const auto before = read_process_usage(::getpid());
  ASSERT_TRUE(before);
  timespec start{}, now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start);
  volatile std::uint64_t sink = 0;
  const auto spent = [&] {
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec - start.tv_sec) +
           static_cast<double>(now.tv_nsec - start.tv_nsec) / 1e9;
  };
  while (spent() < 0.003) sink = sink + 1;
  const auto after = read_process_usage(::getpid());
  ASSERT_TRUE(after);
  const double measured = after->cpu_seconds - before->cpu_seconds;
  EXPECT_GE(measured, 0.003);
  EXPECT_LT(measured, 0.009);
}

// A stall is five quiet seconds, or ten move delays when a play run waits longer between moves.
TEST(LoadConfig, StallTimeIsFiveSecondsOrTenMoveDelays) {
  int code = -1;
  auto closed = parse({"--mode", "closed"}, &code);
  ASSERT_TRUE(closed);
  EXPECT_EQ(stall_time(*closed), std::chrono::seconds(5));
  auto slow = parse({"--mode", "play", "--move-delay", "2000"}, &code);
  ASSERT_TRUE(slow);
  EXPECT_EQ(stall_time(*slow), std::chrono::seconds(20));
  auto fast = parse({"--mode", "play", "--move-delay", "100"}, &code);
  ASSERT_TRUE(fast);
  EXPECT_EQ(stall_time(*fast), std::chrono::seconds(5));
}

nlohmann::json listing(std::int64_t id, const char* status, std::vector<const char*> names) {
  nlohmann::json seats = nlohmann::json::array();
  for (const char* n : names)
    seats.push_back(n ? nlohmann::json{{"name", n}, {"connected", true}}
                      : nlohmann::json{{"name", nullptr}, {"connected", false}});
  return {
      {"type", "room"}, {"id", id}, {"game", "santa-cruz"}, {"status", status}, {"seats", seats}};
}

// A client is seated when a listing of its table's room, waiting, names it.
TEST(RoomListing, SeatedWhenTheWaitingRoomNamesMe) {
  EXPECT_TRUE(
      seated_in_waiting_room(listing(7, "waiting", {"host", "me", nullptr, nullptr}), 7, "me"));
  EXPECT_FALSE(
      seated_in_waiting_room(listing(7, "waiting", {"host", nullptr, nullptr, nullptr}), 7, "me"));
  EXPECT_FALSE(
      seated_in_waiting_room(listing(8, "waiting", {"host", "me"}), 7, "me"));  // another room
  EXPECT_FALSE(seated_in_waiting_room(
      nlohmann::json{{"type", "room"}, {"id", 7}, {"status", "waiting"}}, 7, "me"));
  EXPECT_FALSE(seated_in_waiting_room(nlohmann::json::array(), 7, "me"));
}

// The room's last listings after `over` (its players leaving one by one) still name the players who
// have not left. Counted, they made a client think itself seated in the table's next room before it
// had joined: that room never got its /start, and in a closed-loop run every table stalled after a
// few games (the rate fell to nothing).
TEST(RoomListing, AFinishedRoomStillNamingMeIsNotASeat) {
  EXPECT_FALSE(seated_in_waiting_room(listing(7, "over", {"host", "me", "c", "d"}), 7, "me"));
  EXPECT_FALSE(seated_in_waiting_room(listing(7, "playing", {"host", "me", "c", "d"}), 7, "me"));
  EXPECT_FALSE(seated_in_waiting_room(listing(7, "abandoned", {"host", "me"}), 7, "me"));
}

}  // namespace
}  // namespace archipel::load
