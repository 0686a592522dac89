#include "engine/core/view_patch.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/client_views.hpp"  // kLegalKey
#include "engine/core/json_text.hpp"

namespace archipel::engine {

// The walk's sink for PatchText (a member of it, for its text).
struct PatchText::Writer {
  explicit Writer(PatchText& ops) : out(ops), text(ops.text_) {}

  PatchText& out;
  JsonTextWriter text;  // writes into out.text_, which stays where it is while the writer lives

  // As protocol::serialize writes the operation view_patch builds: its keys sorted (op, path,
  // value).
  void emit(const char* op, const std::string& path, const nlohmann::json* value) {
    begin(op, path);
    if (value) {
      out.text_ += R"(,"value":)";
      text.value(*value);
    }
    end();
  }
  // The same, with a value already written as JSON text.
  void emit_text(const char* op, const std::string& path, std::string_view value_text) {
    begin(op, path);
    out.text_ += R"(,"value":)";
    text.raw(value_text);
    end();
  }

 private:
  void begin(const char* op, const std::string& path) {
    if (out.text_.empty())
      out.text_.reserve(256);  // most patches fit: not a reallocation per doubling
    out.text_ += out.count_ == 0 ? '[' : ',';
    out.text_ += R"({"op":")";
    out.text_ += op;
    out.text_ += R"(","path":)";
    text.string(path);
  }
  void end() {
    out.text_ += '}';
    ++out.count_;
  }
};

namespace {

using Json = nlohmann::json;

// Where the walk puts its operations: JSON values in an array (view_patch) or JSON text
// (PatchText::Writer above).
struct JsonSink {
  Json& ops;

  // Built member by member: an initializer list would copy the value once more.
  void emit(const char* op, std::string path, const Json* value) {
    Json& added = ops.emplace_back(Json::object());
    added["op"] = op;
    added["path"] = std::move(path);
    if (value) added["value"] = *value;
  }
};

// One walk of both trees. The path to the node being compared is kept as a stack of segments (a key
// or an index) and written out as a JSON pointer only when an operation is emitted: most nodes are
// equal, and building the pointer string at every node was most of the walk's cost.
template <class Sink>
class Differ {
 public:
  Differ(Sink& ops, const std::string& base) : ops_(ops), base_(base) {}

  void compare(const Json& from, const Json& to) {
    // Numbers of different kinds (1 and 1.0, signed and unsigned) compare by value, as json's ==
    // does.
    if (from.type() != to.type() && !(from.is_number() && to.is_number())) return replace(to);
    switch (from.type()) {
      case Json::value_t::object:
        return compare_objects(from, to);
      case Json::value_t::array:
        return compare_arrays(from, to);
      default:
        if (from != to) replace(to);
    }
  }

  // What is at the base pointer appears, or goes.
  void added(const Json& to) { emit("add", to); }
  void removed() { emit("remove"); }

 private:
  struct Segment {
    const std::string* key;  // an object member, or nullptr for an array element
    std::size_t index;       // the element's index; kAppend for "-" (after the last)
  };
  static constexpr std::size_t kAppend = static_cast<std::size_t>(-1);

  // Both objects' keys are sorted (nlohmann's object is a std::map): one merge of the two key
  // sequences.
  void compare_objects(const Json& from, const Json& to) {
    auto a = from.begin(), b = to.begin();
    std::vector<Json::const_iterator> added;  // reported after the others, as json::diff does
    while (a != from.end() || b != to.end()) {
      const int order = a == from.end() ? 1 : b == to.end() ? -1 : a.key().compare(b.key());
      if (order < 0) {
        at({&a.key(), 0}, [&] { emit("remove"); });
        ++a;
      } else if (order > 0) {
        added.push_back(b);
        ++b;
      } else if (base_.empty() && path_.empty() && a.key() == kLegalKey && a->is_array() &&
                 b->is_array()) {
        at({&a.key(), 0}, [&] { compare_legal(a.value(), b.value()); });
        ++a, ++b;
      } else {
        at({&a.key(), 0}, [&] { compare(a.value(), b.value()); });
        ++a, ++b;
      }
    }
    for (const auto& it : added) at({&it.key(), 0}, [&] { emit("add", it.value()); });
  }

  // The view's own legal moves: one replace whenever they change. The server keeps a seat's list as
  // text (AudienceViews, ClientViews::legal_text) and compares it whole; patched entry by entry, a
  // list that changed would save little (under 2% of a game's patch bytes, in every game's random
  // playouts).
  void compare_legal(const Json& from, const Json& to) {
    if (from != to) replace(to);
  }

