// Handing an absent player's seat to a bot (issue 12, point 7): /handover's rules and refusals, the
// vote of every other person present, the host alone before anyone has moved, the bot playing the
// seat, /join giving it back, and a restart that finds the bot still playing (the store's
// seat_play).

#include <unistd.h>

#include <filesystem>
#include <thread>

#include <gtest/gtest.h>

#include "server/seat_handover.hpp"
#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

server::Config handing_over_after(std::chrono::milliseconds after) {
  auto config = TestServer::default_config();
  config.handover_after = after;
  return config;
}

json bet(std::int64_t room, const char* side) {
  return json{{"type", "action"}, {"room", room}, {"action", {{"type", "bet"}, {"side", side}}}};
}

// A room message whose seat `seat` is (or is not) played by a bot.
std::function<bool(const json&)> stand_in_at(int seat, bool playing) {
  return
      [seat, playing](const json& r) { return r["seats"][seat].contains("stand_in") == playing; };
}

// ---- the vote's rules, without a server ---------------------------------------------------------

std::vector<server::SeatPresence> table() {
  // Ann and Ben here, Cat away long enough, Dan away not long enough, a bot seated by /addbot.
  return {{"Ann", true, true, false, false},
          {"Ben", true, true, false, false},
          {"Cat", true, false, false, true},
          {"Dan", true, false, false, false},
          {"Bot", false, false, false, false}};
}

TEST(HandoverRules, EveryOtherPersonPresentMustVote) {
  server::HandoverVotes votes;
  const auto seats = table();
  EXPECT_EQ(server::handover_voters(seats, 2), (std::vector<int>{0, 1}));
  auto first = server::vote_handover(votes, seats, 0, 2, false);
  EXPECT_FALSE(first.refused);
  EXPECT_FALSE(first.hand_over);
  EXPECT_EQ(first.votes, 1);
  EXPECT_EQ(first.needed, 2);
  auto twice = server::vote_handover(votes, seats, 0, 2, false);
  ASSERT_TRUE(twice.refused);
  EXPECT_EQ(twice.refused->rule, "handover_refused");
  auto second = server::vote_handover(votes, seats, 1, 2, false);
  EXPECT_TRUE(second.hand_over);
  EXPECT_TRUE(votes.by_target[2].empty()) << "a complete vote is cleared";
}

TEST(HandoverRules, Refusals) {
  server::HandoverVotes votes;
  auto seats = table();
  EXPECT_TRUE(server::vote_handover(votes, seats, 0, 1, false).refused) << "Ben is here";
  EXPECT_TRUE(server::vote_handover(votes, seats, 0, 3, false).refused)
      << "Dan not away long enough";
  EXPECT_TRUE(server::vote_handover(votes, seats, 0, 4, false).refused) << "a bot already";
  EXPECT_TRUE(server::vote_handover(votes, seats, 0, 0, false).refused) << "one's own seat";
  EXPECT_TRUE(server::vote_handover(votes, seats, 4, 2, false).refused) << "a bot does not vote";
  seats[2].handed_over = true;
  EXPECT_TRUE(server::vote_handover(votes, seats, 0, 2, false).refused) << "already handed over";
  // The host alone before the first move: Dan need not have been away long, but must be away.
  auto host = server::vote_handover(votes, seats, 0, 3, true);
  EXPECT_FALSE(host.refused);
  EXPECT_TRUE(host.hand_over);
  EXPECT_TRUE(server::vote_handover(votes, seats, 0, 1, true).refused)
      << "Ben is here, even for the host";
}

TEST(HandoverRules, SeatsByNumberOrName) {
  const auto seats = table();
  EXPECT_EQ(server::seat_named(seats, "3"), 2);
  EXPECT_EQ(server::seat_named(seats, "Dan"), 3);
  EXPECT_EQ(server::seat_named(seats, "9"), -1);
  EXPECT_EQ(server::seat_named(seats, "Eve"), -1);
}

// ---- over loopback ------------------------------------------------------------------------------

