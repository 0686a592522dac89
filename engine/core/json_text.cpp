#include "engine/core/json_text.hpp"

#include <cstdint>

namespace archipel::engine {
namespace {

// The length of the well-formed UTF-8 sequence at `p` (Unicode, table 3-7: no overlong form, no
// surrogate, nothing past U+10FFFF), or 0.
std::size_t utf8_sequence_length(const unsigned char* p, const unsigned char* end) {
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

}  // namespace

void JsonTextWriter::value(const nlohmann::json& value) {
  using Type = nlohmann::json::value_t;
  switch (value.type()) {
    case Type::object: {
      out_ += '{';
      bool first = true;
      for (const auto& [key, member] : value.get_ref<const nlohmann::json::object_t&>()) {
        if (!first) out_ += ',';
        first = false;
        string(key);
        out_ += ':';
        this->value(member);
      }
      out_ += '}';
      return;
    }
    case Type::array: {
      out_ += '[';
      bool first = true;
      for (const auto& element : value.get_ref<const nlohmann::json::array_t&>()) {
        if (!first) out_ += ',';
        first = false;
        this->value(element);
      }
      out_ += ']';
      return;
    }
    case Type::string: {  // as string(), without copying a string to escape into a JSON value
      const auto& text = value.get_ref<const std::string&>();
      if (!plain(text)) return serialized(value);
      out_ += '"';
      out_ += text;
      out_ += '"';
      return;
    }
    case Type::number_integer:
      return number(value.get<std::int64_t>());
    case Type::number_unsigned:
      return number(value.get<std::uint64_t>());
    case Type::boolean:
      out_ += value.get<bool>() ? "true" : "false";
      return;
    case Type::null:
      out_ += "null";
      return;
    default:  // floating point, binary, discarded
      return serialized(value);
  }
}

void JsonTextWriter::string(const std::string& text) {
  if (!plain(text)) return serialized(nlohmann::json(text));
  out_ += '"';
  out_ += text;
  out_ += '"';
}

// Written as is by the serializer too (json::dump, no ASCII escapes). The rest (an escape to write,
// or bytes that are not UTF-8, replaced) goes to the serializer. French names and move texts are
// plain: checked here, they skip its byte-by-byte decoder.
bool JsonTextWriter::plain(const std::string& text) {
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

void JsonTextWriter::serialized(const nlohmann::json& value) {
  if (!serializer_)
    serializer_.emplace(nlohmann::detail::output_adapter<char>(out_), ' ',
                        nlohmann::json::error_handler_t::replace);
  serializer_->dump(value, false, false, 0);
}

}  // namespace archipel::engine
