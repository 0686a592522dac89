// Room (server/room.hpp): the turn clock's timer and what the room does when a player runs out of
// time. The clock's arithmetic is in server/turn_clock.cpp; this is the room's side of it, on the
// room's strand.
#include <chrono>

#include <spdlog/spdlog.h>

#include "server/room.hpp"

namespace archipel::server {

// ---- the turn clock (server/turn_clock.hpp) -----------------------------------------------------

engine::Options Room::room_options() const {
  auto options = table_.options;
  if (clock_.on()) options["clock"] = clock_text(clock_.per_player);
  if (!rated_) options["rated"] = "off";
  return options;
}

void Room::run_clock() {
  set_running(clock_, table_.game ? table_.game->to_act() : std::vector<engine::Seat>{},
              std::chrono::steady_clock::now());
  arm_clock_timer();
}

void Room::halt_clock() {
  if (!clock_.on()) return;
  clock_timer_.cancel();
  stop_clock(clock_, std::chrono::steady_clock::now());
}

void Room::arm_clock_timer() {
  clock_timer_.set(weak_from_this(), next_out_of_time(clock_), [](Room& r) {
    if (r.table_.status == Status::playing) r.on_clock_timer();
  });
}

void Room::on_clock_timer() {
  const auto out = newly_out_of_time(clock_, std::chrono::steady_clock::now());
  for (const engine::Seat seat : out) {
    const std::string& name = table_.seats[seat]->name;
    spdlog::info("event=out_of_time room={} seat={}", table_.id, seat);
    Audience::announce(
        table_,
        {name + " is out of time: the others may hand the seat to a bot (/handover " + name + ")",
         name + " n'a plus de temps : les autres peuvent confier sa place à un robot (/handover " +
             name + ")"});
  }
  if (!out.empty()) {
    Audience::broadcast(table_,
                        protocol::clock_message(table_.id, clock_json(clock_, clock_.since)));
    store_seat_play();
    publish_room();  // the room message says the seat may be handed over
  }
  arm_clock_timer();
}

}  // namespace archipel::server
