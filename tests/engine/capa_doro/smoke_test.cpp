#include "engine/capa_doro/capa_doro.hpp"
#include <gtest/gtest.h>
#include <chrono>
#include <map>
namespace cd = archipel::engine::capa_doro;
TEST(CapaDoroSmoke, Parses) { EXPECT_EQ(cd::components().cigars.size(), 36u); }
TEST(CapaDoroSmoke, Stats) {
  for (int n = 2; n <= 4; ++n) {
    auto t0 = std::chrono::steady_clock::now();
    long steps = 0; std::map<std::string,long> types; std::map<std::string,int> ends; long rolls=0;
    for (int g = 0; g < 50; ++g) {
      auto s = cd::Rules::setup(n, {{"events","on"}}, g).value();
      archipel::engine::Rng r(g);
      while (s.phase != cd::Phase::over && steps < 10000000) {
        auto seat = cd::Rules::to_act(s)[0];
        auto moves = cd::Rules::legal_actions(s, seat);
        auto& m = moves[r.below(moves.size())];
        types[m["type"]]++;
        ASSERT_TRUE(cd::Rules::apply(s, seat, m).ok());
        ++steps;
      }
      ends[std::string(cd::kEndReasonNames.name(s.end))]++;
    }
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    std::cout << n << "p: " << steps / 50 << " steps/game, " << ms << " ms/50 games; ";
    for (auto& [k, v] : types) std::cout << k << "=" << v / 50 << " ";
    for (auto& [k, v] : ends) std::cout << k << ":" << v << " ";
    std::cout << "\n";
  }
}
