// The router (server/router.cpp), the lobby and the rooms send every chat command of /help to the
// operation that answers it. Each command is typed by a host seated in a waiting race room, and
// must get the reply only its operation gives; a command missing from the router would go
// unanswered, or answer like another.

#include <algorithm>

#include <gtest/gtest.h>

#include "protocol/command_parser.hpp"
#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

struct Expected {
  std::string line;   // what the host types
  std::string type;   // the reply's type
  std::string check;  // an error code, or a piece of the info text, or the room field that changes
};

TEST(CommandRouter, EveryCommandReachesItsOperation) {
  TestServer server(registry_with_race());
  TestClient host(server.port()), other(server.port());
  host.hello("Ann");
  other.hello("Ben");
  const std::int64_t room = open_room(host, {&other}, "/create race");
  host.drain(100ms);
  const std::string r = std::to_string(room);
  const std::vector<Expected> table = {
      {"/help join", "info", "/join [room] [seat]"},
      {"/nick Anne", "welcome", "Anne"},
      {"/games", "info", "race"},
      {"/rooms", "info", "Rooms:"},
      {"/create race", "error", "already_in_room"},
      {"/option target=6", "room", "options"},
      {"/join " + r, "room", "seats"},  // seated already: the room confirms the seat
      {"/watch 999", "error", "no_such_room"},
      {"/addbot nosuch", "error", "bad_arguments"},
      {"/play add 1", "error", "not_started"},
      {"/moves", "error", "not_started"},
      {"/who", "info", "seat 2: Ben"},
      {"/log", "info", "No moves yet"},
      {"/kick Nobody", "error", "bad_arguments"},
      {"/lang en", "info", "English"},
      {"/rematch", "error", "not_started"},
      {"/replay " + r, "error", "not_over"},
      {"/handover Ben", "error", "handover_refused"},  // before the start
      {"/register", "info", "sign-in form"},           // the password never goes in a chat line
      {"/login Ann", "info", "sign-in form"},
      {"/logout", "error", "not_registered"},  // a guest
      {"/top race", "leaderboard", "players"},
      {"/profile", "error", "not_registered"},  // a guest has none
      {"/history", "game_history", "games"},
      {"/start", "state", "view"},
      {"/leave", "left", "room"},
  };
  // Every command of the /help table is in this test.
  for (const auto& command : protocol::command_table()) {
    const bool covered = std::any_of(table.begin(), table.end(), [&](const Expected& e) {
      return e.line.rfind("/" + std::string(command.name) + " ", 0) == 0 ||
             e.line == "/" + std::string(command.name);
    });
    EXPECT_TRUE(covered) << "/" << command.name << " is not exercised";
  }
  for (const auto& e : table) {
    host.chat(e.line);
    const json reply = host.expect(e.type);
    if (e.type == "error") {
      EXPECT_EQ(reply["code"], e.check) << e.line;
    } else if (e.type == "info" || e.type == "welcome") {
      EXPECT_NE(reply.dump().find(e.check), std::string::npos) << e.line << " -> " << reply.dump();
    } else {
      EXPECT_TRUE(reply.contains(e.check)) << e.line << " -> " << reply.dump();
    }
    host.drain(50ms);
  }
}

}  // namespace
}  // namespace archipel::testing
