#include "engine/core/json_read.hpp"

#include <limits>

namespace archipel::engine {

void bad_input(std::string what) {
  throw BadInput{std::move(what)};
}

const Json& field(const Json& j, std::string_view key) {
  require(j.is_object(), "expected an object holding \"" + std::string(key) + "\"");
  auto it = j.find(key);
  if (it == j.end()) bad_input("missing \"" + std::string(key) + "\"");
  return *it;
}

std::int64_t read_int64(const Json& j, std::string_view key, std::int64_t lo, std::int64_t hi) {
  const Json& v = field(j, key);
  require(v.is_number_integer(), "\"" + std::string(key) + "\" must be an integer");
  const auto x = v.get<std::int64_t>();
  if (x < lo || x > hi)
    bad_input("\"" + std::string(key) + "\" out of range (" + std::to_string(lo) + ".." +
              std::to_string(hi) + ")");
  return x;
}

int read_int(const Json& j, std::string_view key, int lo, int hi) {
  return static_cast<int>(read_int64(j, key, lo, hi));
}

bool read_bool(const Json& j, std::string_view key) {
  const Json& v = field(j, key);
  require(v.is_boolean(), "\"" + std::string(key) + "\" must be true or false");
  return v.get<bool>();
}

const std::string& read_string(const Json& j, std::string_view key) {
  return as_string(field(j, key), "\"" + std::string(key) + "\"");
}

const Json& read_array(const Json& j, std::string_view key) {
  const Json& v = field(j, key);
  require(v.is_array(), "\"" + std::string(key) + "\" must be an array");
  return v;
}

const Json& read_object(const Json& j, std::string_view key) {
  const Json& v = field(j, key);
  require(v.is_object(), "\"" + std::string(key) + "\" must be an object");
  return v;
}

int as_int(const Json& v, std::string_view what, int lo, int hi) {
  require(v.is_number_integer(), std::string(what) + " must be an integer");
  const auto x = v.get<std::int64_t>();
  if (x < lo || x > hi)
    bad_input(std::string(what) + " out of range (" + std::to_string(lo) + ".." +
              std::to_string(hi) + ")");
  return static_cast<int>(x);
}

const std::string& as_string(const Json& v, std::string_view what) {
  require(v.is_string(), std::string(what) + " must be a string");
  return v.get_ref<const std::string&>();
}

std::vector<int> read_ints(const Json& j, std::string_view key, int lo, int hi) {
  std::vector<int> out;
  const std::string what = "an element of \"" + std::string(key) + "\"";
  for (const auto& v : read_array(j, key)) out.push_back(as_int(v, what, lo, hi));
  return out;
}

std::vector<std::string> read_strings(const Json& j, std::string_view key) {
  std::vector<std::string> out;
  const std::string what = "an element of \"" + std::string(key) + "\"";
  for (const auto& v : read_array(j, key)) out.push_back(as_string(v, what));
  return out;
}

const std::string& string_or_empty(const Json& j, std::string_view key) {
  static const std::string empty;
  if (!j.is_object()) return empty;
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get_ref<const std::string&>() : empty;
}

int int_or(const Json& j, std::string_view key, int fallback) {
  if (!j.is_object()) return fallback;
  auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer()) return fallback;
  const auto v = it->get<std::int64_t>();
  return v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()
             ? fallback
             : static_cast<int>(v);
}

}  // namespace archipel::engine
