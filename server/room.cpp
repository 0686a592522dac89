#include "server/room.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include <spdlog/spdlog.h>

#include "engine/core/lang.hpp"
#include "protocol/errors.hpp"
#include "server/command_router.hpp"
#include "server/replay.hpp"
#include "server/replay_request.hpp"

namespace archipel::server {

using nlohmann::json;
using protocol::ErrorCode;
using protocol::make_error;
using engine::LocalText;

namespace {

// Moves that arrive while one is being stored wait; past this many the room says so instead of queuing.
constexpr std::size_t kMaxWaitingActions = 64;

json outcome_json(const engine::Outcome& o) { return json{{"scores", o.scores}, {"ranking", o.ranking}}; }

protocol::Error not_started() {
  return make_error(ErrorCode::not_started, "the game has not started", "la partie n'a pas commencé");
}
protocol::Error already_started() {
  return make_error(ErrorCode::already_started, "the game has started", "la partie a commencé");
}
protocol::Error not_host(const std::string& command) {
  return make_error(ErrorCode::not_host, "only the host can " + command, "seul l'hôte peut faire " + command);
}

}  // namespace

Room::Room(net::any_io_executor executor, RoomId id, const engine::GameSpec& spec, engine::Options options,
           RoomContext context, std::weak_ptr<RoomObserver> observer)
    : strand_(net::make_strand(executor)),
      id_(id),
      spec_(&spec),
      options_(std::move(options)),
      context_(std::move(context)),
      observer_(std::move(observer)),
      seats_(static_cast<std::size_t>(spec.max_players)),
      abandon_timer_(strand_),
      handover_timer_(strand_),
      clock_timer_(strand_) {
  context_.metrics->rooms++;
  // The turn clock is the room's, not the game's: taken out of the options the engine sees (the lobby has
  // checked its value).
  if (auto c = options_.find("clock"); c != options_.end()) {
    clock_.per_player = parse_clock(c->second).value_or(TurnClock::Duration{0});
    options_.erase(c);
  }
}

// The gauge counts rooms alive, whichever way they go (closed empty, pruned after the game, shutdown).
Room::~Room() {
  // A replay request waits here while the record is read on the store's thread; a room closed meanwhile (a
  // finished room makes way for newer ones) would otherwise leave it unanswered.
  for (const auto& w : replay_waiting_) {
    const std::string room = std::to_string(id_);
    send_error_to(*w.client, make_error(ErrorCode::no_such_room, "room " + room + " closed before its replay was read",
                                        "la salle " + room + " a fermé avant que son rejeu soit lu"));
  }
  context_.metrics->rooms--;
}

std::shared_ptr<Room> Room::restore(net::any_io_executor executor, const GameRecord& record, RoomContext context,
                                    std::weak_ptr<RoomObserver> observer) {
  const engine::GameEntry* entry = context.registry->find(record.game);
  auto replayed = replay_record(*context.registry, record);
  if (!entry || !replayed.ok()) {
    spdlog::error("event=restore_failed room={} reason=\"{}\"", record.id,
                  entry ? replayed.error().message : "unknown game " + record.game);
    return nullptr;
  }
  auto room = std::make_shared<Room>(executor, record.id, *entry->spec, record.options, context, observer);
  room->game_ = std::move(replayed.value().game);
  room->log_ = std::move(replayed.value().log);
  room->actions_ = static_cast<int>(record.actions.size());
  room->seed_ = record.seed;
  room->host_ = record.host;
  room->seats_.clear();
  for (const auto& s : record.seats) room->seats_.push_back(Member{s.token, s.name, nullptr, s.bot, s.strategy});
  room->version_ = room->actions_ + 1;
  room->status_ = room->game_->over() ? Status::over : Status::playing;
  if (room->status_ == Status::playing) context.metrics->games_running++;
  room->views_.reset(room->game_->num_seats());  // built when someone is there to receive them
  room->keep_static_data();
  room->away_since_ = record.away_since;  // nobody is connected yet: publish() starts the count from here
  room->reset_seat_play(room->game_->num_seats());
  // The seats handed to a bot: their bots start with publish(), once the room runs on its strand.
  for (std::size_t i = 0; i < record.play.stand_ins.size() && i < room->stand_in_strategy_.size(); ++i)
    room->stand_in_strategy_[i] = record.play.stand_ins[i];
  // The turn clock where it was stored; its banks run again from publish().
  room->clock_ = clock_from_record(record.play.clock, std::chrono::steady_clock::now());
  return room;
}

// ---- entry points --------------------------------------------------------------------------------------

void Room::join(Member m, std::optional<int> seat) {
  post([m = std::move(m), seat](Room& r) mutable { r.do_join(std::move(m), seat); });
}
void Room::leave(const std::string& token) {
  post([token](Room& r) { r.do_leave(token); });
}
void Room::watch(Member m) {
  post([m = std::move(m)](Room& r) mutable {
    const int seat = r.seat_of(m.token);
    if (seat >= 0) {  // a seated player who watches is simply back at the table
      r.seats_[seat]->client = m.client;
    } else {
      std::erase_if(r.spectators_, [&](const Member& s) { return s.token == m.token; });
      r.spectators_.push_back(m);
    }
    r.publish_room();
    if (r.game_) r.send_full_state(m.token);
  });
}
void Room::unwatch(const std::string& token) {
  post([token](Room& r) {
    const auto before = r.spectators_.size();
    std::erase_if(r.spectators_, [&](const Member& s) { return s.token == token; });
    if (r.spectators_.size() != before) r.publish_room();
  });
}
void Room::connect(const std::string& token, ClientPtr client) {
  post([token, client = std::move(client)](Room& r) mutable {
    Member* m = r.member(token);
    if (!m) return;
    m->client = std::move(client);
    r.publish_room();
    if (r.game_) r.send_full_state(token);
    if (const int seat = r.seat_of(token); seat >= 0 && seat < static_cast<int>(r.stand_ins_.size()) &&
                                           r.stand_ins_[seat] && !m->bot)
      r.send_info(token, {"A bot plays your seat while you were away: /join takes it back",
                          "Un robot joue votre place pendant votre absence : /join la reprend"});
  });
}
void Room::disconnect(const std::string& token) {
  post([token](Room& r) {
    std::erase_if(r.spectators_, [&](const Member& s) { return s.token == token; });
    const int seat = r.seat_of(token);
    if (seat >= 0) {
      r.seats_[seat]->client = nullptr;
      // During a game the seat waits for its player. Before the start it waits a grace period (a reload, a
      // flaky connection), then frees itself so a player who is gone for good does not block the room.
      if (r.status_ == Status::waiting) {
        auto timer = std::make_shared<net::steady_timer>(r.strand_, r.context_.waiting_seat_grace);
        timer->async_wait([self = r.shared_from_this(), token, timer](error_code ec) {
          if (ec || self->status_ != Status::waiting) return;
          const int s = self->seat_of(token);
          if (s >= 0 && !self->seats_[s]->client) self->do_leave(token);
        });
      }
    }
    r.publish_room();
  });
}
void Room::rename(const std::string& token, std::string name) {
  post([token, name = std::move(name)](Room& r) {
    if (Member* m = r.member(token)) {
      m->name = name;
      r.publish_room();
    }
  });
}
void Room::say(const std::string& token, std::string text) {
  post([token, text = std::move(text)](Room& r) { r.do_say(token, text); });
}
void Room::start(const std::string& token) {
  post([token](Room& r) { r.do_start(token); }, token);
}
void Room::set_option(const std::string& token, protocol::cmd::Option option) {
  post([token, option = std::move(option)](Room& r) { r.do_option(token, option); }, token);
}
void Room::kick(const std::string& token, std::string name) {
  post([token, name = std::move(name)](Room& r) { r.do_kick(token, name); }, token);
}
void Room::add_bot(const std::string& token, std::string strategy) {
  post([token, strategy = std::move(strategy)](Room& r) { r.do_addbot(token, strategy); }, token);
}
void Room::play_text(const std::string& token, std::string move) {
  post([token, move = std::move(move)](Room& r) { r.do_play_text(token, move); }, token);
}
void Room::moves(const std::string& token) {
  post([token](Room& r) { r.do_moves(token); }, token);
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
void Room::member_command(ClientPtr from, std::string token, protocol::Command command) {
  post_from(std::move(from), std::move(token), [command = std::move(command)](Room& r, const std::string& t) mutable {
    route_room_command(r, t, std::move(command));
  });
}
void Room::member_action(ClientPtr from, std::string token, json a) {
  post_from(std::move(from), std::move(token), [a = std::move(a)](Room& r, const std::string& t) { r.do_action(t, a); });
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
    if (r.status_ == Status::playing && r.clock_.on()) r.run_clock();
    r.publish_room();
  });
}
void Room::keep_seats_for_rematch(const std::vector<std::string>& tokens, const std::string& host) {
  post([tokens, host](Room& r) {
    r.kept_for_.assign(r.seats_.size(), "");
    for (std::size_t i = 0; i < tokens.size() && i < r.kept_for_.size(); ++i) r.kept_for_[i] = tokens[i];
    r.host_ = host;
    r.auto_start_ = true;
  });
}
void Room::rematch_opened(RoomId rematch) {
  post([rematch](Room& r) {
    r.rematch_ = rematch;
    r.publish_room();
    for (const auto& token : std::exchange(r.rematch_waiting_, {}))
      if (auto o = r.observer_.lock()) o->rematch_accepted(token, r.id_, rematch, r.seat_of(token));
  });
}

