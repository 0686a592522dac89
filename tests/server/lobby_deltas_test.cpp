// The lobby at scale, over loopback: room-list changes reach lobby clients as coalesced
// `rooms_delta` updates; a client pages and filters the list; a connection linked to its room talks
// to the room directly, and the room refuses such a message once the player has left.

#include <chrono>
#include <map>

#include <gtest/gtest.h>

#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

bool has_id(const json& list, std::int64_t id) {
  for (const auto& r : list)
    if ((r.is_object() ? r["id"] : r) == id) return true;
  return false;
}

// The room list as a lobby client keeps it: a page, then deltas applied in order.
struct KeptList {
  std::map<std::int64_t, json> rooms;
  void apply(const json& m) {
    if (m["type"] == "rooms") {
      for (const auto& r : m["rooms"]) rooms[r["id"].get<std::int64_t>()] = r;
    } else if (m["type"] == "rooms_delta") {
      for (const auto& r : m["added"]) rooms[r["id"].get<std::int64_t>()] = r;
      for (const auto& r : m["changed"]) rooms[r["id"].get<std::int64_t>()] = r;
      for (const auto& id : m["removed"]) rooms.erase(id.get<std::int64_t>());
    }
  }
};

TEST(LobbyDeltas, ARoomCreatedByAnotherClientAppearsThenGoes) {
  TestServer server(registry_with_race());
  TestClient watcher(server.port()), host(server.port());
  watcher.hello("Wes");
  EXPECT_TRUE(watcher.expect("rooms")["rooms"].empty());
  host.hello("Hana");
  host.chat("/create race");
  const std::int64_t room = host.expect("room")["id"];
  const json added =
      watcher.expect_where("rooms_delta", [&](const json& m) { return has_id(m["added"], room); });
  EXPECT_TRUE(added["removed"].empty());
  host.chat("/leave");  // the room is empty before its start: it closes
  watcher.expect_where("rooms_delta", [&](const json& m) { return has_id(m["removed"], room); });
  // A page asked now agrees.
  watcher.send(json{{"type", "rooms"}});
  EXPECT_FALSE(has_id(watcher.expect("rooms")["rooms"], room));
}

// The first page is built once and shared (every hello and every return to the lobby asks for it):
// it must follow each published change, and a request that is not the plain first page must not get
// it.
TEST(LobbyDeltas, TheSharedFirstPageFollowsEveryPublishedChange) {
  TestServer server(registry_with_race());
  TestClient watcher(server.port()), host(server.port());
  watcher.hello("Wes");
  EXPECT_TRUE(watcher.expect("rooms")["rooms"].empty());  // the empty first page, now shared
  host.hello("Hana");
  EXPECT_TRUE(host.expect("rooms")["rooms"].empty());
  host.chat("/create race");
  const std::int64_t room = host.expect("room")["id"];
  watcher.expect_where("rooms_delta", [&](const json& m) { return has_id(m["added"], room); });
  TestClient late(server.port());
  late.hello("Lea");
  EXPECT_TRUE(has_id(late.expect("rooms")["rooms"], room));
  watcher.send(json{{"type", "rooms"}, {"status", "playing"}});  // filtered: built for itself
  EXPECT_FALSE(has_id(watcher.expect("rooms")["rooms"], room));
  watcher.send(json{{"type", "rooms"}, {"after", room}});  // a later page
  EXPECT_FALSE(has_id(watcher.expect("rooms")["rooms"], room));
  host.chat("/leave");
  watcher.expect_where("rooms_delta", [&](const json& m) { return has_id(m["removed"], room); });
  TestClient later(server.port());
  later.hello("Lou");
  EXPECT_FALSE(has_id(later.expect("rooms")["rooms"], room));
}

