// Room (server/room.hpp): playing. An action is checked, stored, then applied, one at a time
// (validate, store, apply: a crash after the store replays it; before it, nobody saw it); its
// patches go to the audience, and the end of the game is stored and told. Same class as room.cpp,
// on the same strand.
#include <algorithm>
#include <optional>

#include <spdlog/spdlog.h>

#include "protocol/command_parser.hpp"
#include "protocol/errors.hpp"
#include "server/rated_game.hpp"
#include "server/room.hpp"
#include "server/wall_clock.hpp"

namespace archipel::server {

using nlohmann::json;
using protocol::ErrorCode;
using protocol::make_error;

namespace {

// Moves that arrive while one is being stored wait; past this many the room says so instead of
// queuing.
constexpr std::size_t kMaxWaitingActions = 64;

// The places are kept for a player's history (/history): the game's own, shared ones included.
json outcome_json(const engine::Outcome& o) {
  return json{{"scores", o.scores}, {"ranking", o.ranking}, {"places", o.places}};
}

}  // namespace

// ---- playing ------------------------------------------------------------------------------------

void Room::do_action(const std::string& token, const json& action, const ClientPtr& stand_in) {
  if (storing_) {  // the previous action is being stored: this one is checked once that one is
                   // applied
    if (waiting_actions_.size() >= kMaxWaitingActions)
      return refuse_move(
          token, stand_in,
          make_error(ErrorCode::rate_limited, "too many moves at once; wait for the last one",
                     "trop de coups à la fois ; attendez le dernier"));
    waiting_actions_.push_back(WaitingAction{token, action, stand_in});
    return;
  }
  const int seat = table_.seat_of(token);
  if (seat < 0)
    return send_error(
        token, make_error(ErrorCode::not_in_room,
                          "you are not seated in room " + std::to_string(table_.id),
                          "vous n'êtes pas assis dans la salle " + std::to_string(table_.id)));
  if (!table_.game || table_.status == Status::waiting)
    return send_error(token, not_started_error());
  // A handed-over seat is played by its bot alone; a bot whose seat was given back stops before
  // this move.
  const ClientPtr playing_for =
      seat < static_cast<int>(stand_ins_.size()) ? stand_ins_[seat] : nullptr;
  if (stand_in && stand_in != playing_for) return;
  if (!stand_in && playing_for)
    return send_error(token, make_error(ErrorCode::handover_refused,
                                        "a bot plays your seat: /join to take it back",
                                        "un robot joue votre place : /join pour la reprendre"));
  // Validate, store, then apply: the action is stored before anything is sent (a crash after the
  // store replays it; before it, nobody saw it), and a refused or unstored action leaves nothing to
  // undo.
  if (auto refused = table_.game->refusal(seat, action))
    return refuse_move(token, stand_in, with_whom_to_wait_for(*refused));
  storing_ = true;
  // The writer calls back once: its copy of the action moves on to the room's strand (a JSON copy
  // is one allocation per node).
  context_.writer->append_action(
      table_.id, table_.actions, ActionRecord{seat, action}, strand_,
      [self = shared_from_this(), token, seat, action, stand_in](bool stored) mutable {
        std::string key = token;
        self->post([token = std::move(token), seat, action = std::move(action),
                    stand_in = std::move(stand_in),
                    stored](Room& r) { r.on_stored(token, seat, action, stored, stand_in); },
                   std::move(key));
      });
}

void Room::refuse_move(const std::string& token, const ClientPtr& stand_in,
                       const protocol::Error& error) {
  if (!stand_in) return send_error(token, error);
  send_error_to(*stand_in, error);  // a stand-in bot's client reads English
}

void Room::on_stored(const std::string& token, int seat, const json& action, bool stored,
                     const ClientPtr& stand_in) {
  storing_ = false;
  if (!stored) {
    refuse_move(token, stand_in,
                protocol::Error{"storage_failed", "the move could not be saved; try again",
                                "le coup n'a pas pu être enregistré ; réessayez"});
  } else if (auto events = table_.game->apply_accepted(seat, action); !events.ok()) {
    // do_action checked it (refusal) before the store, and nothing else moves while a move is
    // stored. A game that refuses one of its own legal actions: a bug, stored but not applied.
    spdlog::critical("event=legal_action_refused room={} rule={} message=\"{}\"", table_.id,
                     events.error().rule, events.error().message);
    send_error(token, make_error(ErrorCode::server_error, "the server failed on your last move",
                                 "le serveur a échoué sur votre dernier coup"));
  } else {
    ++table_.actions;
    context_.metrics->actions_applied++;
    const auto names = table_.seat_names();
    const std::size_t first_line = table_.log.size();
    const std::int64_t now = unix_ms_now();
    for (const auto& e : events.value()) table_.add_log_line(table_.game->describe(e, names), now);
    audience_.after_move(table_, stand_ins_, seat, first_line);
    finish_if_over();
    if (table_.status == Status::playing &&
        clock_.on()) {  // the turn has moved: other banks run now
      run_clock();
      Audience::broadcast(table_,
                          protocol::clock_message(table_.id, clock_json(clock_, clock_.since)));
      store_seat_play();
    }
  }
  while (!storing_ && !waiting_actions_.empty()) {
    auto next = std::move(waiting_actions_.front());
    waiting_actions_.pop_front();
    do_action(next.token, next.action, next.stand_in);
  }
}

void Room::finish_if_over() {
  if (table_.status != Status::playing || !table_.game->over()) return;
  auto outcome = table_.game->outcome();
  if (!outcome) return;
  table_.status = Status::over;
  context_.metrics->games_running--;
  context_.metrics->games_finished++;
  abandon_timer_.cancel();
  handover_timer_.cancel();
  stop_stand_ins();
  halt_clock();
  context_.writer->finish_game(table_.id, outcome_json(*outcome), unix_ms_now(), strand_,
                               [id = table_.id](bool stored) {
                                 // Not fatal: a restart replays the actions, all stored, and finds
                                 // the game over again.
                                 if (!stored)
                                   spdlog::error("event=store_finish_failed room={}", id);
                               });
  spdlog::info("event=game_over room={} game={}", table_.id, table_.spec->id);
  const auto names = table_.seat_names();
  LocalFrames over(
      [&](engine::Lang lang) { return protocol::over_message(table_.id, *outcome, names, lang); });
  Audience::to_everyone(table_, over);
  publish_room();
  rate_game(*outcome);
}

// Queued after the game's end on the writer's thread, so a /top or /profile sent after the `over`
// message sees the new ratings. Whether the game counts is decided there (server/rated_game.hpp):
// the accounts are the store's.
void Room::rate_game(const engine::Outcome& outcome) {
  if (!rated_ || outcome.places.size() != table_.seats.size()) return;
  GameToRate game{table_.id, table_.spec->id, unix_ms_now(), {}};
  std::vector<FinishedSeat> seats;
  for (std::size_t i = 0; i < table_.seats.size(); ++i) {
    const auto& s = table_.seats[i];
    if (!s) return;
    seats.push_back(FinishedSeat{s->name, !s->bot,
                                 i < stand_in_strategy_.size() && !stand_in_strategy_[i].empty(),
                                 outcome.places[i]});
  }
  game.seats = seats_to_rate(seats);
  if (game.seats.size() < 2) return;  // solo, or one person among bots: never rated
  context_.writer->run_task(
      [game = std::move(game), weak = weak_from_this()](Store& store) {
        auto changes = rate_finished_game(store, game);
        if (changes.empty()) return;  // fewer than two registered people: not rated
        std::vector<std::string> names;
        for (const auto& c : changes)
          for (const auto& s : game.seats)
            if (protocol::name_skeleton(s.name) == c.skeleton) names.push_back(s.name);
        if (auto self = weak.lock())
          self->post([changes = std::move(changes), names = std::move(names)](Room& r) {
            Audience::announce(r.table_, rating_changes_text(changes, names));
          });
      },
      strand_);
}

void Room::send_full_state(const std::string& token) {
  audience_.state_to(table_, token);
  if (table_.status == Status::playing && clock_.on())
    Audience::to(
        table_, token,
        protocol::clock_message(table_.id, clock_json(clock_, std::chrono::steady_clock::now())));
  if (table_.status == Status::over) {
    if (auto outcome = table_.game->outcome())
      Audience::to(table_, token,
                   protocol::over_message(table_.id, *outcome, table_.seat_names(),
                                          Audience::lang_of(table_, token)));
  }
}

}  // namespace archipel::server