TEST(Handover, VoteRefusalsUnanimityTheBotPlaysAndJoinGivesItBack) {
  TestServer server(registry_with_race(), "", handing_over_after(std::chrono::milliseconds(400)));
  TestClient a(server.port()), b(server.port());
  a.hello("Ann");
  b.hello("Ben");
  std::string cat_token;
  std::int64_t room = 0;
  {
    TestClient c(server.port());
    cat_token = c.hello("Cat")["token"];
    room = open_room(a, {&b, &c}, "/create race");
    a.chat("/start");
    a.expect("state");
    b.expect("state");
    c.expect("state");
    a.send(bet(room, "high"));  // someone has moved: the host alone no longer decides
    a.expect("patch");
    b.expect("patch");
  }  // Cat's page closes
  // The seats are taken in the order the joins reach the lobby: find Cat's.
  const json away = b.expect_where("room", [](const json& r) {
    for (const auto& s : r["seats"])
      if (s["name"] == "Cat") return s["connected"] == false;
    return false;
  });
  int cat = 0;
  while (away["seats"][cat]["name"] != "Cat") ++cat;
  // Issue 35, point 5: the others see when Cat's seat may be handed over (Unix ms, for a
  // countdown): --handover-after from the drop, so at most 400 ms from now.
  const auto unix_ms = [] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  };
  ASSERT_TRUE(away["seats"][cat].contains("hand_over_at")) << away.dump();
  const std::int64_t at = away["seats"][cat]["hand_over_at"];
  EXPECT_GE(at, unix_ms() - 2000);  // the drop was moments ago (a loaded machine is slow to tell)
  EXPECT_LE(at, unix_ms() + 400 + 50);
  for (const auto& s : away["seats"])
    if (s["name"] != "Cat") EXPECT_FALSE(s.contains("hand_over_at")) << "only the away seat";
  b.chat("/handover Cat");
  EXPECT_NE(b.expect_error("handover_refused")["message"].get<std::string>().find("long enough"),
            std::string::npos);
  b.chat("/handover Ann");
  b.expect_error("handover_refused");  // Ann is here
  b.chat("/handover 9");
  b.expect_error("bad_arguments");
  // Once Cat has been away --handover-after, the room says Cat may be handed over (no countdown).
  const json offered = b.expect_where(
      "room", [cat](const json& r) { return r["seats"][cat].value("may_hand_over", false); },
      3000ms);
  EXPECT_FALSE(offered["seats"][cat].contains("hand_over_at"));
  b.chat("/handover " + std::to_string(cat + 1));
  auto voted = b.expect_where(
      "room", [cat](const json& r) { return r["seats"][cat].contains("handover_votes"); });
  EXPECT_EQ(voted["seats"][cat]["handover_votes"], json::array({"Ben"}));
  EXPECT_FALSE(voted["seats"][cat].contains("stand_in")) << "Ann has not voted";
  b.chat("/handover Cat");
  b.expect_error("handover_refused");  // twice
  a.chat("/handover Cat");
  auto handed = a.expect_where("room", stand_in_at(cat, true));
  EXPECT_EQ(handed["seats"][cat]["stand_in"], "greedy");
  EXPECT_EQ(handed["seats"][cat]["name"], "Cat") << "the seat stays Cat's";
  // The bot bets for Cat: a move by Cat's seat reaches Ann.
  a.expect_where("patch", [cat](const json& p) { return p["by"] == cat; });
  a.chat("/handover Cat");
  a.expect_error("handover_refused");  // already a bot

  // Cat comes back: the bot goes on until Cat's /join; Cat's own move is refused meanwhile.
  TestClient c(server.port());
  c.send(json{{"type", "hello"}, {"token", cat_token}});
  c.expect("welcome");
  c.expect("state");
  c.send(json{{"type", "action"}, {"room", room}, {"action", {{"type", "add"}, {"n", 1}}}});
  c.expect_error("handover_refused");
  c.chat("/join " + std::to_string(room));
  a.expect_where("room", stand_in_at(cat, false));
  c.expect_where("room", stand_in_at(cat, false));
}

