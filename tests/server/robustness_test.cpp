// Frames built to crash the server (issue 9, points 1 and 2): a reply quoting the sender's text
// must not split a multi-byte character, and deep nesting must be refused before anything walks the
// tree recursively. After each, the server still answers the same connection and a new one.

#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

// The server is alive: a fresh connection is welcomed.
void expect_alive(const TestServer& server, const std::string& name) {
  TestClient probe(server.port());
  EXPECT_EQ(probe.hello(name)["name"], name);
}

TEST(Robustness, UnknownTypeCutInsideACharacterBeforeHello) {
  TestServer server(registry_with_race());
  TestClient c(server.port());
  // The reply quotes the first 40 bytes of the type: with 38..41 'a's the cut falls in or around
  // the 'é'.
  for (int n = 36; n <= 42; ++n) {
    c.send_raw(R"({"type":")" + std::string(n, 'a') + "\xC3\xA9\"}");
    auto error = c.expect_error("unknown_type");
    const std::string message = error["message"];
    EXPECT_NE(message.find(std::string(std::min(n, 39), 'a')), std::string::npos) << message;
  }
  EXPECT_FALSE(c.closed());
  expect_alive(server, "Alive");
}

TEST(Robustness, UnknownCommandCutInsideACharacter) {
  TestServer server(registry_with_race());
  TestClient c(server.port());
  c.hello("Ann");
  for (int n = 28; n <= 34; ++n) {
    c.chat("/" + std::string(n, 'a') + "\xC3\xA9");
    c.expect_error("unknown_command");
  }
  // Three- and four-byte characters too.
  c.chat("/" + std::string(30, 'a') + "\xE2\x82\xAC\xE2\x82\xAC");
  c.expect_error("unknown_command");
  c.chat("/" + std::string(29, 'a') + "\xF0\x9F\x8E\xB2\xF0\x9F\x8E\xB2");
  c.expect_error("unknown_command");
  c.chat("still here");
  EXPECT_FALSE(c.closed());
  expect_alive(server, "Alive");
}

// 150,000 levels: enough to overflow the stack of a recursive copy. The frame limit is raised so
// the frame is read whole; the nesting limit refuses it anyway.
TEST(Robustness, DeepNestingIsRefusedWhateverTheFrameLimit) {
  auto config = TestServer::default_config();
  config.max_frame_bytes = 16 * 1024 * 1024;
  TestServer server(registry_with_race(), "", config);
  TestClient c(server.port());
  const int depth = 150000;
  const std::string nested = std::string(depth, '[') + std::string(depth, ']');
  c.send_raw(R"({"type":"action","room":1,"action":)" + nested + "}");
  auto error = c.expect_error("bad_json", 10000ms);
  EXPECT_NE(error["message"].get<std::string>().find("deep"), std::string::npos);
  c.send_raw(R"({"type":"hello","name":)" + std::string(depth, '{') + "}");
  c.expect_error("bad_json", 10000ms);
  c.hello("Ann");
  c.send_raw(R"({"type":"action","room":1,"action":{"x":)" + nested + "}}");
  c.expect_error("bad_json", 10000ms);
  EXPECT_FALSE(c.closed());
  expect_alive(server, "Alive");
}

TEST(Robustness, LookAlikeAndBotStyleNamesAreRefused) {
  TestServer server(registry_with_race());
  TestClient victim(server.port());
  victim.hello("Victim");
  for (const std::string name : {"Vlctim", "VICTIM", "Victim.", "V1ctim"}) {
    TestClient impostor(server.port());
    impostor.send(json{{"type", "hello"}, {"name", name}});
    impostor.expect_error("name_taken");
  }
  for (const std::string name : {"random-bot-1", "...", "search-bot-7"}) {
    TestClient impostor(server.port());
    impostor.send(json{{"type", "hello"}, {"name", name}});
    impostor.expect_error("bad_name");
  }
  victim.chat("/nick Vlctim.");  // one's own look-alike is fine
  EXPECT_EQ(victim.expect("welcome")["name"], "Vlctim.");
}

