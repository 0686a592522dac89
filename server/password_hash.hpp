#pragma once
// Password hashes: libsodium's Argon2id (crypto_pwhash_str), a memory-hard function, so a stolen
// database costs an attacker memory as well as time for every guess. The hash string carries its
// own salt and cost, so a cost changed later still verifies the hashes made before.
//
// Hashing is slow on purpose (tens to hundreds of milliseconds, and `memlimit` bytes of memory):
// never call these on a network thread or a strand that serves other players; the accounts'
// hasher thread (server/accounts.hpp) is their only caller in the server.

#include <optional>
#include <string>
#include <string_view>

namespace archipel::server {

/// How costly a hash is. `interactive` (libsodium's OPSLIMIT/MEMLIMIT_INTERACTIVE: 2 passes over
/// 64 MiB, about 0.1-0.3 s on one core) is what libsodium recommends for logins answered while a
/// person waits, and what fits a 2-core server: one hash at a time holds 64 MiB. `moderate` (3
/// passes, 256 MiB) for a server with memory to spare. `minimum` (libsodium's lowest limits) is for
/// tests only: it protects nothing.
enum class PasswordCost { minimum, interactive, moderate };
/// "minimum", "interactive" or "moderate" (--password-cost).
std::optional<PasswordCost> parse_password_cost(std::string_view text);

/// The Argon2id string of `password` (with a fresh random salt), or nullopt when libsodium cannot
/// (out of memory).
std::optional<std::string> hash_password(std::string_view password, PasswordCost cost);
/// Whether `password` matches `hash` (a string hash_password made). False for a malformed hash.
bool password_matches(std::string_view password, const std::string& hash);
/// A hash of no one's password, made once: verified against when a login names no account, so that
/// a wrong name costs what a wrong password costs and answers alike.
const std::string& decoy_hash(PasswordCost cost);

}  // namespace archipel::server