bool Room::is_connection_of(const std::string& token, const ClientPtr& client) {
  const Member* m = member(token);
  return m && client && m->client == client;
}

void Room::refuse_stranger(const ClientPtr& client) {
  if (client)
    send_error_to(*client, make_error(ErrorCode::not_in_room, "you are not in room " + std::to_string(id_),
                                      "vous n'êtes pas dans la salle " + std::to_string(id_)));
}

void Room::do_say(const std::string& token, const std::string& text) {
  if (Member* m = member(token)) broadcast(text_frame(protocol::chat_frame(id_, m->name, text)));
}

void Room::do_play_text(const std::string& token, const std::string& move) {
  const int seat = seat_of(token);
  if (seat < 0)
    return send_error(token, make_error(ErrorCode::not_in_room, "only seated players play; /join first",
                                        "seuls les joueurs assis jouent ; /join d'abord"));
  if (!game_) return send_error(token, not_started());
  auto parsed = game_->parse_text(seat, move);
  if (!parsed.ok()) return send_error(token, with_whom_to_wait_for(parsed.error()));
  do_action(token, parsed.value());
}

protocol::Error Room::with_whom_to_wait_for(protocol::Error error) const {
  // "Not your turn" says whose it is: a player who acts out of turn wants to know who the table waits for.
  if (error.rule != "not_your_turn" || !game_ || game_->over()) return error;
  std::string names;
  for (const engine::Seat s : game_->to_act()) names += (names.empty() ? "" : ", ") + seats_.at(s)->name;
  error.message = "not your turn: waiting for " + names;
  error.message_fr = "ce n'est pas votre tour : on attend " + names;
  return error;
}

