#pragma once
// One table per enum, driving both its wire name and its parsing, so the two can never drift apart.
//
//   enum class Phase { setup, play, over };
//   inline constexpr EnumNames<Phase, 3> kPhaseNames{{{{Phase::setup, "setup"}, {Phase::play,
//   "play"},
//                                                      {Phase::over, "over"}}}};
//   kPhaseNames.name(Phase::play)          -> "play"
//   kPhaseNames.parse("over")              -> Phase::over (nullopt for an unknown name)
//   kPhaseNames.read(j, "phase")           -> Phase, or BadInput naming the field (json_read.hpp)

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/json_read.hpp"

namespace archipel::engine {

template <class E>
struct EnumName {
  E value;
  std::string_view name;
};

template <class E, std::size_t N>
struct EnumNames {
  std::array<EnumName<E>, N> entries;

  constexpr std::string_view name(E value) const {
    for (const auto& e : entries)
      if (e.value == value) return e.name;
    return "?";
  }
  constexpr std::optional<E> parse(std::string_view text) const {
    for (const auto& e : entries)
      if (e.name == text) return e.value;
    return std::nullopt;
  }
  /// Reads the member `key` of `j` as one of the names; BadInput otherwise.
  E read(const Json& j, std::string_view key) const {
    return of(field(j, key), "\"" + std::string(key) + "\"");
  }
  /// Reads a value (an array element) as one of the names; BadInput otherwise.
  E of(const Json& v, std::string_view what) const {
    const std::string& text = as_string(v, what);
    if (auto e = parse(text)) return *e;
    bad_input(std::string(what) + ": unknown value '" + text + "'");
  }
  constexpr std::size_t size() const { return N; }
};

}  // namespace archipel::engine
