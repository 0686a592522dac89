#pragma once
// The engine's own random generator: xoshiro256** seeded through splitmix64, with its own bounded
// draw and Fisher-Yates shuffle. The standard distributions and std::shuffle are
// implementation-defined, so a game replayed by a binary built against another standard library
// could diverge; this generator cannot. Its whole state is four 64-bit words, written into the game
// state's JSON as hex strings (JSON numbers above 2^53 do not survive JavaScript readers).

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace archipel::engine {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0);

  /// Next raw 64-bit output.
  std::uint64_t next();

  /// Uniform integer in [0, n). n must be > 0. Unbiased (rejection of the short final interval).
  std::uint64_t below(std::uint64_t n);

  /// Uniform permutation of `items` (Fisher-Yates, from the back).
  template <class T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::size_t j = static_cast<std::size_t>(below(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  nlohmann::json to_json() const;
  /// Restores from to_json()'s output. Returns false (and leaves *this unchanged) on malformed
  /// input.
  bool from_json(const nlohmann::json& j);

  friend bool operator==(const Rng&, const Rng&) = default;

 private:
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace archipel::engine
