#include "engine/core/view_patch.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace archipel::engine {
namespace {

using Json = nlohmann::json;

// One walk of both trees. `path` is the JSON pointer of the node being compared, grown and cut back in place.
class Differ {
 public:
  explicit Differ(Json& ops) : ops_(ops) {}

  void compare(const Json& from, const Json& to) {
    // Numbers of different kinds (1 and 1.0, signed and unsigned) compare by value, as json's == does.
    if (from.type() != to.type() && !(from.is_number() && to.is_number())) return replace(to);
    switch (from.type()) {
      case Json::value_t::object: return compare_objects(from, to);
      case Json::value_t::array: return compare_arrays(from, to);
      default:
        if (from != to) replace(to);
    }
  }

 private:
  // Both objects' keys are sorted (nlohmann's object is a std::map): one merge of the two key sequences.
  void compare_objects(const Json& from, const Json& to) {
    auto a = from.begin(), b = to.begin();
    std::vector<Json::const_iterator> added;  // reported after the others, as json::diff does
    while (a != from.end() || b != to.end()) {
      const int order = a == from.end() ? 1 : b == to.end() ? -1 : a.key().compare(b.key());
      if (order < 0) {
        with_key(a.key(), [&] { ops_.push_back(Json{{"op", "remove"}, {"path", path_}}); });
        ++a;
      } else if (order > 0) {
        added.push_back(b);
        ++b;
      } else {
        with_key(a.key(), [&] { compare(a.value(), b.value()); });
        ++a, ++b;
      }
    }
    for (const auto& it : added)
      with_key(it.key(), [&] { ops_.push_back(Json{{"op", "add"}, {"path", path_}, {"value", it.value()}}); });
  }

  void compare_arrays(const Json& from, const Json& to) {
    const std::size_t common = std::min(from.size(), to.size());
    for (std::size_t i = 0; i < common; ++i) with_index(i, [&] { compare(from[i], to[i]); });
    // The tail removed from the end, so every index stays valid while the ops are applied in order.
    for (std::size_t i = from.size(); i > common; --i)
      with_index(i - 1, [&] { ops_.push_back(Json{{"op", "remove"}, {"path", path_}}); });
    for (std::size_t i = common; i < to.size(); ++i) {
      const std::size_t mark = path_.size();
      path_ += "/-";
      ops_.push_back(Json{{"op", "add"}, {"path", path_}, {"value", to[i]}});
      path_.resize(mark);
    }
  }

  void replace(const Json& to) { ops_.push_back(Json{{"op", "replace"}, {"path", path_}, {"value", to}}); }

  // A JSON pointer segment: '~' as "~0" and '/' as "~1" (RFC 6901).
  template <class F>
  void with_key(const std::string& key, F&& f) {
    const std::size_t mark = path_.size();
    path_ += '/';
    for (char c : key) {
      if (c == '~') path_ += "~0";
      else if (c == '/') path_ += "~1";
      else path_ += c;
    }
    f();
    path_.resize(mark);
  }

  template <class F>
  void with_index(std::size_t i, F&& f) {
    const std::size_t mark = path_.size();
    path_ += '/';
    path_ += std::to_string(i);
    f();
    path_.resize(mark);
  }

  Json& ops_;
  std::string path_;
};

}  // namespace

Json view_patch(const Json& from, const Json& to) {
  Json ops = Json::array();
  Differ(ops).compare(from, to);
  return ops;
}

}  // namespace archipel::engine
