// The in-memory Store: for tests, and for running without a data folder (--data "").
#include <map>
#include <mutex>
#include <unordered_map>

#include "server/store.hpp"

namespace archipel::server {
namespace {

class MemoryStore final : public Store {
 public:
  bool save_game(const GameRecord& game) override {
    std::lock_guard lock(mutex_);
    games_[game.id] = game;
    return true;
  }
  bool append_action(RoomId room, int index, const ActionRecord& action) override {
    std::lock_guard lock(mutex_);
    auto it = games_.find(room);
    if (it == games_.end() || static_cast<int>(it->second.actions.size()) != index) return false;
    it->second.actions.push_back(action);
    return true;
  }
  bool finish_game(RoomId room, const nlohmann::json& outcome) override {
    std::lock_guard lock(mutex_);
    auto it = games_.find(room);
    if (it == games_.end()) return false;
    it->second.status = "over";
    it->second.outcome = outcome;
    return true;
  }
  bool abandon_game(RoomId room) override {
    std::lock_guard lock(mutex_);
    auto it = games_.find(room);
    if (it == games_.end()) return false;
    it->second.status = "abandoned";
    return true;
  }
  bool set_away_since(RoomId room, std::optional<std::int64_t> unix_ms) override {
    std::lock_guard lock(mutex_);
    auto it = games_.find(room);
    if (it == games_.end()) return false;
    it->second.away_since = unix_ms;
    return true;
  }
  bool set_seat_play(RoomId room, const SeatPlay& play) override {
    std::lock_guard lock(mutex_);
    auto it = games_.find(room);
    if (it == games_.end()) return false;
    it->second.play = play;
    return true;
  }
  std::vector<GameRecord> load_unfinished() override {
    std::lock_guard lock(mutex_);
    std::vector<GameRecord> out;
    for (const auto& [id, game] : games_)
      if (game.status == "playing") out.push_back(game);
    return out;
  }
  std::optional<GameRecord> load_game(RoomId room) override {
    std::lock_guard lock(mutex_);
    auto it = games_.find(room);
    if (it == games_.end()) return std::nullopt;
    return it->second;
  }
  RoomId max_room_id() override {
    std::lock_guard lock(mutex_);
    return games_.empty() ? 0 : games_.rbegin()->first;
  }
  bool create_account(const AccountRecord& account, const std::string& token) override {
    std::lock_guard lock(mutex_);
    if (!accounts_.emplace(account.skeleton, account).second) return false;
    tokens_[token] = account.skeleton;
    return true;
  }
  std::optional<AccountRecord> find_account(const std::string& skeleton) override {
    std::lock_guard lock(mutex_);
    auto it = accounts_.find(skeleton);
    if (it == accounts_.end()) return std::nullopt;
    return it->second;
  }
  std::vector<std::string> account_names() override {
    std::lock_guard lock(mutex_);
    std::vector<std::string> names;
    for (const auto& [skeleton, account] : accounts_) names.push_back(account.name);
    return names;
  }
  bool add_account_token(const std::string& skeleton, const std::string& token) override {
    std::lock_guard lock(mutex_);
    if (!accounts_.count(skeleton)) return false;
    tokens_[token] = skeleton;
    return true;
  }
  std::optional<std::string> account_of_token(const std::string& token) override {
    std::lock_guard lock(mutex_);
    auto it = tokens_.find(token);
    if (it == tokens_.end()) return std::nullopt;
    return it->second;
  }
  bool revoke_token(const std::string& token) override {
    std::lock_guard lock(mutex_);
    tokens_.erase(token);
    return true;
  }
  bool revoke_account_tokens(const std::string& skeleton) override {
    std::lock_guard lock(mutex_);
    std::erase_if(tokens_, [&](const auto& entry) { return entry.second == skeleton; });
    return true;
  }

 private:
  std::mutex mutex_;
  std::map<RoomId, GameRecord> games_;
  std::map<std::string, AccountRecord> accounts_;        // by skeleton
  std::unordered_map<std::string, std::string> tokens_;  // token -> account skeleton
};

}  // namespace

std::unique_ptr<Store> make_memory_store() {
  return std::make_unique<MemoryStore>();
}

}  // namespace archipel::server