void Room::do_sync(const std::string& token) {
  if (!member(token))
    return send_error(token, make_error(ErrorCode::not_in_room, "you are not in this room",
                                        "vous n'êtes pas dans cette salle"));
  if (!game_) return send_error(token, not_started());
  send_full_state(token);
}

void Room::handler_failed(const std::string& token, const char* what) {
  spdlog::error("event=handler_failed where=room room={} error=\"{}\"", id_, what);
  if (!token.empty())
    send_error(token, make_error(ErrorCode::server_error, "the server failed on your last message",
                                 "le serveur a échoué sur votre dernier message"));
}

// ---- membership ----------------------------------------------------------------------------------------

void Room::do_join(Member m, std::optional<int> seat) {
  auto refuse = [&](const protocol::Error& e) {
    if (auto o = observer_.lock()) o->seat_changed(m.token, id_, false);
    if (m.client) m.client->send(make_frame(protocol::error_message(e, m.client->lang())));
  };
  if (m.bot && bots_on_their_way_ > 0) --bots_on_their_way_;
  const int current = seat_of(m.token);
  if (current >= 0) {  // already seated: this is taking one's seat back (from the bot playing it, if one does)
    seats_[current]->client = m.client;
    seats_[current]->name = m.name;
    if (current < static_cast<int>(stand_ins_.size()) && !stand_in_strategy_[current].empty()) give_back(current);
    std::erase_if(spectators_, [&](const Member& s) { return s.token == m.token; });
    if (auto o = observer_.lock()) o->seat_changed(m.token, id_, true);
    publish_room();
    if (game_) send_full_state(m.token);
    return;
  }
  const std::string room = std::to_string(id_);
  if (status_ != Status::waiting)
    return refuse(make_error(ErrorCode::already_started,
                             "the game in room " + room + " has started; /watch " + room + " to follow it",
                             "la partie de la salle " + room + " a commencé ; /watch " + room + " pour la suivre"));
  // In a rematch room, a person kept a seat goes back to it; nobody else takes a kept seat.
  const auto kept = [&](int i) { return i < static_cast<int>(kept_for_.size()) && !kept_for_[i].empty(); };
  if (!seat)
    for (int i = 0; i < static_cast<int>(kept_for_.size()); ++i)
      if (kept_for_[i] == m.token) seat = i;
  if (seat && kept(*seat) && kept_for_[*seat] != m.token)
    return refuse(make_error(ErrorCode::room_full, "seat " + std::to_string(*seat + 1) + " is kept for the rematch",
                             "la place " + std::to_string(*seat + 1) + " est gardée pour la revanche"));
  int target = -1;
  if (seat) {
    if (*seat < 0 || *seat >= static_cast<int>(seats_.size()))
      return refuse(make_error(ErrorCode::bad_arguments, "room " + room + " has seats 1 to " + std::to_string(seats_.size()),
                               "la salle " + room + " a les places 1 à " + std::to_string(seats_.size())));
    if (seats_[*seat])
      return refuse(make_error(ErrorCode::room_full, "seat " + std::to_string(*seat + 1) + " is taken",
                               "la place " + std::to_string(*seat + 1) + " est prise"));
    target = *seat;
  } else {
    for (int i = 0; i < static_cast<int>(seats_.size()); ++i)
      if (!seats_[i] && !kept(i)) {
        target = i;
        break;
      }
    if (target < 0 || (!m.bot && free_seats() <= bots_on_their_way_))  // the last seats are kept for bots
      return refuse(make_error(ErrorCode::room_full, "room " + room + " is full", "la salle " + room + " est pleine"));
  }
  std::erase_if(spectators_, [&](const Member& s) { return s.token == m.token; });
  if (host_.empty()) host_ = m.token;
  const std::string name = m.name;
  const std::string token = m.token;
  seats_[target] = std::move(m);
  if (auto o = observer_.lock()) o->seat_changed(token, id_, true);
  announce({name + " sits at seat " + std::to_string(target + 1), name + " s'assoit à la place " + std::to_string(target + 1)});
  publish_room();
  if (auto_start_ && all_kept_seats_taken()) do_start(host_);
}

bool Room::all_kept_seats_taken() const {
  // The rematch has every seat of the finished game back: its people and its bots (seated again by the lobby).
  for (std::size_t i = 0; i < kept_for_.size(); ++i)
    if (!kept_for_[i].empty() && !(seats_[i] && seats_[i]->token == kept_for_[i])) return false;
  return true;
}

void Room::do_leave(const std::string& token) {
  const int seat = seat_of(token);
  if (seat < 0) {
    std::erase_if(spectators_, [&](const Member& s) { return s.token == token; });
    publish_room();
    return;
  }
  Member& m = *seats_[seat];
  const std::string name = m.name;
  if (m.client) m.client->send(make_frame(protocol::left_message(id_)));
  if (status_ == Status::waiting) {
    seats_[seat].reset();
    if (host_ == token) {  // the host's role passes to the first seated person (a bot cannot /start)
      host_.clear();
      for (const auto& s : seats_)
        if (s && !s->bot) {
          host_ = s->token;
          break;
        }
    }
    announce({name + " leaves", name + " s'en va"});
  } else {
    m.client = nullptr;  // the seat waits: /join <room> takes it back
    const std::string room = std::to_string(id_);
    announce({name + " leaves the table; /join " + room + " takes the seat back",
              name + " quitte la table ; /join " + room + " reprend la place"});
  }
  if (auto o = observer_.lock()) o->seat_changed(token, id_, false);
  publish_room();
  close_if_empty();
}

