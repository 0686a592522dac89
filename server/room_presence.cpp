// Room (server/room.hpp): who is away, and what the room does about it. A game whose players are
// all away is abandoned after --abandon-after (issue 9); an absent player's seat can be handed to a
// bot, by vote or when they ran out of time, and is taken back by /join (issue 12). Same class as
// room.cpp, on the same strand; kept apart so that each file holds one concern.
#include <algorithm>
#include <chrono>

#include <spdlog/spdlog.h>

#include "protocol/errors.hpp"
#include "server/room.hpp"
#include "server/wall_clock.hpp"

namespace archipel::server {

using protocol::ErrorCode;
using protocol::make_error;

// ---- abandoned games (issue 9, point 6) ---------------------------------------------------------

void Room::watch_presence() {
  if (table_.status != Status::playing || context_.abandon_after.count() <= 0) return;
  if (table_.someone_here()) {
    if (!away_since_ && !abandon_timer_.armed()) return;
    abandon_timer_.cancel();
    if (away_since_) context_.writer->set_away_since(table_.id, std::nullopt, strand_, [](bool) {});
    away_since_.reset();
    return;
  }
  if (abandon_timer_.armed()) return;  // already counting
  const std::int64_t now = unix_ms_now();
  if (!away_since_) {
    away_since_ = now;
    context_.writer->set_away_since(table_.id, away_since_, strand_, [](bool) {});
  }
  // Counted from when they left, which a restart keeps (the store's away_since): the time left may
  // be none.
  const auto left = std::max(std::chrono::milliseconds(*away_since_ - now) + context_.abandon_after,
                             std::chrono::milliseconds(0));
  abandon_timer_.set(weak_from_this(), LatestTimer::Clock::now() + left,
                     [](Room& r) { r.abandon(); });
}

void Room::abandon() {
  if (table_.status != Status::playing) return;
  table_.status = Status::abandoned;
  stop_stand_ins();
  handover_timer_.cancel();
  halt_clock();
  context_.metrics->games_running--;
  context_.metrics->games_abandoned++;
  context_.writer->abandon_game(table_.id, strand_, [id = table_.id](bool stored) {
    // Then a restart restores it once more, and it is abandoned again after --abandon-after.
    if (!stored) spdlog::error("event=store_abandon_failed room={}", id);
  });
  spdlog::info("event=game_abandoned room={} game={} actions={}", table_.id, table_.spec->id,
               table_.actions);
  const engine::LocalText notice{"The game in room " + std::to_string(table_.id) +
                                     " is abandoned: all its players were away too long. It ends "
                                     "without a result.",
                                 "La partie de la salle " + std::to_string(table_.id) +
                                     " est abandonnée : tous ses joueurs se sont absentés trop "
                                     "longtemps. Elle s'arrête sans résultat."};
  Audience::announce(table_, notice);  // the spectators, each in their language
  publish_room();
  if (auto o = observer_.lock()) o->room_closed(table_.id);
}

// ---- handing an absent player's seat to a bot (issue 12, point 7) -------------------------------

void Room::reset_seat_play(int seats) {
  stop_stand_ins();
  stand_in_strategy_.assign(static_cast<std::size_t>(seats), "");
  stand_ins_.assign(static_cast<std::size_t>(seats), nullptr);
  away_from_.assign(static_cast<std::size_t>(seats), std::nullopt);
  hand_over_at_ms_.assign(static_cast<std::size_t>(seats), 0);
  handover_votes_.by_target.assign(static_cast<std::size_t>(seats), {});
}

std::vector<SeatPresence> Room::presence() const {
  const auto now = std::chrono::steady_clock::now();
  std::vector<SeatPresence> out;
  for (std::size_t i = 0; i < table_.seats.size(); ++i) {
    SeatPresence p;
    if (table_.seats[i]) {
      p.name = table_.seats[i]->name;
      p.person = !table_.seats[i]->bot;
      p.present = table_.seats[i]->client != nullptr;
    }
    p.handed_over = i < stand_in_strategy_.size() && !stand_in_strategy_[i].empty();
    p.out_of_time = clock_.on() && i < clock_.out.size() && clock_.out[i];
    p.may_hand_over = p.out_of_time || (i < away_from_.size() && away_from_[i] &&
                                        now - *away_from_[i] >= context_.handover_after);
    if (!p.may_hand_over && i < hand_over_at_ms_.size()) p.hand_over_at_ms = hand_over_at_ms_[i];
    out.push_back(std::move(p));
  }
  return out;
}

void Room::track_absences() {
  if (table_.status != Status::playing || away_from_.size() != table_.seats.size()) return;
  const auto now = std::chrono::steady_clock::now();
  std::optional<std::chrono::steady_clock::time_point>
      next;  // when the next away person may be handed over
  for (std::size_t i = 0; i < table_.seats.size(); ++i) {
    const bool away = table_.seats[i] && !table_.seats[i]->bot && !table_.seats[i]->client;
    if (!away) {
      if (away_from_[i]) handover_votes_.by_target[i].clear();  // back: a vote on them starts over
      away_from_[i].reset();
      hand_over_at_ms_[i] = 0;
      continue;
    }
    if (!away_from_[i]) {
      away_from_[i] = now;
      hand_over_at_ms_[i] =
          unix_ms_now() +
          std::chrono::duration_cast<std::chrono::milliseconds>(context_.handover_after).count();
    }
    const auto due = *away_from_[i] + context_.handover_after;
    if (due > now && stand_in_strategy_[i].empty() && (!next || due < *next)) next = due;
  }
  // The room message says who may be handed over: it is sent again when someone's away time is
  // reached.
  handover_timer_.set(weak_from_this(), next, [](Room& r) {
    if (r.table_.status == Status::playing) r.publish_room();
  });
}

void Room::do_handover(const std::string& token, const std::string& who) {
  if (table_.status != Status::playing || !table_.game)
    return send_error(
        token,
        make_error(ErrorCode::handover_refused, "a seat is handed to a bot during a game only",
                   "une place ne se confie à un robot que pendant une partie"));
  if (!context_.bots)
    return send_error(token, make_error(ErrorCode::not_available, "this server offers no bots",
                                        "ce serveur n'offre pas de robots"));
  const auto seats = presence();
  const int target = seat_named(seats, who);
  if (target < 0)
    return send_error(
        token,
        make_error(ErrorCode::bad_arguments, "no seat " + who + " here (a seat number or a name)",
                   "pas de place " + who + " ici (un numéro de place ou un nom)"));
  const int voter = table_.seat_of(token);
  const bool host_alone = token == table_.host && table_.actions == 0;
  auto decision = vote_handover(handover_votes_, seats, voter, target, host_alone);
  if (decision.refused) return send_error(token, *decision.refused);
  const std::string& voter_name = seats[voter].name;
  const std::string& name = seats[target].name;
  if (!decision.hand_over) {
    const std::string count =
        " (" + std::to_string(decision.votes) + "/" + std::to_string(decision.needed) + ")";
    Audience::announce(
        table_, {voter_name + " votes to hand " + name + "'s seat to a bot" + count +
                     ": /handover " + name + " to agree",
                 voter_name + " vote pour confier la place de " + name + " à un robot" + count +
                     " : /handover " + name + " pour être d'accord"});
    return publish_room();
  }
  hand_over(target);
}

void Room::hand_over(int seat) {
  stand_in_strategy_[seat] = context_.handover_strategy;
  forget_votes(handover_votes_, seat);
  start_stand_in(seat);
  store_seat_play();
  const std::string& name = table_.seats[seat]->name;
  spdlog::info("event=seat_handed_over room={} seat={} strategy={}", table_.id, seat,
               stand_in_strategy_[seat]);
  Audience::announce(table_, {"A bot (" + stand_in_strategy_[seat] + ") plays for " + name +
                                  " until they come back: /join takes the seat back",
                              "Un robot (" + stand_in_strategy_[seat] + ") joue pour " + name +
                                  " jusqu'à son retour : /join reprend la place"});
  publish_room();
}

void Room::give_back(int seat) {
  if (stand_ins_[seat])
    stand_ins_[seat]->close();  // its move on its way, if any, is dropped (do_action)
  stand_ins_[seat] = nullptr;
  stand_in_strategy_[seat].clear();
  forget_votes(handover_votes_, seat);
  store_seat_play();
  const std::string& name = table_.seats[seat]->name;
  spdlog::info("event=seat_given_back room={} seat={}", table_.id, seat);
  Audience::announce(
      table_, {name + " takes their seat back from the bot", name + " reprend sa place au robot"});
}

void Room::start_stand_in(int seat) {
  if (!context_.bots || !table_.game) return;
  std::weak_ptr<Room> room = weak_from_this();
  auto bot =
      context_.bots->make(table_.spec->id, stand_in_strategy_[seat], context_.new_seed(),
                          [room, seat](const ClientPtr& self, protocol::ClientMessage message) {
                            if (auto r = room.lock())
                              r->post([self, seat, message = std::move(message)](Room& rr) mutable {
                                rr.on_stand_in_message(seat, self, std::move(message));
                              });
                          });
  if (!bot) {
    spdlog::error("event=stand_in_failed room={} seat={} strategy={}", table_.id, seat,
                  stand_in_strategy_[seat]);
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
  if (seat >= static_cast<int>(stand_ins_.size()) || stand_ins_[seat] != bot || !table_.seats[seat])
    return;
  if (auto* a = std::get_if<protocol::Action>(&message))
    return do_action(table_.seats[seat]->token, a->action, bot);
  if (std::holds_alternative<protocol::Sync>(message)) return send_stand_in_state(seat);
}

void Room::send_stand_in_state(int seat) {
  if (stand_ins_[seat]) audience_.state_to_stand_in(table_, *stand_ins_[seat], seat);
}

void Room::store_seat_play() {
  SeatPlay play;
  play.stand_ins = stand_in_strategy_;
  if (clock_.on()) play.clock = clock_record(clock_, std::chrono::steady_clock::now());
  play.unrated = !rated_;
  context_.writer->set_seat_play(table_.id, play, strand_, [id = table_.id](bool stored) {
    if (!stored) spdlog::error("event=store_seat_play_failed room={}", id);
  });
}

}  // namespace archipel::server