// Issue 9, point 7: a lobby player whose connection drops keeps their name and token for
// --name-grace (a reload, a flaky network); nobody takes the name meanwhile. A second drop starts a
// new grace period.
TEST(Robustness, ADroppedPlayersNameStaysTheirsForTheGracePeriod) {
  auto config = TestServer::default_config();
  config.name_grace_seconds = 3;
  TestServer server(registry_with_race(), "", config);
  const auto t0 = std::chrono::steady_clock::now();
  std::string token;
  {
    TestClient victim(server.port());
    token = victim.hello("Victim")["token"];
  }  // dropped
  {
    TestClient impostor(server.port());
    impostor.send(json{{"type", "hello"}, {"name", "Victim"}});
    impostor.expect_error("name_taken");
  }
  std::this_thread::sleep_until(t0 + 1s);
  {
    TestClient back(server.port());
    back.send(json{{"type", "hello"}, {"token", token}});
    EXPECT_EQ(back.expect("welcome")["name"], "Victim");  // the token still works
  }                                            // dropped again, about 1 s after the first time
  std::this_thread::sleep_until(t0 + 3500ms);  // past the first drop's grace, within the second's
  {
    TestClient impostor(server.port());
    impostor.send(json{{"type", "hello"}, {"name", "V1ctim"}});
    impostor.expect_error("name_taken");
  }
  std::this_thread::sleep_until(t0 + 4700ms);  // past the second drop's grace: the name is free
  {
    TestClient late(server.port());
    late.send(json{{"type", "hello"}, {"token", token}});
    late.expect_error("bad_token");
    TestClient newcomer(server.port());
    EXPECT_EQ(newcomer.hello("Victim")["name"], "Victim");
  }
}

// Issue 35, point 7: a finished game held its players' names for as long as it stayed listed (13
// minutes in a trial): someone back from another device could not take their own name. A name is
// free once its holder has no connection and no seat in a game still to play, after the grace; a
// seat in a running game keeps it past the grace.
TEST(Robustness, AFinishedGameFreesTheNameOfAPlayerWhoLeftAndARunningOneKeepsIt) {
  auto config = TestServer::default_config();
  config.name_grace_seconds = 1;
  TestServer server(registry_with_race(), "", config);
  // `name` says hello, opens a race with `create_line`, a random bot in seat 2, and starts it;
  // returns the room and the first state.
  const auto race_against_a_bot = [](TestClient& c, const std::string& name,
                                     const std::string& create_line) {
    c.hello(name);
    c.chat(create_line);
    const std::int64_t room = expect_seated(c, name)["id"];
    c.chat("/addbot random");
    c.expect_where("room", [](const json& r) { return r["seats"][1].value("bot", false); });
    c.chat("/start");
    return std::pair{room, c.expect("state")};
  };
  const auto expect_name_held = [&](const std::string& name) {
    TestClient impostor(server.port());
    impostor.send(json{{"type", "hello"}, {"name", name}});
    impostor.expect_error("name_taken");
  };
  {
    TestClient hana(server.port());
    const auto [room, state] = race_against_a_bot(hana, "Hana", "/create race target=6");
    ASSERT_FALSE(play_first_moves(hana, room, state).is_null()) << "the game ends";
  }                          // the tab closed on the result
  expect_name_held("Hana");  // within the grace: a reload gets it back
  std::this_thread::sleep_for(1500ms);
  {
    TestClient back(server.port());
    EXPECT_EQ(back.hello("Hana")["name"], "Hana");  // another device, a new token
  }

  // A seat in a game still running keeps the name well past the grace.
  {
    TestClient ben(server.port());
    race_against_a_bot(ben, "Ben", "/create race");
  }  // dropped mid-game
  std::this_thread::sleep_for(1500ms);
  expect_name_held("Ben");
}

// Issue 9, point 7: bidirectional controls never reach another client's screen.
TEST(Robustness, ChatLosesItsBidiControls) {
  TestServer server(registry_with_race());
  TestClient a(server.port()), b(server.port());
  a.hello("Ann");
  b.hello("Ben");
  a.chat("see \xE2\x80\xAEtxt.exe\xE2\x81\xA9 ok");
  EXPECT_EQ(b.expect("chat")["text"], "see txt.exe ok");
  b.send(json{{"type", "hello"},
              {"name",
               "B\xE2\x80\x8F"
               "en"}});
  b.expect_error("already_welcomed");
  TestClient c(server.port());
  c.send(json{{"type", "hello"},
              {"name",
               "C\xE2\x80\xAE"
               "at"}});
  c.expect_error("bad_name");
}

}  // namespace
}  // namespace archipel::testing
