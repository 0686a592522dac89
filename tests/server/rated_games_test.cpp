// Rated games (docs/ratings.md): which seats count and at which places (server/rated_game.hpp),
// and a game rated through the store.

#include "server/rated_game.hpp"

#include <gtest/gtest.h>

#include "protocol/command_parser.hpp"
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

}  // namespace
}  // namespace archipel::testing
