#pragma once
// What every fuzz target shares: a property check that stops the run with a readable reason
// (libFuzzer then saves the input as crash-<sha1>), and a strict UTF-8 validator for the "every
// reply is valid UTF-8" property.

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace archipel::fuzz {

/// Aborts with `what` when `ok` is false. A broken property is a crash to libFuzzer, like an ASan
/// report.
inline void require(bool ok, const std::string& what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz property broken: %s\n", what.c_str());
  std::abort();
}

/// RFC 3629 UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF, no truncated sequence.
inline bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t len = 0;
    unsigned lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
    if (c < 0x80)
      len = 1;
    else if (c >= 0xC2 && c <= 0xDF)
      len = 2;
    else if (c == 0xE0)
      len = 3, lo = 0xA0;
    else if (c >= 0xE1 && c <= 0xEC)
      len = 3;
    else if (c == 0xED)
      len = 3, hi = 0x9F;
    else if (c >= 0xEE && c <= 0xEF)
      len = 3;
    else if (c == 0xF0)
      len = 4, lo = 0x90;
    else if (c >= 0xF1 && c <= 0xF3)
      len = 4;
    else if (c == 0xF4)
      len = 4, hi = 0x8F;
    else
      return false;
    if (i + len > s.size()) return false;
    for (std::size_t k = 1; k < len; ++k) {
      const auto b = static_cast<unsigned char>(s[i + k]);
      if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return false;
    }
    i += len;
  }
  return true;
}

}  // namespace archipel::fuzz
