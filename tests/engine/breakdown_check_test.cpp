// The conformance harness's check of an outcome's points by source (breakdown_problems,
// tests/support): it must accept a sound breakdown and name each way one can be wrong, or the
// playouts would prove nothing.

#include <gtest/gtest.h>

#include "tests/support/playout.hpp"

namespace archipel::testing {
namespace {

engine::Outcome two_seats() {
  engine::Outcome o = engine::outcome_by_score({7, -1});
  o.breakdown = {{{"buildings", {"Buildings", "Bâtiments"}, 9, ""},
                  {"eruption", {"Eruption", "Éruption"}, -2, "SC16"}},
                 {{"score_card_2", {"Score card", "Carte score"}, -1, ""}}};
  return o;
}

TEST(BreakdownCheck, AcceptsPartsAddingUpToTheScore) {
  EXPECT_TRUE(breakdown_problems(two_seats(), 2).empty());
}

TEST(BreakdownCheck, NamesASumThatMissesTheScore) {
  auto o = two_seats();
  o.breakdown[1][0].points = 0;
  const auto problems = breakdown_problems(o, 2);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "seat 1: parts add up to 0, the score is -1");
}

TEST(BreakdownCheck, NamesASourceThatIsNotLowerSnakeCase) {
  for (const char* bad :
       {"Buildings", "score-card", "_birds", "birds_", "two__words", "", "bird s"}) {
    auto o = two_seats();
    o.breakdown[0][0].source = bad;
    EXPECT_EQ(breakdown_problems(o, 2).size(), 1u) << "'" << bad << "'";
  }
}

TEST(BreakdownCheck, NamesAMissingLabel) {
  auto o = two_seats();
  o.breakdown[0][1].label.fr.clear();
  o.breakdown[1][0].label.en.clear();
  EXPECT_EQ(breakdown_problems(o, 2).size(), 2u);
}

TEST(BreakdownCheck, NamesAMissingSeat) {
  auto o = two_seats();
  o.breakdown.pop_back();
  EXPECT_EQ(breakdown_problems(o, 2).size(), 1u);
}

}  // namespace
}  // namespace archipel::testing
