// Golden playthroughs (after OpenSpiel's playthrough files): for every registered game, one seeded
// game at two players (one for a solo-only game) with default options, written out step by step:
// every seat's and the spectator's full view at the start, then for each move the actor, the action
// and its /play text, every event with the line the room would read (in English, then in French
// under it, marked "fr:"), and each viewer's view patch; the outcome at the end, with each seat's
// points by source. The file is pinned under tests/engine/golden/<game>.txt, so any change to what
// a player sees or reads shows up as a readable diff. A change made on purpose is recorded with
//   ARCHIPEL_UPDATE_GOLDEN=1 ./build/tests/engine_tests --gtest_filter='Golden.*'
// and committed with it. The determinism signatures (determinism_test.cpp) cover many games
// cheaply; this covers one game of each completely, views and texts included.

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "engine/core/client_views.hpp"
#include "engine/core/registry.hpp"
#include "engine/core/rng.hpp"
#include "engine/core/view_patch.hpp"

namespace archipel::testing {
namespace {

using engine::Json;
using engine::Viewer;

const std::string kGoldenDir = ARCHIPEL_SOURCE_DIR "/tests/engine/golden/";
constexpr std::uint64_t kSeed = 2026;
// A bound, so a game that stopped ending fails here instead of writing an endless file.
constexpr int kMaxSteps = 5000;

bool updating() {
  const char* update = std::getenv("ARCHIPEL_UPDATE_GOLDEN");
  return update && *update == '1';
}

std::string viewer_name(Viewer v) {
  return v.is_spectator() ? "spectator" : "seat " + std::to_string(v.seat);
}

// The playthrough of `entry`'s game as text, one fact per line.
std::string playthrough(const engine::GameEntry& entry) {
  const auto& spec = *entry.spec;
  const int seats = std::max(spec.min_players, std::min(2, spec.max_players));
  auto created = engine::default_registry().create(spec.id, seats, {}, kSeed);
  if (!created.ok()) return "setup failed: " + created.error().message + "\n";
  auto game = std::move(created).value();

  std::vector<std::string> names;
  for (int i = 0; i < seats; ++i) names.push_back("P" + std::to_string(i + 1));
  std::vector<Viewer> viewers;
  for (int i = 0; i < seats; ++i) viewers.push_back(Viewer::of(i));
  viewers.push_back(Viewer::spectator());

  std::ostringstream out;
  out << "# " << spec.id << ", " << seats << " players, seed " << kSeed
      << ", default options; moves drawn "
      << "uniformly from the legal ones by a generator seeded alike.\n";
  std::vector<Json> views;
  for (auto v : viewers) {
    views.push_back(engine::client_view(*game, v));
    out << "view " << viewer_name(v) << " " << views.back().dump() << "\n";
  }
  engine::Rng choose(kSeed);
  for (int step = 1; step <= kMaxSteps && !game->over(); ++step) {
    const auto acting = game->to_act();  // not empty: the game is not over
    const int seat = acting[choose.below(acting.size())];
    auto moves = game->legal(seat);
    if (moves.empty()) {
      out << "seat " << seat << " acts with no legal move\n";
      break;
    }
    const auto& move = moves[choose.below(moves.size())];
    out << "\nstep " << step << ": seat " << seat << " plays " << move.text << " "
        << move.action.dump() << "\n";
    auto events = game->apply(seat, move.action);
    if (!events.ok()) {
      out << "refused: " << events.error().rule << "\n";
      break;
    }
    for (const auto& e : events.value())
      out << "event " << e.dump() << "\n  " << game->describe(e, names).en
          << "\n  fr: " << game->describe(e, names).fr << "\n";
    for (std::size_t i = 0; i < viewers.size(); ++i) {
      Json now = engine::client_view(*game, viewers[i]);
      out << "patch " << viewer_name(viewers[i]) << " " << engine::view_patch(views[i], now).dump()
          << "\n";
      views[i] = std::move(now);
    }
  }
  if (auto outcome = game->outcome()) {
    out << "\nover: scores " << Json(outcome->scores).dump() << ", places "
        << Json(outcome->places).dump() << "\n";
    for (std::size_t seat = 0; seat < outcome->breakdown.size(); ++seat) {
      out << "points by source, seat " << seat << ":";
      for (const auto& part : outcome->breakdown[seat])
        out << "\n  " << part.source << (part.detail.empty() ? "" : " " + part.detail) << " "
            << part.points << " (" << part.label.en << " / " << part.label.fr << ")";
      out << "\n";
    }
  } else
    out << "\nnot over after " << kMaxSteps << " steps\n";
  return out.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(Golden, EveryGamePlaysItsPinnedPlaythrough) {
  for (const auto& entry : engine::default_registry().games()) {
    const std::string& id = entry.spec->id;
    const std::string path = kGoldenDir + id + ".txt";
    const std::string current = playthrough(entry);
    if (updating()) {
      std::ofstream(path) << current;
      continue;
    }
    std::ifstream in(path);
    if (!in) {
      ADD_FAILURE() << id << ": no golden playthrough at " << path
                    << " (ARCHIPEL_UPDATE_GOLDEN=1 writes it)";
      continue;
    }
    std::stringstream pinned;
    pinned << in.rdbuf();
    const auto want = lines_of(pinned.str()), got = lines_of(current);
    // Name the first line that differs rather than print two long files.
    for (std::size_t i = 0; i < std::max(want.size(), got.size()); ++i) {
      const std::string w = i < want.size() ? want[i] : "<end of file>";
      const std::string g = i < got.size() ? got[i] : "<end of file>";
      if (w != g) {
        ADD_FAILURE()
            << id << ": the playthrough differs from " << path << " at line " << i + 1
            << "\n  pinned: " << w.substr(0, 400) << "\n  now:    " << g.substr(0, 400)
            << "\n(a change made on purpose: ARCHIPEL_UPDATE_GOLDEN=1, then commit the file)";
        break;
      }
    }
  }
  if (updating()) GTEST_SKIP() << "golden playthroughs written under " << kGoldenDir;
}

// The playthrough is a function of the seed and the rules only: two runs in one process agree, so a
// difference from the pinned file is a change of the game, not noise.
TEST(Golden, APlaythroughIsTheSameTwice) {
  for (const auto& entry : engine::default_registry().games())
    EXPECT_EQ(playthrough(entry), playthrough(entry)) << entry.spec->id;
}

}  // namespace
}  // namespace archipel::testing