int Room::free_seats() const {
  return static_cast<int>(std::count_if(seats_.begin(), seats_.end(), [](const auto& s) { return !s.has_value(); }));
}

void Room::close_if_empty() {
  if (status_ != Status::waiting || !spectators_.empty()) return;
  if (std::any_of(seats_.begin(), seats_.end(), [](const auto& s) { return s && !s->bot; })) return;
  // Bots only keep seats for people: once nobody else is left before the start, they go too (else a room of
  // bots that nobody can start would stay listed forever).
  auto observer = observer_.lock();
  for (auto& s : seats_) {
    if (!s) continue;
    const std::string token = s->token;
    s.reset();
    if (observer) observer->seat_changed(token, id_, false);
  }
  if (observer) observer->room_closed(id_);
}

// ---- commands ------------------------------------------------------------------------------------------

void Room::do_start(const std::string& token) {
  if (token != host_) return send_error(token, not_host("/start"));
  if (status_ != Status::waiting) return send_error(token, already_started());
  std::vector<Member> players;
  for (auto& s : seats_)
    if (s) players.push_back(*s);
  const int n = static_cast<int>(players.size());
  if (n < spec_->min_players || n > spec_->max_players)
    return send_error(token, make_error(ErrorCode::seat_count,
                                        spec_->title + " needs " + std::to_string(spec_->min_players) + " to " +
                                            std::to_string(spec_->max_players) + " players; " +
                                            std::to_string(n) + " seated",
                                        spec_->title + " se joue de " + std::to_string(spec_->min_players) + " à " +
                                            std::to_string(spec_->max_players) + " joueurs ; " +
                                            std::to_string(n) + " assis"));
  const std::uint64_t seed = context_.new_seed();
  auto game = context_.registry->create(spec_->id, n, options_, seed);
  if (!game.ok()) return send_error(token, game.error());

  GameRecord record;
  record.id = id_;
  record.game = spec_->id;
  record.options = options_;
  record.seed = seed;
  record.host = host_;
  for (const auto& p : players) record.seats.push_back(SeatRecord{p.name, p.token, p.bot, p.strategy});
  if (clock_.on()) {
    start_clock(clock_, n, std::chrono::steady_clock::now());
    record.play.clock = clock_record(clock_, clock_.since);
  }
  // Written on the store's thread, not this one; until it is, the room holds what comes (post). No one is told
  // of the game before its record is durable: a restart brings back every game a player saw begin.
  starting_ = Starting{token, std::move(players), std::move(game).value(), seed};
  context_.writer->save_game(std::move(record), strand_, [weak = weak_from_this()](bool stored) {
    if (auto self = weak.lock())  // straight onto the strand: post() would hold it behind the start it settles
      net::post(self->strand_, [self, stored] { self->start_stored(stored); });
  });
}

void Room::start_stored(bool stored) {
  Starting start = std::move(*starting_);
  starting_.reset();
  const std::string token = start.token;
  if (!stored) {
    send_error(token, protocol::Error{"storage_failed", "the game could not be saved; try again",
                                      "la partie n'a pas pu être enregistrée ; réessayez"});
  } else {
    auto begin = [&start](Room& r) { r.begin_game(std::move(start)); };
    guarded(begin, token);  // a bug there is logged and told; what was held still runs
  }
  // Nothing is posted while these run (a post lands on the strand, after this handler); a held /start may begin
  // another wait, and what follows it stays held, in order.
  auto held = std::exchange(held_, {});
  std::size_t ran = 0;
  while (ran < held.size() && !starting_) held[ran++](*this);
  held_.insert(held_.begin(), std::make_move_iterator(held.begin() + static_cast<std::ptrdiff_t>(ran)),
               std::make_move_iterator(held.end()));
}

void Room::begin_game(Starting start) {
  const int n = static_cast<int>(start.players.size());
  seats_.clear();
  for (auto& p : start.players) seats_.emplace_back(std::move(p));
  kept_for_.clear();  // whoever did not come back for the rematch: the game starts without them
  auto_start_ = false;
  game_ = std::move(start.game);
  seed_ = start.seed;
  status_ = Status::playing;
  version_ = 1;
  context_.metrics->games_running++;
  views_.reset(n);
  keep_static_data();
  reset_seat_play(n);
  if (clock_.on()) run_clock();  // its first state goes with each player's state below
  spdlog::info("event=game_start room={} game={} seats={} seed={}", id_, spec_->id, n, seed_);
  announce({"The game of " + spec_->title + " starts", "La partie de " + spec_->title + " commence"});
  publish_room();
  for (int i = 0; i < n; ++i)
    if (seats_[i]->client) send_full_state(seats_[i]->token);
  send_state_to_spectators();
  finish_if_over();
}

