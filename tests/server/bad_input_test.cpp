// Bad input of every kind gets an error to its sender (or a clean disconnect), changes nothing, and
// the server keeps serving everyone else.

#include <gtest/gtest.h>

#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

// A started race game between Ann and Ben; returns the room id.
std::int64_t started_game(TestClient& a, TestClient& b) {
  a.hello("Ann");
  b.hello("Ben");
  const std::int64_t room = open_room(a, {&b}, "/create race");
  a.chat("/start");
  a.expect("state");
  b.expect("state");
  return room;
}

std::int64_t version_of(TestClient& c, std::int64_t room) {
  c.drain(100ms);
  c.send(json{{"type", "sync"}, {"room", room}});
  return c.expect("state")["version"];
}

TEST(BadInput, MalformedMessagesGetTypedErrors) {
  TestServer server(registry_with_race());
  TestClient c(server.port());
  c.send_raw("{not json");
  c.expect_error("bad_json");
  c.send_raw("[1,2,3]");
  c.expect_error("bad_message");
  c.send_raw(R"({"name":"x"})");
  c.expect_error("missing_field");
  c.send_raw(R"({"type":42})");
  c.expect_error("bad_message");
  c.send_raw(R"({"type":"teleport"})");
  c.expect_error("unknown_type");
  c.send_raw(R"({"type":"chat"})");
  c.expect_error("missing_field");
  c.send_raw(R"({"type":"chat","text":"hi"})");
  c.expect_error("hello_first");
  c.send_raw(R"({"type":"hello","name":"bad name!"})");
  c.expect_error("bad_name");
  c.send_raw(R"({"type":"hello","token":"forged-token-0000"})");
  c.expect_error("bad_token");
  c.hello("Alice");
  c.send_raw(R"({"type":"hello","name":"Again"})");
  c.expect_error("already_welcomed");
  c.send_raw(R"({"type":"action","room":1})");
  c.expect_error("missing_field");
  c.send_raw(R"({"type":"action","room":"abc","action":{}})");
  c.expect_error("bad_message");
  EXPECT_FALSE(c.closed());
}

TEST(BadInput, UnknownCommandsAndBadArgumentsGiveTheUsage) {
  TestServer server(registry_with_race());
  TestClient c(server.port());
  c.hello("Alice");
  c.chat("/frobnicate");
  c.expect_error("unknown_command");
  c.chat("/join abc");
  EXPECT_NE(
      c.expect_error("bad_arguments")["message"].get<std::string>().find("/join [room] [seat]"),
      std::string::npos);
  c.chat("/create chess");
  c.expect_error("unknown_game");
  c.chat("/create race speed=fast");
  c.expect_error("bad_option");
  c.chat("/join 99");
  c.expect_error("no_such_room");
  c.chat("/start");
  c.expect_error("not_in_room");
  c.chat("/play add 1");
  c.expect_error("not_in_room");
}

TEST(BadInput, ActionForARoomOneIsNotInChangesNothing) {
  TestServer server(registry_with_race());
  TestClient a(server.port()), b(server.port()), intruder(server.port());
  const auto room = started_game(a, b);
  const auto before = version_of(a, room);
  intruder.hello("Eve");
  intruder.send(
      json{{"type", "action"}, {"room", room}, {"action", {{"type", "bet"}, {"side", "high"}}}});
  intruder.expect_error("not_in_room");
  intruder.send(json{{"type", "sync"}, {"room", room}});
  intruder.expect_error("not_in_room");
  EXPECT_EQ(version_of(a, room), before);
}

TEST(BadInput, AHugeFrameClosesThatConnectionOnly) {
  TestServer server(registry_with_race());
  TestClient a(server.port()), b(server.port()), big(server.port());
  const auto room = started_game(a, b);
  big.hello("Big");
  big.send_raw(std::string(10 * 1024 * 1024, 'x'));  // 10 MiB
  auto got = big.drain(500ms);
  EXPECT_TRUE(big.closed());
  // Told why, then closed with 1009 (message too big): not a reset with most of the frame unread.
  ASSERT_FALSE(got.empty());
  EXPECT_EQ(got.back().value("code", ""), "too_large");
  EXPECT_EQ(big.close_code(), 1009);
  // Everyone else is still served.
  a.chat("/who");
  EXPECT_NE(a.expect("info")["text"].get<std::string>().find("Ben"), std::string::npos);
  EXPECT_EQ(version_of(a, room), 1);
}

