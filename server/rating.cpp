#include "server/rating.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace archipel::server {

double ordinal(const Rating& rating) {
  return rating.mu - 3.0 * rating.sigma;
}

// Weng and Lin (2011), Algorithm 4 (Plackett-Luce), for teams of one. With r(q) a player's place
// (lower is better) and theta = mu:
//   c    = sqrt(sum_i (sigma_i^2 + beta^2))
//   C_q  = sum over s with r(s) >= r(q) of exp(mu_s / c)       (q and everyone placed after q)
//   A_q  = how many players share q's place
//   Omega_i = sigma_i^2 / c   * sum over q with r(q) <= r(i) of (delta_iq - p_iq) / A_q
//   Delta_i = gamma_i sigma_i^2 / c^2 * sum over q with r(q) <= r(i) of p_iq (1 - p_iq) / A_q
//   with p_iq = exp(mu_i / c) / C_q and gamma_i = sigma_i / c (the paper's suggestion)
//   mu_i'    = mu_i + Omega_i
//   sigma_i' = sigma_i * sqrt(max(1 - Delta_i, kappa))
// Before that, each sigma becomes sqrt(sigma^2 + tau^2) (the drift, see RatingModel::tau).
std::vector<Rating> rate(const std::vector<Rating>& before, const std::vector<int>& places,
                         const RatingModel& model) {
  if (before.size() != places.size())
    throw std::invalid_argument("rate: one place per rating is needed");
  const std::size_t n = before.size();
  if (n < 2) return before;

  std::vector<double> sigma_sq(n);
  double c_sq = 0;
  for (std::size_t i = 0; i < n; ++i) {
    sigma_sq[i] = before[i].sigma * before[i].sigma + model.tau * model.tau;
    c_sq += sigma_sq[i] + model.beta * model.beta;
  }
  const double c = std::sqrt(c_sq);

  std::vector<double> strength(n);  // exp(mu / c)
  for (std::size_t i = 0; i < n; ++i) strength[i] = std::exp(before[i].mu / c);
  std::vector<double> from_q(n, 0.0);  // C_q
  std::vector<int> sharing(n, 0);      // A_q
  for (std::size_t q = 0; q < n; ++q)
    for (std::size_t s = 0; s < n; ++s) {
      if (places[s] >= places[q]) from_q[q] += strength[s];
      if (places[s] == places[q]) ++sharing[q];
    }

  std::vector<Rating> after(n);
  for (std::size_t i = 0; i < n; ++i) {
    double omega = 0, delta = 0;
    for (std::size_t q = 0; q < n; ++q) {
      if (places[q] > places[i]) continue;  // only those placed at or before i
      const double p = strength[i] / from_q[q];
      omega += ((i == q ? 1.0 : 0.0) - p) / sharing[q];
      delta += p * (1.0 - p) / sharing[q];
    }
    const double sigma = std::sqrt(sigma_sq[i]);
    const double gamma = sigma / c;
    omega *= sigma_sq[i] / c;
    delta *= gamma * sigma_sq[i] / c_sq;
    after[i].mu = before[i].mu + omega;
    after[i].sigma = sigma * std::sqrt(std::max(1.0 - delta, model.kappa));
  }
  return after;
}

}  // namespace archipel::server