void Room::do_option(const std::string& token, const protocol::cmd::Option& option) {
  if (token != host_) return send_error(token, not_host("/option"));
  if (status_ != Status::waiting) return send_error(token, already_started());
  if (option.key == "clock") {  // the room's turn clock, not an option of the game
    const auto per_player = parse_clock(option.value);
    if (!per_player)
      return send_error(token, make_error(ErrorCode::bad_arguments,
                                          "clock=off, or a time per player from 5s to 180m such as clock=10m",
                                          "clock=off, ou un temps par joueur de 5s à 180m comme clock=10m"));
    clock_.per_player = *per_player;
    announce({"Turn clock: " + clock_text(*per_player) + " per player",
              "Pendule : " + clock_text(*per_player) + " par joueur"});
    return publish_room();
  }
  auto changed = options_;
  changed[option.key] = option.value;
  auto completed = engine::complete_options(*spec_, changed);
  if (!completed.ok()) return send_error(token, completed.error());
  options_ = std::move(completed).value();
  announce({"Option " + option.key + " = " + option.value, "Option " + option.key + " = " + option.value});
  publish_room();
}

void Room::do_kick(const std::string& token, const std::string& name) {
  if (token != host_) return send_error(token, not_host("/kick"));
  if (status_ != Status::waiting)
    return send_error(token, make_error(ErrorCode::already_started, "players cannot be kicked once the game has started",
                                        "on ne peut plus retirer un joueur une fois la partie commencée"));
  for (auto& s : seats_) {
    if (s && s->name == name) {
      if (s->token == token)
        return send_error(token, make_error(ErrorCode::bad_arguments, "use /leave to leave", "/leave pour partir"));
      const std::string kicked = s->token;
      send_info(kicked, {"You were removed from room " + std::to_string(id_) + " by the host",
                         "L'hôte vous a retiré de la salle " + std::to_string(id_)});
      do_leave(kicked);
      return;
    }
  }
  send_error(token, make_error(ErrorCode::bad_arguments, "nobody called " + name + " is seated here",
                               "personne du nom de " + name + " n'est assis ici"));
}

void Room::do_addbot(const std::string& token, const std::string& strategy) {
  if (token != host_) return send_error(token, not_host("/addbot"));
  if (status_ != Status::waiting) return send_error(token, already_started());
  if (free_seats() <= bots_on_their_way_)
    return send_error(token, make_error(ErrorCode::room_full, "no free seat for a bot", "pas de place libre pour un robot"));
  if (!context_.bots)
    return send_error(token, make_error(ErrorCode::not_available, "this server offers no bots", "ce serveur n'offre pas de robots"));
  if (!context_.bots->knows(strategy)) {
    std::string known;
    for (const auto& n : context_.bots->strategies()) known += (known.empty() ? "" : ", ") + n;
    return send_error(token, make_error(ErrorCode::bad_arguments, "no bot strategy '" + strategy + "' (" + known + ")",
                                        "pas de stratégie de robot « " + strategy + " » (" + known + ")"));
  }
  // The lobby makes the bot and sends it to join; until it arrives its seat is kept for it.
  ++bots_on_their_way_;
  if (auto o = observer_.lock()) o->bot_requested(id_, strategy);
}

void Room::do_moves(const std::string& token) {
  const int seat = seat_of(token);
  if (seat < 0)
    return send_error(token, make_error(ErrorCode::not_in_room, "only seated players have moves",
                                        "seuls les joueurs assis ont des coups"));
  if (!game_) return send_error(token, not_started());
  auto moves = game_->legal(seat);
  if (moves.empty()) return send_info(token, {"You have no move now", "Vous n'avez pas de coup à jouer maintenant"});
  std::string list;  // one move per line: /play <this>
  for (const auto& m : moves) list += "\n  " + m.text;
  send_info(token, {"Your moves (/play <move>):" + list, "Vos coups (/play <coup>) :" + list});
}

void Room::do_who(const std::string& token) {
  const bool fr = lang_of(token) == engine::Lang::fr;
  std::string text = (fr ? "Salle " : "Room ") + std::to_string(id_) + " (" + spec_->title + ", " +
                     std::string(protocol::status_label(status_, lang_of(token))) + (fr ? ") :" : "):");
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    text += (fr ? "\n  place " : "\n  seat ") + std::to_string(i + 1) + (fr ? " : " : ": ");
    if (!seats_[i]) {
      text += fr ? "libre" : "free";
      continue;
    }
    text += seats_[i]->name;
    if (seats_[i]->bot) text += fr ? " (robot)" : " (bot)";
    if (seats_[i]->token == host_) text += fr ? " (hôte)" : " (host)";
    if (!seats_[i]->bot && !seats_[i]->client) text += fr ? " (absent)" : " (away)";
  }
  if (!spectators_.empty()) {
    text += fr ? "\n  spectateurs :" : "\n  watching:";
    for (const auto& s : spectators_) text += " " + s.name;
  }
  send(token, protocol::info_message(text, id_));
}

void Room::do_log(const std::string& token) {
  const std::string room = std::to_string(id_);
  if (log_.empty()) return send_info(token, {"No moves yet in room " + room, "Pas encore de coup dans la salle " + room});
  send(token, protocol::info_message(log_listing(id_, log_, lang_of(token)), id_));
}

