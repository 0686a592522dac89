// The ratings' messages (protocol/ratings.hpp): the numbers for a program, the text for a person in
// English and in French.

#include "protocol/ratings.hpp"

#include <gtest/gtest.h>

namespace archipel::protocol {
namespace {

TEST(RatingsMessages, ANumberHasOneDecimalAndAFrenchComma) {
  EXPECT_EQ(rating_number(4.26, engine::Lang::en), "4.3");
  EXPECT_EQ(rating_number(4.26, engine::Lang::fr), "4,3");
  EXPECT_EQ(rating_number(-0.01, engine::Lang::en), "0.0") << "never -0.0";
  EXPECT_EQ(rating_number(-1.25, engine::Lang::en), "-1.2");
}

TEST(RatingsMessages, TheLeaderboardRanksFromOne) {
  const std::vector<LeaderboardRow> rows{{"Ann", 4.26, 27.6, 7.8, 3, 2},
                                         {"Ben", -1.0, 22.4, 7.8, 3, 1}};
  const auto en = leaderboard_message("race", "Race", rows, engine::Lang::en);
  EXPECT_EQ(en["type"], "leaderboard");
  EXPECT_EQ(en["game"], "race");
  ASSERT_EQ(en["players"].size(), 2u);
  EXPECT_EQ(en["players"][0]["rank"], 1);
  EXPECT_EQ(en["players"][1]["name"], "Ben");
  EXPECT_EQ(en["players"][0]["rating"].get<double>(), 4.26);
  EXPECT_EQ(
      en["text"],
      "Best players of Race:\n  1. Ann 4.3 (3 played, 2 won)\n  2. Ben -1.0 (3 played, 1 won)");
  const auto fr = leaderboard_message("race", "Race", rows, engine::Lang::fr);
  EXPECT_EQ(fr["players"], en["players"]) << "the numbers do not depend on the language";
  EXPECT_EQ(fr["text"],
            "Meilleurs joueurs de Race :\n  1. Ann 4,3 (3 parties, 2 gagnées)\n  2. "
            "Ben -1,0 (3 parties, 1 gagnée)");
}

TEST(RatingsMessages, AProfileShowsEachGameAndTheLastChanges) {
  const auto en =
      profile_message("Ann", {{"race", "Race", 4.26, 27.6, 7.8, 3, 2}},
                      {{"race", "Race", 12, 1, 1.5, 4.26, 1700000000000}}, engine::Lang::en);
  EXPECT_EQ(en["type"], "profile");
  EXPECT_EQ(en["games"][0]["played"], 3);
  EXPECT_EQ(en["history"][0]["room"], 12);
  EXPECT_EQ(en["history"][0]["at_ms"], 1700000000000);
  EXPECT_EQ(en["text"],
            "Profile of Ann:\n  Race: rating 4.3, 3 played, 2 won\n  Last rated games:\n    Race, "
            "room 12, place 1: 1.5 → 4.3 (+2.8)");
  const auto fr = profile_message("Ann", {}, {}, engine::Lang::fr);
  EXPECT_EQ(fr["text"], "Ann n'a pas encore joué de partie classée");
  EXPECT_TRUE(fr["games"].empty());
}

}  // namespace
}  // namespace archipel::protocol
