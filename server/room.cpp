#include "server/room.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include <spdlog/spdlog.h>

#include "engine/core/lang.hpp"
#include "protocol/errors.hpp"
#include "server/rated_game.hpp"
#include "server/replay.hpp"
#include "server/replay_request.hpp"
#include "server/wall_clock.hpp"

namespace archipel::server {

using engine::LocalText;
using nlohmann::json;
using protocol::ErrorCode;
using protocol::make_error;

Room::Room(net::any_io_executor executor, RoomId id, const engine::GameSpec& spec,
           engine::Options options, RoomContext context, std::weak_ptr<RoomObserver> observer)
    : strand_(net::make_strand(executor)),
      table_(id, spec, std::move(options)),
      context_(std::move(context)),
      observer_(std::move(observer)),
      abandon_timer_(strand_),
      handover_timer_(strand_),
      clock_timer_(strand_) {
  context_.metrics->rooms++;
  // The turn clock is the room's, not the game's: taken out of the options the engine sees (the
  // lobby has checked its value).
  if (auto c = table_.options.find("clock"); c != table_.options.end()) {
    clock_.per_player = parse_clock(c->second).value_or(TurnClock::Duration{0});
    table_.options.erase(c);
  }
  if (auto r = table_.options.find("rated"); r != table_.options.end()) {  // checked by the lobby
    rated_ = parse_rated(r->second).value_or(true);
    table_.options.erase(r);
  }
}

// The gauge counts rooms alive, whichever way they go (closed empty, pruned after the game,
// shutdown).
Room::~Room() {
  // A replay request waits here while the record is read on the store's thread; a room closed
  // meanwhile (a finished room makes way for newer ones) would otherwise leave it unanswered.
  for (const auto& w : replay_waiting_) {
    const std::string room = std::to_string(table_.id);
    send_error_to(
        *w.client,
        make_error(ErrorCode::no_such_room, "room " + room + " closed before its replay was read",
                   "la salle " + room + " a fermé avant que son rejeu soit lu"));
  }
  context_.metrics->rooms--;
}

std::shared_ptr<Room> Room::restore(net::any_io_executor executor, const GameRecord& record,
                                    RoomContext context, std::weak_ptr<RoomObserver> observer) {
  const engine::GameEntry* entry = context.registry->find(record.game);
  auto replayed = replay_record(*context.registry, record);
  if (!entry || !replayed.ok()) {
    spdlog::error("event=restore_failed room={} reason=\"{}\"", record.id,
                  entry ? replayed.error().message : "unknown game " + record.game);
    return nullptr;
  }
  auto room =
      std::make_shared<Room>(executor, record.id, *entry->spec, record.options, context, observer);
  room->table_.game = std::move(replayed.value().game);
  room->table_.log = std::move(replayed.value().log);
  room->table_.log_at.assign(room->table_.log.size(), 0);  // the store keeps no times
  room->table_.actions = static_cast<int>(record.actions.size());
  room->table_.seed = record.seed;
  room->table_.host = record.host;
  room->table_.seats.clear();
  for (const auto& s : record.seats)
    room->table_.seats.push_back(Member{s.token, s.name, nullptr, s.bot, s.strategy});
  room->table_.status = room->table_.game->over() ? Status::over : Status::playing;
  if (room->table_.status == Status::playing) context.metrics->games_running++;
  room->audience_.begin_game(*room->table_.game, room->table_.actions + 1);
  room->away_since_ =
      record.away_since;  // nobody is connected yet: publish() starts the count from here
  room->reset_seat_play(room->table_.game->num_seats());
  // The seats handed to a bot: their bots start with publish(), once the room runs on its strand.
  for (std::size_t i = 0; i < record.play.stand_ins.size() && i < room->stand_in_strategy_.size();
       ++i)
    room->stand_in_strategy_[i] = record.play.stand_ins[i];
  // The turn clock where it was stored; its banks run again from publish().
  room->clock_ = clock_from_record(record.play.clock, std::chrono::steady_clock::now());
  room->rated_ = !record.play.unrated;
  return room;
}

// ---- entry points -------------------------------------------------------------------------------

void Room::join(Member m, std::optional<int> seat) {
  post([m = std::move(m), seat](Room& r) mutable { r.do_join(std::move(m), seat); });
}
void Room::leave(const std::string& token) {
  post([token](Room& r) { r.do_leave(token); });
}
void Room::watch(Member m) {
  post([m = std::move(m)](Room& r) mutable {
    const int seat = r.table_.seat_of(m.token);
    if (seat >= 0) {  // a seated player who watches is simply back at the table
      r.table_.seats[seat]->client = m.client;
    } else {
      std::erase_if(r.table_.spectators, [&](const Member& s) { return s.token == m.token; });
      r.table_.spectators.push_back(m);
    }
    r.publish_room();
    Audience::history_to(r.table_, m.token);
    if (r.table_.game) r.send_full_state(m.token);
  });
}
void Room::unwatch(const std::string& token) {
  post([token](Room& r) {
    const auto before = r.table_.spectators.size();
    std::erase_if(r.table_.spectators, [&](const Member& s) { return s.token == token; });
    if (r.table_.spectators.size() != before) r.publish_room();
  });
}
void Room::connect(const std::string& token, ClientPtr client) {
  post([token, client = std::move(client)](Room& r) mutable {
    Member* m = r.table_.member(token);
    if (!m) return;
    m->client = std::move(client);
    r.publish_room();
    Audience::history_to(r.table_, token);
    if (r.table_.game) r.send_full_state(token);
    if (const int seat = r.table_.seat_of(token);
        seat >= 0 && seat < static_cast<int>(r.stand_ins_.size()) && r.stand_ins_[seat] && !m->bot)
      r.send_info(token, {"A bot plays your seat while you were away: /join takes it back",
                          "Un robot joue votre place pendant votre absence : /join la reprend"});
  });
}
void Room::disconnect(const std::string& token) {
  post([token](Room& r) {
    std::erase_if(r.table_.spectators, [&](const Member& s) { return s.token == token; });
    const int seat = r.table_.seat_of(token);
    if (seat >= 0) {
      r.table_.seats[seat]->client = nullptr;
      // During a game the seat waits for its player. Before the start it waits a grace period (a
      // reload, a flaky connection), then frees itself so a player who is gone for good does not
      // block the room.
      if (r.table_.status == Status::waiting) {
        auto timer = std::make_shared<net::steady_timer>(r.strand_, r.context_.waiting_seat_grace);
        timer->async_wait([self = r.shared_from_this(), token, timer](error_code ec) {
          if (ec || self->table_.status != Status::waiting) return;
          const int s = self->table_.seat_of(token);
          if (s >= 0 && !self->table_.seats[s]->client) self->do_leave(token);
        });
      }
    }
    r.publish_room();
  });
}
void Room::rename(const std::string& token, std::string name) {
  post([token, name = std::move(name)](Room& r) {
    if (Member* m = r.table_.member(token)) {
      m->name = name;
      r.publish_room();
    }
  });
}
void Room::command(const std::string& token, protocol::RoomCommand command) {
  post([token, command = std::move(command)](Room& r) mutable { r.run_command(token, command); },
       token);
}
void Room::who(const std::string& token) {
  post([token](Room& r) { r.do_who(token); }, token);
}
void Room::log(const std::string& token) {
  post([token](Room& r) { r.do_log(token); }, token);
}
void Room::action(const std::string& token, json a) {
  post([token, a = std::move(a)](Room& r) { r.do_action(token, a); }, token);
}
void Room::sync(const std::string& token) {
  post([token](Room& r) { r.do_sync(token); });
}
void Room::member_command(ClientPtr from, std::string token, protocol::RoomCommand command) {
  post_from(std::move(from), std::move(token),
            [command = std::move(command)](Room& r, const std::string& t) mutable {
              r.run_command(t, command);
            });
}

void Room::member_action(ClientPtr from, std::string token, json a) {
  post_from(std::move(from), std::move(token),
            [a = std::move(a)](Room& r, const std::string& t) { r.do_action(t, a); });
}
void Room::member_sync(ClientPtr from, std::string token) {
  post_from(std::move(from), std::move(token), [](Room& r, const std::string& t) { r.do_sync(t); });
}
void Room::replay(ClientPtr client, int step, bool static_data, bool as_text) {
  post([client = std::move(client), step, static_data, as_text](Room& r) {
    r.do_replay(client, step, static_data, as_text);
  });
}
void Room::publish() {
  post([](Room& r) {
    for (int i = 0; i < static_cast<int>(r.stand_in_strategy_.size()); ++i)
      if (!r.stand_in_strategy_[i].empty() && !r.stand_ins_[i]) r.start_stand_in(i);
    if (r.table_.status == Status::playing && r.clock_.on()) r.run_clock();
    r.publish_room();
  });
}
void Room::keep_seats_for_rematch(const std::vector<std::string>& tokens, const std::string& host) {
  post([tokens, host](Room& r) {
    r.table_.kept_for.assign(r.table_.seats.size(), "");
    for (std::size_t i = 0; i < tokens.size() && i < r.table_.kept_for.size(); ++i)
      r.table_.kept_for[i] = tokens[i];
    r.table_.host = host;
    r.table_.auto_start = true;
  });
}
void Room::rematch_opened(RoomId rematch) {
  post([rematch](Room& r) {
    r.rematch_ = rematch;
    r.publish_room();
    for (const auto& token : std::exchange(r.rematch_waiting_, {}))
      if (auto o = r.observer_.lock())
        o->rematch_accepted(token, r.table_.id, rematch, r.table_.seat_of(token));
  });
}

bool Room::is_connection_of(const std::string& token, const ClientPtr& client) {
  const Member* m = table_.member(token);
  return m && client && m->client == client;
}

void Room::refuse_stranger(const ClientPtr& client) {
  if (client)
    send_error_to(
        *client,
        make_error(ErrorCode::not_in_room, "you are not in room " + std::to_string(table_.id),
                   "vous n'êtes pas dans la salle " + std::to_string(table_.id)));
}

void Room::do_say(const std::string& token, const std::string& text) {
  Member* m = table_.member(token);
  if (!m) return;
  table_.remember({unix_ms_now(), RoomLine::Kind::chat, m->name, {text, text}});
  Audience::broadcast(table_, text_frame(protocol::chat_frame(table_.id, m->name, text)));
}

void Room::do_play_text(const std::string& token, const std::string& move) {
  const int seat = table_.seat_of(token);
  if (seat < 0)
    return send_error(token,
                      make_error(ErrorCode::not_in_room, "only seated players play; /join first",
                                 "seuls les joueurs assis jouent ; /join d'abord"));
  if (!table_.game) return send_error(token, not_started_error());
  auto parsed = table_.game->parse_text(seat, move);
  if (!parsed.ok()) return send_error(token, with_whom_to_wait_for(parsed.error()));
  do_action(token, parsed.value());
}

protocol::Error Room::with_whom_to_wait_for(protocol::Error error) const {
  // "Not your turn" says whose it is: a player who acts out of turn wants to know who the table
  // waits for.
  if (error.rule != "not_your_turn" || !table_.game || table_.game->over()) return error;
  std::string names;
  for (const engine::Seat s : table_.game->to_act())
    names += (names.empty() ? "" : ", ") + table_.seats.at(s)->name;
  error.message = "not your turn: waiting for " + names;
  error.message_fr = "ce n'est pas votre tour : on attend " + names;
  return error;
}

void Room::do_sync(const std::string& token) {
  if (!table_.member(token))
    return send_error(token, make_error(ErrorCode::not_in_room, "you are not in this room",
                                        "vous n'êtes pas dans cette salle"));
  if (!table_.game) return send_error(token, not_started_error());
  send_full_state(token);
}

void Room::handler_failed(const std::string& token, const char* what) {
  spdlog::error("event=handler_failed where=room room={} error=\"{}\"", table_.id, what);
  if (!token.empty())
    send_error(token, make_error(ErrorCode::server_error, "the server failed on your last message",
                                 "le serveur a échoué sur votre dernier message"));
}

// ---- membership ---------------------------------------------------------------------------------

void Room::do_join(Member m, std::optional<int> seat) {
  auto refuse = [&](const protocol::Error& e) {
    if (auto o = observer_.lock()) o->seat_changed(m.token, table_.id, false);
    if (m.client) m.client->send(make_frame(protocol::error_message(e, m.client->lang())));
  };
  if (m.bot && table_.bots_on_their_way > 0) --table_.bots_on_their_way;
  const int current = table_.seat_of(m.token);
  if (current >=
      0) {  // already seated: this is taking one's seat back (from the bot playing it, if one does)
    table_.seats[current]->client = m.client;
    table_.seats[current]->name = m.name;
    if (current < static_cast<int>(stand_ins_.size()) && !stand_in_strategy_[current].empty())
      give_back(current);
    std::erase_if(table_.spectators, [&](const Member& s) { return s.token == m.token; });
    if (auto o = observer_.lock()) o->seat_changed(m.token, table_.id, true);
    publish_room();
    Audience::history_to(table_, m.token);
    if (table_.game) send_full_state(m.token);
    return;
  }
  const auto target_seat = table_.seat_for(m, seat);
  if (!target_seat.ok()) return refuse(target_seat.error());
  const int target = target_seat.value();
  const std::string name = m.name;
  const std::string token = m.token;
  table_.sit(std::move(m), target);
  if (auto o = observer_.lock()) o->seat_changed(token, table_.id, true);
  Audience::announce(table_, {name + " sits at seat " + std::to_string(target + 1),
                              name + " s'assoit à la place " + std::to_string(target + 1)});
  publish_room();
  Audience::history_to(table_, token);
  if (table_.auto_start && table_.all_kept_seats_taken()) do_start(table_.host);
}

void Room::do_leave(const std::string& token) {
  const int seat = table_.seat_of(token);
  if (seat < 0) {
    std::erase_if(table_.spectators, [&](const Member& s) { return s.token == token; });
    publish_room();
    return;
  }
  Member& m = *table_.seats[seat];
  const std::string name = m.name;
  if (m.client) m.client->send(make_frame(protocol::left_message(table_.id)));
  if (table_.status == Status::waiting) {
    table_.free_seat(seat);  // a host who leaves passes the role on
    Audience::announce(table_, {name + " leaves", name + " s'en va"});
  } else {
    m.client = nullptr;  // the seat waits: /join <room> takes it back
    const std::string room = std::to_string(table_.id);
    Audience::announce(table_, {name + " leaves the table; /join " + room + " takes the seat back",
                                name + " quitte la table ; /join " + room + " reprend la place"});
  }
  if (auto o = observer_.lock()) o->seat_changed(token, table_.id, false);
  publish_room();
  close_if_empty();
}

void Room::close_if_empty() {
  if (table_.status != Status::waiting || table_.has_people()) return;
  // Bots only keep seats for people: once nobody else is left before the start, they go too (else a
  // room of bots that nobody can start would stay listed forever).
  auto observer = observer_.lock();
  for (auto& s : table_.seats) {
    if (!s) continue;
    const std::string token = s->token;
    s.reset();
    if (observer) observer->seat_changed(token, table_.id, false);
  }
  if (observer) observer->room_closed(table_.id);
}

// ---- helpers ------------------------------------------------------------------------------------

protocol::RoomInfo Room::info() const {
  protocol::RoomInfo info;
  info.id = table_.id;
  info.game = table_.spec->id;
  info.title = table_.spec->title;
  info.status = table_.status;
  info.options = room_options();
  info.min_players = table_.spec->min_players;
  info.max_players = table_.spec->max_players;
  for (const auto& s : table_.seats) {
    protocol::SeatInfo seat;
    if (s) {
      seat.name = s->name;
      seat.connected = s->client != nullptr;
      seat.bot = s->bot;
      if (s->token == table_.host) info.host = s->name;
    }
    info.seats.push_back(seat);
  }
  if (table_.status == Status::playing) {
    const auto seats = presence();
    for (std::size_t i = 0; i < seats.size() && i < info.seats.size(); ++i) {
      auto& seat = info.seats[i];
      seat.stand_in = stand_in_strategy_[i];
      seat.may_hand_over = seats[i].may_hand_over && !seats[i].handed_over && seats[i].person &&
                           (!seats[i].present || seats[i].out_of_time);
      if (!seats[i].handed_over && seats[i].person && !seats[i].present)
        seat.hand_over_at_ms = seats[i].hand_over_at_ms;
      if (i < handover_votes_.by_target.size())
        for (int v : handover_votes_.by_target[i])
          seat.handover_votes.push_back(table_.seats[v]->name);
    }
  }
  for (const auto& s : table_.spectators) info.spectators.push_back(s.name);
  info.rematch = rematch_;
  return info;
}

void Room::send_info(const std::string& token, const LocalText& text) {
  Audience::to(table_, token,
               protocol::info_message(text.in(Audience::lang_of(table_, token)), table_.id));
}

void Room::send_error(const std::string& token, const protocol::Error& error) {
  context_.metrics->errors_sent++;
  Audience::to(table_, token, protocol::error_message(error, Audience::lang_of(table_, token)));
}

void Room::publish_room() {
  track_absences();
  auto i = info();
  Audience::broadcast(table_, text_frame(protocol::room_frame(i)));
  if (auto o = observer_.lock()) o->room_changed(i);
  watch_presence();  // every change of who is connected ends here
}

}  // namespace archipel::server