TEST(Handover, TheHostAloneBeforeTheFirstMoveAndARestartKeepsTheBot) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("archipel-handover-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::string ann_token, ben_token;
  std::int64_t room = 0;
  {
    TestServer server(registry_with_race(),
                      dir.string());  // --handover-after 60 s: only the host alone can
    TestClient a(server.port());
    ann_token = a.hello("Ann")["token"];
    {
      TestClient b(server.port());
      ben_token = b.hello("Ben")["token"];
      room = open_room(a, {&b},
                       "/create race clock=30m");  // and the turn clock's banks survive the restart
      a.chat("/start");
      a.expect("state");
      b.expect("state");
    }
    a.expect_where("room", [](const json& r) { return r["seats"][1]["connected"] == false; });
    // Ann's bank runs meanwhile (she has not bet): the handover stores it, less this wait at least.
    std::this_thread::sleep_for(100ms);
    a.chat("/handover Ben");
    a.expect_where("room", stand_in_at(1, true));
    a.expect_where("patch", [](const json& p) { return p["by"] == 1; });  // the bot bets for Ben
    server.kill();
  }
  {
    TestServer server(registry_with_race(), dir.string());
    TestClient a(server.port());
    a.send(json{{"type", "hello"}, {"token", ann_token}});
    a.expect("welcome");
    a.chat("/join " + std::to_string(room));
    auto r =
        a.expect_where("room", [](const json& m) { return m["seats"][0]["connected"] == true; });
    EXPECT_EQ(r["seats"][1]["stand_in"], "greedy") << "the restart keeps the bot on Ben's seat";
    const auto clock = a.expect("clock");
    EXPECT_EQ(clock["per_player_ms"], 1'800'000);
    EXPECT_EQ(clock["running"], json{0}) << "Ann's turn to bet: her bank runs again";
    EXPECT_LT(clock["banks_ms"][0].get<std::int64_t>(), 1'800'000 - 90)
        << "the time Ann spent before the restart stays spent";
    EXPECT_GT(clock["banks_ms"][0].get<std::int64_t>(), 1'700'000);
    // Ann bets and adds; then it is Ben's turn, and the bot plays it.
    a.send(bet(room, "low"));
    a.expect_where("patch", [](const json& p) { return p["by"] == 0; });
    a.send(json{{"type", "action"}, {"room", room}, {"action", {{"type", "add"}, {"n", 1}}}});
    a.expect_where("patch", [](const json& p) { return p["by"] == 0; });
    a.expect_where("patch", [](const json& p) { return p["by"] == 1; });
    // Ben is back: /join gives him his seat.
    TestClient b(server.port());
    b.send(json{{"type", "hello"}, {"token", ben_token}});
    b.expect("welcome");
    b.chat("/join " + std::to_string(room));
    b.expect_where("room", stand_in_at(1, false));
  }
  {
    // And the giving back is stored too.
    TestServer server(registry_with_race(), dir.string());
    TestClient a(server.port());
    a.send(json{{"type", "hello"}, {"token", ann_token}});
    a.expect("welcome");
    a.chat("/join " + std::to_string(room));
    auto r =
        a.expect_where("room", [](const json& m) { return m["seats"][0]["connected"] == true; });
    EXPECT_FALSE(r["seats"][1].contains("stand_in"));
  }
  std::filesystem::remove_all(dir);
}

// The turn clock (`clock=` at /create): each bank runs while its seat is to act; Ben, present but
// idle, runs out of time; the room says so, Ann alone votes (Ben is the only other person), a bot
// plays for Ben, and Ben's /join takes the seat back. The clock's values are checked at /create and
// /option.
TEST(Handover, ASeatOutOfTimeOnTheTurnClockIsHandedToABotAndJoinTakesItBack) {
  TestServer server(
      registry_with_race());  // --handover-after 60 s: only the clock can open Ben's seat to a vote
  TestClient a(server.port()), b(server.port());
  a.hello("Ann");
  b.hello("Ben");
  a.chat("/create race clock=4s");
  EXPECT_NE(a.expect_error("bad_arguments")["message"].get<std::string>().find("5s to 180m"),
            std::string::npos);
  const std::int64_t room = open_room(a, {&b}, "/create race clock=1m");
  a.chat("/option clock=oops");
  a.expect_error("bad_arguments");
  a.chat("/option clock=5s");
  auto shown =
      a.expect_where("room", [](const json& r) { return r["options"].value("clock", "") == "5s"; });
  EXPECT_EQ(shown["options"].value("target", ""), "10")
      << "the game's own options stay as they were";
  a.chat("/start");
  a.expect("state");
  // Both bet at once: both banks run.
  auto first = a.expect("clock");
  EXPECT_EQ(first["room"], room);
  EXPECT_EQ(first["per_player_ms"], 5000);
  EXPECT_EQ(first["running"], (json{0, 1}));
  a.send(bet(room, "high"));
  auto after = a.expect_where("clock", [](const json& c) { return c["running"] == json{1}; });
  EXPECT_GT(after["banks_ms"][0].get<int>(), 0);
  EXPECT_LE(after["banks_ms"][0].get<int>(), 5000) << "Ann's bank ran while she chose";
  a.chat("/handover Ben");
  EXPECT_NE(a.expect_error("handover_refused")["message"].get<std::string>().find("is here"),
            std::string::npos);
  // Ben stays, and says nothing: after 5 s his bank is spent. The room says so, then the clock,
  // then the seat.
  a.expect_where(
      "info",
      [](const json& i) {
        return i["text"].get<std::string>().find("Ben is out of time") != std::string::npos;
      },
      8000ms);
  auto out = a.expect_where("clock", [](const json& c) { return c["out"] == json{1}; });
  EXPECT_EQ(out["banks_ms"][1], 0);
  a.expect_where("room", [](const json& r) { return r["seats"][1].value("may_hand_over", false); });
  a.chat("/handover Ben");
  a.expect_where("room", stand_in_at(1, true));
  a.expect_where("patch", [](const json& p) { return p["by"] == 1; });  // the bot bets for Ben
  b.send(bet(room, "low"));
  b.expect_error("handover_refused");
  b.chat("/join " + std::to_string(room));
  b.expect_where("room", stand_in_at(1, false));
  a.expect_where("room", stand_in_at(1, false));
}

}  // namespace
}  // namespace archipel::testing
