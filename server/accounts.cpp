#include "server/accounts.hpp"

#include <sodium.h>

#include <chrono>

#include <spdlog/spdlog.h>

#include "protocol/command_parser.hpp"
#include "server/metrics.hpp"

namespace archipel::server {
namespace {

// The password's bytes, overwritten once it has served (a core dump or a reused buffer shows
// nothing).
void wipe(std::string& password) {
  if (!password.empty()) sodium_memzero(password.data(), password.size());
  password.clear();
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

Accounts::Accounts(Store& store, PasswordCost cost, std::shared_ptr<Metrics> metrics)
    : store_(store), cost_(cost), metrics_(std::move(metrics)) {}

Accounts::~Accounts() {
  pool_.join();
}

void Accounts::register_account(std::string name, std::string password, std::string token,
                                std::function<void(Registered)> done) {
  run([this, name = std::move(name), password = std::move(password), token = std::move(token),
       done = std::move(done)]() mutable {
    metrics_->password_checks++;
    auto hash = hash_password(password, cost_);
    wipe(password);
    if (!hash) {
      spdlog::error("event=account_hash_failed");
      return done(Registered::failed);
    }
    const std::string skeleton = protocol::name_skeleton(name);
    if (store_.create_account(AccountRecord{name, skeleton, *hash, now_ms()}, token)) {
      spdlog::info("event=account_registered name={}", name);
      return done(Registered::yes);
    }
    done(store_.find_account(skeleton) ? Registered::name_held : Registered::failed);
  });
}

void Accounts::login(std::string name, std::string password, std::string new_token,
                     std::function<void(std::optional<std::string>)> done) {
  run([this, name = std::move(name), password = std::move(password),
       new_token = std::move(new_token), done = std::move(done)]() mutable {
    const std::string skeleton = protocol::name_skeleton(name);
    auto account = store_.find_account(skeleton);
    metrics_->password_checks++;
    const bool matches =
        password_matches(password, account ? account->password_hash : decoy_hash(cost_));
    wipe(password);
    if (!account || !matches) {
      spdlog::info("event=login_failed");  // no name: a log must not list who is being tried
      return done(std::nullopt);
    }
    if (!store_.add_account_token(skeleton, new_token)) {
      spdlog::error("event=account_token_failed name={}", account->name);
      return done(std::nullopt);
    }
    spdlog::info("event=logged_in name={}", account->name);
    done(account->name);
  });
}

void Accounts::account_of_token(std::string token,
                                std::function<void(std::optional<std::string>)> done) {
  run([this, token = std::move(token), done = std::move(done)] {
    auto skeleton = store_.account_of_token(token);
    if (!skeleton) return done(std::nullopt);
    auto account = store_.find_account(*skeleton);
    done(account ? std::optional<std::string>(account->name) : std::nullopt);
  });
}

void Accounts::revoke(std::string name, std::string token) {
  run([this, name = std::move(name), token = std::move(token)] {
    const bool revoked = token.empty() ? store_.revoke_account_tokens(protocol::name_skeleton(name))
                                       : store_.revoke_token(token);
    if (!revoked) spdlog::error("event=token_revoke_failed name={}", name);
  });
}

}  // namespace archipel::server
