#pragma once
// JsonTextWriter: a JSON value appended to a string as text, byte for byte as protocol::serialize
// writes it (json::dump: no white space, keys in order, invalid UTF-8 replaced), without building a
// copy of the value. What a move sends is written with it: the values of a patch's operations
// (PatchText, view_patch.hpp) and a seat's legal moves (ClientViews::legal_text, client_views.hpp).
//
// Objects, arrays, plain strings, integers, booleans and null are written here; the rest (a string
// to escape or to repair, a floating point number) by nlohmann's own serializer, which escapes each
// string byte by byte: a view's strings (keys, names, the texts of legal moves) rarely need it. The
// tests compare this text with the serialized value at every step of every game's playouts, and
// with random trees of every kind of string.

#include <charconv>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace archipel::engine {

class JsonTextWriter {
 public:
  /// Appends to `out`, which must outlive the writer and not move meanwhile.
  explicit JsonTextWriter(std::string& out) : out_(out) {}

  /// `value` as serialize writes it.
  void value(const nlohmann::json& value);
  /// A JSON string: `text` quoted, escaped (and repaired) as serialize writes it.
  void string(const std::string& text);
  template <class Number>
  void number(Number n) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
    out_.append(digits, end);
  }
  /// Text already written as JSON, appended as it is.
  void raw(std::string_view json_text) { out_ += json_text; }

  /// True when serialize writes `text` between quotes as it is: well-formed UTF-8 without a control
  /// character, a quote or a backslash.
  static bool plain(const std::string& text);

 private:
  void serialized(const nlohmann::json& value);

  std::string& out_;
  // nlohmann's own serializer (json::dump's), appending to out_. Made when first needed: setting
  // one up costs an allocation or two, and most values need none. Its detail namespace is the price
  // of writing values in place.
  std::optional<nlohmann::detail::serializer<nlohmann::json>> serializer_;
};

}  // namespace archipel::engine
