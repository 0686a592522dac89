#include "engine/core/view_patch.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/any_game.hpp"  // kLegalKey

namespace archipel::engine {

// The walk's sink for PatchText (a member of it, for its text).
struct PatchText::Writer {
  PatchText& out;
  // nlohmann's own serializer (json::dump's) writes what write_value leaves to it, appending to out.text_, which
  // stays where it is while the writer lives. Made when first needed: setting one up costs an allocation or two,
  // and most parts compared need none. Its detail namespace is the price of writing values in place; the tests
  // compare this text with the serialized operations at every step of every game's playouts, so a change would
  // be caught.
  std::optional<nlohmann::detail::serializer<nlohmann::json>> values;

  struct Mark {
    std::size_t bytes, count;
  };
  std::size_t count() const { return out.count_; }
  Mark mark() const { return {out.text_.size(), out.count_}; }
  void rewind(Mark mark) {
    out.text_.resize(mark.bytes);
    out.count_ = mark.count;
  }

  // A value as the serializer writes it (json::dump: no white space, invalid UTF-8 replaced). Objects, arrays,
  // plain strings, integers, booleans and null are written here, and the rest (a string to escape, a floating
  // point number) by the serializer: it escapes each string byte by byte, and a view's strings (keys, names, the
  // texts of legal moves) rarely need it.
  void write_value(const nlohmann::json& value) {
    using Type = nlohmann::json::value_t;
    switch (value.type()) {
      case Type::object: {
        out.text_ += '{';
        bool first = true;
        for (const auto& [key, member] : value.get_ref<const nlohmann::json::object_t&>()) {
          if (!first) out.text_ += ',';
          first = false;
          write_string(key);
          out.text_ += ':';
          write_value(member);
        }
        out.text_ += '}';
        return;
      }
      case Type::array: {
        out.text_ += '[';
        bool first = true;
        for (const auto& element : value.get_ref<const nlohmann::json::array_t&>()) {
          if (!first) out.text_ += ',';
          first = false;
          write_value(element);
        }
        out.text_ += ']';
        return;
      }
      case Type::string: {  // write_string, without copying a string to escape into a JSON value
        const auto& text = value.get_ref<const std::string&>();
        return plain(text) ? quoted(text) : serialize(value);
      }
      case Type::number_integer:
        return write_number(value.get<std::int64_t>());
      case Type::number_unsigned:
        return write_number(value.get<std::uint64_t>());
      case Type::boolean:
        out.text_ += value.get<bool>() ? "true" : "false";
        return;
      case Type::null:
        out.text_ += "null";
        return;
      default:  // floating point, binary, discarded
        return serialize(value);
    }
  }
  template <class Number>
  void write_number(Number n) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
    out.text_.append(digits, end);
  }
  // A JSON string: as is between quotes when nothing in it needs escaping (a pointer of plain keys and indexes,
  // nearly always), else as the serializer writes it.
  void write_string(const std::string& text) {
    if (plain(text)) return quoted(text);
    serialize(nlohmann::json(text));
  }
  // Written as is by the serializer too (json::dump, no ASCII escapes): well-formed UTF-8 without a control
  // character, a quote or a backslash. The rest (an escape to write, or bytes that are not UTF-8, replaced)
  // goes to the serializer. French names and move texts are plain: checked here, they skip its byte-by-byte
  // decoder.
  static bool plain(const std::string& text) {
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const auto* const end = p + text.size();
    while (p < end) {
      const unsigned char c = *p;
      if (c < 0x80) {
        if (c < 0x20 || c == '"' || c == '\\') return false;
        ++p;
        continue;
      }
      const std::size_t n = utf8_sequence_length(p, end);
      if (n == 0) return false;
      p += n;
    }
    return true;
  }
  // The length of the well-formed UTF-8 sequence at `p` (Unicode, table 3-7: no overlong form, no surrogate,
  // nothing past U+10FFFF), or 0.
  static std::size_t utf8_sequence_length(const unsigned char* p, const unsigned char* end) {
    const auto left = end - p;
    const auto cont = [](unsigned char b) { return b >= 0x80 && b <= 0xbf; };
    const unsigned char c = p[0];
    if (c >= 0xc2 && c <= 0xdf) return left >= 2 && cont(p[1]) ? 2 : 0;
    if (c >= 0xe0 && c <= 0xef) {
      if (left < 3 || !cont(p[2])) return 0;
      const unsigned char lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
      return p[1] >= lo && p[1] <= hi ? 3 : 0;
    }
    if (c >= 0xf0 && c <= 0xf4) {
      if (left < 4 || !cont(p[2]) || !cont(p[3])) return 0;
      const unsigned char lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
      return p[1] >= lo && p[1] <= hi ? 4 : 0;
    }
    return 0;
  }
  void quoted(const std::string& text) {
    out.text_ += '"';
    out.text_ += text;
    out.text_ += '"';
  }
  void serialize(const nlohmann::json& value) {
    if (!values)
      values.emplace(nlohmann::detail::output_adapter<char>(out.text_), ' ', nlohmann::json::error_handler_t::replace);
    values->dump(value, false, false, 0);
  }
  // As protocol::serialize writes the operation view_patch builds: its keys sorted (op, path, value).
  void emit(const char* op, const std::string& path, const nlohmann::json* value) {
    if (out.text_.empty()) out.text_.reserve(256);  // most patches fit: not a reallocation per doubling
    out.text_ += out.count_ == 0 ? '[' : ',';
    out.text_ += R"({"op":")";
    out.text_ += op;
    out.text_ += R"(","path":)";
    write_string(path);
    if (value) {
      out.text_ += R"(,"value":)";
      write_value(*value);
    }
    out.text_ += '}';
    ++out.count_;
  }
};

