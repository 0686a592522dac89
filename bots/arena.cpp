#include "bots/arena.hpp"

#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include "engine/core/client_views.hpp"
#include "engine/core/registry.hpp"

namespace archipel::bots {

std::pair<double, double> wilson_interval(double wins, int n) {
  if (n <= 0) return {0.0, 1.0};
  const double z = 1.959963984540054;
  const double p = wins / n;
  const double denom = 1 + z * z / n;
  const double centre = (p + z * z / (2.0 * n)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / denom;
  const double low = wins <= 0 ? 0.0 : std::max(0.0, centre - half);
  const double high = wins >= n ? 1.0 : std::min(1.0, centre + half);
  return {std::min(low, p), std::max(high, p)};
}

engine::Result<engine::Options> parse_game_options(const std::vector<std::string>& flags,
                                                   const engine::GameSpec& spec, int num_seats) {
  engine::Options given;
  for (const auto& flag : flags) {
    const auto eq = flag.find('=');
    if (eq == std::string::npos || eq == 0)
      return engine::fail("bad_option", "an option is key=value, not '" + flag + "'");
    if (!given.emplace(flag.substr(0, eq), flag.substr(eq + 1)).second)
      return engine::fail("bad_option", "option " + flag.substr(0, eq) + " given twice");
  }
  return engine::complete_options(spec, given, num_seats);
}

const char* to_string(ArenaFailure failure) {
  switch (failure) {
    case ArenaFailure::none:
      return "none";
    case ArenaFailure::refused:
      return "a legal move refused";
    case ArenaFailure::move_cap:
      return "no end after the move cap";
    case ArenaFailure::no_outcome:
      return "over without an outcome";
  }
  return "?";
}

std::unique_ptr<Strategy> arena_strategy(const std::string& spec, StrategyOptions options) {
  const auto colon = spec.find(':');
  if (colon == std::string::npos) return make_strategy(spec, options);
  const std::string count = spec.substr(colon + 1);
  if (count.empty() || count.size() > 7 ||
      count.find_first_not_of("0123456789") != std::string::npos || std::stoi(count) <= 0)
    return nullptr;
  options.iterations = std::stoi(count);
  return make_strategy(spec.substr(0, colon), options);
}

namespace {

struct SeatResults {
  std::vector<double> share;  // each seat's share of the win (1/k when k seats share place 1)
  std::vector<int> scores;    // each seat's final score
  std::string end;            // the last view's "end", if it has one
  int round = -1;             // the last view's "round", if it has one
};

// Plays one game: its results, or why it did not reach the end.
struct Played {
  std::optional<SeatResults> results;
  ArenaFailure failure = ArenaFailure::none;
};

Played play_one(const ArenaConfig& config, const std::vector<std::string>& seat_strategies,
                std::uint64_t seed) {
  const auto& registry = engine::default_registry();
  auto created = registry.create(config.game, config.players, config.game_options, seed);
  if (!created.ok()) throw std::invalid_argument(created.error().message);
  auto game = std::move(created).value();
  std::vector<std::unique_ptr<Strategy>> bots;
  std::vector<engine::Rng> rngs;
  for (std::size_t s = 0; s < seat_strategies.size(); ++s) {
    bots.push_back(arena_strategy(seat_strategies[s], config.options));
    rngs.emplace_back(seed * 1000003ULL + s * 7919ULL + 17);
  }
  for (int step = 0; step < config.move_cap && !game->over(); ++step) {
    const engine::Seat seat = game->to_act().front();
    const auto view = engine::client_view(*game, engine::Viewer::of(seat));
    const std::size_t index = bots[seat]->choose(config.game, view, seat, rngs[seat]);
    if (!game->apply(seat, view["legal"].at(index)["action"]).ok())
      return {std::nullopt, ArenaFailure::refused};
  }
  if (!game->over()) return {std::nullopt, ArenaFailure::move_cap};
  auto outcome = game->outcome();
  if (!outcome) return {std::nullopt, ArenaFailure::no_outcome};
  // Winners by the game's places (seats its rules cannot separate share place 1), not by score
  // alone: a tie on points that the rules break is one seat's win. Alone at the table, a win is the
  // game's own verdict.
  SeatResults results{std::vector<double>(config.players, 0.0), outcome->scores};
  const auto last = engine::client_view(*game, engine::Viewer::spectator());
  if (auto end = last.find("end"); end != last.end() && end->is_string())
    results.end = end->get<std::string>();
  if (auto round = last.find("round"); round != last.end() && round->is_number_integer())
    results.round = round->get<int>();
  if (outcome->solo_won) {
    results.share[0] = *outcome->solo_won ? 1.0 : 0.0;
    return {results};
  }
  const auto top = std::count(outcome->places.begin(), outcome->places.end(), 1);
  for (int s = 0; s < config.players; ++s)
    if (outcome->places.at(s) == 1) results.share[s] = 1.0 / static_cast<double>(top);
  return {results};
}

}  // namespace

ArenaResult run_arena(const ArenaConfig& config) {
  const auto* entry = engine::default_registry().find(config.game);
  if (!entry) throw std::invalid_argument("unknown game " + config.game);
  if (config.players < entry->spec->min_players || config.players > entry->spec->max_players)
    throw std::invalid_argument("bad player count");
  if (auto options = engine::complete_options(*entry->spec, config.game_options, config.players);
      !options.ok())
    throw std::invalid_argument(options.error().message);
  if (static_cast<int>(config.strategies.size()) != config.players)
    throw std::invalid_argument("give one strategy per seat");
  for (const auto& name : config.strategies)
    if (!arena_strategy(name, config.options))
      throw std::invalid_argument("unknown strategy " + name);

  ArenaResult result;
  for (const auto& name : config.strategies) {
    bool seen = false;
    for (const auto& st : result.standings) seen = seen || st.strategy == name;
    if (!seen) result.standings.push_back(ArenaStanding{name});
  }
  std::mutex mutex;
  std::atomic<int> next{0};
  const auto start = std::chrono::steady_clock::now();
  auto worker = [&] {
    for (int g = next++; g < config.games; g = next++) {
      std::vector<std::string> seats(config.players);
      for (int s = 0; s < config.players; ++s)
        seats[s] = config.strategies[(s + g) % config.players];
      const std::uint64_t seed = config.seed + static_cast<std::uint64_t>(g);
      const auto game = play_one(config, seats, seed);
      std::lock_guard lock(mutex);
      ++result.games;
      if (!game.results) {
        ++result.failed;
        result.failures.push_back(ArenaFailedGame{seed, game.failure, seats});
        continue;
      }
      const auto& played = game.results;
      if (!played->end.empty()) ++result.ends[played->end];
      if (played->round >= 0) {
        result.round_sum += played->round;
        ++result.round_games;
      }
      for (int s = 0; s < config.players; ++s)
        for (auto& st : result.standings)
          if (st.strategy == seats[s]) {
            st.wins += played->share[s];
            st.score_sum += played->scores.at(s);
            ++st.appearances;
          }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < std::max(1, config.threads); ++t) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (auto& st : result.standings)
    std::tie(st.low, st.high) = wilson_interval(st.wins, st.appearances);
  return result;
}

}  // namespace archipel::bots
