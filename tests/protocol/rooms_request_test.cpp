// The `rooms` request with its filters and page, and the shapes of the `rooms` and `rooms_delta`
// replies.

#include <gtest/gtest.h>

#include "protocol/messages.hpp"
#include "tests/protocol/error_code.hpp"

namespace archipel::protocol {
namespace {

ListRooms list(const std::string& frame) {
  auto r = parse_client_message(frame);
  EXPECT_TRUE(r.ok()) << frame << ": " << (r.ok() ? "" : r.error().message);
  if (!r.ok()) return {};
  EXPECT_TRUE(std::holds_alternative<ListRooms>(r.value()));
  return std::get<ListRooms>(r.value());
}

using testing::error_code;

TEST(RoomsRequest, WithoutFieldsIsTheFirstPageOfEverything) {
  auto l = list(R"({"type":"rooms"})");
  EXPECT_FALSE(l.filter.game);
  EXPECT_FALSE(l.filter.status);
  EXPECT_FALSE(l.filter.free_seats);
  EXPECT_FALSE(l.after);
  EXPECT_EQ(l.limit, kDefaultRoomsPage);
}

TEST(RoomsRequest, ReadsFiltersAndPage) {
  auto l = list(
      R"({"type":"rooms","game":"santa-cruz","status":"waiting","free":true,"after":"40","limit":5})");
  EXPECT_EQ(l.filter.game, "santa-cruz");
  EXPECT_EQ(l.filter.status, RoomStatus::waiting);
  EXPECT_TRUE(l.filter.free_seats);
  EXPECT_EQ(l.after, 40);
  EXPECT_EQ(l.limit, 5u);
}

TEST(RoomsRequest, RefusesBadFields) {
  EXPECT_EQ(error_code(R"({"type":"rooms","status":"finished"})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"rooms","game":3})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"rooms","free":"yes"})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"rooms","limit":0})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"rooms","limit":201})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"rooms","limit":2.5})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"rooms","after":"x"})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"rooms","limit":200})"), "ok");
}

TEST(RoomsRequest, FilterMatchesGameStatusAndFreeSeats) {
  RoomInfo r;
  r.game = "race";
  r.seats = {SeatInfo{"Ann", true, false}, SeatInfo{}};
  RoomFilter f;
  EXPECT_TRUE(matches(f, r));
  f.free_seats = true;
  EXPECT_TRUE(matches(f, r));
  r.seats[1].name = "Ben";
  EXPECT_FALSE(matches(f, r));  // full
  f.free_seats = false;
  f.game = "santa-cruz";
  EXPECT_FALSE(matches(f, r));
  f.game = "race";
  f.status = RoomStatus::playing;
  EXPECT_FALSE(matches(f, r));
}

TEST(RoomsReply, APageSaysWhetherMoreExist) {
  RoomInfo r;
  r.id = 9;
  auto last = rooms_message({r});
  EXPECT_EQ(last["more"], false);
  EXPECT_FALSE(last.contains("next"));
  auto more = rooms_message({r}, 9);
  EXPECT_EQ(more["more"], true);
  EXPECT_EQ(more["next"], 9);
  EXPECT_EQ(more["rooms"][0]["id"], 9);
}

TEST(RoomsReply, ADeltaCarriesAddedChangedAndRemoved) {
  RoomsDelta d;
  RoomInfo a;
  a.id = 1;
  RoomInfo c;
  c.id = 2;
  c.status = RoomStatus::playing;
  d.added = {a};
  d.changed = {c};
  d.removed = {3, 4};
  auto m = rooms_delta_message(d);
  EXPECT_EQ(m["type"], "rooms_delta");
  EXPECT_EQ(m["added"][0]["id"], 1);
  EXPECT_EQ(m["changed"][0]["status"], "playing");
  EXPECT_EQ(m["removed"], Json::array({3, 4}));
}

}  // namespace
}  // namespace archipel::protocol
