#include "server/bot_player.hpp"

#include <spdlog/spdlog.h>

#include "protocol/messages.hpp"
#include "server/lobby.hpp"

namespace archipel::server {
namespace {

std::atomic<std::uint64_t> next_bot_id{1ULL << 62};  // apart from WebSocket session ids

}  // namespace

BotPlayer::BotPlayer(net::any_io_executor think_executor, std::weak_ptr<Lobby> lobby, std::string game_id,
                     std::unique_ptr<bots::Strategy> strategy, std::uint64_t seed, std::chrono::milliseconds delay)
    : strand_(net::make_strand(think_executor)),
      lobby_(std::move(lobby)),
      game_id_(std::move(game_id)),
      strategy_(std::move(strategy)),
      rng_(seed),
      delay_(delay),
      id_(next_bot_id++) {}

void BotPlayer::send(Frame frame) {
  if (closed_) return;
  net::post(strand_, [self = shared_from_this(), frame = std::move(frame)] { self->on_frame(*frame); });
}

void BotPlayer::on_frame(const std::string& frame) {
  const auto message = nlohmann::json::parse(frame, nullptr, false);
  if (message.is_discarded() || closed_ || !strategy_) return;
  auto lobby = lobby_.lock();
  if (!lobby) return;
  if (message.value("type", "") == "error") {
    // A refused move (a stale view): ask for the state again; the fresh view decides.
    spdlog::debug("event=bot_error bot={} code={}", id_, message.value("code", ""));
    if (room_ != 0 && tracker_.has_view()) {
      tracker_.forget_action();
      lobby->on_message(shared_from_this(), protocol::Sync{room_});
    }
    return;
  }
  if (message.contains("room") && message["room"].is_number_integer() &&
      (message.value("type", "") == "state" || message.value("type", "") == "patch"))
    room_ = message["room"].get<std::int64_t>();
  const auto update = tracker_.on_message(message);
  if (update == bots::ViewTracker::Update::need_sync) {
    lobby->on_message(shared_from_this(), protocol::Sync{room_});
    return;
  }
  if (update != bots::ViewTracker::Update::updated || !tracker_.may_act() || move_scheduled_) return;
  // Answer after a short pause people can follow; if the view moves on meanwhile, the newest view decides.
  move_scheduled_ = true;
  auto timer = std::make_shared<net::steady_timer>(strand_, delay_);
  timer->async_wait([self = shared_from_this(), timer](error_code ec) {
    self->move_scheduled_ = false;
    if (ec || self->closed_ || !self->tracker_.may_act()) return;
    auto lobby = self->lobby_.lock();
    if (!lobby) return;
    const auto& view = self->tracker_.view();
    std::size_t choice = 0;
    try {
      choice = self->strategy_->choose(self->game_id_, view, *self->tracker_.seat(), self->rng_);
    } catch (const std::exception& e) {  // a strategy bug must not stall the room, nor end the bot thread
      spdlog::error("event=bot_strategy_failed bot={} what={}", self->id_, e.what());
    }
    if (choice >= view["legal"].size()) choice = 0;
    lobby->on_message(self, protocol::Action{self->room_, view["legal"][choice]["action"]});
    self->tracker_.acted();
  });
}

}  // namespace archipel::server
