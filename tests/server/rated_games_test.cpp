// Rated games (docs/ratings.md): which seats count and at which places (server/rated_game.hpp),
// a game rated through the store, and over real sockets: a rated game changes both ratings, a room
// with rated=off changes none, and the ratings are the same after a restart; /top and /profile.

#include "server/rated_game.hpp"

#include <unistd.h>

#include <filesystem>

#include <gtest/gtest.h>

#include "protocol/command_parser.hpp"
#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

using server::FinishedSeat;
using server::SeatToRate;

TEST(SeatsToRate, PeopleKeepTheGamesPlacesSharedOnesIncluded) {
  EXPECT_EQ(server::seats_to_rate({{"Ann", true, false, 2},
                                   {"Ben", true, false, 1},
                                   {"Cy", true, false, 2},
                                   {"Dee", true, false, 4}}),
            (std::vector<SeatToRate>{{"Ann", 2}, {"Ben", 1}, {"Cy", 2}, {"Dee", 4}}));
}

TEST(SeatsToRate, BotsAreLeftOutButStillPlaceAhead) {
  EXPECT_EQ(
      server::seats_to_rate(
          {{"greedy-bot-1", false, false, 1}, {"Ann", true, false, 2}, {"Ben", true, false, 3}}),
      (std::vector<SeatToRate>{{"Ann", 2}, {"Ben", 3}}));
}

// Ann won, but a bot was playing her seat at the end: she is last, and the others move up.
TEST(SeatsToRate, AHandedOverSeatIsLast) {
  EXPECT_EQ(server::seats_to_rate({{"Ann", true, true, 1},
                                   {"Ben", true, false, 2},
                                   {"Cy", true, true, 3},
                                   {"Dee", true, false, 4}}),
            (std::vector<SeatToRate>{{"Ann", 3}, {"Ben", 1}, {"Cy", 4}, {"Dee", 2}}));
}

std::unique_ptr<server::Store> store_with(const std::vector<std::string>& names) {
  auto store = server::make_memory_store();
  for (const auto& name : names)
    EXPECT_TRUE(store->create_account(
        server::AccountRecord{name, protocol::name_skeleton(name), "$argon2id$x", 1}, "t" + name));
  return store;
}

// Four people, a shared second place: the published example of tests/server/rating_test.cpp
// ("fixes orders of ties" of openskill.js: newcomers here), through the store.
TEST(RateFinishedGame, FourPlayersWithASharedPlace) {
  auto store = store_with({"Ann", "Ben", "Cy", "Dee"});
  const server::GameToRate game{9, "race", 1234, {{"Ann", 2}, {"Ben", 4}, {"Cy", 2}, {"Dee", 1}}};
  const auto changes = server::rate_finished_game(*store, game);
  ASSERT_EQ(changes.size(), 4u);
  const auto expected = server::rate({{}, {}, {}, {}}, {2, 4, 2, 1});
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(changes[i].after, expected[i]) << i;
    EXPECT_EQ(changes[i].place, game.seats[i].place) << i;
  }
  EXPECT_EQ(changes[0].after, changes[2].after) << "newcomers sharing a place move alike";
  EXPECT_GT(changes[3].after.mu, changes[0].after.mu);
  EXPECT_GT(changes[0].after.mu, changes[1].after.mu);
  const auto dee = store->account_ratings("dee");
  ASSERT_EQ(dee.size(), 1u);
  EXPECT_EQ(dee[0].won, 1);
  EXPECT_EQ(store->account_ratings("ann").at(0).won, 0);
  // Counted once: the same game again changes nothing.
  EXPECT_TRUE(server::rate_finished_game(*store, game).empty());
  EXPECT_EQ(store->account_ratings("ann").at(0).played, 1);
}

