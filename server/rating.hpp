#pragma once
// The rating system (issue 36): a rating per game and registered player, updated after each rated
// game from its places. Pure: no I/O, no clock, no state; the store keeps the numbers
// (server/store.hpp) and the room says when a game counts (docs/ratings.md).
//
// The model is Weng and Lin's Bayesian approximation for the Plackett-Luce model: R. C. Weng and
// C.-J. Lin, "A Bayesian Approximation Method for Online Ranking", Journal of Machine Learning
// Research 12 (2011) 267-300, Algorithm 4, with its rule for ties (a place shared by A_q players
// divides their terms by A_q). It is what OpenSkill uses by default, with OpenSkill's defaults, so
// the published examples of openskill.js and openskill.py are tests of this code
// (tests/server/rating_test.cpp). Why this one: it takes any number of players and shared places
// in one update (Elo and Glicko take pairs), and it keeps an uncertainty (sigma), so a newcomer's
// rating moves fast and a regular's slowly.
//
// A player is (mu, sigma): the skill believed, and how unsure that belief is. What a leaderboard
// shows is the ordinal, mu - 3 sigma: a skill the player is very likely above, so a newcomer (25 -
// 3 * 25/3 = 0) starts at the bottom and climbs by playing.
//
// Every player here is a team of one: Archipel's games are every player for themselves.

#include <vector>

namespace archipel::server {

struct Rating {
  double mu = 25.0;
  double sigma = 25.0 / 3.0;
  bool operator==(const Rating&) const = default;
};

/// The model's constants: OpenSkill's defaults (mu 25, sigma 25/3, beta 25/6, kappa 0.0001).
struct RatingModel {
  double mu = 25.0;           // a newcomer's skill
  double sigma = 25.0 / 3.0;  // a newcomer's uncertainty
  double beta = 25.0 / 6.0;   // the spread of one game's performance around the skill
  double kappa = 0.0001;      // the least factor a game may shrink sigma's square by: sigma > 0
  /// Added (in quadrature) to every sigma before a game: skills drift, so the belief must never
  /// become certain and freeze. 25/300 (OpenSkill's and TrueSkill's mu/300): after ~100 games a
  /// regular's sigma settles near 1 rather than tending to 0. 0 turns it off (the model alone,
  /// as Weng and Lin's Algorithm 4 states it).
  double tau = 25.0 / 300.0;

  Rating newcomer() const { return {mu, sigma}; }
};

/// The leaderboard's number: mu - 3 sigma.
double ordinal(const Rating& rating);

/// The ratings after one game. `before[i]` and `places[i]` are player i's rating and place (1 for
/// the winners; players sharing a place share its number, e.g. 1, 2, 2, 4). Returns the ratings in
/// the same order. Fewer than two players: returned unchanged (nothing was learned). The sizes
/// must match (a programmer's error otherwise: std::invalid_argument).
std::vector<Rating> rate(const std::vector<Rating>& before, const std::vector<int>& places,
                         const RatingModel& model = {});

}  // namespace archipel::server
