// Issue 35, point 4: what was said in a room survives a reload and a reconnect. A player who comes
// back (or sits down, or watches) gets the room's last lines, chat and notices, each with the time
// it was said, in their language, before the game's state; the state's log lines carry their times
// too.

#include <gtest/gtest.h>

#include "server/wall_clock.hpp"
#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

/// The index in `client`'s frames of the first message of `type` (frames.size() if none).
std::size_t first_index(const TestClient& client, const std::string& type) {
  const auto& frames = client.history();
  for (std::size_t i = 0; i < frames.size(); ++i)
    if (frames[i].value("type", "") == type) return i;
  return frames.size();
}

/// The history line whose text starts with `prefix`, or null.
json line_starting(const json& history, const std::string& prefix) {
  for (const auto& line : history["lines"])
    if (line.value("text", "").rfind(prefix, 0) == 0) return line;
  return json();
}

TEST(RoomHistory, AReloadGetsTheRoomsTalkAndNoticesWithTheirTimesBeforeTheState) {
  TestServer server(registry_with_race());
  TestClient anna(server.port()), bruno(server.port());
  const std::int64_t before = server::unix_ms_now();
  const std::string anna_token = anna.hello("Anna", "fr")["token"];
  const std::string bruno_token = bruno.hello("Bruno", "en")["token"];
  const std::int64_t room = open_room(anna, {&bruno}, "/create race");
  anna.chat("bonjour Bruno");
  bruno.expect("chat");
  anna.chat("/start");
  bruno.expect("state");
  anna.expect("state");
  const std::int64_t after = server::unix_ms_now();

  TestClient back(server.port());  // Bruno reloads
  back.send(json{{"type", "hello"}, {"token", bruno_token}});
  const json history = back.expect("history");
  back.expect("state");
  EXPECT_LT(first_index(back, "history"), first_index(back, "state"))
      << "the talk comes before the game's state";
  EXPECT_EQ(history["room"], room);

  const json said = line_starting(history, "bonjour");
  ASSERT_FALSE(said.is_null()) << history.dump();
  EXPECT_EQ(said["kind"], "chat");
  EXPECT_EQ(said["from"], "Anna");
  EXPECT_EQ(said["text"], "bonjour Bruno");
  EXPECT_GE(said["at"].get<std::int64_t>(), before) << "the time it was said, not the reload's";
  EXPECT_LE(said["at"].get<std::int64_t>(), after);

  const json sat = line_starting(history, "Bruno sits at seat 2");
  ASSERT_FALSE(sat.is_null()) << "the notices before the start come back too: " << history.dump();
  EXPECT_EQ(sat["kind"], "info");
  EXPECT_FALSE(sat.contains("from"));
  EXPECT_FALSE(line_starting(history, "The game of Race to ten").is_null()) << "in Bruno's English";

  std::int64_t last = 0;
  for (const auto& line : history["lines"]) {
    EXPECT_GE(line["at"].get<std::int64_t>(), last) << "oldest first";
    last = line["at"];
  }

  // Anna's reload (her page says hello in French again): the same lines, in French.
  TestClient anna_back(server.port());
  anna_back.send(json{{"type", "hello"}, {"token", anna_token}, {"lang", "fr"}});
  const json french = anna_back.expect("history");
  EXPECT_FALSE(line_starting(french, "La partie de Race").is_null()) << french.dump();
  EXPECT_EQ(french["lines"].size(), history["lines"].size());

  // A spectator who arrives gets the room's past too.
  TestClient carl(server.port());
  carl.hello("Carl");
  carl.chat("/watch " + std::to_string(room));
  const json watched = carl.expect("history");
  EXPECT_FALSE(line_starting(watched, "bonjour").is_null());
}

TEST(RoomHistory, TheStatesLogLinesCarryTheTimeTheyWereWritten) {
  TestServer server(registry_with_race());
  TestClient hana(server.port());
  const std::string token = hana.hello("Hana")["token"];
  hana.chat("/create race");
  const std::int64_t room = expect_seated(hana, "Hana")["id"];
  hana.chat("/addbot random");
  hana.expect_where("room", [](const json& r) { return r["seats"][1].value("bot", false); });
  const std::int64_t before = server::unix_ms_now();
  hana.chat("/start");
  const json start = hana.expect("state");
  EXPECT_TRUE(play_first_moves(hana, room, start, 2).is_null());
  hana.drain(400ms);
  const std::int64_t after = server::unix_ms_now();

  TestClient back(server.port());
  back.send(json{{"type", "hello"}, {"token", token}});
  const json state = back.expect("state");
  ASSERT_GE(state["log"].size(), 3u);
  ASSERT_EQ(state["log_at"].size(), state["log"].size()) << "one time per line";
  std::int64_t last = before;
  for (const auto& at : state["log_at"]) {
    EXPECT_GE(at.get<std::int64_t>(), last);
    EXPECT_LE(at.get<std::int64_t>(), after);
    last = at;
  }
}

}  // namespace
}  // namespace archipel::testing