void Room::do_replay(const ClientPtr& client, int step, bool static_data, bool as_text) {
  const std::string room = std::to_string(id_);
  if (status_ != Status::over && status_ != Status::abandoned)
    return send_error_to(*client, make_error(ErrorCode::not_over, "the game in room " + room + " is not over: no replay yet",
                                             "la partie de la salle " + room + " n'est pas finie : pas encore de rejeu"));
  if (!replay_) {
    // Opened from the record, read on the store's thread (a network thread never waits on the disk); the
    // requests that come meanwhile wait with this one.
    replay_waiting_.push_back(ReplayWanted{client, step, static_data, as_text});
    if (replay_waiting_.size() > 1) return;
    context_.writer->load_game(id_, strand_, [weak = weak_from_this()](std::optional<GameRecord> record) {
      if (auto self = weak.lock())
        self->post([record = std::move(record)](Room& r) mutable { r.open_replay(std::move(record)); });
    });
    return;
  }
  auto shown = replay_->go_to(step);
  if (!shown.ok()) {
    if (shown.error().rule == "out_of_range")
      return send_error_to(*client, make_error(ErrorCode::bad_arguments, shown.error().message, shown.error().message_fr));
    spdlog::error("event=replay_failed room={} step={} reason=\"{}\"", id_, step, shown.error().message);
    replay_.reset();
    return send_error_to(*client, cannot_replay());
  }
  const engine::Lang lang = client->lang();
  const ReplayStep& s = shown.value();
  if (as_text) return client->send(make_frame(protocol::info_message(replay_text(id_, s, replay_->names(), lang))));
  std::vector<std::string> lines;
  for (const auto& line : s.log) lines.push_back(line.in(lang));
  client->send(make_frame(protocol::replay_message(id_, s.step, s.steps, s.by, s.view, lines,
                                                   static_data ? static_data_ : json(nullptr))));
}

void Room::open_replay(std::optional<GameRecord> record) {
  auto waiting = std::exchange(replay_waiting_, {});
  auto cursor = record ? ReplayCursor::open(*context_.registry, std::move(*record))
                       : engine::Result<ReplayCursor>(engine::fail("bad_record", "no record"));
  if (!cursor.ok()) {
    // The record is missing or does not replay (a bug, logged): said as for a game the server does not have.
    spdlog::error("event=replay_failed room={} reason=\"{}\"", id_, cursor.error().message);
    for (const auto& w : waiting) send_error_to(*w.client, cannot_replay());
    return;
  }
  replay_ = std::make_unique<ReplayCursor>(std::move(cursor).value());
  for (const auto& w : waiting) do_replay(w.client, w.step, w.static_data, w.as_text);
}

void Room::send_error_to(Client& client, const protocol::Error& error) {
  context_.metrics->errors_sent++;
  client.send(make_frame(protocol::error_message(error, client.lang())));
}

protocol::Error Room::cannot_replay() const {
  const std::string room = std::to_string(id_);
  return make_error(ErrorCode::no_such_room, "the game in room " + room + " cannot be replayed",
                    "la partie de la salle " + room + " ne se rejoue pas");
}

void Room::do_rematch(const std::string& token) {
  const int seat = seat_of(token);
  if (seat < 0)
    return send_error(token, make_error(ErrorCode::not_in_room, "only the players of the game can ask for a rematch",
                                        "seuls les joueurs de la partie peuvent demander une revanche"));
  if (status_ != Status::over)
    return send_error(token, make_error(ErrorCode::not_started, "a rematch comes after the end of the game",
                                        "la revanche vient après la fin de la partie"));
  auto observer = observer_.lock();
  if (!observer) return;
  if (rematch_) return observer->rematch_accepted(token, id_, *rematch_, seat);
  if (rematch_asked_) {  // the lobby is opening it: this player follows once it is open
    if (std::find(rematch_waiting_.begin(), rematch_waiting_.end(), token) == rematch_waiting_.end())
      rematch_waiting_.push_back(token);
    return;
  }
  rematch_asked_ = true;
  std::vector<Member> seats;
  for (const auto& s : seats_) seats.push_back(*s);
  const std::string name = seats_[seat]->name;
  announce({name + " proposes a rematch: /rematch to accept", name + " propose une revanche : /rematch pour accepter"});
  observer->rematch_requested(id_, *spec_, options_with_clock(), seats, token);
}

// ---- playing -------------------------------------------------------------------------------------------

void Room::do_action(const std::string& token, const json& action, const ClientPtr& stand_in) {
  if (storing_) {  // the previous action is being stored: this one is checked once that one is applied
    if (waiting_actions_.size() >= kMaxWaitingActions)
      return refuse_move(token, stand_in, make_error(ErrorCode::rate_limited, "too many moves at once; wait for the last one",
                                                     "trop de coups à la fois ; attendez le dernier"));
    waiting_actions_.push_back(WaitingAction{token, action, stand_in});
    return;
  }
  const int seat = seat_of(token);
  if (seat < 0)
    return send_error(token, make_error(ErrorCode::not_in_room, "you are not seated in room " + std::to_string(id_),
                                        "vous n'êtes pas assis dans la salle " + std::to_string(id_)));
  if (!game_ || status_ == Status::waiting) return send_error(token, not_started());
  // A handed-over seat is played by its bot alone; a bot whose seat was given back stops before this move.
  const ClientPtr playing_for = seat < static_cast<int>(stand_ins_.size()) ? stand_ins_[seat] : nullptr;
  if (stand_in && stand_in != playing_for) return;
  if (!stand_in && playing_for)
    return send_error(token, make_error(ErrorCode::handover_refused, "a bot plays your seat: /join to take it back",
                                        "un robot joue votre place : /join pour la reprendre"));
  // Validate, store, then apply: the action is stored before anything is sent (a crash after the store
  // replays it; before it, nobody saw it), and a refused or unstored action leaves nothing to undo.
  if (auto refused = game_->refusal(seat, action))
    return refuse_move(token, stand_in, with_whom_to_wait_for(*refused));
  storing_ = true;
  // The writer calls back once: its copy of the action moves on to the room's strand (a JSON copy is one
  // allocation per node).
  context_.writer->append_action(
      id_, actions_, ActionRecord{seat, action}, strand_,
      [self = shared_from_this(), token, seat, action, stand_in](bool stored) mutable {
        std::string key = token;
        self->post([token = std::move(token), seat, action = std::move(action), stand_in = std::move(stand_in),
                    stored](Room& r) { r.on_stored(token, seat, action, stored, stand_in); },
                   std::move(key));
      });
}

