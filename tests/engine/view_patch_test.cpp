// engine/core/view_patch.hpp: the patch of a view must turn the old view into the new one (what
// clients rely on), on views of every game (conformance_test applies it at every step) and on
// random trees here; where no array changes length it is exactly the operations nlohmann's
// json::diff gives but for an emptied array (one replace by []), and it never has more operations
// than json::diff.

#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "engine/core/rng.hpp"
#include "engine/core/view_patch.hpp"

namespace archipel::engine {
namespace {

using Json = nlohmann::json;

// A random tree of small depth: objects with keys from a small pool (so two trees share keys),
// arrays, and leaves of every type, including keys that need escaping in a JSON pointer, negative
// and unsigned numbers, and text that needs escaping in JSON (a quote, a tab, accents, a byte that
// is not UTF-8), and text the writer must tell from well-formed UTF-8 as the serializer does (an
// overlong form, a surrogate, a sequence cut or broken, a code point past U+10FFFF; a euro sign, a
// palm tree, the DEL character).
Json random_tree(Rng& rng, int depth) {
  static const char* const keys[] = {"a", "b", "hand", "board", "x/y", "t~1", "", "seat", "é\"q"};
  static const char* const texts[] = {"p",
                                      "q",
                                      "r",
                                      "p",
                                      "q",
                                      "r",
                                      "tab\there",
                                      "\"quoted\"",
                                      "été",
                                      "bad \xff",
                                      "\xc0\x80",
                                      "\xed\xa0\x80 s",
                                      "cut \xe2\x82",
                                      "\xf4\x90\x80\x80",
                                      "\xe2\x82\xac 5",
                                      "\xf0\x9f\x8c\xb4\x7f",
                                      "\xe2\x82!",
                                      "\xf0\x9f\x8c!"};
  const auto kind = rng.below(depth > 0 ? 7 : 5);
  switch (kind) {
    case 0:
      return nullptr;
    case 1:
      return rng.below(2) == 1;
    case 2:
      if (rng.below(10) == 0) return std::numeric_limits<std::uint64_t>::max() - rng.below(2);
      return static_cast<int>(rng.below(5)) - 2;
    case 3:
      return std::string(texts[rng.below(std::size(texts))]);
    case 4:
      return 0.5 * static_cast<double>(rng.below(3));
    case 5: {
      Json o = Json::object();
      for (auto n = rng.below(5); n > 0; --n)
        o[keys[rng.below(std::size(keys))]] = random_tree(rng, depth - 1);
      return o;
    }
    default: {
      Json a = Json::array();
      for (auto n = rng.below(5); n > 0; --n) a.push_back(random_tree(rng, depth - 1));
      return a;
    }
  }
}

// A variation of `tree`: some nodes changed, removed or added, most kept. With `lengths_kept`,
// every array keeps its length (only its elements change), and no container is swapped for a random
// one (whose arrays would be compared with the old ones, of other lengths); else elements are also
// taken from and put anywhere in arrays.
Json mutate(const Json& tree, Rng& rng, int depth, bool lengths_kept = false) {
  if (rng.below(8) == 0 && !(lengths_kept && tree.is_structured())) return random_tree(rng, depth);
  Json out = tree;
  if (tree.is_object()) {
    for (auto& [key, value] : out.items()) value = mutate(value, rng, depth - 1, lengths_kept);
    if (rng.below(3) == 0 && !out.empty()) out.erase(out.begin());
    if (rng.below(3) == 0) out["new"] = random_tree(rng, depth - 1);
  } else if (tree.is_array()) {
    for (auto& value : out) value = mutate(value, rng, depth - 1, lengths_kept);
    if (lengths_kept) return out;
    if (rng.below(6) == 0)
      return Json::array();  // emptied (as a seat's legal moves once it has moved)
    if (rng.below(3) == 0 && !out.empty())
      out.erase(out.begin() + static_cast<long>(rng.below(out.size())));
    if (rng.below(3) == 0)
      out.insert(out.begin() + static_cast<long>(rng.below(out.size() + 1)),
                 random_tree(rng, depth - 1));
  }
  return out;
}

// json::diff's operations, but each array of two or more that empties is one replace by []:
// removing those emptied arrays' element removes from json::diff's list, and putting the replace
// where the first of them was.
Json json_diff_with_emptied_replaced(const Json& from, const Json& to) {
  Json expected = Json::array();
  std::optional<std::string>
      emptied;  // the path of the array whose removes are being folded, in that run
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
  return expected;
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

TEST(ViewPatch, RandomTreesWithArraysOfTheSameLengthMatchJsonDiff) {
  Rng rng(42);
  int changed = 0;
  for (int i = 0; i < 3000; ++i) {
    const Json from = random_tree(rng, 4);
    const Json to = mutate(from, rng, 4, /*lengths_kept=*/true);
    const Json ops = view_patch(from, to);
    ASSERT_EQ(from.patch(ops), to) << "from " << from << "\nto " << to << "\nops " << ops;
    ASSERT_EQ(ops, json_diff_with_emptied_replaced(from, to)) << "from " << from << "\nto " << to;
    changed += !ops.empty();
  }
  EXPECT_GT(changed, 600);  // the mutations changed most trees: the check was not vacuous
}

TEST(ViewPatch, RandomTreesPatchWithNoMoreOperationsThanJsonDiff) {
  Rng rng(43);
  int changed = 0, folded = 0, fewer = 0;
  for (int i = 0; i < 3000; ++i) {
    const Json from = random_tree(rng, 4);
    const Json to = mutate(from, rng, 4);
    const Json ops = view_patch(from, to);
    ASSERT_EQ(from.patch(ops), to) << "from " << from << "\nto " << to << "\nops " << ops;
    const Json expected = json_diff_with_emptied_replaced(from, to);
    ASSERT_LE(ops.size(), expected.size()) << "from " << from << "\nto " << to << "\nops " << ops;
    changed += !ops.empty();
    folded += expected.size() < Json::diff(from, to).size();
    fewer += ops.size() < expected.size();
  }
  EXPECT_GT(changed, 600);  // the mutations changed most trees: the check was not vacuous
  EXPECT_GT(folded, 30);    // emptied some arrays of two or more
  EXPECT_GT(fewer, 30);     // and took elements from or put them in the middle of some (58 of 3000)
}

TEST(ViewPatch, AnElementTakenFromTheMiddleIsOneRemove) {
  const Json from = {{"offer", {"D05", "D07", "D08", "D11", "D14"}}};
  const Json to = {{"offer", {"D05", "D08", "D11", "D14"}}};
  const Json ops = view_patch(from, to);
  EXPECT_EQ(ops, Json::parse(R"([{"op":"remove","path":"/offer/1"}])"));
  EXPECT_EQ(from.patch(ops), to);
  // json::diff replaces each element after it and removes the last.
  EXPECT_EQ(Json::diff(from, to).size(), 4u);
}

TEST(ViewPatch, AnElementPutInTheMiddleIsOneAddAtItsIndex) {
  const Json from = {{"hand", {{{"id", 1}}, {{"id", 3}}}}};
  const Json to = {{"hand", {{{"id", 1}}, {{"id", 2}}, {{"id", 3}}}}};
  const Json ops = view_patch(from, to);
  EXPECT_EQ(ops, Json::parse(R"([{"op":"add","path":"/hand/1","value":{"id":2}}])"));
  EXPECT_EQ(from.patch(ops), to);
  // Put at the end, it is appended as before.
  const Json longer = {{"hand", {{{"id", 1}}, {{"id", 3}}, {{"id", 4}}}}};
  EXPECT_EQ(view_patch(from, longer),
            Json::parse(R"([{"op":"add","path":"/hand/-","value":{"id":4}}])"));
}

TEST(ViewPatch, AnEmptiedArrayIsOneReplace) {
  const Json from = {{"legal", {1, 2, 3}}, {"one", {7}}, {"none", Json::array()}};
  const Json to = {{"legal", Json::array()}, {"one", Json::array()}, {"none", Json::array()}};
  const Json ops = view_patch(from, to);
  EXPECT_EQ(
      ops, Json::parse(
               R"([{"op":"replace","path":"/legal","value":[]},{"op":"remove","path":"/one/0"}])"));
  EXPECT_EQ(from.patch(ops), to);
}

TEST(ViewPatch, TheOwnLegalListIsReplacedWholeWhenItChanges) {
  // A seat's legal moves: from none to three, then three others (each entry changed in two fields).
  const Json none = {{"legal", Json::array()}, {"list", Json::array()}};
  const Json three = {{"legal",
                       {{{"type", "up"}, {"text", "up 1"}},
                        {{"type", "up"}, {"text", "up 2"}},
                        {{"type", "up"}, {"text", "up 3"}}}},
                      {"list", {1, 2, 3}}};
  Json others = three;
  for (int i = 0; i < 3; ++i)
    others["legal"][i] = {{"type", "down"}, {"text", "down " + std::to_string(i + 1)}};
  // From none: one replace, as any array filled from empty with more than one element.
  EXPECT_EQ(view_patch(none, three),
            Json::parse(R"([{"op":"replace","path":"/legal","value":)" + three["legal"].dump() +
                        R"(},{"op":"replace","path":"/list","value":[1,2,3]}])"));
  const Json changed = view_patch(three, others);
  EXPECT_EQ(changed, Json::parse(R"([{"op":"replace","path":"/legal","value":)" +
                                 others["legal"].dump() + "}]"));
  EXPECT_EQ(Json::diff(three, others).size(), 6u);  // json::diff: each entry's two fields
  // One field of one entry: still the whole list, where json::diff has one operation.
  Json one_changed = three;
  one_changed["legal"][1]["text"] = "up two";
  EXPECT_EQ(view_patch(three, one_changed),
            Json::parse(R"([{"op":"replace","path":"/legal","value":)" +
                        one_changed["legal"].dump() + "}]"));
  // One entry gone from the end: the whole list too.
  Json shorter = three;
  shorter["legal"].erase(2);
  EXPECT_EQ(view_patch(three, shorter), Json::parse(R"([{"op":"replace","path":"/legal","value":)" +
                                                    shorter["legal"].dump() + "}]"));
  // Unchanged: nothing.
  EXPECT_EQ(view_patch(three, three), Json::array());
  // Only the view's own list, at its top: a `legal` deeper in a view is an array as any other.
  const Json deep_from = {{"x", three}}, deep_to = {{"x", others}};
  EXPECT_EQ(view_patch(deep_from, deep_to).size(), 6u);
  EXPECT_EQ(view_patch(Json{{"x", three}}, Json{{"x", one_changed}}),
            Json::parse(R"([{"op":"replace","path":"/x/legal/1/text","value":"up two"}])"));
}

// An array filled from empty: one element is one add (no longer than a replace), several are one
// replace by the new array rather than an add each (a seat's hand dealt, its legal moves when its
// turn comes).
TEST(ViewPatch, AnEmptyArrayFilledWithSeveralElementsIsOneReplace) {
  const Json empty = {{"hand", Json::array()}};
  const Json one = {{"hand", {"a"}}};
  const Json three = {{"hand", {"a", "b", "c"}}};
  EXPECT_EQ(view_patch(empty, one), Json::parse(R"([{"op":"add","path":"/hand/-","value":"a"}])"));
  EXPECT_EQ(view_patch(empty, three),
            Json::parse(R"([{"op":"replace","path":"/hand","value":["a","b","c"]}])"));
  EXPECT_EQ(empty.patch(view_patch(empty, three)), three);
  EXPECT_EQ(Json::diff(empty, three).size(), 3u);  // json::diff: an add each
}

// A part of a view compared on its own (an entry of a section, server/audience_views.cpp): its
// operations carry the part's pointer, escaped, and apply to the whole view; a `legal` inside the
// part is an array as any other.
TEST(ViewPatch, APartComparedAtItsPointerPatchesTheWholeView) {
  const Json whole = {{"sites", {{"a/b~c", {{"owners", {0}}, {"legal", {1, 2}}}}}}, {"turn", 1}};
  Json changed = whole;
  changed["sites"]["a/b~c"] = {{"owners", {0, 2}}, {"legal", {3, 4}}};
  const std::string base = pointer_to(pointer_to(std::string(), "sites"), "a/b~c");
  EXPECT_EQ(base, "/sites/a~1b~0c");
  Json ops = Json::array();
  append_view_patch(ops, base, whole["sites"]["a/b~c"], changed["sites"]["a/b~c"]);
  EXPECT_EQ(ops, Json::parse(R"([{"op":"replace","path":"/sites/a~1b~0c/legal/0","value":3},
                                 {"op":"replace","path":"/sites/a~1b~0c/legal/1","value":4},
                                 {"op":"add","path":"/sites/a~1b~0c/owners/-","value":2}])"));
  EXPECT_EQ(whole.patch(ops), changed);

  // A member that appears, goes, or changes (an object section's entry): an add, a remove, the
  // comparison.
  const Json one = 1, two = 2;
  Json member_ops = Json::array();
  append_member_patch(member_ops, "/sites/new", nullptr, &one);
  append_member_patch(member_ops, "/turn", &one, nullptr);
  append_member_patch(member_ops, "/sites/a~1b~0c/owners/0", &one, &two);
  append_member_patch(member_ops, "/sites/none", nullptr, nullptr);
  EXPECT_EQ(
      member_ops,
      Json::parse(R"([{"op":"add","path":"/sites/new","value":1},{"op":"remove","path":"/turn"},
                                        {"op":"replace","path":"/sites/a~1b~0c/owners/0","value":2}])"));
  EXPECT_EQ(whole.patch(member_ops)["sites"]["new"], 1);
}

// What a room sends (PatchText): the same operations written straight as text, byte for byte the
// serialized array, on random trees (keys to escape, text with a quote, accents and bytes that are
// not UTF-8), on the own legal list, and with a value written as text beforehand (append_op_text).
TEST(ViewPatch, TheTextIsTheOperationsSerialized) {
  const auto serialized = [](const Json& ops) {
    return ops.dump(-1, ' ', false, Json::error_handler_t::replace);
  };
  const auto text_of = [](const std::string& base, const Json& from, const Json& to) {
    PatchText text;
    append_view_patch(text, base, from, to);
    const std::size_t count = text.size();
    return std::make_pair(std::move(text).array(), count);
  };
  Rng rng(77);
  for (int i = 0; i < 300; ++i) {
    // Mostly a tree and a changed copy (nested paths, escaped keys, removes and inserts), now and
    // then two unrelated trees.
    Json from = random_tree(rng, 3);
    Json to = i % 5 == 0 ? random_tree(rng, 3) : mutate(from, rng, 3);
    if (i % 3 == 0) {  // an invalid byte: replaced
      Json odd = Json::object();
      odd["odd \"key\"/~"] = std::string("\xc3\xa9t\xc3\xa9 \xff");
      odd["rest"] = std::move(to);
      to = std::move(odd);
    }
    const Json ops = view_patch(from, to);
    const auto [text, count] = text_of(std::string(), from, to);
    EXPECT_EQ(text, serialized(ops)) << from << " -> " << to;
    EXPECT_EQ(count, ops.size());
  }
  // The list replaced whole between other operations (`board` sorts before `legal`, `turn` after).
  const Json three = {
      {"board", 1},
      {"legal", {{{"type", "up"}, {"text", "up 1"}}, {{"type", "up"}, {"text", "up 2"}}}}};
  Json others = three;
  for (int i = 0; i < 2; ++i)
    others["legal"][i] = {{"type", "down"}, {"text", "down " + std::to_string(i)}};
  others["board"] = 2;
  others["turn"] = 2;
  const auto [text, count] = text_of(std::string(), three, others);
  EXPECT_EQ(text, serialized(view_patch(three, others)));
  EXPECT_EQ(count, 3u) << "the board, the list in one replace, then the turn";
  // An operation whose value is text already written: as the same operation with the value parsed,
  // serialized.
  PatchText with_text;
  append_view_patch(with_text, std::string(), three, others);
  append_op_text(with_text, "replace", "/legal~1x", others["legal"].dump());
  Json expected = view_patch(three, others);
  expected.push_back(Json{{"op", "replace"}, {"path", "/legal~1x"}, {"value", others["legal"]}});
  EXPECT_EQ(with_text.size(), 4u);
  EXPECT_EQ(std::move(with_text).array(), serialized(expected));
  PatchText only_text;
  append_op_text(only_text, "replace", "/legal", "[]");
  EXPECT_EQ(std::move(only_text).array(), R"([{"op":"replace","path":"/legal","value":[]}])");
  EXPECT_EQ(text_of(std::string(), three, three).first, "[]");
  // A part at its pointer, and members that appear, go or change.
  Json part_ops = Json::array();
  append_view_patch(part_ops, "/sites/a~1b~0c", three, others);
  EXPECT_EQ(text_of("/sites/a~1b~0c", three, others).first, serialized(part_ops));
  const Json one = 1, two = 2;
  PatchText members;
  Json member_ops = Json::array();
  for (const auto& [from, to] : std::vector<std::pair<const Json*, const Json*>>{
           {nullptr, &one}, {&one, nullptr}, {&one, &two}, {nullptr, nullptr}, {&three, &others}}) {
    append_member_patch(members, "/m", from, to);
    append_member_patch(member_ops, "/m", from, to);
  }
  EXPECT_EQ(members.size(), member_ops.size());
  EXPECT_EQ(std::move(members).array(), serialized(member_ops));
}

}  // namespace
}  // namespace archipel::engine
