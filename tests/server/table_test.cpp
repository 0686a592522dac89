// The table (server/table.hpp) alone, as a plain value: the seating rules a room applies, without a
// strand, a store or a socket.

#include "server/table.hpp"

#include <gtest/gtest.h>

#include "tests/support/race_game.hpp"

namespace archipel::server {
namespace {

Member person(const std::string& name) {
  return Member{"t-" + name, name, nullptr, false, ""};
}
Member bot(const std::string& name) {
  return Member{"t-" + name, name, nullptr, true, "random"};
}

Table race_table() {
  return Table(7, testing::RaceRules::spec(), {});
}  // race: 2 to 4 seats

TEST(Table, ANewcomerTakesTheFirstFreeSeatOrTheOneAsked) {
  Table t = race_table();
  ASSERT_EQ(t.seats.size(), 4u);
  EXPECT_EQ(t.seat_for(person("Ann"), std::nullopt).value(), 0);
  t.sit(person("Ann"), 0);
  EXPECT_EQ(t.host, "t-Ann") << "the first person seated hosts";
  EXPECT_EQ(t.seat_for(person("Ben"), 2).value(), 2);
  EXPECT_EQ(t.seat_for(person("Ben"), 0).error().rule, "room_full") << "seat 1 is taken";
  EXPECT_EQ(t.seat_for(person("Ben"), 4).error().rule, "bad_arguments") << "race has seats 1 to 4";
  EXPECT_EQ(t.seat_for(person("Ben"), std::nullopt).value(), 1);
}

TEST(Table, TheLastFreeSeatsAreKeptForTheBotsOnTheirWay) {
  Table t = race_table();
  t.sit(person("Ann"), 0);
  t.sit(person("Ben"), 1);
  t.bots_on_their_way = 2;
  EXPECT_EQ(t.seat_for(person("Cid"), std::nullopt).error().rule, "room_full");
  EXPECT_EQ(t.seat_for(bot("b1"), std::nullopt).value(), 2);
  t.bots_on_their_way = 1;
  EXPECT_EQ(t.seat_for(person("Cid"), std::nullopt).value(), 2);
}

TEST(Table, NobodySitsOnceTheGameHasStarted) {
  Table t = race_table();
  t.status = Table::Status::playing;
  const auto refused = t.seat_for(person("Ann"), std::nullopt);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().rule, "already_started");
  EXPECT_NE(refused.error().message.find("/watch 7"), std::string::npos) << refused.error().message;
}

TEST(Table, ARematchSeatIsKeptForItsPlayer) {
  Table t = race_table();
  t.kept_for = {"t-Ann", "t-Ben", "", ""};
  EXPECT_EQ(t.seat_for(person("Ben"), std::nullopt).value(), 1) << "back to the kept seat";
  EXPECT_EQ(t.seat_for(person("Cid"), 0).error().rule, "room_full") << "kept for Ann";
  EXPECT_EQ(t.seat_for(person("Cid"), std::nullopt).value(), 2) << "the first seat kept for nobody";
  t.sit(person("Ann"), 0);
  EXPECT_FALSE(t.all_kept_seats_taken());
  t.sit(person("Ben"), 1);
  EXPECT_TRUE(t.all_kept_seats_taken());
}

TEST(Table, AHostWhoLeavesPassesTheRoleToAPersonNotABot) {
  Table t = race_table();
  t.sit(person("Ann"), 0);
  t.sit(bot("b1"), 1);
  t.sit(person("Ben"), 2);
  t.free_seat(0);
  EXPECT_EQ(t.host, "t-Ben");
  t.free_seat(2);
  EXPECT_EQ(t.host, "") << "only a bot is left";
  EXPECT_FALSE(t.has_people());
}

TEST(Table, TheGameStartsWithinItsPlayerCount) {
  Table t = race_table();
  t.sit(person("Ann"), 0);
  const auto alone = t.cannot_start();
  ASSERT_TRUE(alone.has_value());
  EXPECT_EQ(alone->rule, "seat_count");
  EXPECT_NE(alone->message.find("1 seated"), std::string::npos) << alone->message;
  t.sit(person("Ben"), 3);
  EXPECT_FALSE(t.cannot_start().has_value());
}

TEST(Table, WhoSaysEachSeatInBothLanguages) {
  Table t = race_table();
  t.sit(person("Ann"), 0);
  t.sit(bot("b1"), 1);
  t.spectators.push_back(person("Zoe"));
  const std::string en = t.who_text(engine::Lang::en);
  EXPECT_NE(en.find("seat 1: Ann (host) (away)"), std::string::npos) << en;
  EXPECT_NE(en.find("seat 2: b1 (bot)"), std::string::npos) << en;
  EXPECT_NE(en.find("seat 3: free"), std::string::npos) << en;
  EXPECT_NE(en.find("watching: Zoe"), std::string::npos) << en;
  const std::string fr = t.who_text(engine::Lang::fr);
  EXPECT_NE(fr.find("place 1 : Ann (hôte) (absent)"), std::string::npos) << fr;
  EXPECT_NE(fr.find("spectateurs : Zoe"), std::string::npos) << fr;
}

TEST(Table, AMemberIsSeatedOrWatching) {
  Table t = race_table();
  t.sit(person("Ann"), 1);
  t.spectators.push_back(person("Zoe"));
  EXPECT_EQ(t.seat_of("t-Ann"), 1);
  EXPECT_EQ(t.seat_of("t-Zoe"), -1);
  ASSERT_NE(t.member("t-Zoe"), nullptr);
  EXPECT_EQ(t.member("t-Zoe")->name, "Zoe");
  EXPECT_EQ(t.member("t-Nobody"), nullptr);
  t.sit(person("Zoe"), 0);
  EXPECT_TRUE(t.spectators.empty()) << "a spectator who sits down no longer watches";
  EXPECT_EQ(t.seat_names(), (std::vector<std::string>{"Zoe", "Ann", "", ""}));
}

// Issue 35, point 4: a reload gets the room's last lines back, within a bound a long game cannot
// outgrow.
TEST(Table, TheHistoryKeepsTheRoomsLastLinesInOrder) {
  Table t = race_table();
  const auto n = Table::history_lines + 30;
  for (std::size_t i = 0; i < n; ++i) {
    const std::string text = "line " + std::to_string(i);
    t.remember({static_cast<std::int64_t>(1000 + i), RoomLine::Kind::chat, "Ann", {text, text}});
  }
  ASSERT_EQ(t.history.size(), Table::history_lines);
  EXPECT_EQ(t.history.front().text.in(engine::Lang::en), "line 30") << "the oldest are forgotten";
  EXPECT_EQ(t.history.back().text.in(engine::Lang::en), "line " + std::to_string(n - 1));
  EXPECT_EQ(t.history.back().at, static_cast<std::int64_t>(1000 + n - 1));
}

TEST(Table, EveryGameLogLineHasItsTime) {
  Table t = race_table();
  t.add_log_line({"Ann plays", "Ann joue"}, 1795000000000);
  t.add_log_line({"Ben plays", "Ben joue"}, 1795000001000);
  ASSERT_EQ(t.log.size(), 2u);
  ASSERT_EQ(t.log_at.size(), 2u);
  EXPECT_EQ(t.log[1].in(engine::Lang::fr), "Ben joue");
  EXPECT_EQ(t.log_at[1], 1795000001000);
}

}  // namespace
}  // namespace archipel::server
