#pragma once
// A seat filled by /addbot. The bot is a client like any other: it receives the frames a browser would receive
// for its seat (room, state, patch, over), keeps its view with a ViewTracker, and answers with the same
// messages a browser sends, through the lobby. It never touches a room or a game directly, so it cannot see
// more than its seat's view. Thinking runs on a separate pool so a search never holds up the network threads.

#include <atomic>
#include <memory>
#include <string>

#include "bots/strategy.hpp"
#include "engine/core/rng.hpp"
#include "server/client.hpp"
#include "server/net.hpp"

namespace archipel::server {

class Lobby;

class BotPlayer final : public Client, public std::enable_shared_from_this<BotPlayer> {
 public:
  BotPlayer(net::any_io_executor think_executor, std::weak_ptr<Lobby> lobby, std::string game_id,
            std::unique_ptr<bots::Strategy> strategy, std::uint64_t seed, std::chrono::milliseconds delay);

  void send(Frame frame) override;
  void close() override { closed_ = true; }
  std::uint64_t id() const override { return id_; }

 private:
  void on_frame(const std::string& frame);  // on strand_

  net::strand<net::any_io_executor> strand_;
  std::weak_ptr<Lobby> lobby_;
  std::string game_id_;
  std::unique_ptr<bots::Strategy> strategy_;
  engine::Rng rng_;
  std::chrono::milliseconds delay_;
  bots::ViewTracker tracker_;
  std::int64_t room_ = 0;
  bool move_scheduled_ = false;  // a timer will choose the move: one at a time
  std::atomic<bool> closed_{false};
  std::uint64_t id_;
};

}  // namespace archipel::server
