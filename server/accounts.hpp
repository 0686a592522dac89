#pragma once
// The accounts' worker: registers, checks logins and revokes tokens on one thread of its own, and
// hands each answer to a callback on that thread (the lobby posts it back to its strand).
//
// Why a thread of its own: an Argon2id hash takes a good part of a second of one core and 64 MiB
// (server/password_hash.hpp). On a network thread it would stall every connection that thread
// serves; on the lobby's strand, every player's lobby; on the store writer's thread, every game's
// moves, which wait for their commit. One thread, not a pool: the server is sized for 2 cores, and
// one hash at a time bounds the memory hashing takes (64 MiB), however many log in at once; the
// login limits (server/login_limiter.hpp) bound the queue. The store calls for accounts are made
// here too (the stores are thread-safe), so none of them waits on a strand either.
//
// Passwords live only in the tasks queued here, and are wiped (sodium_memzero) once hashed or
// checked; nothing here logs them.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "server/net.hpp"
#include "server/password_hash.hpp"
#include "server/store.hpp"

namespace archipel::server {

struct Metrics;

class Accounts {
 public:
  Accounts(Store& store, PasswordCost cost, std::shared_ptr<Metrics> metrics);
  /// Finishes the tasks queued, then stops the thread.
  ~Accounts();
  Accounts(const Accounts&) = delete;
  Accounts& operator=(const Accounts&) = delete;

  /// The names of every account (read at start, on the caller's thread).
  std::vector<std::string> names() { return store_.account_names(); }

  enum class Registered { yes, name_held, failed };
  /// Creates the account `name` with `password`, `token` its first token. `done` runs on the
  /// accounts' thread.
  void register_account(std::string name, std::string password, std::string token,
                        std::function<void(Registered)> done);
  /// Checks `password` for the account whose name has the skeleton of `name`; if it matches, binds
  /// `new_token` to it. `done` gets the account's name, or nullopt for a wrong name or password
  /// alike (a name without an account is checked against a decoy hash, so it costs the same).
  void login(std::string name, std::string password, std::string new_token,
             std::function<void(std::optional<std::string>)> done);
  /// The name of the account `token` is bound to, if any.
  void account_of_token(std::string token, std::function<void(std::optional<std::string>)> done);
  /// Revokes one token, or every token of the account `name` (`token` empty).
  void revoke(std::string name, std::string token);

 private:
  template <class F>
  void run(F&& f) {
    net::post(pool_, std::forward<F>(f));
  }

  Store& store_;
  PasswordCost cost_;
  std::shared_ptr<Metrics> metrics_;
  net::thread_pool pool_{1};
};

}  // namespace archipel::server
