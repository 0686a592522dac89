// free_tree (engine/core/json_free.hpp) frees a view's tree leaves first: what it leaves behind is
// an empty container of the same kind, and a value that holds no container is left as it was.

#include <gtest/gtest.h>

#include "engine/core/json_free.hpp"

namespace archipel::engine {
namespace {

TEST(FreeTree, EmptiesANestedTreeAndKeepsItsKind) {
  Json object =
      Json::parse(R"({"a":[1,{"b":[2,"three",null]},"x"],"c":{"d":{},"e":[[]]},"f":"g"})");
  free_tree(object);
  EXPECT_EQ(object, Json::object());
  Json array = Json::parse(
      R"([{"legal":[{"action":{"type":"build","site":3},"text":"build on 3"}]},[1,2],"s"])");
  free_tree(array);
  EXPECT_EQ(array, Json::array());
}

TEST(FreeTree, LeavesAValueWithoutChildrenAsItWas) {
  for (const Json& value :
       {Json("text"), Json(42), Json(nullptr), Json(true), Json::array(), Json::object()}) {
    Json copy = value;
    free_tree(copy);
    EXPECT_EQ(copy, value);
  }
}

}  // namespace
}  // namespace archipel::engine
