#include "protocol/text.hpp"

namespace archipel::protocol {

std::string_view utf8_prefix(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t end = max_bytes;
  // Step back over continuation bytes (10xxxxxx) to the start of the character that straddles the
  // cut.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

std::string excerpt(std::string_view text, std::size_t max_bytes) {
  const std::string_view kept = utf8_prefix(text, max_bytes);
  std::string out(kept);
  if (kept.size() < text.size()) out += "\u2026";
  return out;
}

namespace {

// The length in bytes of the bidirectional control that starts at text[i], or 0 if none does.
std::size_t bidi_control_at(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  if (byte(i) == 0xD8 && i + 1 < text.size() && byte(i + 1) == 0x9C) return 2;  // U+061C
  if (byte(i) != 0xE2 || i + 2 >= text.size()) return 0;
  const unsigned char b1 = byte(i + 1), b2 = byte(i + 2);
  if (b1 == 0x80 && (b2 == 0x8E || b2 == 0x8F || (b2 >= 0xAA && b2 <= 0xAE)))
    return 3;                                            // U+200E-F, U+202A-E
  if (b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9) return 3;  // U+2066-9
  return 0;
}

}  // namespace

bool has_bidi_controls(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i)
    if (bidi_control_at(text, i)) return true;
  return false;
}

std::string without_bidi_controls(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (const std::size_t n = bidi_control_at(text, i)) {
      i += n;
      continue;
    }
    out.push_back(text[i++]);
  }
  return out;
}

std::string serialize(const nlohmann::json& message) {
  return message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::size_t json_nesting_depth(std::string_view text, std::size_t limit) {
  std::size_t depth = 0;
  std::size_t deepest = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;  // the escaped character cannot end the string
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return limit + 1;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

}  // namespace archipel::protocol
