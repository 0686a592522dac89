#include "engine/core/game.hpp"

#include <gtest/gtest.h>

namespace archipel::engine {
namespace {

const GameSpec kSpec{"g", "G", 2, 4, {{"rules", {"online", "table"}, "online", "which rule book"}}};

TEST(Options, DefaultsAreFilledIn) {
  auto r = complete_options(kSpec, {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value().at("rules"), "online");
}

TEST(Options, AChoiceOverridesTheDefault) {
  auto r = complete_options(kSpec, {{"rules", "table"}});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value().at("rules"), "table");
}

TEST(Options, UnknownKeyAndBadValueAreErrorsNamingTheChoices) {
  auto r = complete_options(kSpec, {{"speed", "fast"}});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "bad_option");
  EXPECT_NE(r.error().message.find("rules"), std::string::npos);
  r = complete_options(kSpec, {{"rules", "house"}});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("online|table"), std::string::npos);
}

TEST(Ranking, ScoreThenTieOrderThenSeat) {
  EXPECT_EQ(rank_by_score({5, 9, 5}), (std::vector<Seat>{1, 0, 2}));
  EXPECT_EQ(rank_by_score({5, 9, 5}, {3, 1, 2}), (std::vector<Seat>{1, 2, 0}));
}

}  // namespace
}  // namespace archipel::engine