  void compare_arrays(const Json& from, const Json& to) {
    // An array emptied is one replace, not a remove per element: after every move the mover's
    // `legal` empties, and a dozen removes were most of that seat's patch.
    if (to.empty() && from.size() > 1) return replace(to);
    // Likewise an array filled from empty is one replace, not an add per element (a seat's `legal`
    // when its turn comes).
    if (from.empty() && to.size() > 1) return replace(to);
    // When the length changes, the equal elements at both ends are kept as they are: a card played
    // from the middle of a hand, or a tile taken from an offer, is one remove (an element put in
    // the middle, one add), not a replace of every element after it and a remove at the end. Arrays
    // of the same length are compared index by index, as json::diff does.
    const std::size_t n = from.size(), m = to.size();
    std::size_t head = 0, tail = 0;
    if (n != m) {
      const std::size_t shorter = std::min(n, m);
      while (head < shorter && from[head] == to[head]) ++head;
      while (tail < shorter - head && from[n - 1 - tail] == to[m - 1 - tail]) ++tail;
    }
    // Between the two ends: index by index over the shorter middle, then the longer one's extra
    // elements.
    const std::size_t from_end = n - tail, to_end = m - tail;
    const std::size_t common_end = head + std::min(from_end - head, to_end - head);
    for (std::size_t i = head; i < common_end; ++i)
      at({nullptr, i}, [&] { compare(from[i], to[i]); });
    // Removed from the highest index down, so every index stays valid while the ops are applied in
    // order.
    for (std::size_t i = from_end; i > common_end; --i)
      at({nullptr, i - 1}, [&] { emit("remove"); });
    // Inserted at their index, or appended ("/-") when nothing is kept after them.
    for (std::size_t i = common_end; i < to_end; ++i)
      at({nullptr, tail == 0 ? kAppend : i}, [&] { emit("add", to[i]); });
  }

  void replace(const Json& to) { emit("replace", to); }

  void emit(const char* op) { ops_.emit(op, pointer(), nullptr); }
  void emit(const char* op, const Json& value) { ops_.emit(op, pointer(), &value); }

  // The JSON pointer of the current node.
  std::string pointer() const {
    std::string path = base_;
    for (const auto& segment : path_) {
      if (segment.key)
        path = pointer_to(std::move(path), *segment.key);
      else
        path =
            pointer_to(std::move(path),
                       segment.index == kAppend ? std::string("-") : std::to_string(segment.index));
    }
    return path;
  }

  template <class F>
  void at(Segment segment, F&& f) {
    path_.push_back(segment);
    f();
    path_.pop_back();
  }

  Sink& ops_;
  const std::string& base_;  // the pointer of the trees compared, in the whole view
  std::vector<Segment> path_;
};

template <class Sink>
void member_patch(Sink& sink, const std::string& path, const Json* from, const Json* to) {
  Differ<Sink> differ(sink, path);
  if (from && to)
    differ.compare(*from, *to);
  else if (from)
    differ.removed();
  else if (to)
    differ.added(*to);
}

}  // namespace

Json view_patch(const Json& from, const Json& to) {
  Json ops = Json::array();
  append_view_patch(ops, std::string(), from, to);
  return ops;
}

void append_view_patch(Json& ops, const std::string& base, const Json& from, const Json& to) {
  JsonSink sink{ops};
  Differ<JsonSink>(sink, base).compare(from, to);
}

void append_member_patch(Json& ops, const std::string& path, const Json* from, const Json* to) {
  JsonSink sink{ops};
  member_patch(sink, path, from, to);
}

void append_view_patch(PatchText& ops, const std::string& base, const Json& from, const Json& to) {
  PatchText::Writer sink{ops};
  Differ<PatchText::Writer>(sink, base).compare(from, to);
}

void append_member_patch(PatchText& ops, const std::string& path, const Json* from,
                         const Json* to) {
  PatchText::Writer sink{ops};
  member_patch(sink, path, from, to);
}

void append_op_text(PatchText& ops, const char* op, const std::string& path,
                    std::string_view value_text) {
  PatchText::Writer(ops).emit_text(op, path, value_text);
}

std::string PatchText::array() && {
  if (count_ == 0) return "[]";
  text_ += ']';
  count_ = 0;
  return std::exchange(text_, std::string());
}

std::string pointer_to(std::string base, std::string_view token) {
  base += '/';
  for (char c : token) {
    if (c == '~')
      base += "~0";
    else if (c == '/')
      base += "~1";
    else
      base += c;
  }
  return base;
}

}  // namespace archipel::engine
