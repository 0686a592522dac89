// Room (server/room.hpp): who is away, and what the room does about it. A game whose players are all away is
// abandoned after --abandon-after (issue 9); an absent player's seat can be handed to a bot, by vote or when they
// ran out of time, and is taken back by /join (issue 12). Same class as room.cpp, on the same strand; kept apart so
// that each file holds one concern.
#include <algorithm>
#include <chrono>

#include <spdlog/spdlog.h>

#include "protocol/errors.hpp"
#include "server/room.hpp"

namespace archipel::server {

using protocol::ErrorCode;
using protocol::make_error;

namespace {

// Wall-clock time, as the store keeps it: an away-since must mean the same after a restart.
std::int64_t unix_ms_now() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

// ---- abandoned games (issue 9, point 6) ------------------------------------------------------------------

void Room::watch_presence() {
  if (status_ != Status::playing || context_.abandon_after.count() <= 0) return;
  const bool someone_here =
      std::any_of(seats_.begin(), seats_.end(), [](const auto& s) { return s && !s->bot && s->client; });
  if (someone_here) {
    if (!away_since_ && !abandon_timer_armed_) return;
    ++presence_epoch_;
    abandon_timer_armed_ = false;
    abandon_timer_.cancel();
    if (away_since_) context_.writer->set_away_since(id_, std::nullopt, strand_, [](bool) {});
    away_since_.reset();
    return;
  }
  if (abandon_timer_armed_) return;  // already counting
  const std::int64_t now = unix_ms_now();
  if (!away_since_) {
    away_since_ = now;
    context_.writer->set_away_since(id_, away_since_, strand_, [](bool) {});
  }
  const auto left = std::chrono::milliseconds(*away_since_ - now) + context_.abandon_after;
  abandon_timer_armed_ = true;
  abandon_timer_.expires_after(std::max(left, std::chrono::milliseconds(0)));
  abandon_timer_.async_wait([self = shared_from_this(), epoch = presence_epoch_](error_code ec) {
    if (ec || epoch != self->presence_epoch_) return;
    self->abandon_timer_armed_ = false;
    self->abandon();
  });
}

void Room::abandon() {
  if (status_ != Status::playing) return;
  status_ = Status::abandoned;
  stop_stand_ins();
  handover_timer_.cancel();
  halt_clock();
  context_.metrics->games_running--;
  context_.metrics->games_abandoned++;
  context_.writer->abandon_game(id_, strand_, [id = id_](bool stored) {
    // Then a restart restores it once more, and it is abandoned again after --abandon-after.
    if (!stored) spdlog::error("event=store_abandon_failed room={}", id);
  });
  spdlog::info("event=game_abandoned room={} game={} actions={}", id_, spec_->id, actions_);
  const engine::LocalText notice{
      "The game in room " + std::to_string(id_) + " is abandoned: all its players were away too long. It ends "
          "without a result.",
      "La partie de la salle " + std::to_string(id_) + " est abandonnée : tous ses joueurs se sont absentés trop "
          "longtemps. Elle s'arrête sans résultat."};
  announce(notice);  // the spectators, each in their language
  publish_room();
  if (auto o = observer_.lock()) o->room_closed(id_);
}

// ---- handing an absent player's seat to a bot (issue 12, point 7) --------------------------------------

void Room::reset_seat_play(int seats) {
  stop_stand_ins();
  stand_in_strategy_.assign(static_cast<std::size_t>(seats), "");
  stand_ins_.assign(static_cast<std::size_t>(seats), nullptr);
  away_from_.assign(static_cast<std::size_t>(seats), std::nullopt);
  handover_votes_.by_target.assign(static_cast<std::size_t>(seats), {});
}

std::vector<SeatPresence> Room::presence() const {
  const auto now = std::chrono::steady_clock::now();
  std::vector<SeatPresence> out;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    SeatPresence p;
    if (seats_[i]) {
      p.name = seats_[i]->name;
      p.person = !seats_[i]->bot;
      p.present = seats_[i]->client != nullptr;
    }
    p.handed_over = i < stand_in_strategy_.size() && !stand_in_strategy_[i].empty();
    p.out_of_time = clock_.on() && i < clock_.out.size() && clock_.out[i];
    p.may_hand_over = p.out_of_time ||
                      (i < away_from_.size() && away_from_[i] && now - *away_from_[i] >= context_.handover_after);
    out.push_back(std::move(p));
  }
  return out;
}

void Room::track_absences() {
  if (status_ != Status::playing || away_from_.size() != seats_.size()) return;
  const auto now = std::chrono::steady_clock::now();
  std::optional<std::chrono::steady_clock::time_point> next;  // when the next away person may be handed over
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const bool away = seats_[i] && !seats_[i]->bot && !seats_[i]->client;
    if (!away) {
      if (away_from_[i]) handover_votes_.by_target[i].clear();  // back: a vote on them starts over
      away_from_[i].reset();
      continue;
    }
    if (!away_from_[i]) away_from_[i] = now;
    const auto due = *away_from_[i] + context_.handover_after;
    if (due > now && stand_in_strategy_[i].empty() && (!next || due < *next)) next = due;
  }
  // The room message says who may be handed over: it is sent again when someone's away time is reached.
  rearm_while_playing(handover_timer_, &Room::handover_epoch_, next, [](Room& r) { r.publish_room(); });
}

