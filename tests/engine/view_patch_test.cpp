// engine/core/view_patch.hpp: the patch of a view must turn the old view into the new one (what clients rely
// on) and be the operations nlohmann's json::diff gives but for an emptied array (one replace by []), on views
// of every game (conformance_test applies it at every step) and on random trees here.

#include <optional>
#include <string>

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
    if (rng.below(6) == 0) return Json::array();  // emptied (as a seat's legal moves once it has moved)
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
  int changed = 0, folded = 0;
  for (int i = 0; i < 3000; ++i) {
    const Json from = random_tree(rng, 4);
    const Json to = mutate(from, rng, 4);
    const Json ops = view_patch(from, to);
    ASSERT_EQ(from.patch(ops), to) << "from " << from << "\nto " << to << "\nops " << ops;
    // json::diff's operations, but each array of two or more that empties is one replace by []: removing
    // those emptied arrays' element removes from json::diff's list, and putting the replace where the first
    // of them was, gives ours.
    Json expected = Json::array();
    std::optional<std::string> emptied;  // the path of the array whose removes are being folded, in that run
    for (const auto& op : Json::diff(from, to)) {
      const auto path = op["path"].get<std::string>();
      const auto parent = path.substr(0, path.rfind('/'));
      if (emptied && op["op"] == "remove" && parent == *emptied) continue;
      emptied.reset();
      if (op["op"] == "remove" && path.size() > parent.size() + 1) {
        const Json::json_pointer pointer(parent);
        const Json& array = from.at(pointer);
        if (array.is_array() && array.size() > 1 && to.contains(pointer) && to.at(pointer).empty()) {
          expected.push_back(Json{{"op", "replace"}, {"path", parent}, {"value", Json::array()}});
          emptied = parent;
          continue;
        }
      }
      expected.push_back(op);
    }
    ASSERT_EQ(ops, expected) << "from " << from << "\nto " << to;
    changed += !ops.empty();
    folded += ops.size() < Json::diff(from, to).size();
  }
  EXPECT_GT(changed, 600);  // the mutations changed most trees: the check was not vacuous
  EXPECT_GT(folded, 30);    // and emptied some arrays of two or more
}

TEST(ViewPatch, AnEmptiedArrayIsOneReplace) {
  const Json from = {{"legal", {1, 2, 3}}, {"one", {7}}, {"none", Json::array()}};
  const Json to = {{"legal", Json::array()}, {"one", Json::array()}, {"none", Json::array()}};
  const Json ops = view_patch(from, to);
  EXPECT_EQ(ops, Json::parse(R"([{"op":"replace","path":"/legal","value":[]},{"op":"remove","path":"/one/0"}])"));
  EXPECT_EQ(from.patch(ops), to);
}

}  // namespace
}  // namespace archipel::engine
