#pragma once
// The languages a person can read Archipel in, and a text written in each of them. Everything the
// server or a game writes for a person exists in English and French (game terms are the French rule
// book's); the server picks the reader's language when it sends (a player's `hello` or `/lang`).

#include <optional>
#include <string>
#include <string_view>

namespace archipel::engine {

enum class Lang { en, fr };

/// "en" / "fr" -> the language; anything else -> nullopt.
inline std::optional<Lang> parse_lang(std::string_view code) {
  if (code == "en") return Lang::en;
  if (code == "fr") return Lang::fr;
  return std::nullopt;
}

inline std::string_view lang_code(Lang lang) {
  return lang == Lang::fr ? "fr" : "en";
}

/// One text in both languages, side by side where it is written so a translation is never far from
/// its source.
struct LocalText {
  std::string en;
  std::string fr;
  const std::string& in(Lang lang) const { return lang == Lang::fr ? fr : en; }
  friend bool operator==(const LocalText&, const LocalText&) = default;
};

}  // namespace archipel::engine
