// Room (server/room.hpp): the turn clock's timer and what the room does when a player runs out of time. The
// clock's arithmetic is in server/turn_clock.cpp; this is the room's side of it, on the room's strand.
#include <chrono>

#include <spdlog/spdlog.h>

#include "server/room.hpp"

namespace archipel::server {

// ---- the turn clock (server/turn_clock.hpp) -------------------------------------------------------------

engine::Options Room::options_with_clock() const {
  auto options = options_;
  if (clock_.on()) options["clock"] = clock_text(clock_.per_player);
  return options;
}

void Room::run_clock() {
  set_running(clock_, game_ ? game_->to_act() : std::vector<engine::Seat>{}, std::chrono::steady_clock::now());
  arm_clock_timer();
}

void Room::halt_clock() {
  if (!clock_.on()) return;
  ++clock_epoch_;
  clock_timer_.cancel();
  stop_clock(clock_, std::chrono::steady_clock::now());
}

void Room::arm_clock_timer() {
  rearm_while_playing(clock_timer_, &Room::clock_epoch_, next_out_of_time(clock_), [](Room& r) { r.on_clock_timer(); });
}

void Room::on_clock_timer() {
  const auto out = newly_out_of_time(clock_, std::chrono::steady_clock::now());
  for (const engine::Seat seat : out) {
    const std::string& name = seats_[seat]->name;
    spdlog::info("event=out_of_time room={} seat={}", id_, seat);
    announce({name + " is out of time: the others may hand the seat to a bot (/handover " + name + ")",
              name + " n'a plus de temps : les autres peuvent confier sa place à un robot (/handover " + name + ")"});
  }
  if (!out.empty()) {
    broadcast(protocol::clock_message(id_, clock_json(clock_, clock_.since)));
    store_seat_play();
    publish_room();  // the room message says the seat may be handed over
  }
  arm_clock_timer();
}

}  // namespace archipel::server
