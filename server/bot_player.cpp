// A seat filled by /addbot. The bot is a client like any other: it receives the frames a browser
// would receive for its seat (room, state, patch, over), keeps its view with a ViewTracker, and
// answers with the messages a browser sends, through `submit`. It never touches a room or a game
// directly, so it cannot see more than its seat's view. Thinking runs on its own executor so a
// search never holds up the network threads. The thinking budget follows the room's turn clock
// (bot_think_ms), read from the `clock` messages every seat receives.
#include "server/bot_player.hpp"

#include <algorithm>
#include <atomic>

#include <spdlog/spdlog.h>

#include "bots/strategy.hpp"
#include "engine/core/rng.hpp"

namespace archipel::server {
namespace {

std::atomic<std::uint64_t> next_bot_id{1ULL << 62};  // apart from WebSocket session ids

constexpr int kBotThinkMs = 1000;       // without a clock: 1 s of one core a move
constexpr int kBotThinkMinMs = 10;      // a short clock still leaves a few playouts
constexpr int kClockMovesPerSeat = 40;  // a seat's moves in a game, to spread its bank over

bots::StrategyOptions hosted_options(int think_ms) {
  bots::StrategyOptions options;
  options.think_ms = think_ms;
  return options;
}

class BotPlayer final : public Client, public std::enable_shared_from_this<BotPlayer> {
 public:
  BotPlayer(net::any_io_executor think_executor, SubmitMessage submit, std::string game_id,
            std::string strategy_name, std::unique_ptr<bots::Strategy> strategy, std::uint64_t seed,
            std::chrono::milliseconds delay)
      : strand_(net::make_strand(think_executor)),
        submit_(std::move(submit)),
        game_id_(std::move(game_id)),
        strategy_name_(std::move(strategy_name)),
        strategy_(std::move(strategy)),
        rng_(seed),
        delay_(delay),
        id_(next_bot_id++) {}

  void send(Frame frame) override {
    if (closed_) return;
    net::post(strand_,
              [self = shared_from_this(), frame = std::move(frame)] { self->on_frame(*frame); });
  }
  void close() override { closed_ = true; }
  std::uint64_t id() const override { return id_; }

 private:
  void on_frame(const std::string& frame);  // on strand_
  void submit(protocol::ClientMessage message) { submit_(shared_from_this(), std::move(message)); }
  void on_clock(const nlohmann::json& message);  // on strand_

  net::strand<net::any_io_executor> strand_;
  SubmitMessage submit_;
  std::string game_id_;
  std::string strategy_name_;
  std::unique_ptr<bots::Strategy> strategy_;
  int think_ms_ = kBotThinkMs;
  engine::Rng rng_;
  std::chrono::milliseconds delay_;
  bots::ViewTracker tracker_;
  std::int64_t room_ = 0;
  bool move_scheduled_ = false;  // a timer will choose the move: one at a time
  std::atomic<bool> closed_{false};
  std::uint64_t id_;
};

void BotPlayer::on_frame(const std::string& frame) {
  const auto message = nlohmann::json::parse(frame, nullptr, false);
  if (message.is_discarded() || closed_ || !strategy_) return;
  if (message.value("type", "") == "error") {
    // A refused move (a stale view): ask for the state again; the fresh view decides.
    spdlog::debug("event=bot_error bot={} code={}", id_, message.value("code", ""));
    if (room_ != 0 && tracker_.has_view()) {
      tracker_.forget_action();
      submit(protocol::Sync{room_});
    }
    return;
  }
  if (message.value("type", "") == "clock") return on_clock(message);
  if (message.contains("room") && message["room"].is_number_integer() &&
      (message.value("type", "") == "state" || message.value("type", "") == "patch"))
    room_ = message["room"].get<std::int64_t>();
  const auto update = tracker_.on_message(message);
  if (update == bots::ViewTracker::Update::need_sync) return submit(protocol::Sync{room_});
  if (update != bots::ViewTracker::Update::updated || !tracker_.may_act() || move_scheduled_)
    return;
  // Answer after a short pause people can follow; if the view moves on meanwhile, the newest view
  // decides.
  move_scheduled_ = true;
  auto timer = std::make_shared<net::steady_timer>(strand_, delay_);
  timer->async_wait([self = shared_from_this(), timer](error_code ec) {
    self->move_scheduled_ = false;
    if (ec || self->closed_ || !self->tracker_.may_act()) return;
    const auto& view = self->tracker_.view();
    std::size_t choice = 0;
    try {
      choice = self->strategy_->choose(self->game_id_, view, *self->tracker_.seat(), self->rng_);
    } catch (const std::exception&
                 e) {  // a strategy bug must not stall the room, nor end the bot thread
      spdlog::error("event=bot_strategy_failed bot={} what={}", self->id_, e.what());
    }
    if (choice >= view["legal"].size()) choice = 0;
    self->submit(protocol::Action{self->room_, view["legal"][choice]["action"]});
    self->tracker_.acted();
  });
}

void BotPlayer::on_clock(const nlohmann::json& message) {
  const auto per_player = message.find("per_player_ms");
  if (per_player == message.end() || !per_player->is_number_integer()) return;
  const int think_ms = bot_think_ms(per_player->get<std::int64_t>());
  if (think_ms == think_ms_) return;
  // Strategies keep nothing between moves: a new one with the new budget plays on from the view.
  if (auto resized = bots::make_strategy(strategy_name_, hosted_options(think_ms))) {
    strategy_ = std::move(resized);
    think_ms_ = think_ms;
  }
}

class StrategyBotFactory final : public BotFactory {
 public:
  StrategyBotFactory(net::any_io_executor think_executor, std::chrono::milliseconds delay)
      : think_executor_(std::move(think_executor)), delay_(delay) {}

  std::vector<std::string> strategies() const override { return bots::strategy_names(); }

  ClientPtr make(const std::string& game_id, const std::string& strategy, std::uint64_t seed,
                 SubmitMessage submit) override {
    auto chosen = bots::make_strategy(strategy, hosted_options(kBotThinkMs));
    if (!chosen) return nullptr;
    return std::make_shared<BotPlayer>(think_executor_, std::move(submit), game_id, strategy,
                                       std::move(chosen), seed, delay_);
  }

 private:
  net::any_io_executor think_executor_;
  std::chrono::milliseconds delay_;
};

}  // namespace

int bot_think_ms(std::int64_t clock_per_player_ms) {
  if (clock_per_player_ms <= 0) return kBotThinkMs;
  const std::int64_t tenth_of_a_move = clock_per_player_ms / kClockMovesPerSeat / 10;
  return static_cast<int>(std::clamp<std::int64_t>(tenth_of_a_move, kBotThinkMinMs, kBotThinkMs));
}

std::shared_ptr<BotFactory> make_bot_factory(net::any_io_executor think_executor,
                                             std::chrono::milliseconds delay) {
  return std::make_shared<StrategyBotFactory>(std::move(think_executor), delay);
}

}  // namespace archipel::server
