// /rematch after a game: a new room with the same game, options and seats (people and bots), which
// starts by itself once everyone is back; the finished room points to it.

#include <gtest/gtest.h>

#include <thread>

#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

std::vector<std::string> seat_names(const json& room) {
  std::vector<std::string> names;
  for (const auto& s : room["seats"])
    names.push_back(s["name"].is_null() ? "" : s["name"].get<std::string>());
  return names;
}

TEST(Rematch, BeforeTheEndItIsRefused) {
  TestServer server(registry_with_race());
  TestClient hana(server.port());
  hana.hello("Hana");
  hana.chat("/rematch");
  hana.expect_error("not_in_room");
  hana.chat("/create race");
  hana.expect("room");
  hana.chat("/rematch");
  hana.expect_error("not_started");  // the game has not even started
}

TEST(Rematch, APlayerAndHerBotPlayAgainInTheSameSeatsWithTheSameOptions) {
  TestServer server(registry_with_race());
  TestClient hana(server.port());
  hana.hello("Hana");
  hana.chat("/create race target=6");
  const std::int64_t room = expect_seated(hana, "Hana")["id"];
  hana.chat("/addbot random");
  const json before =
      hana.expect_where("room", [](const json& r) { return r["seats"][1].value("bot", false); });
  hana.chat("/start");
  const json over = play_first_moves(hana, room, hana.expect("state"));
  ASSERT_FALSE(over.is_null());

  hana.chat("/rematch");
  const json again = hana.expect_where("room", [room](const json& r) { return r["id"] != room; });
  EXPECT_EQ(again["options"], before["options"]);
  EXPECT_EQ(again["game"], "race");
  const json state =
      hana.expect_where("state", [room](const json& s) { return s["room"] != room; });
  EXPECT_EQ(state["seat"], 0);
  json started;  // the room message of the start comes just before the state
  for (const auto& m : hana.history())
    if (m["type"] == "room" && m["id"] == state["room"] && m["status"] == "playing") started = m;
  ASSERT_FALSE(started.is_null());
  EXPECT_EQ(seat_names(started)[0], "Hana");
  EXPECT_TRUE(started["seats"][1].value("bot", false));
  EXPECT_EQ(started["host"], "Hana");

  // The finished room points to its rematch (the lobby's list says so too, once the room has told
  // it).
  bool pointed = false;
  json list;
  for (int attempt = 0; attempt < 20 && !pointed; ++attempt) {
    if (attempt) std::this_thread::sleep_for(100ms);
    hana.send(json{{"type", "rooms"}});
    list = hana.expect("rooms");
    for (const auto& r : list["rooms"])
      if (r["id"] == room)
        pointed = r.value("rematch", std::int64_t{0}) == state["room"].get<std::int64_t>();
  }
  EXPECT_TRUE(pointed) << list.dump();
}

TEST(Rematch, TheOtherPlayerAcceptsAndTheGameStartsWithEveryoneInTheirSeat) {
  TestServer server(registry_with_race());
  TestClient anna(server.port()), bruno(server.port()), carl(server.port());
  anna.hello("Anna");
  bruno.hello("Bruno");
  carl.hello("Carl");
  const std::int64_t room = open_room(anna, {&bruno}, "/create race");
  anna.chat("/start");
  json over_b;
  std::thread b([&] { over_b = play_first_moves(bruno, room, bruno.expect("state")); });
  const json over_a = play_first_moves(anna, room, anna.expect("state"));
  b.join();
  ASSERT_FALSE(over_a.is_null());
  ASSERT_FALSE(over_b.is_null());

  bruno.chat("/rematch");
  const json opened = bruno.expect_where("room", [room](const json& r) { return r["id"] != room; });
  const std::int64_t rematch = opened["id"];
  EXPECT_EQ(seat_names(opened),
            (std::vector<std::string>{"", "Bruno", "", ""}));  // Anna's seat is kept for her
  EXPECT_EQ(opened["status"], "waiting");
  anna.expect_where("info", [](const json& m) {
    return m["text"] == "Bruno proposes a rematch: /rematch to accept";
  });
  anna.expect_where("room", [&](const json& r) {
    return r["id"] == room && r.value("rematch", std::int64_t{0}) == rematch;
  });

  carl.chat("/join " + std::to_string(rematch) + " 1");  // nobody else takes a kept seat
  carl.expect_error("room_full");

  anna.chat("/rematch");
  const json a_state =
      anna.expect_where("state", [rematch](const json& s) { return s["room"] == rematch; });
  const json b_state =
      bruno.expect_where("state", [rematch](const json& s) { return s["room"] == rematch; });
  EXPECT_EQ(a_state["seat"], 0);
  EXPECT_EQ(b_state["seat"], 1);
}

}  // namespace
}  // namespace archipel::testing
