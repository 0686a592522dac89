// The in-memory Store: for tests, and for running without a data folder (--data "").
#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <unordered_map>
#include <utility>

#include "server/store.hpp"

namespace archipel::server {
namespace {

class MemoryStore final : public Store {
 public:
  bool save_game(const GameRecord& game) override {
    std::lock_guard lock(mutex_);
    unlist(game.id);
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
  bool finish_game(RoomId room, const nlohmann::json& outcome, std::int64_t ended_ms) override {
    std::lock_guard lock(mutex_);
    auto it = games_.find(room);
    if (it == games_.end()) return false;
    it->second.status = "over";
    it->second.outcome = outcome;
    unlist(room);
    ended_[room] = ended_ms;
    for (const auto& [seat, skeleton] : history_people(it->second.seats))
      by_player_[skeleton].insert(HistoryKey{ended_ms, room});
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
  // Each skeleton's games in an ordered set, newest first: a page is a walk from the cursor on, as
  // the SQL stores walk their index.
  std::vector<FinishedGame> finished_games(const std::string& skeleton,
                                           std::optional<HistoryCursor> after, int limit) override {
    std::lock_guard lock(mutex_);
    std::vector<FinishedGame> out;
    auto list = by_player_.find(skeleton);
    if (list == by_player_.end()) return out;
    auto it = after ? list->second.upper_bound(HistoryKey{after->ended_ms, after->room})
                    : list->second.begin();
    for (; it != list->second.end() && static_cast<int>(out.size()) < limit; ++it) {
      const GameRecord& g = games_.at(it->room);
      std::vector<SeatRecord> seats = g.seats;
      for (auto& s : seats) s.token.clear();
      out.push_back(FinishedGame{g.id, g.game, it->ended_ms, std::move(seats),
                                 g.outcome.value_or(nlohmann::json())});
    }
    return out;
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

  std::vector<PlayerRating> ratings(const std::string& game,
                                    const std::vector<std::string>& skeletons) override {
    std::lock_guard lock(mutex_);
    std::vector<PlayerRating> out;
    for (const auto& skeleton : skeletons)
      if (auto it = ratings_.find({skeleton, game}); it != ratings_.end())
        out.push_back(with_name(it->second));
    return out;
  }
  bool record_rating_changes(const std::vector<RatingChange>& changes) override {
    std::lock_guard lock(mutex_);
    for (const auto& c : changes) {  // checked first: all or nothing
      if (!accounts_.count(c.skeleton)) return false;
      if (std::any_of(history_.begin(), history_.end(), [&](const RatingChange& h) {
            return h.skeleton == c.skeleton && h.room == c.room;
          }))
        return false;
      auto it = ratings_.find({c.skeleton, c.game});
      if (it == ratings_.end() ? c.before != RatingModel{}.newcomer()
                               : it->second.rating != c.before)
        return false;
    }
    for (const auto& c : changes) {
      auto [it, added] = ratings_.try_emplace({c.skeleton, c.game});
      PlayerRating& r = it->second;
      if (added) r.skeleton = c.skeleton, r.game = c.game;
      r.rating = c.after;
      ++r.played;
      r.won += c.place == 1;
      history_.push_back(c);
    }
    return true;
  }
  std::vector<PlayerRating> top_ratings(const std::string& game, int limit) override {
    std::lock_guard lock(mutex_);
    std::vector<PlayerRating> all;
    for (const auto& [key, r] : ratings_)
      if (key.second == game) all.push_back(with_name(r));
    std::sort(all.begin(), all.end(), [](const PlayerRating& a, const PlayerRating& b) {
      const double oa = ordinal(a.rating), ob = ordinal(b.rating);
      return oa != ob ? oa > ob : a.skeleton < b.skeleton;
    });
    if (all.size() > static_cast<std::size_t>(std::max(limit, 0))) all.resize(limit);
    return all;
  }
  std::vector<PlayerRating> account_ratings(const std::string& skeleton) override {
    std::lock_guard lock(mutex_);
    std::vector<PlayerRating> out;
    for (const auto& [key, r] : ratings_)  // ordered by (skeleton, game)
      if (key.first == skeleton) out.push_back(with_name(r));
    return out;
  }
  std::vector<RatingChange> rating_history(const std::string& skeleton, int limit) override {
    std::lock_guard lock(mutex_);
    std::vector<RatingChange> out;
    for (const auto& c : history_)
      if (c.skeleton == skeleton) out.push_back(c);
    std::sort(out.begin(), out.end(), [](const RatingChange& a, const RatingChange& b) {
      return a.at_ms != b.at_ms ? a.at_ms > b.at_ms : a.room > b.room;
    });
    if (out.size() > static_cast<std::size_t>(std::max(limit, 0))) out.resize(limit);
    return out;
  }

 private:
  // A game's place in the histories, newest first (the set's order).
  struct HistoryKey {
    std::int64_t ended_ms = 0;
    RoomId room = 0;
    bool operator<(const HistoryKey& o) const {
      return ended_ms != o.ended_ms ? ended_ms > o.ended_ms : room > o.room;
    }
  };
  // Takes a game out of the histories (it is listed again when finished again).
  void unlist(RoomId room) {
    auto ended = ended_.find(room);
    if (ended == ended_.end()) return;
    for (const auto& [seat, skeleton] : history_people(games_.at(room).seats))
      by_player_[skeleton].erase(HistoryKey{ended->second, room});
    ended_.erase(ended);
  }

  PlayerRating with_name(PlayerRating r) const {
    if (auto it = accounts_.find(r.skeleton); it != accounts_.end()) r.name = it->second.name;
    return r;
  }

  std::mutex mutex_;
  std::map<RoomId, GameRecord> games_;
  std::map<std::string, AccountRecord> accounts_;        // by skeleton
  std::unordered_map<std::string, std::string> tokens_;  // token -> account skeleton
  std::map<std::pair<std::string, std::string>, PlayerRating> ratings_;  // (skeleton, game)
  std::vector<RatingChange> history_;
  std::map<std::string, std::set<HistoryKey>> by_player_;  // skeleton -> its finished games
  std::map<RoomId, std::int64_t> ended_;                   // a finished game's end time
};

}  // namespace

std::unique_ptr<Store> make_memory_store() {
  return std::make_unique<MemoryStore>();
}

}  // namespace archipel::server
