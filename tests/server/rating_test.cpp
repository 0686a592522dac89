// The rating system (server/rating.hpp) against the worked examples openskill.js publishes for
// the same model and defaults: philihp/openskill.js at commit 0bf4361, files
// src/models/__tests__/plackett-luce.test.ts (the model alone: tau 0) and
// src/__tests__/rate.test.ts (rate(): tau 25/300 by default). Each expected number below is theirs,
// named by the test it comes from; the code that reproduces them is ours (Weng and Lin 2011,
// Algorithm 4).

#include "server/rating.hpp"

#include <gtest/gtest.h>

namespace archipel::server {
namespace {

// Both sides compute in doubles, in possibly different orders: agree to well below any shown digit.
constexpr double kClose = 1e-9;

const RatingModel kModelAlone{25.0, 25.0 / 3.0, 25.0 / 6.0, 0.0001, 0.0};

void expect_ratings(const std::vector<Rating>& got, const std::vector<Rating>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_NEAR(got[i].mu, want[i].mu, kClose) << "player " << i;
    EXPECT_NEAR(got[i].sigma, want[i].sigma, kClose) << "player " << i;
  }
}

TEST(Rating, NewcomerAndOrdinal) {
  const Rating r = RatingModel{}.newcomer();
  EXPECT_EQ(r.mu, 25.0);
  EXPECT_EQ(r.sigma, 25.0 / 3.0);
  EXPECT_NEAR(ordinal(r), 0.0, 1e-12);  // a newcomer starts at the bottom of the leaderboard
  EXPECT_NEAR(ordinal({30.0, 2.0}), 24.0, 1e-12);
}

TEST(Rating, AloneNothingIsLearned) {  // plackett-luce.test.ts, "solo game does not change rating"
  const std::vector<Rating> one{{25.0, 25.0 / 3.0}};
  EXPECT_EQ(rate(one, {1}), one);
}

// plackett-luce.test.ts: newcomers in free-for-all games of 2 to 5, the model alone (no tau).
TEST(Rating, ModelAloneTwoPlayers) {  // "2p FFA"
  expect_ratings(rate({{}, {}}, {1, 2}, kModelAlone),
                 {{27.63523138347365, 8.065506316323548}, {22.36476861652635, 8.065506316323548}});
}

TEST(Rating, ModelAloneThreePlayers) {  // "3p FFA"
  expect_ratings(rate({{}, {}, {}}, {1, 2, 3}, kModelAlone),
                 {{27.868876552746237, 8.204837030780652},
                  {25.717219138186557, 8.057829747583874},
                  {21.413904309067206, 8.057829747583874}});
}

TEST(Rating, ModelAloneFourPlayers) {  // "4p FFA"
  expect_ratings(rate({{}, {}, {}, {}}, {1, 2, 3, 4}, kModelAlone),
                 {{27.795084971874736, 8.263160757613477},
                  {26.552824984374855, 8.179213704945203},
                  {24.68943500312503, 8.083731307186588},
                  {20.96265504062538, 8.083731307186588}});
}

TEST(Rating, ModelAloneFivePlayers) {  // "5p FFA"
  expect_ratings(rate({{}, {}, {}, {}, {}}, {1, 2, 3, 4, 5}, kModelAlone),
                 {{27.666666666666668, 8.290556877154474},
                  {26.833333333333332, 8.240145629781066},
                  {25.72222222222222, 8.179996679645559},
                  {24.055555555555557, 8.111796013701358},
                  {20.72222222222222, 8.111796013701358}});
}

// rate.test.ts, with the default tau (25/300), as the server rates.
TEST(Rating,
     FourPlayersOfUnequalRatings) {  // "rate accepts and runs a placket-luce model by default"
  expect_ratings(rate({{29.182, 4.782}, {27.174, 4.922}, {16.672, 6.217}, {}}, {1, 2, 3, 4}),
                 {{30.210227447000438, 4.765617924939384},
                  {27.644725221915632, 4.883479590134575},
                  {17.4036218889969, 6.101259408259549},
                  {19.21460876538932, 7.854669920480409}});
}

TEST(Rating, FourPlayersWithASmallerTau) {  // "... placket-luce model with tau" (tau 0.01)
  RatingModel model;
  model.tau = 0.01;
  expect_ratings(rate({{29.182, 4.782}, {27.174, 4.922}, {16.672, 6.217}, {}}, {1, 2, 3, 4}, model),
                 {{30.20997558824299, 4.764909330988368},
                  {27.64461002009721, 4.882799245921361},
                  {17.403587237635527, 6.100731158882956},
                  {19.21478808745494, 7.854267281042293}});
}

TEST(Rating, PlacesInAnyOrder) {  // "accepts a rate ordering": places 1, 3, 4, 2
  const double s = 25.0 / 3.0;
  expect_ratings(rate({{15, s}, {20, s}, {25, s}, {30, s}}, {1, 3, 4, 2}),
                 {{18.131120980297805, 8.283536573151807},
                  {20.405169039419135, 8.107860440531121},
                  {20.65583040714804, 8.082574596348321},
                  {30.80787957313502, 8.155100416275928}});
}

TEST(Rating, FourPlayersWithASharedPlace) {  // "fixes orders of ties": places 2, 4, 2, 1
  const double s = 25.0 / 3.0;
  const auto after = rate({{15, s}, {20, s}, {25, s}, {30, s}}, {2, 4, 2, 1});
  expect_ratings(after, {{15.340043358359136, 8.213141619804967},
                         {18.007678675484204, 8.189033933813437},
                         {24.25801928251219, 8.166918055585525},
                         {32.39425868364447, 8.247687230833794}});
  // The shared place, as the model reads it: of the two seconds, the weaker (15) gains and the
  // stronger (25) loses.
  EXPECT_GT(after[0].mu, 15.0);
  EXPECT_LT(after[2].mu, 25.0);
}

TEST(Rating, ThreePlayersTwoSharingSecond) {  // "allows ties": places 1, 2, 2
  expect_ratings(rate({{10, 8}, {5, 10}, {0, 12}}, {1, 2, 2}),
                 {{11.942996666741225, 7.926888197620324},
                  {2.9381178546315034, 9.653804487570165},
                  {-1.4024317012198733, 11.323641575516767}});
}

TEST(Rating, FourNewcomersAllFirst) {  // "four-way-tie with newbies": nobody's mu moves
  expect_ratings(rate({{}, {}, {}, {}}, {1, 1, 1, 1}), {{25, 8.263571791259416},
                                                        {25, 8.263571791259416},
                                                        {25, 8.263571791259416},
                                                        {25, 8.263571791259416}});
}

TEST(Rating, LargerTau) {  // "accepts a tau term" (tau 0.3)
  RatingModel model;
  model.tau = 0.3;
  expect_ratings(
      rate({{25, 3}, {25, 3}}, {1, 2}, model),
      {{25.624880438870754, 2.9879993738476953}, {24.375119561129246, 2.9879993738476953}});
}

TEST(Rating, MismatchedSizesAreAProgrammersError) {
  EXPECT_THROW(rate({{}, {}}, {1}), std::invalid_argument);
}

}  // namespace
}  // namespace archipel::server