void Room::do_handover(const std::string& token, const std::string& who) {
  if (status_ != Status::playing || !game_)
    return send_error(token, make_error(ErrorCode::handover_refused, "a seat is handed to a bot during a game only",
                                        "une place ne se confie à un robot que pendant une partie"));
  if (!context_.bots)
    return send_error(token, make_error(ErrorCode::not_available, "this server offers no bots", "ce serveur n'offre pas de robots"));
  const auto seats = presence();
  const int target = seat_named(seats, who);
  if (target < 0)
    return send_error(token, make_error(ErrorCode::bad_arguments, "no seat " + who + " here (a seat number or a name)",
                                        "pas de place " + who + " ici (un numéro de place ou un nom)"));
  const int voter = seat_of(token);
  const bool host_alone = token == host_ && actions_ == 0;
  auto decision = vote_handover(handover_votes_, seats, voter, target, host_alone);
  if (decision.refused) return send_error(token, *decision.refused);
  const std::string& voter_name = seats[voter].name;
  const std::string& name = seats[target].name;
  if (!decision.hand_over) {
    const std::string count = " (" + std::to_string(decision.votes) + "/" + std::to_string(decision.needed) + ")";
    announce({voter_name + " votes to hand " + name + "'s seat to a bot" + count + ": /handover " + name + " to agree",
              voter_name + " vote pour confier la place de " + name + " à un robot" + count + " : /handover " + name +
                  " pour être d'accord"});
    return publish_room();
  }
  hand_over(target);
}

void Room::hand_over(int seat) {
  stand_in_strategy_[seat] = context_.handover_strategy;
  forget_votes(handover_votes_, seat);
  start_stand_in(seat);
  store_seat_play();
  const std::string& name = seats_[seat]->name;
  spdlog::info("event=seat_handed_over room={} seat={} strategy={}", id_, seat, stand_in_strategy_[seat]);
  announce({"A bot (" + stand_in_strategy_[seat] + ") plays for " + name + " until they come back: /join takes the seat back",
            "Un robot (" + stand_in_strategy_[seat] + ") joue pour " + name + " jusqu'à son retour : /join reprend la place"});
  publish_room();
}

void Room::give_back(int seat) {
  if (stand_ins_[seat]) stand_ins_[seat]->close();  // its move on its way, if any, is dropped (do_action)
  stand_ins_[seat] = nullptr;
  stand_in_strategy_[seat].clear();
  forget_votes(handover_votes_, seat);
  store_seat_play();
  const std::string& name = seats_[seat]->name;
  spdlog::info("event=seat_given_back room={} seat={}", id_, seat);
  announce({name + " takes their seat back from the bot", name + " reprend sa place au robot"});
}

void Room::start_stand_in(int seat) {
  if (!context_.bots || !game_) return;
  std::weak_ptr<Room> room = weak_from_this();
  auto bot = context_.bots->make(spec_->id, stand_in_strategy_[seat], context_.new_seed(),
                                 [room, seat](const ClientPtr& self, protocol::ClientMessage message) {
                                   if (auto r = room.lock())
                                     r->post([self, seat, message = std::move(message)](Room& rr) mutable {
                                       rr.on_stand_in_message(seat, self, std::move(message));
                                     });
                                 });
  if (!bot) {
    spdlog::error("event=stand_in_failed room={} seat={} strategy={}", id_, seat, stand_in_strategy_[seat]);
    return;
  }
  stand_ins_[seat] = std::move(bot);
  send_stand_in_state(seat);
}

void Room::stop_stand_ins() {
  for (auto& bot : stand_ins_)
    if (bot) bot->close();
}

void Room::on_stand_in_message(int seat, const ClientPtr& bot, protocol::ClientMessage message) {
  if (seat >= static_cast<int>(stand_ins_.size()) || stand_ins_[seat] != bot || !seats_[seat]) return;
  if (auto* a = std::get_if<protocol::Action>(&message)) return do_action(seats_[seat]->token, a->action, bot);
  if (std::holds_alternative<protocol::Sync>(message)) return send_stand_in_state(seat);
}

void Room::send_stand_in_state(int seat) {
  if (!game_ || !stand_ins_[seat]) return;
  stand_ins_[seat]->send(text_frame(protocol::state_frame(
      id_, version_, views_.full_view(*game_, engine::Viewer::of(seat)), seat, static_text_, {})));
}

void Room::store_seat_play() {
  SeatPlay play;
  play.stand_ins = stand_in_strategy_;
  if (clock_.on()) play.clock = clock_record(clock_, std::chrono::steady_clock::now());
  context_.writer->set_seat_play(id_, play, strand_, [id = id_](bool stored) {
    if (!stored) spdlog::error("event=store_seat_play_failed room={}", id);
  });
}

}  // namespace archipel::server