void Room::refuse_move(const std::string& token, const ClientPtr& stand_in, const protocol::Error& error) {
  if (!stand_in) return send_error(token, error);
  send_error_to(*stand_in, error);  // a stand-in bot's client reads English
}

void Room::on_stored(const std::string& token, int seat, const json& action, bool stored, const ClientPtr& stand_in) {
  storing_ = false;
  if (!stored) {
    refuse_move(token, stand_in, protocol::Error{"storage_failed", "the move could not be saved; try again",
                                                 "le coup n'a pas pu être enregistré ; réessayez"});
  } else if (auto events = game_->apply_accepted(seat, action); !events.ok()) {
    // do_action checked it (refusal) before the store, and nothing else moves while a move is stored.
    // A game that refuses one of its own legal actions: a bug, stored but not applied.
    spdlog::critical("event=legal_action_refused room={} rule={} message=\"{}\"", id_, events.error().rule,
                     events.error().message);
    send_error(token, make_error(ErrorCode::server_error, "the server failed on your last move",
                                 "le serveur a échoué sur votre dernier coup"));
  } else {
    ++actions_;
    context_.metrics->actions_applied++;
    const auto names = seat_names();
    const std::size_t first_line = log_.size();
    for (const auto& e : events.value()) log_.push_back(game_->describe(e, names));
    send_views_after_action(seat, first_line);
    finish_if_over();
    if (status_ == Status::playing && clock_.on()) {  // the turn has moved: other banks run now
      run_clock();
      broadcast(protocol::clock_message(id_, clock_json(clock_, clock_.since)));
      store_seat_play();
    }
  }
  while (!storing_ && !waiting_actions_.empty()) {
    auto next = std::move(waiting_actions_.front());
    waiting_actions_.pop_front();
    do_action(next.token, next.action, next.stand_in);
  }
}

void Room::send_views_after_action(int seat, std::size_t first_line) {
  const std::int64_t from = version_++;
  const auto watching = [](const Member& s) { return s.client != nullptr; };
  std::vector<bool> present{std::any_of(spectators_.begin(), spectators_.end(), watching)};
  for (std::size_t i = 0; i < seats_.size(); ++i)
    present.push_back(seats_[i] && (seats_[i]->client || (i < stand_ins_.size() && stand_ins_[i])));
  const auto patches = views_.patches(*game_, present);
  const std::string& shared = patches.shared;  // the public part's ops, written once for everyone
  // The move's log lines ride in its patch, in each reader's language: serialized once per language.
  std::array<std::optional<std::string>, 2> log_lines;
  auto lines = [&](engine::Lang lang) -> const std::string& {
    auto& text = log_lines[static_cast<std::size_t>(lang)];
    if (!text) text = log_text(lang, first_line);
    return *text;
  };
  auto frame = [&](const std::string& own, std::string_view log) {
    return text_frame(protocol::patch_frame(id_, from, version_, shared, own, seat, log));
  };
  for (int i = 0; i < static_cast<int>(seats_.size()); ++i) {
    if (!present[i + 1]) continue;
    const ClientPtr bot = i < static_cast<int>(stand_ins_.size()) ? stand_ins_[i] : nullptr;
    if (const auto& own = patches.own[i + 1]) {
      if (auto& client = seats_[i]->client) client->send(frame(*own, lines(client->lang())));
      if (bot) bot->send(frame(*own, {}));
    } else {  // back since its view went stale: the whole view, not a patch
      if (seats_[i]->client) send_full_state(seats_[i]->token);
      if (bot) send_stand_in_state(i);
    }
  }
  if (!present[0]) return;
  if (!patches.own[0]) return send_state_to_spectators();
  auto frames = LocalFrames::of_text([&](engine::Lang lang) {  // once per language
    return protocol::patch_frame(id_, from, version_, shared, *patches.own[0], seat, lines(lang));
  });
  for (auto& s : spectators_)
    if (s.client) frames.send_to(*s.client);
}

void Room::send_state_to_spectators() {
  if (std::none_of(spectators_.begin(), spectators_.end(), [](const Member& s) { return s.client != nullptr; })) return;
  const json view = views_.full_view(*game_, engine::Viewer::spectator());
  auto frames = LocalFrames::of_text([&](engine::Lang lang) {  // once per language
    return protocol::state_frame(id_, version_, view, std::nullopt, static_text_, log_text(lang));
  });
  for (auto& s : spectators_)
    if (s.client) frames.send_to(*s.client);
}

