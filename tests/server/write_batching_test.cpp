// A connection's frames queued together leave in one TCP segment (WebsocketSession corks the socket
// while it writes them, and uncorks it once its queue is empty). What a client must see: every
// frame, in the order sent, and no frame held back afterwards. A socket left corked holds each
// later small frame for up to 200 ms.

#include <gtest/gtest.h>

#include <chrono>

#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

// /create sends its host three frames at once: the lobby's line, the room's line, and the room's
// listing. They are the next three messages, in that order.
TEST(WriteBatching, FramesQueuedTogetherArriveInTheOrderSent) {
  TestServer server(registry_with_race());
  TestClient ana(server.port());
  ana.hello("Ana");
  ana.drain(std::chrono::milliseconds(100));
  ana.chat("/create race");
  const auto created = ana.next();
  ASSERT_TRUE(created);
  EXPECT_EQ((*created)["type"], "info");
  EXPECT_NE((*created)["text"].get<std::string>().find("created"), std::string::npos) << *created;
  const auto seated = ana.next();
  ASSERT_TRUE(seated);
  EXPECT_EQ((*seated)["type"], "info");
  EXPECT_NE((*seated)["text"].get<std::string>().find("sits at seat 1"), std::string::npos)
      << *seated;
  const auto room = ana.next();
  ASSERT_TRUE(room);
  EXPECT_EQ((*room)["type"], "room");
  EXPECT_EQ((*room)["seats"][0]["name"], "Ana");
}

// After a batch, single frames go out at once. Ten chat round trips take milliseconds; with the
// socket left corked each reply would wait up to 200 ms (2 s in all). The bound is generous
// (sanitizer builds, a busy machine): it fails only when frames are held back.
TEST(WriteBatching, FramesAfterABatchAreNotHeldBack) {
  TestServer server(registry_with_race());
  TestClient ana(server.port());
  ana.hello("Ana");
  ana.chat("/create race");
  ana.expect("room");
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 10; ++i) {
    ana.chat("line " + std::to_string(i));
    const json line = ana.expect("chat");
    EXPECT_EQ(line["text"], "line " + std::to_string(i));
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(1000));
}

}  // namespace
}  // namespace archipel::testing
