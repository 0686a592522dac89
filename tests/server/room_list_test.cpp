// The lobby's room list (server/room_list.hpp): deltas, coalescing over a flush window, pages and
// filters.

#include "server/room_list.hpp"

#include <gtest/gtest.h>

namespace archipel::server {
namespace {

using protocol::RoomFilter;
using protocol::RoomStatus;

RoomInfo room(RoomId id, const std::string& game = "race", RoomStatus status = RoomStatus::waiting,
              int seated = 1, int seats = 4) {
  RoomInfo r;
  r.id = id;
  r.game = game;
  r.title = game;
  r.status = status;
  for (int i = 0; i < seats; ++i) {
    protocol::SeatInfo s;
    if (i < seated) s.name = "p" + std::to_string(id) + "_" + std::to_string(i);
    r.seats.push_back(s);
  }
  return r;
}

std::vector<RoomId> ids(const std::vector<RoomInfo>& rooms) {
  std::vector<RoomId> out;
  for (const auto& r : rooms) out.push_back(r.id);
  return out;
}

TEST(RoomList, DeltasSayWhatWasAddedChangedAndRemoved) {
  RoomList list;
  list.update(room(1));
  list.update(room(2));
  auto first = list.take_delta();
  EXPECT_EQ(ids(first.added), (std::vector<RoomId>{1, 2}));
  EXPECT_TRUE(first.changed.empty());
  EXPECT_TRUE(first.removed.empty());

  list.update(room(2, "race", RoomStatus::playing, 4));
  list.remove(1);
  auto second = list.take_delta();
  EXPECT_TRUE(second.added.empty());
  ASSERT_EQ(second.changed.size(), 1u);
  EXPECT_EQ(second.changed[0].status, RoomStatus::playing);
  EXPECT_EQ(second.removed, (std::vector<RoomId>{1}));
  EXPECT_FALSE(list.has_changes());
  EXPECT_TRUE(list.take_delta().empty());
}

TEST(RoomList, ManyChangesInOneWindowAreOneUpdate) {
  RoomList list;
  list.update(room(7));
  list.take_delta();
  for (int seated = 1; seated <= 4; ++seated)
    list.update(room(7, "race", RoomStatus::waiting, seated));
  list.update(room(7, "race", RoomStatus::playing, 4));
  auto delta = list.take_delta();
  ASSERT_EQ(delta.changed.size(), 1u);  // five changes of one room: one `changed`, the last state
  EXPECT_EQ(delta.changed[0].status, RoomStatus::playing);
  EXPECT_TRUE(delta.added.empty());
}

TEST(RoomList, ARoomAddedThenRemovedInOneWindowIsNotSent) {
  RoomList list;
  list.update(room(3));
  list.update(room(3, "race", RoomStatus::waiting, 2));
  list.remove(3);
  EXPECT_TRUE(list.has_changes());
  EXPECT_TRUE(list.take_delta().empty());
  // Nor does it show in a page.
  EXPECT_TRUE(list.page({}, std::nullopt, 10, 100).rooms.empty());
}

TEST(RoomList, AChangeUndoneInOneWindowIsNotSent) {
  RoomList list;
  list.update(room(4, "race", RoomStatus::waiting, 1));
  list.take_delta();
  list.update(room(4, "race", RoomStatus::waiting, 2));
  list.update(room(4, "race", RoomStatus::waiting, 1));  // the joiner left again
  EXPECT_TRUE(list.take_delta().empty());
}

TEST(RoomList, ARoomAddedAfterRemovalIsAddedAgain) {
  RoomList list;
  list.update(room(5));
  list.take_delta();
  list.remove(5);
  auto removed = list.take_delta();
  EXPECT_EQ(removed.removed, (std::vector<RoomId>{5}));
  list.update(room(5));
  EXPECT_EQ(ids(list.take_delta().added), (std::vector<RoomId>{5}));
}

TEST(RoomList, PagesComeFromWhatWasPublished) {
  RoomList list;
  list.update(room(1));
  list.take_delta();
  list.update(room(2));  // not published yet: pages and deltas must agree
  EXPECT_EQ(ids(list.page({}, std::nullopt, 10, 100).rooms), (std::vector<RoomId>{1}));
  ASSERT_NE(list.find(2), nullptr);  // the lobby itself sees the live list
  list.take_delta();
  EXPECT_EQ(ids(list.page({}, std::nullopt, 10, 100).rooms), (std::vector<RoomId>{1, 2}));
}

TEST(RoomList, PagesGoOnAfterTheLastRoomAndSayWhetherMoreExist) {
  RoomList list;
  for (RoomId id = 1; id <= 25; ++id) list.update(room(id));
  list.take_delta();
  auto p1 = list.page({}, std::nullopt, 10, 1000);
  EXPECT_EQ(p1.rooms.size(), 10u);
  EXPECT_EQ(p1.rooms.front().id, 1);
  ASSERT_TRUE(p1.next);
  EXPECT_EQ(*p1.next, 10);
  auto p2 = list.page({}, p1.next, 10, 1000);
  EXPECT_EQ(p2.rooms.front().id, 11);
  auto p3 = list.page({}, p2.next, 10, 1000);
  EXPECT_EQ(ids(p3.rooms), (std::vector<RoomId>{21, 22, 23, 24, 25}));
  EXPECT_FALSE(p3.next);
  auto exact = list.page({}, std::nullopt, 25, 1000);
  EXPECT_EQ(exact.rooms.size(), 25u);
  EXPECT_FALSE(exact.next);  // exactly the last room: nothing more
}

TEST(RoomList, FiltersByGameStatusAndFreeSeats) {
  RoomList list;
  list.update(room(1, "race", RoomStatus::waiting, 1));
  list.update(room(2, "race", RoomStatus::waiting, 4));  // full
  list.update(room(3, "santa-cruz", RoomStatus::waiting, 2));
  list.update(room(4, "race", RoomStatus::playing, 3, 3));
  list.update(room(5, "race", RoomStatus::over, 2, 2));
  list.take_delta();
  RoomFilter race;
  race.game = "race";
  EXPECT_EQ(ids(list.page(race, std::nullopt, 10, 100).rooms), (std::vector<RoomId>{1, 2, 4, 5}));
  RoomFilter playing;
  playing.status = RoomStatus::playing;
  EXPECT_EQ(ids(list.page(playing, std::nullopt, 10, 100).rooms), (std::vector<RoomId>{4}));
  RoomFilter free;
  free.free_seats = true;
  EXPECT_EQ(ids(list.page(free, std::nullopt, 10, 100).rooms), (std::vector<RoomId>{1, 3}));
  RoomFilter free_race = free;
  free_race.game = "race";
  EXPECT_EQ(ids(list.page(free_race, std::nullopt, 10, 100).rooms), (std::vector<RoomId>{1}));
}

TEST(RoomList, APageLooksAtABoundedNumberOfRooms) {
  RoomList list;
  for (RoomId id = 1; id <= 50; ++id) list.update(room(id, "race", RoomStatus::playing, 4));
  list.update(room(51, "race", RoomStatus::waiting, 1));
  list.take_delta();
  RoomFilter free;
  free.free_seats = true;
  // 50 rooms that do not match come first: a page that may look at 20 stops there and says where to
  // go on.
  auto page = list.page(free, std::nullopt, 10, 20);
  EXPECT_TRUE(page.rooms.empty());
  ASSERT_TRUE(page.next);
  EXPECT_EQ(*page.next, 20);
  std::optional<RoomId> after;
  std::vector<RoomId> found;
  for (int i = 0; i < 10; ++i) {
    auto p = list.page(free, after, 10, 20);
    for (const auto& r : p.rooms) found.push_back(r.id);
    if (!p.next) break;
    after = p.next;
  }
  EXPECT_EQ(found, (std::vector<RoomId>{51}));
}

TEST(RoomList, FirstOpenRoomFollowsSeatsAndStatus) {
  RoomList list;
  EXPECT_FALSE(list.first_open());
  list.update(room(1, "race", RoomStatus::waiting, 4));
  list.update(room(2, "race", RoomStatus::waiting, 1));
  EXPECT_EQ(list.first_open(), 2);
  list.update(room(2, "race", RoomStatus::playing, 1));
  EXPECT_FALSE(list.first_open());
  list.update(room(1, "race", RoomStatus::waiting, 3));
  EXPECT_EQ(list.first_open(), 1);
  list.remove(1);
  EXPECT_FALSE(list.first_open());
}

}  // namespace
}  // namespace archipel::server
