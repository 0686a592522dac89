// Engine playouts (Google Benchmark). Each iteration is one full random game of Santa Cruz through
// GameInstance, the interface the server uses. Two measures in the same run, so the output is a
// ratio rather than an absolute time that depends on the machine:
//   - baseline: what deciding and applying costs: legal moves of the acting seat + apply;
//   - with views: the same games plus what the server computes after every action, client_view for
//   every
//     seat and for a spectator, serialized (the server diffs and sends these).
// Both measures play exactly the same games (same seeds, same choices). Run:
//   build-sc/bench/archipel_bench [--benchmark_min_time=2]
// It prints games per second for each and, at the end, the cost of the views as a ratio.

#include <cstdio>
#include <map>
#include <string>

#include <benchmark/benchmark.h>

#include "engine/core/registry.hpp"
#include "engine/core/rng.hpp"

namespace {

using archipel::engine::GamePtr;
using archipel::engine::Rng;
using archipel::engine::Viewer;

// Plays one game; returns the number of actions (and, with views, the bytes of every view
// serialized).
std::size_t play(int seats, const char* rules, std::uint64_t seed, bool views,
                 std::size_t& view_bytes) {
  GamePtr game = archipel::engine::default_registry()
                     .create("santa-cruz", seats, {{"rules", rules}}, seed)
                     .value();
  Rng chooser(seed * 7919 + 1);
  std::size_t actions = 0;
  while (!game->over()) {
    const auto acting = game->to_act();
    const auto seat = acting[chooser.below(acting.size())];
    const auto moves = game->legal(seat);
    auto applied = game->apply(seat, moves[chooser.below(moves.size())].action);
    if (!applied.ok()) std::abort();
    ++actions;
    if (views)
      for (int viewer = -1; viewer < seats; ++viewer)
        view_bytes += game->client_view(Viewer{viewer}).dump().size();
  }
  return actions;
}

void BM_SantaCruzGames(benchmark::State& state) {
  const int seats = static_cast<int>(state.range(0));
  const bool views = state.range(1) != 0;
  std::uint64_t seed = 0;
  std::size_t actions = 0, bytes = 0;
  for (auto _ : state)
    actions += play(seats, seed % 2 ? "table" : "online", seed, views, bytes), ++seed;
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["actions/game"] =
      static_cast<double>(actions) / static_cast<double>(state.iterations());
  if (views)
    state.counters["view_bytes/action"] = static_cast<double>(bytes) / static_cast<double>(actions);
}
BENCHMARK(BM_SantaCruzGames)
    ->ArgNames({"seats", "views"})
    ->Args({2, 0})
    ->Args({2, 1})
    ->Args({4, 0})
    ->Args({4, 1})
    ->Unit(benchmark::kMillisecond);

// Remembers each run's games/s so main can print the ratios once everything has run.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  RatioReporter() : benchmark::ConsoleReporter(benchmark::ConsoleReporter::OO_Tabular) {}
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const auto& run : runs) {
      auto it = run.counters.find("games/s");
      if (it != run.counters.end() && run.run_type == Run::RT_Iteration)
        rates[run.benchmark_name()] = it->second.value;
    }
    ConsoleReporter::ReportRuns(runs);
  }
  std::map<std::string, double> rates;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  for (int seats : {2, 4}) {
    const std::string base = "BM_SantaCruzGames/seats:" + std::to_string(seats);
    auto without = reporter.rates.find(base + "/views:0/min_time:0.000");
    if (without == reporter.rates.end()) without = reporter.rates.find(base + "/views:0");
    auto with = reporter.rates.find(base + "/views:1");
    if (without == reporter.rates.end() || with == reporter.rates.end() || with->second <= 0)
      continue;
    std::printf("santa-cruz %d players: %.1f games/s with views, %.1f without; views cost x%.2f\n",
                seats, with->second, without->second, without->second / with->second);
  }
  return 0;
}