// The limit is exact: a message of max_frame_bytes is read (and answered), one byte more closes
// with 1009.
TEST(BadInput, AFrameAtTheLimitIsReadAndOneByteMoreIsRefused) {
  TestServer server(registry_with_race());
  const std::size_t limit = server::Config{}.max_frame_bytes;
  auto frame_of = [](std::size_t size) {
    const std::string head = R"({"type":"chat","text":")", tail = R"("})";
    return head + std::string(size - head.size() - tail.size(), 'x') + tail;
  };
  TestClient c(server.port());
  c.hello("Edge");
  c.send_raw(frame_of(limit));
  c.expect_error(
      "bad_arguments");  // read and parsed: its chat line is too long, as any other would be
  EXPECT_FALSE(c.closed());
  c.send_raw(frame_of(limit + 1));
  c.expect_error("too_large");
  c.drain(300ms);
  EXPECT_TRUE(c.closed());
  EXPECT_EQ(c.close_code(), 1009);
}

TEST(BadInput, ABurstOfAThousandMessagesIsRateLimitedAndChangesNothing) {
  TestServer server(registry_with_race());
  TestClient a(server.port()), b(server.port()), flood(server.port());
  const auto room = started_game(a, b);
  flood.hello("Flood");
  for (int i = 0; i < 1000; ++i)
    flood.send(json{{"type", "chat"}, {"text", "/join " + std::to_string(room)}});
  auto got = flood.drain(500ms);
  bool limited = false;
  for (const auto& m : got) limited |= m.value("code", "") == "rate_limited";
  EXPECT_TRUE(limited || flood.closed()) << "a flood is neither limited nor cut off";
  EXPECT_GT(server.metrics().rate_limited.load(), 0);
  // The game is untouched and the others are served promptly.
  EXPECT_EQ(version_of(b, room), 1);
  a.send(json{{"type", "action"}, {"room", room}, {"action", {{"type", "bet"}, {"side", "low"}}}});
  EXPECT_EQ(a.expect("patch")["to"], 2);
}

TEST(BadInput, OutOfTurnAndIllegalActionsChangeNothing) {
  TestServer server(registry_with_race());
  TestClient a(server.port()), b(server.port());
  const auto room = started_game(a, b);
  a.send(json{{"type", "action"},
              {"room", room},
              {"action", {{"type", "add"}, {"n", 1}}}});  // bets come first
  a.expect("error");
  a.send(json{{"type", "action"}, {"room", room}, {"action", {{"type", "bet"}, {"side", 3}}}});
  a.expect("error");
  a.send(json{{"type", "action"}, {"room", room}, {"action", {{"type", "bet"}, {"side", "high"}}}});
  a.expect("patch");
  a.send(json{{"type", "action"},
              {"room", room},
              {"action", {{"type", "bet"}, {"side", "low"}}}});  // twice
  a.expect_error("not_your_turn");
  EXPECT_EQ(version_of(b, room), 2);
}

TEST(BadInput, ASlowClientIsDroppedNotBuffered) {
  auto config = TestServer::default_config();
  config.max_queue = 8;
  config.rate_burst = 100000;
  config.rate_per_second = 100000;
  TestServer server(registry_with_race(), "", config);
  TestClient slow(server.port());
  slow.hello("Slow");
  // Each /help reply is a few KiB; the client never reads, so the socket buffers fill and then the
  // queue. The kernel's buffers grow with the traffic (to 4 MiB for sending here), and on a loaded
  // machine the server may answer slowly enough for them to take every reply of a fixed number of
  // requests (a ctest run once saw no drop after 400): the requests go on, in rounds, until the
  // drop is seen or far more than the buffers hold.
  const auto dropped = [&] { return server.metrics().slow_clients_dropped.load() > 0; };
  for (int round = 0; round < 20 && !dropped(); ++round) {
    try {
      for (int i = 0; i < 400; ++i) slow.chat("/help");
    } catch (const std::exception&) {  // the server has closed the connection: dropped
    }
    for (int i = 0; i < 100 && !dropped(); ++i) std::this_thread::sleep_for(20ms);
  }
  EXPECT_TRUE(dropped());
}

}  // namespace
}  // namespace archipel::testing
