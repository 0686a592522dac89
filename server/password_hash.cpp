#include "server/password_hash.hpp"

#include <sodium.h>

#include <stdexcept>

namespace archipel::server {
namespace {

void init_sodium() {
  // Thread-safe and idempotent; picks the fastest implementation and seeds the random generator.
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium could not be initialized");
}

struct Limits {
  unsigned long long ops;
  std::size_t mem;
};

Limits limits(PasswordCost cost) {
  switch (cost) {
    case PasswordCost::minimum:
      return {crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN};
    case PasswordCost::interactive:
      return {crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
    case PasswordCost::moderate:
      return {crypto_pwhash_OPSLIMIT_MODERATE, crypto_pwhash_MEMLIMIT_MODERATE};
  }
  return {crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
}

}  // namespace

std::optional<PasswordCost> parse_password_cost(std::string_view text) {
  if (text == "minimum") return PasswordCost::minimum;
  if (text == "interactive") return PasswordCost::interactive;
  if (text == "moderate") return PasswordCost::moderate;
  return std::nullopt;
}

std::optional<std::string> hash_password(std::string_view password, PasswordCost cost) {
  init_sodium();
  char out[crypto_pwhash_STRBYTES];
  const Limits l = limits(cost);
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), l.ops, l.mem,
                            crypto_pwhash_ALG_ARGON2ID13) != 0)
    return std::nullopt;
  return std::string(out);
}

bool password_matches(std::string_view password, const std::string& hash) {
  init_sodium();
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

const std::string& decoy_hash(PasswordCost cost) {
  // One per cost, each made on first use only (a moderate hash takes 256 MiB for a moment).
  switch (cost) {
    case PasswordCost::minimum: {
      static const std::string hash = hash_password("decoy", cost).value_or("");
      return hash;
    }
    case PasswordCost::moderate: {
      static const std::string hash = hash_password("decoy", cost).value_or("");
      return hash;
    }
    case PasswordCost::interactive:
      break;
  }
  static const std::string hash = hash_password("decoy", PasswordCost::interactive).value_or("");
  return hash;
}

}  // namespace archipel::server