TEST(LobbyDeltas, ALobbyClientGetsABoundedNumberOfUpdatesWhileAHundredRoomsFill) {
  constexpr int kRooms = 100;
  TestServer server(registry_with_race());
  TestClient watcher(server.port());
  watcher.hello("Wes");
  KeptList kept;
  kept.apply(watcher.expect("rooms"));

  const auto began = std::chrono::steady_clock::now();
  std::vector<std::unique_ptr<TestClient>> clients;
  std::vector<std::int64_t> ids;
  for (int r = 0; r < kRooms; ++r) {
    std::vector<TestClient*> table;
    for (int s = 0; s < 4; ++s) {
      clients.push_back(std::make_unique<TestClient>(server.port()));
      clients.back()->hello("p" + std::to_string(r) + "s" + std::to_string(s));
      table.push_back(clients.back().get());
    }
    ids.push_back(open_room(*table[0], {table[1], table[2], table[3]}, "/create race"));
  }
  // Every room seated four times over: about 400 changes of the list. The watcher's copy must come
  // to show them all, through few updates.
  auto all_full = [&] {
    if (kept.rooms.size() != ids.size()) return false;
    for (const auto& [id, r] : kept.rooms) {
      int seated = 0;
      for (const auto& s : r["seats"]) seated += s["name"].is_string();
      if (seated != 4) return false;
    }
    return true;
  };
  int updates = 0;
  while (!all_full()) {
    auto m = watcher.next(5000ms);
    ASSERT_TRUE(m) << "the watcher's list never showed the " << kRooms << " full rooms ("
                   << kept.rooms.size() << " rooms, " << updates << " updates)";
    if ((*m)["type"] != "rooms_delta") continue;
    ++updates;
    kept.apply(*m);
  }
  const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - began);
  for (auto id : ids) EXPECT_TRUE(kept.rooms.count(id)) << id;
  // One update per flush window (250 ms by default) at most, however many changes it gathers.
  EXPECT_LE(updates, elapsed.count() / 250 + 2)
      << updates << " updates in " << elapsed.count() << " ms";
  EXPECT_LT(updates, 4 * kRooms) << "not coalesced";
  std::cout << "[ info ] " << updates << " updates for " << 4 * kRooms << " seats in "
            << elapsed.count() << " ms\n";

  // Paging over what was published: two pages of 60 and 40, filters.
  watcher.send(json{{"type", "rooms"}, {"limit", 60}});
  const json p1 = watcher.expect("rooms");
  EXPECT_EQ(p1["rooms"].size(), 60u);
  ASSERT_EQ(p1["more"], true);
  watcher.send(json{{"type", "rooms"}, {"limit", 60}, {"after", p1["next"]}});
  const json p2 = watcher.expect("rooms");
  EXPECT_EQ(p2["rooms"].size(), 40u);
  EXPECT_EQ(p2["more"], false);
  EXPECT_GT(p2["rooms"][0]["id"].get<std::int64_t>(), p1["rooms"][59]["id"].get<std::int64_t>());
  watcher.send(json{{"type", "rooms"}, {"free", true}});
  EXPECT_TRUE(watcher.expect("rooms")["rooms"].empty());  // every room is full
  watcher.send(json{{"type", "rooms"}, {"game", "race"}, {"status", "waiting"}, {"limit", 5}});
  EXPECT_EQ(watcher.expect("rooms")["rooms"].size(), 5u);
}

TEST(LobbyDeltas, ASeatedPlayerTalksToTheRoomAndIsRefusedOnceGone) {
  TestServer server(registry_with_race());
  TestClient a(server.port()), b(server.port());
  a.hello("Ann");
  b.hello("Ben");
  const std::int64_t room = open_room(a, {&b}, "/create race");
  a.chat("/start");
  b.expect("state");
  a.expect("state");
  // Table talk and a room command from a seated player (its connection linked to the room).
  b.chat("hello table");
  const json said =
      a.expect_where("chat", [](const json& m) { return m["text"] == "hello table"; });
  EXPECT_EQ(said["room"], room);
  b.chat("/moves");
  const json moves = b.expect_where("info", [](const json& m) {
    return m["text"].get<std::string>().rfind("Your moves", 0) == 0;
  });
  EXPECT_NE(moves["text"].get<std::string>().find("bet high"), std::string::npos);
  // Ben leaves the table; the move he sends at once is refused, by the room (a message on its way)
  // or the lobby.
  b.chat("/leave");
  b.send(json{{"type", "action"}, {"room", room}, {"action", {{"type", "bet"}, {"side", "high"}}}});
  b.expect_error("not_in_room");
  a.expect_where("room", [](const json& r) { return r["seats"][1]["connected"] == false; });
  // His seat did not bet.
  a.send(json{{"type", "sync"}, {"room", room}});
  const json state = a.expect("state");
  EXPECT_EQ(state["view"]["seats"][1]["has_bet"], false);
}

TEST(LobbyDeltas, AConnectionReplacedByAResumeCannotAct) {
  TestServer server(registry_with_race());
  TestClient a(server.port()), b(server.port());
  a.hello("Ann");
  const std::string token = b.hello("Ben")["token"];
  const std::int64_t room = open_room(a, {&b}, "/create race");
  a.chat("/start");
  b.expect("state");
  TestClient b2(server.port());
  b2.send(json{{"type", "hello"}, {"token", token}});
  b2.expect("welcome");
  b2.expect("state");  // the room knows the new connection
  // The old connection may still send before it is closed: the room refuses it (it is no longer
  // Ben's), so the move Ben then sends from the new connection is his first and is accepted. (Had
  // the old one's been taken, the new one's bet would be refused as a second bet.)
  b.send(json{{"type", "action"}, {"room", room}, {"action", {{"type", "bet"}, {"side", "high"}}}});
  b2.send(json{{"type", "action"}, {"room", room}, {"action", {{"type", "bet"}, {"side", "low"}}}});
  b2.expect_where("patch", [](const json& m) { return m["by"] == 1; });
  for (const auto& m : b2.history()) EXPECT_NE(m["type"], "error") << m.dump();
}

}  // namespace
}  // namespace archipel::testing
