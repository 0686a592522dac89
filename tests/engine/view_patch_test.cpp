// engine/core/view_patch.hpp: the patch of a view must turn the old view into the new one (what clients rely
// on) and be exactly the operations nlohmann's json::diff gives (what clients were written against), on views
// of every game (conformance_test applies it at every step) and on random trees here.

#include <gtest/gtest.h>

#include "engine/core/rng.hpp"
#include "engine/core/view_patch.hpp"

namespace archipel::engine {
namespace {

using Json = nlohmann::json;

// A random tree of small depth: objects with keys from a small pool (so two trees share keys), arrays, and
// leaves of every type, including keys that need escaping in a JSON pointer.
Json random_tree(Rng& rng, int depth) {
  static const char* const keys[] = {"a", "b", "hand", "board", "x/y", "t~1", "", "seat"};
  const auto kind = rng.below(depth > 0 ? 7 : 5);
  switch (kind) {
    case 0: return nullptr;
    case 1: return rng.below(2) == 1;
    case 2: return static_cast<int>(rng.below(5));
    case 3: return std::string(1, static_cast<char>('p' + rng.below(3)));
    case 4: return 0.5 * static_cast<double>(rng.below(3));
    case 5: {
      Json o = Json::object();
      for (auto n = rng.below(5); n > 0; --n) o[keys[rng.below(std::size(keys))]] = random_tree(rng, depth - 1);
      return o;
    }
    default: {
      Json a = Json::array();
      for (auto n = rng.below(5); n > 0; --n) a.push_back(random_tree(rng, depth - 1));
      return a;
    }
  }
}

// A variation of `tree`: some nodes changed, removed or added, most kept.
Json mutate(const Json& tree, Rng& rng, int depth) {
  if (rng.below(8) == 0) return random_tree(rng, depth);
  Json out = tree;
  if (tree.is_object()) {
    for (auto& [key, value] : out.items()) value = mutate(value, rng, depth - 1);
    if (rng.below(3) == 0 && !out.empty()) out.erase(out.begin());
    if (rng.below(3) == 0) out["new"] = random_tree(rng, depth - 1);
  } else if (tree.is_array()) {
    for (auto& value : out) value = mutate(value, rng, depth - 1);
    if (rng.below(3) == 0 && !out.empty()) out.erase(out.end() - 1);
    if (rng.below(3) == 0) out.push_back(random_tree(rng, depth - 1));
  }
  return out;
}

TEST(ViewPatch, EqualViewsGiveNoOperation) {
  const Json v = {{"a", {1, 2, {{"b", "c"}}}}, {"d", nullptr}};
  EXPECT_EQ(view_patch(v, v), Json::array());
}

TEST(ViewPatch, EscapesKeysAndRemovesArrayTailsFromTheEnd) {
  const Json from = {{"x/y", 1}, {"list", {1, 2, 3, 4}}};
  const Json to = {{"x/y", 2}, {"list", {1}}, {"t~", true}};
  const Json ops = view_patch(from, to);
  EXPECT_EQ(ops, Json::parse(R"([
    {"op":"remove","path":"/list/3"},{"op":"remove","path":"/list/2"},{"op":"remove","path":"/list/1"},
    {"op":"replace","path":"/x~1y","value":2},{"op":"add","path":"/t~0","value":true}])"));
  EXPECT_EQ(from.patch(ops), to);
}

TEST(ViewPatch, RandomTreesPatchAndMatchJsonDiff) {
  Rng rng(42);
  int changed = 0;
  for (int i = 0; i < 3000; ++i) {
    const Json from = random_tree(rng, 4);
    const Json to = mutate(from, rng, 4);
    const Json ops = view_patch(from, to);
    ASSERT_EQ(from.patch(ops), to) << "from " << from << "\nto " << to << "\nops " << ops;
    ASSERT_EQ(ops, Json::diff(from, to)) << "from " << from << "\nto " << to;
    changed += !ops.empty();
  }
  EXPECT_GT(changed, 600);  // the mutations changed most trees: the check was not vacuous
}

}  // namespace
}  // namespace archipel::engine
