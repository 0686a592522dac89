#pragma once
// object_of("type", "build", "card", kind, "site", id): a JSON object built member by member, for
// the code a move runs (actions, events, views). nlohmann's initializer list, Json{{"type",
// "build"}, {"card", kind}}, first builds every member as a two-element array (an allocation for
// the array and one for its key) and then moves it into the object: 2.4 times the time of this for
// a three-member action (a loop of a million here). Keys are written once each; a repeated key
// keeps its first value, as std::map::emplace does.

#include <string_view>
#include <utility>

#include "engine/core/game.hpp"  // Json

namespace archipel::engine {

namespace detail {
inline void put_members(Json::object_t&) {}

template <class Value, class... Rest>
void put_members(Json::object_t& members, std::string_view key, Value&& value, Rest&&... rest) {
  members.emplace(std::string(key), Json(std::forward<Value>(value)));
  put_members(members, std::forward<Rest>(rest)...);
}
}  // namespace detail

/// An object of the given members: key, value, key, value...
template <class... KeysAndValues>
Json object_of(KeysAndValues&&... members) {
  static_assert(sizeof...(KeysAndValues) % 2 == 0, "object_of takes a value after every key");
  Json::object_t out;
  detail::put_members(out, std::forward<KeysAndValues>(members)...);
  return Json(std::move(
      out));  // as a Json is made from a map: its members' parents set where nlohmann tracks them
}

}  // namespace archipel::engine
