// A determinism signature (after Stockfish's bench signature): a hash over the final states of a
// fixed set of random playouts per game. The same binary must give the same signature twice in one
// run; a state must not depend on anything but the seed and the actions (no addresses, clocks or
// iteration order); and each game's signature is pinned in tests/engine/signatures.txt, so a rule
// change shows up as a diff of that file, made on purpose: ARCHIPEL_UPDATE_SIGNATURES=1
// ./build/tests/engine_tests --gtest_filter='Determinism.*' rewrites it.

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "tests/support/playout.hpp"
#include "tests/support/race_game.hpp"

namespace archipel::testing {
namespace {

const char* const kSignatureFile = ARCHIPEL_SOURCE_DIR "/tests/engine/signatures.txt";

std::uint64_t fnv1a(const std::string& s, std::uint64_t h = 1469598103934665603ULL) {
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return h;
}

std::uint64_t signature(const std::string& game, int seats, const engine::Options& options = {}) {
  std::uint64_t h = 1469598103934665603ULL;
  PlayoutConfig config{game, seats, options};
  config.full_checks = false;  // the conformance tests check; this only hashes where the games end
  for (int seed = 0; seed < 25; ++seed)
    h = fnv1a(run_playout(registry_with_race(), config, seed).final_state, h);
  return h;
}

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// "<game>/<seats>p" -> signature, for every game at its smallest and largest player count.
std::map<std::string, std::string> current_signatures() {
  std::map<std::string, std::string> out;
  for (const auto& entry : registry_with_race().games())
    for (int seats : {entry.spec->min_players, entry.spec->max_players})
      out[entry.spec->id + "/" + std::to_string(seats) + "p"] =
          hex(signature(entry.spec->id, seats));
  return out;
}

std::map<std::string, std::string> pinned_signatures() {
  std::map<std::string, std::string> out;
  std::ifstream in(kSignatureFile);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string key, value;
    if (words >> key >> value) out[key] = value;
  }
  return out;
}

TEST(Determinism, SignatureIsStableWithinARun) {
  for (const auto& entry : registry_with_race().games()) {
    const int seats = entry.spec->max_players;
    EXPECT_EQ(signature(entry.spec->id, seats), signature(entry.spec->id, seats)) << entry.spec->id;
  }
}

TEST(Determinism, SignaturesMatchThePinnedOnes) {
  const auto current = current_signatures();
  if (const char* update = std::getenv("ARCHIPEL_UPDATE_SIGNATURES"); update && *update == '1') {
    std::ofstream out(kSignatureFile);
    out << "# Determinism signatures: game/players -> hash of 25 seeded random playouts' final "
           "states.\n"
           "# A rule change changes them on purpose: ARCHIPEL_UPDATE_SIGNATURES=1 "
           "./build/tests/engine_tests\n"
           "# --gtest_filter='Determinism.*' rewrites this file; commit it with the change.\n";
    for (const auto& [key, value] : current) out << key << " " << value << "\n";
    GTEST_SKIP() << "signatures written to " << kSignatureFile;
  }
  const auto pinned = pinned_signatures();
  for (const auto& [key, value] : current) {
    auto it = pinned.find(key);
    if (it == pinned.end()) {
      ADD_FAILURE() << key << " has no pinned signature (" << value
                    << "): ARCHIPEL_UPDATE_SIGNATURES=1";
      continue;
    }
    EXPECT_EQ(value, it->second) << key << ": the game plays differently from its pinned signature";
  }
}

// What the pin guards against: a rule that changes (here the race game's target, an option) changes
// the signature, so the comparison above would fail.
TEST(Determinism, AChangedRuleChangesTheSignature) {
  const auto pinned = pinned_signatures();
  ASSERT_TRUE(pinned.count("race/2p"));
  EXPECT_EQ(hex(signature("race", 2)), pinned.at("race/2p"));
  EXPECT_NE(hex(signature("race", 2, {{"target", "6"}})), pinned.at("race/2p"));
}

TEST(Determinism, DifferentSeedsGiveDifferentGames) {
  auto a = run_playout(registry_with_race(), PlayoutConfig{"race", 3, {}}, 1);
  auto b = run_playout(registry_with_race(), PlayoutConfig{"race", 3, {}}, 2);
  EXPECT_NE(a.final_state, b.final_state);
}

}  // namespace
}  // namespace archipel::testing