TEST(RateFinishedGame, GuestsAreLeftOutAndOneAccountIsNotAGame) {
  auto store = store_with({"Ann", "Ben"});
  EXPECT_TRUE(
      server::rate_finished_game(*store, {1, "race", 5, {{"Ann", 1}, {"Guest", 2}}}).empty());
  EXPECT_TRUE(store->account_ratings("ann").empty());
  const auto changes =
      server::rate_finished_game(*store, {2, "race", 6, {{"Guest", 1}, {"Ann", 2}, {"Ben", 3}}});
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0].skeleton, "ann");
  EXPECT_EQ(changes[0].place, 2) << "behind the guest";
  EXPECT_GT(changes[0].after.mu, changes[1].after.mu);
}

// ---- over real sockets --------------------------------------------------------------------------

const std::string kRatedPassword = "correct-horse-battery-staple";

void register_here(TestClient& client) {
  client.send(json{{"type", "register"}, {"password", kRatedPassword}});
  EXPECT_EQ(client.expect("account")["registered"], true);
}

std::filesystem::path empty_folder(const std::string& prefix) {
  const auto dir = std::filesystem::temp_directory_path() / (prefix + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir;
}

// A rated game (the default) between two registered players changes both ratings as the model
// says from the game's places; /top and /profile answer from the store, and a server started again
// on the same data answers the same, to the last bit.
TEST(RatedGames, BothRatingsChangeAndAreTheSameAfterARestart) {
  const auto dir = empty_folder("archipel-rated-");
  json top_before, profile_before;
  server::Rating ann_expected, ben_expected;
  {
    TestServer server(registry_with_race(), dir.string());
    TestClient ann(server.port()), ben(server.port());
    ann.hello("Ann");
    ben.hello("Ben");
    register_here(ann);
    register_here(ben);
    const json over = play_to_the_end(ann, ben, "/create race");
    ASSERT_FALSE(HasFatalFailure());
    const std::vector<int> places = over["places"].get<std::vector<int>>();
    const auto expected = server::rate({{}, {}}, places);
    ann_expected = expected[0], ben_expected = expected[1];
    // The room is told the changes.
    const json told = ann.expect_where("info", [](const json& m) {
      return m["text"].get<std::string>().rfind("Ratings:", 0) == 0;
    });
    EXPECT_NE(told["text"].get<std::string>().find("Ann 0.0 → "), std::string::npos) << told.dump();

    top_before = ask(ann, "/top race", "leaderboard");
    ASSERT_EQ(top_before["players"].size(), 2u) << top_before.dump();
    const bool ann_first = server::ordinal(ann_expected) > server::ordinal(ben_expected);
    const json& a = top_before["players"][ann_first ? 0 : 1];
    EXPECT_EQ(a["name"], "Ann");
    EXPECT_EQ(a["mu"].get<double>(), ann_expected.mu);
    EXPECT_EQ(a["sigma"].get<double>(), ann_expected.sigma);
    EXPECT_EQ(a["played"], 1);
    EXPECT_EQ(a["won"], places[0] == 1 ? 1 : 0);
    EXPECT_EQ(top_before["players"][ann_first ? 1 : 0]["mu"].get<double>(), ben_expected.mu);
    EXPECT_NE(ann_expected.mu, 25.0) << "a game with a winner moves the ratings";

    profile_before = ask(ben, "/profile Ann", "profile");
    EXPECT_EQ(profile_before["name"], "Ann");
    ASSERT_EQ(profile_before["games"].size(), 1u);
    EXPECT_EQ(profile_before["games"][0]["game"], "race");
    ASSERT_EQ(profile_before["history"].size(), 1u);
    EXPECT_EQ(profile_before["history"][0]["place"], places[0]);
    EXPECT_EQ(profile_before["history"][0]["before"].get<double>(), 0.0);
    EXPECT_EQ(ask(ann, "/profile", "profile")["games"], profile_before["games"]) << "one's own";
    server.stop();
  }
  TestServer again(registry_with_race(), dir.string());
  TestClient cy(again.port());
  cy.hello("Cy");  // a guest may read them
  EXPECT_EQ(ask(cy, "/top race", "leaderboard"), top_before);
  EXPECT_EQ(ask(cy, "/profile ann", "profile"), profile_before);
  std::filesystem::remove_all(dir);
}

// rated=off: the same game rates nobody. The option is the room's: shown with the room's options,
// refused with another value.
TEST(RatedGames, AnUnratedRoomLeavesTheRatingsAlone) {
  TestServer server(registry_with_race());
  TestClient ann(server.port()), ben(server.port());
  ann.hello("Ann");
  ben.hello("Ben");
  register_here(ann);
  register_here(ben);
  ann.chat("/create race rated=maybe");
  ann.expect_error("bad_arguments");
  play_to_the_end(ann, ben, "/create race rated=off");
  ASSERT_FALSE(HasFatalFailure());
  bool shown = false;
  for (const auto& m : ann.history())
    if (m["type"] == "room") shown = shown || m["options"].value("rated", "") == "off";
  EXPECT_TRUE(shown) << "the room shows rated=off";
  EXPECT_TRUE(ask(ann, "/top race", "leaderboard")["players"].empty());
  const json profile = ask(ben, "/profile Ann", "profile");
  EXPECT_TRUE(profile["games"].empty());
  EXPECT_TRUE(profile["history"].empty());
  for (const auto& m : ann.history()) {
    if (m["type"] == "info") {
      EXPECT_EQ(m["text"].get<std::string>().rfind("Ratings:", 0), std::string::npos);
    }
  }
}

// The host turns rating off with /option before the start; the room says so.
TEST(RatedGames, TheHostMayTurnRatingOffBeforeTheStart) {
  TestServer server(registry_with_race());
  TestClient ann(server.port()), ben(server.port());
  ann.hello("Ann");
  ben.hello("Ben");
  register_here(ann);
  register_here(ben);
  play_to_the_end(ann, ben, "/create race", {"/option rated=sometimes", "/option rated=off"});
  ASSERT_FALSE(HasFatalFailure());
  bool refused = false, told = false;
  for (const auto& m : ann.history()) {
    refused = refused || (m["type"] == "error" && m["code"] == "bad_arguments");
    told = told || (m["type"] == "info" && m["text"] == "The game will not be rated");
  }
  EXPECT_TRUE(refused) << "rated=sometimes";
  EXPECT_TRUE(told);
  EXPECT_TRUE(ask(ann, "/top race", "leaderboard")["players"].empty());
}

// A game between a registered player and a guest is not rated: one registered person is not a game.
TEST(RatedGames, AGuestsGameRatesNobody) {
  TestServer server(registry_with_race());
  TestClient ann(server.port()), gus(server.port());
  ann.hello("Ann");
  gus.hello("Gus");
  register_here(ann);
  play_to_the_end(ann, gus, "/create race");
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_TRUE(ask(ann, "/top race", "leaderboard")["players"].empty());
  gus.chat("/profile Gus");
  gus.expect_error("not_registered");
}

TEST(RatedGames, TopAndProfileRefuseWhatIsNotThere) {
  TestServer server(registry_with_race());
  TestClient gus(server.port());
  gus.hello("Gus", "fr");
  gus.chat("/top");
  gus.expect_error("bad_arguments");
  gus.chat("/top chess");
  gus.expect_error("unknown_game");
  gus.chat("/profile");
  gus.expect_error("not_registered");  // a guest has none
  gus.chat("/profile Nobody");
  gus.expect_error("not_registered");
  const json empty = ask(gus, "/top race", "leaderboard");
  EXPECT_TRUE(empty["players"].empty());
  EXPECT_EQ(empty["text"], "Pas encore de joueur classé à Race to ten (test game)")
      << "in the reader's language";
}

}  // namespace
}  // namespace archipel::testing
