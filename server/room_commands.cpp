// Room (server/room.hpp): the room's commands, each answering the member who typed it: the start
// (stored on the writer's thread before anyone hears of the game), options, kick, bots, moves, who,
// log, replay and rematch. Same class as room.cpp, on the same strand.
#include <algorithm>
#include <optional>

#include <spdlog/spdlog.h>

#include "protocol/errors.hpp"
#include "server/rated_game.hpp"
#include "server/replay.hpp"
#include "server/replay_request.hpp"
#include "server/room.hpp"

namespace archipel::server {

using nlohmann::json;
using protocol::ErrorCode;
using protocol::make_error;

void Room::run_command(const std::string& token, protocol::RoomCommand& command) {
  namespace cmd = protocol::cmd;
  std::visit(protocol::Overloaded{
                 [&](cmd::Say& c) {
                   if (!c.text.empty()) do_say(token, c.text);
                 },
                 [&](cmd::Start&) { do_start(token); },
                 [&](cmd::Option& c) { do_option(token, c); },
                 [&](cmd::Kick& c) { do_kick(token, c.name); },
                 [&](cmd::AddBot& c) { do_addbot(token, c.strategy); },
                 [&](cmd::Play& c) { do_play_text(token, c.move); },
                 [&](cmd::Moves&) { do_moves(token); },
                 [&](cmd::Rematch&) { do_rematch(token); },
                 [&](cmd::Handover& c) { do_handover(token, c.who); },
             },
             command);
}

// ---- commands -----------------------------------------------------------------------------------

void Room::do_start(const std::string& token) {
  if (token != table_.host) return send_error(token, not_host_error("/start"));
  if (table_.status != Status::waiting) return send_error(token, already_started_error());
  if (auto refused = table_.cannot_start()) return send_error(token, *refused);
  std::vector<Member> players;
  for (auto& s : table_.seats)
    if (s) players.push_back(*s);
  const int n = static_cast<int>(players.size());
  const std::uint64_t seed = context_.new_seed();
  auto game = context_.registry->create(table_.spec->id, n, table_.options, seed);
  if (!game.ok()) return send_error(token, game.error());

  GameRecord record;
  record.id = table_.id;
  record.game = table_.spec->id;
  record.options = table_.options;
  record.seed = seed;
  record.host = table_.host;
  for (const auto& p : players)
    record.seats.push_back(SeatRecord{p.name, p.token, p.bot, p.strategy});
  if (clock_.on()) {
    start_clock(clock_, n, std::chrono::steady_clock::now());
    record.play.clock = clock_record(clock_, clock_.since);
  }
  record.play.unrated = !rated_;
  // Written on the store's thread, not this one; until it is, the room holds what comes (post). No
  // one is told of the game before its record is durable: a restart brings back every game a player
  // saw begin.
  starting_ = Starting{token, std::move(players), std::move(game).value(), seed};
  context_.writer->save_game(std::move(record), strand_, [weak = weak_from_this()](bool stored) {
    if (auto self = weak.lock())  // straight onto the strand: post() would hold it behind the start
                                  // it settles
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
  // Nothing is posted while these run (a post lands on the strand, after this handler); a held
  // /start may begin another wait, and what follows it stays held, in order.
  auto held = std::exchange(held_, {});
  std::size_t ran = 0;
  while (ran < held.size() && !starting_) held[ran++](*this);
  held_.insert(held_.begin(),
               std::make_move_iterator(held.begin() + static_cast<std::ptrdiff_t>(ran)),
               std::make_move_iterator(held.end()));
}

void Room::begin_game(Starting start) {
  const int n = static_cast<int>(start.players.size());
  table_.seats.clear();
  for (auto& p : start.players) table_.seats.emplace_back(std::move(p));
  table_.kept_for
      .clear();  // whoever did not come back for the rematch: the game starts without them
  table_.auto_start = false;
  table_.game = std::move(start.game);
  table_.seed = start.seed;
  table_.status = Status::playing;
  context_.metrics->games_running++;
  audience_.begin_game(*table_.game, 1);
  reset_seat_play(n);
  if (clock_.on()) run_clock();  // its first state goes with each player's state below
  spdlog::info("event=game_start room={} game={} seats={} seed={}", table_.id, table_.spec->id, n,
               table_.seed);
  Audience::announce(table_, {"The game of " + table_.spec->title + " starts",
                              "La partie de " + table_.spec->title + " commence"});
  publish_room();
  for (int i = 0; i < n; ++i)
    if (table_.seats[i]->client) send_full_state(table_.seats[i]->token);
  audience_.state_to_spectators(table_);
  finish_if_over();
}

void Room::do_option(const std::string& token, const protocol::cmd::Option& option) {
  if (token != table_.host) return send_error(token, not_host_error("/option"));
  if (table_.status != Status::waiting) return send_error(token, already_started_error());
  if (option.key == "clock") {  // the room's turn clock, not an option of the game
    const auto per_player = parse_clock(option.value);
    if (!per_player)
      return send_error(
          token, make_error(ErrorCode::bad_arguments,
                            "clock=off, or a time per player from 5s to 180m such as clock=10m",
                            "clock=off, ou un temps par joueur de 5s à 180m comme clock=10m"));
    clock_.per_player = *per_player;
    Audience::announce(table_, {"Turn clock: " + clock_text(*per_player) + " per player",
                                "Pendule : " + clock_text(*per_player) + " par joueur"});
    return publish_room();
  }
  if (option.key == "rated") {  // the room's too (server/rated_game.hpp)
    const auto on = parse_rated(option.value);
    if (!on) return send_error(token, bad_rated_error());
    rated_ = *on;
    Audience::announce(
        table_,
        *on ? engine::LocalText{"The game will be rated", "La partie sera classée"}
            : engine::LocalText{"The game will not be rated", "La partie ne sera pas classée"});
    return publish_room();
  }
  auto changed = table_.options;
  changed[option.key] = option.value;
  auto completed = engine::complete_options(*table_.spec, changed);
  if (!completed.ok()) return send_error(token, completed.error());
  table_.options = std::move(completed).value();
  Audience::announce(table_, {"Option " + option.key + " = " + option.value,
                              "Option " + option.key + " = " + option.value});
  publish_room();
}

void Room::do_kick(const std::string& token, const std::string& name) {
  if (token != table_.host) return send_error(token, not_host_error("/kick"));
  if (table_.status != Status::waiting)
    return send_error(
        token,
        make_error(ErrorCode::already_started, "players cannot be kicked once the game has started",
                   "on ne peut plus retirer un joueur une fois la partie commencée"));
  for (auto& s : table_.seats) {
    if (s && s->name == name) {
      if (s->token == token)
        return send_error(token, make_error(ErrorCode::bad_arguments, "use /leave to leave",
                                            "/leave pour partir"));
      const std::string kicked = s->token;
      send_info(kicked, {"You were removed from room " + std::to_string(table_.id) + " by the host",
                         "L'hôte vous a retiré de la salle " + std::to_string(table_.id)});
      do_leave(kicked);
      return;
    }
  }
  send_error(token,
             make_error(ErrorCode::bad_arguments, "nobody called " + name + " is seated here",
                        "personne du nom de " + name + " n'est assis ici"));
}

void Room::do_addbot(const std::string& token, const std::string& strategy) {
  if (token != table_.host) return send_error(token, not_host_error("/addbot"));
  if (table_.status != Status::waiting) return send_error(token, already_started_error());
  if (table_.free_seats() <= table_.bots_on_their_way)
    return send_error(token, make_error(ErrorCode::room_full, "no free seat for a bot",
                                        "pas de place libre pour un robot"));
  if (!context_.bots)
    return send_error(token, make_error(ErrorCode::not_available, "this server offers no bots",
                                        "ce serveur n'offre pas de robots"));
  if (!context_.bots->knows(strategy)) {
    std::string known;
    for (const auto& n : context_.bots->strategies()) known += (known.empty() ? "" : ", ") + n;
    return send_error(
        token,
        make_error(ErrorCode::bad_arguments, "no bot strategy '" + strategy + "' (" + known + ")",
                   "pas de stratégie de robot « " + strategy + " » (" + known + ")"));
  }
  // The lobby makes the bot and sends it to join; until it arrives its seat is kept for it.
  ++table_.bots_on_their_way;
  if (auto o = observer_.lock()) o->bot_requested(table_.id, strategy);
}

void Room::do_moves(const std::string& token) {
  const int seat = table_.seat_of(token);
  if (seat < 0)
    return send_error(token, make_error(ErrorCode::not_in_room, "only seated players have moves",
                                        "seuls les joueurs assis ont des coups"));
  if (!table_.game) return send_error(token, not_started_error());
  auto moves = table_.game->legal(seat);
  if (moves.empty())
    return send_info(token, {"You have no move now", "Vous n'avez pas de coup à jouer maintenant"});
  std::string list;  // one move per line: /play <this>
  for (const auto& m : moves) list += "\n  " + m.text;
  send_info(token, {"Your moves (/play <move>):" + list, "Vos coups (/play <coup>) :" + list});
}

void Room::do_who(const std::string& token) {
  Audience::to(
      table_, token,
      protocol::info_message(table_.who_text(Audience::lang_of(table_, token)), table_.id));
}

void Room::do_log(const std::string& token) {
  const std::string room = std::to_string(table_.id);
  if (table_.log.empty())
    return send_info(token,
                     {"No moves yet in room " + room, "Pas encore de coup dans la salle " + room});
  Audience::to(
      table_, token,
      protocol::info_message(log_listing(table_.id, table_.log, Audience::lang_of(table_, token)),
                             table_.id));
}

void Room::do_replay(const ClientPtr& client, int step, bool static_data, bool as_text) {
  const std::string room = std::to_string(table_.id);
  if (table_.status != Status::over && table_.status != Status::abandoned)
    return send_error_to(
        *client,
        make_error(ErrorCode::not_over, "the game in room " + room + " is not over: no replay yet",
                   "la partie de la salle " + room + " n'est pas finie : pas encore de rejeu"));
  if (!replay_) {
    // Opened from the record, read on the store's thread (a network thread never waits on the
    // disk); the requests that come meanwhile wait with this one.
    replay_waiting_.push_back(ReplayWanted{client, step, static_data, as_text});
    if (replay_waiting_.size() > 1) return;
    context_.writer->load_game(table_.id, strand_,
                               [weak = weak_from_this()](std::optional<GameRecord> record) {
                                 if (auto self = weak.lock())
                                   self->post([record = std::move(record)](Room& r) mutable {
                                     r.open_replay(std::move(record));
                                   });
                               });
    return;
  }
  auto shown = replay_->go_to(step);
  if (!shown.ok()) {
    if (shown.error().rule == "out_of_range")
      return send_error_to(*client, make_error(ErrorCode::bad_arguments, shown.error().message,
                                               shown.error().message_fr));
    spdlog::error("event=replay_failed room={} step={} reason=\"{}\"", table_.id, step,
                  shown.error().message);
    replay_.reset();
    return send_error_to(*client, cannot_replay());
  }
  client->send(make_frame(replay_answer(table_.id, replay_->game(), shown.value(), replay_->names(),
                                        client->lang(), as_text,
                                        static_data ? audience_.static_data() : json(nullptr))));
}

void Room::open_replay(std::optional<GameRecord> record) {
  auto waiting = std::exchange(replay_waiting_, {});
  auto cursor = record ? ReplayCursor::open(*context_.registry, std::move(*record))
                       : engine::Result<ReplayCursor>(engine::fail("bad_record", "no record"));
  if (!cursor.ok()) {
    // The record is missing or does not replay (a bug, logged): said as for a game the server does
    // not have.
    spdlog::error("event=replay_failed room={} reason=\"{}\"", table_.id, cursor.error().message);
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
  const std::string room = std::to_string(table_.id);
  return make_error(ErrorCode::no_such_room, "the game in room " + room + " cannot be replayed",
                    "la partie de la salle " + room + " ne se rejoue pas");
}

void Room::do_rematch(const std::string& token) {
  const int seat = table_.seat_of(token);
  if (seat < 0)
    return send_error(
        token,
        make_error(ErrorCode::not_in_room, "only the players of the game can ask for a rematch",
                   "seuls les joueurs de la partie peuvent demander une revanche"));
  if (table_.status != Status::over)
    return send_error(
        token, make_error(ErrorCode::not_started, "a rematch comes after the end of the game",
                          "la revanche vient après la fin de la partie"));
  auto observer = observer_.lock();
  if (!observer) return;
  if (rematch_) return observer->rematch_accepted(token, table_.id, *rematch_, seat);
  if (rematch_asked_) {  // the lobby is opening it: this player follows once it is open
    if (std::find(rematch_waiting_.begin(), rematch_waiting_.end(), token) ==
        rematch_waiting_.end())
      rematch_waiting_.push_back(token);
    return;
  }
  rematch_asked_ = true;
  std::vector<Member> seats;
  for (const auto& s : table_.seats) seats.push_back(*s);
  const std::string name = table_.seats[seat]->name;
  Audience::announce(table_, {name + " proposes a rematch: /rematch to accept",
                              name + " propose une revanche : /rematch pour accepter"});
  observer->rematch_requested(table_.id, *table_.spec, room_options(), seats, token);
}

}  // namespace archipel::server
