#include "engine/core/rng.hpp"

#include <cstdio>
#include <string>

namespace archipel::engine {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

}  // namespace

Rng::Rng(std::uint64_t seed) {
  for (auto& word : s_) word = splitmix64(seed);
}

std::uint64_t Rng::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint64_t Rng::below(std::uint64_t n) {
  // Reject the values in the incomplete top interval so every residue is equally likely.
  const std::uint64_t limit = UINT64_MAX - (UINT64_MAX % n);
  std::uint64_t x;
  do {
    x = next();
  } while (x >= limit);
  return x % n;
}

nlohmann::json Rng::to_json() const {
  nlohmann::json words = nlohmann::json::array();
  for (auto word : s_) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(word));
    words.push_back(std::string(buf));
  }
  return words;
}

bool Rng::from_json(const nlohmann::json& j) {
  if (!j.is_array() || j.size() != 4) return false;
  std::array<std::uint64_t, 4> words{};
  for (std::size_t i = 0; i < 4; ++i) {
    if (!j[i].is_string()) return false;
    const std::string& text = j[i].get_ref<const std::string&>();
    if (text.size() != 16) return false;
    std::uint64_t value = 0;
    for (char c : text) {
      int digit;
      if (c >= '0' && c <= '9')
        digit = c - '0';
      else if (c >= 'a' && c <= 'f')
        digit = c - 'a' + 10;
      else
        return false;
      value = value << 4 | static_cast<std::uint64_t>(digit);
    }
    words[i] = value;
  }
  if (words == std::array<std::uint64_t, 4>{}) return false;  // the all-zero state is a fixed point
  s_ = words;
  return true;
}

}  // namespace archipel::engine