void Room::finish_if_over() {
  if (status_ != Status::playing || !game_->over()) return;
  auto outcome = game_->outcome();
  if (!outcome) return;
  status_ = Status::over;
  context_.metrics->games_running--;
  context_.metrics->games_finished++;
  abandon_timer_.cancel();
  handover_timer_.cancel();
  stop_stand_ins();
  halt_clock();
  context_.writer->finish_game(id_, outcome_json(*outcome), strand_, [id = id_](bool stored) {
    // Not fatal: a restart replays the actions, all stored, and finds the game over again.
    if (!stored) spdlog::error("event=store_finish_failed room={}", id);
  });
  spdlog::info("event=game_over room={} game={}", id_, spec_->id);
  const auto names = seat_names();
  LocalFrames over([&](engine::Lang lang) { return protocol::over_message(id_, *outcome, names, lang); });
  send_to_everyone(over);
  publish_room();
}

void Room::send_full_state(const std::string& token) {
  const int seat = seat_of(token);
  if (Member* m = member(token); m && m->client) {
    const auto viewer = seat >= 0 ? engine::Viewer::of(seat) : engine::Viewer::spectator();
    const auto seat_shown = seat >= 0 ? std::optional<int>(seat) : std::nullopt;
    m->client->send(text_frame(protocol::state_frame(
        id_, version_, views_.full_view(*game_, viewer), seat_shown, static_text_, log_text(m->client->lang()))));
  }
  if (status_ == Status::playing && clock_.on())
    send(token, protocol::clock_message(id_, clock_json(clock_, std::chrono::steady_clock::now())));
  if (status_ == Status::over) {
    if (auto outcome = game_->outcome())
      send(token, protocol::over_message(id_, *outcome, seat_names(), lang_of(token)));
  }
}

// ---- helpers -------------------------------------------------------------------------------------------

int Room::seat_of(const std::string& token) const {
  for (int i = 0; i < static_cast<int>(seats_.size()); ++i)
    if (seats_[i] && seats_[i]->token == token) return i;
  return -1;
}

Member* Room::member(const std::string& token) {
  const int seat = seat_of(token);
  if (seat >= 0) return &*seats_[seat];
  for (auto& s : spectators_)
    if (s.token == token) return &s;
  return nullptr;
}

std::vector<std::string> Room::seat_names() const {
  std::vector<std::string> names;
  for (const auto& s : seats_) names.push_back(s ? s->name : "");
  return names;
}

protocol::RoomInfo Room::info() const {
  protocol::RoomInfo info;
  info.id = id_;
  info.game = spec_->id;
  info.title = spec_->title;
  info.status = status_;
  info.options = options_with_clock();
  info.min_players = spec_->min_players;
  info.max_players = spec_->max_players;
  for (const auto& s : seats_) {
    protocol::SeatInfo seat;
    if (s) {
      seat.name = s->name;
      seat.connected = s->client != nullptr;
      seat.bot = s->bot;
      if (s->token == host_) info.host = s->name;
    }
    info.seats.push_back(seat);
  }
  if (status_ == Status::playing) {
    const auto seats = presence();
    for (std::size_t i = 0; i < seats.size() && i < info.seats.size(); ++i) {
      auto& seat = info.seats[i];
      seat.stand_in = stand_in_strategy_[i];
      seat.may_hand_over = seats[i].may_hand_over && !seats[i].handed_over && seats[i].person &&
                           (!seats[i].present || seats[i].out_of_time);
      if (i < handover_votes_.by_target.size())
        for (int v : handover_votes_.by_target[i]) seat.handover_votes.push_back(seats_[v]->name);
    }
  }
  for (const auto& s : spectators_) info.spectators.push_back(s.name);
  info.rematch = rematch_;
  return info;
}

void Room::send(const std::string& token, const json& message) {
  if (Member* m = member(token); m && m->client) m->client->send(make_frame(message));
}

engine::Lang Room::lang_of(const std::string& token) {
  const Member* m = member(token);
  return m && m->client ? m->client->lang() : engine::Lang::en;
}

void Room::send_info(const std::string& token, const LocalText& text) {
  send(token, protocol::info_message(text.in(lang_of(token)), id_));
}

void Room::send_error(const std::string& token, const protocol::Error& error) {
  context_.metrics->errors_sent++;
  send(token, protocol::error_message(error, lang_of(token)));
}

void Room::announce(const LocalText& text) {
  LocalFrames frames([&](engine::Lang lang) { return protocol::info_message(text.in(lang), id_); });
  send_to_everyone(frames);
}

void Room::send_to_everyone(LocalFrames& frames) {
  for (auto& s : seats_)
    if (s && s->client) frames.send_to(*s->client);
  for (auto& s : spectators_)
    if (s.client) frames.send_to(*s.client);
}

std::string Room::log_text(engine::Lang lang, std::size_t first_line) const {
  json lines = json::array();
  for (std::size_t i = first_line; i < log_.size(); ++i) lines.push_back(log_[i].in(lang));
  return protocol::serialize(lines);
}

void Room::keep_static_data() {
  static_data_ = game_->static_data();
  static_text_ = protocol::serialize(static_data_);
}

void Room::broadcast(const json& message) { broadcast(make_frame(message)); }

void Room::broadcast(const Frame& frame) {
  for (auto& s : seats_)
    if (s && s->client) s->client->send(frame);
  for (auto& s : spectators_)
    if (s.client) s.client->send(frame);
}

void Room::publish_room() {
  track_absences();
  auto i = info();
  broadcast(text_frame(protocol::room_frame(i)));
  if (auto o = observer_.lock()) o->room_changed(i);
  watch_presence();  // every change of who is connected ends here
}

}  // namespace archipel::server