namespace {

using Json = nlohmann::json;

// Where the walk puts its operations: JSON values in an array (view_patch) or JSON text (PatchText::Writer
// above). mark() and rewind() let compare_legal take back the operations it wrote for the list when one replace
// is shorter.
struct JsonSink {
  Json& ops;

  std::size_t count() const { return ops.size(); }
  std::size_t mark() const { return ops.size(); }
  void rewind(std::size_t mark) { ops.erase(ops.begin() + static_cast<std::ptrdiff_t>(mark), ops.end()); }
  // Built member by member: an initializer list would copy the value once more.
  void emit(const char* op, std::string path, const Json* value) {
    Json& added = ops.emplace_back(Json::object());
    added["op"] = op;
    added["path"] = std::move(path);
    if (value) added["value"] = *value;
  }
};

// One walk of both trees. The path to the node being compared is kept as a stack of segments (a key or an
// index) and written out as a JSON pointer only when an operation is emitted: most nodes are equal, and
// building the pointer string at every node was most of the walk's cost.
template <class Sink>
class Differ {
 public:
  Differ(Sink& ops, const std::string& base) : ops_(ops), base_(base) {}

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

  // What is at the base pointer appears, or goes.
  void added(const Json& to) { emit("add", to); }
  void removed() { emit("remove"); }

 private:
  struct Segment {
    const std::string* key;  // an object member, or nullptr for an array element
    std::size_t index;       // the element's index; kAppend for "-" (after the last)
  };
  static constexpr std::size_t kAppend = static_cast<std::size_t>(-1);

  // Both objects' keys are sorted (nlohmann's object is a std::map): one merge of the two key sequences.
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
      } else if (base_.empty() && path_.empty() && a.key() == kLegalKey && a->is_array() && b->is_array()) {
        at({&a.key(), 0}, [&] { compare_legal(a.value(), b.value()); });
        ++a, ++b;
      } else {
        at({&a.key(), 0}, [&] { compare(a.value(), b.value()); });
        ++a, ++b;
      }
    }
    for (const auto& it : added) at({&it.key(), 0}, [&] { emit("add", it.value()); });
  }

  // The view's own legal moves: replaced whole when patching them would take no fewer operations than entries.
  void compare_legal(const Json& from, const Json& to) {
    const auto mark = ops_.mark();
    const std::size_t before = ops_.count();
    compare_arrays(from, to);
    const std::size_t ops = ops_.count() - before;
    if (ops > 1 && ops >= to.size()) {
      ops_.rewind(mark);
      replace(to);
    }
  }

  void compare_arrays(const Json& from, const Json& to) {
    // An array emptied is one replace, not a remove per element: after every move the mover's `legal` empties,
    // and a dozen removes were most of that seat's patch.
    if (to.empty() && from.size() > 1) return replace(to);
    // Likewise an array filled from empty is one replace, not an add per element (a seat's `legal` when its
    // turn comes).
    if (from.empty() && to.size() > 1) return replace(to);
    // When the length changes, the equal elements at both ends are kept as they are: a card played from the middle
    // of a hand, or a tile taken from an offer, is one remove (an element put in the middle, one add), not a
    // replace of every element after it and a remove at the end. Arrays of the same length are compared index by
    // index, as json::diff does.
    const std::size_t n = from.size(), m = to.size();
    std::size_t head = 0, tail = 0;
    if (n != m) {
      const std::size_t shorter = std::min(n, m);
      while (head < shorter && from[head] == to[head]) ++head;
      while (tail < shorter - head && from[n - 1 - tail] == to[m - 1 - tail]) ++tail;
    }
    // Between the two ends: index by index over the shorter middle, then the longer one's extra elements.
    const std::size_t from_end = n - tail, to_end = m - tail;
    const std::size_t common_end = head + std::min(from_end - head, to_end - head);
    for (std::size_t i = head; i < common_end; ++i) at({nullptr, i}, [&] { compare(from[i], to[i]); });
    // Removed from the highest index down, so every index stays valid while the ops are applied in order.
    for (std::size_t i = from_end; i > common_end; --i) at({nullptr, i - 1}, [&] { emit("remove"); });
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
        path = pointer_to(std::move(path), segment.index == kAppend ? std::string("-") : std::to_string(segment.index));
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
  PatchText::Writer sink{ops, std::nullopt};
  Differ<PatchText::Writer>(sink, base).compare(from, to);
}

void append_member_patch(PatchText& ops, const std::string& path, const Json* from, const Json* to) {
  PatchText::Writer sink{ops, std::nullopt};
  member_patch(sink, path, from, to);
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
    if (c == '~') base += "~0";
    else if (c == '/') base += "~1";
    else base += c;
  }
  return base;
}

}  // namespace archipel::engine
