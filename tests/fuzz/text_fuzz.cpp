// Fuzz target: protocol/text.hpp on arbitrary bytes. The first byte picks a cut length, the rest is
// the text. Properties: utf8_prefix is a prefix no longer than asked that never ends inside a
// character (so a valid text stays valid once cut); excerpt adds "…" exactly when it cut; serialize
// never throws and always yields valid UTF-8 that parses back, equal to the input when the input
// was valid; json_nesting_depth equals the parsed depth of any JSON text nlohmann accepts (up to
// the limit) and never under-counts.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "protocol/text.hpp"
#include "tests/fuzz/fuzz_check.hpp"

using namespace archipel;
using Json = nlohmann::json;

namespace {

constexpr std::size_t kLimit = 40;

// The depth of a parsed value, stopping at kLimit + 1 like json_nesting_depth.
std::size_t parsed_depth(const Json& j) {
  if (!j.is_structured()) return 0;
  std::size_t deepest = 0;
  for (const auto& child : j) {
    deepest = std::max(deepest, parsed_depth(child));
    if (deepest >= kLimit) break;
  }
  return deepest + 1;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t cut = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const bool valid = fuzz::valid_utf8(text);

  const std::string_view prefix = protocol::utf8_prefix(text, cut);
  fuzz::require(prefix.size() <= cut, "utf8_prefix kept more than max_bytes");
  fuzz::require(text.substr(0, prefix.size()) == prefix, "utf8_prefix is not a prefix");
  // On a valid text it only steps back over the character the cut falls in (at most 3 bytes).
  if (valid && text.size() > cut)
    fuzz::require(prefix.size() + 3 >= cut, "utf8_prefix cut too much");
  if (valid)
    fuzz::require(fuzz::valid_utf8(prefix), "utf8_prefix split a character of a valid text");

  const std::string cut_text = protocol::excerpt(text, cut);
  const bool was_cut = text.size() > cut;
  fuzz::require(was_cut ? cut_text == std::string(prefix) + "\u2026" : cut_text == text,
                "excerpt differs from utf8_prefix + ellipsis");
  if (valid) fuzz::require(fuzz::valid_utf8(cut_text), "excerpt of a valid text is invalid UTF-8");

  for (const std::string_view s : {text, std::string_view(cut_text)}) {
    const std::string out = protocol::serialize(Json{{"type", "chat"}, {"text", s}});
    fuzz::require(fuzz::valid_utf8(out), "serialize produced invalid UTF-8");
    const Json back = Json::parse(out, nullptr, false);
    fuzz::require(!back.is_discarded() && back["text"].is_string(),
                  "serialize output does not parse back");
    if (fuzz::valid_utf8(s)) fuzz::require(back["text"] == s, "serialize changed a valid text");
  }

  // The nesting guard against the parser: exact on every JSON text the parser accepts. nlohmann
  // stops reading at a NUL byte (what follows is ignored, found by this target), so past one the
  // guard, which counts the whole frame, may only count more, never less.
  const std::size_t counted = protocol::json_nesting_depth(text, kLimit);
  fuzz::require(counted <= kLimit + 1, "json_nesting_depth beyond limit + 1");
  if (counted <= kLimit) {
    const Json parsed = Json::parse(text, nullptr, false);
    if (!parsed.is_discarded()) {
      const std::size_t depth = parsed_depth(parsed);
      if (text.find('\0') == std::string_view::npos)
        fuzz::require(depth == counted, "json_nesting_depth differs from the parsed depth");
      else
        fuzz::require(depth <= counted, "json_nesting_depth under-counts a text with a NUL byte");
    }
  }
  return 0;
}
