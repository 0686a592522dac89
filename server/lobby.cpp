#include "server/lobby.hpp"

#include <algorithm>
#include <random>

#include <spdlog/spdlog.h>

#include "engine/core/lang.hpp"
#include "protocol/command_parser.hpp"
#include "server/lobby_errors.hpp"
#include "server/rated_game.hpp"
#include "server/replay.hpp"
#include "server/turn_clock.hpp"

namespace archipel::server {

using nlohmann::json;
using protocol::ErrorCode;
using protocol::make_error;
using protocol::RoomStatus;

namespace {

// Finished games stay listed (and their rooms open for a last look) until this many newer ones have
// ended; their logs stay in the store for /log.
constexpr std::size_t kFinishedRoomsKept = 20;
// The /rooms text lists at most this many rooms (a person reads it; programs page the list with
// `rooms`).
constexpr std::size_t kRoomsInText = 50;

std::string room_text(RoomId id) {
  return std::to_string(id);
}

}  // namespace

protocol::Error no_such_room(RoomId id) {
  return make_error(ErrorCode::no_such_room, "there is no room " + room_text(id),
                    "il n'y a pas de salle " + room_text(id));
}
protocol::Error no_game_in(RoomId id) {
  return make_error(ErrorCode::no_such_room, "no game was played in room " + room_text(id),
                    "aucune partie n'a été jouée dans la salle " + room_text(id));
}
protocol::Error unknown_token() {
  return make_error(ErrorCode::bad_token, "unknown resume token; say hello with a name instead",
                    "jeton de reprise inconnu ; dites bonjour avec un pseudo");
}

protocol::Error name_taken(const std::string& name) {
  return make_error(ErrorCode::name_taken, "the name " + name + " is taken",
                    "le pseudo " + name + " est pris");
}
protocol::Error cluster_unavailable() {
  return make_error(ErrorCode::not_available,
                    "the service the servers share (Redis) cannot be reached; try again shortly",
                    "le service que partagent les serveurs (Redis) est injoignable ; réessayez "
                    "dans un instant");
}
protocol::Error already_in_room(RoomId id) {
  return make_error(ErrorCode::already_in_room,
                    "you are seated in room " + room_text(id) + "; /leave first",
                    "vous êtes assis dans la salle " + room_text(id) + " ; /leave d'abord");
}

Lobby::Lobby(net::any_io_executor executor, RoomContext context)
    : strand_(net::make_strand(executor)),
      executor_(executor),
      context_(std::move(context)),
      flush_timer_(strand_) {}

void Lobby::restore_games() {
  next_room_ = context_.store->max_room_id() + 1;
  if (accounts_)
    for (auto& name : accounts_->names()) registered_[protocol::name_skeleton(name)] = name;
  for (const auto& record : context_.store->load_unfinished()) {
    auto r = Room::restore(executor_, record, context_, weak_from_this());
    if (!r) continue;
    rooms_[record.id] = r;
    for (const auto& seat : record.seats) {
      if (seat.bot) {  // bring the bot back to life with its strategy
        if (Player* bot = make_bot(record.game, seat.strategy, seat.name, seat.token)) {
          bot->room = record.id;
          placed(*bot);
          r->connect(seat.token, bot->client);
          continue;
        }
      }
      Player& p = players_.add(seat.token, seat.name);
      p.room = record.id;
      p.registered = is_registered(seat.name);
      // The name was theirs before the restart: held again in the cluster (taken back once free,
      // should another node's player have it now).
      if (cluster_)
        cluster_->keep_name(protocol::name_skeleton(seat.name), claim_player_id(seat.token));
      placed(p);
    }
    spdlog::info("event=game_restored room={} game={} actions={}", record.id, record.game,
                 record.actions.size());
    r->publish();
  }
}

// ---- entry points -------------------------------------------------------------------------------

void Lobby::handler_failed(const ClientPtr& client, const char* what) {
  spdlog::error("event=handler_failed where=lobby client={} error=\"{}\"",
                client ? client->id() : 0, what);
  if (client)
    send_error(client, make_error(ErrorCode::server_error, "the server failed on your last message",
                                  "le serveur a échoué sur votre dernier message"));
}

void Lobby::on_request(ClientPtr client, protocol::Request request) {
  ClientPtr sender = client;
  post(
      [client = std::move(client), request = std::move(request)](Lobby& l) mutable {
        if (auto* hello = std::get_if<protocol::Hello>(&request)) return l.hello(client, *hello);
        // A login may come instead of a hello: a returning player need not pick a guest name.
        if (auto* login = std::get_if<protocol::Login>(&request)) return l.login(client, *login);
        Player* player = l.players_.by_client(client);
        if (!player)
          return l.send_error(
              client, make_error(ErrorCode::hello_first, "say hello first (a name or a token)"));
        const std::string token = player->token;
        std::visit(
            protocol::Overloaded{
                [&](protocol::Hello&) {},  // answered above
                [&](protocol::LobbyCommand& c) {
                  l.command(*player, c);
                  l.placed_again(token);
                },
                [&](protocol::RoomCommand& c) {
                  l.room_command(*player, c);
                  l.placed_again(token);
                },
                [&](protocol::Action& m) {
                  if (player->room != m.room)
                    return l.send_error(
                        client,
                        make_error(ErrorCode::not_in_room,
                                   "you are not seated in room " + room_text(m.room),
                                   "vous n'êtes pas assis dans la salle " + room_text(m.room)));
                  if (auto r = l.room(m.room)) r->action(player->token, std::move(m.action));
                },
                [&](protocol::Sync& m) {
                  if (player->room != m.room && player->watching != m.room)
                    return l.send_error(
                        client, make_error(ErrorCode::not_in_room,
                                           "you are not in room " + room_text(m.room),
                                           "vous n'êtes pas dans la salle " + room_text(m.room)));
                  if (auto r = l.room(m.room)) r->sync(player->token);
                },
                [&](protocol::ListGames&) { l.send_games(client); },
                [&](protocol::ListRooms& m) { l.send_rooms(client, m); },
                [&](protocol::ReplayRequest& m) { l.replay(*player, m, false); },
                [&](protocol::Register& m) { l.register_account(*player, m); },
                [&](protocol::Login&) {},  // answered above
            },
            request);
      },
      std::move(sender));
}

void Lobby::placed_again(const std::string& token) {
  // A command may have moved the player (a seat, a room watched, a rename), or ended them (a bot's
  // /leave).
  if (Player* still = players_.by_token(token)) placed(*still);
}

void Lobby::command(Player& player, protocol::LobbyCommand& command) {
  namespace cmd = protocol::cmd;
  std::visit(protocol::Overloaded{
                 [&](cmd::Help& c) { help(player, c.topic); },
                 [&](cmd::Nick& c) { nick(player, c.name); },
                 [&](cmd::Games&) { games_text(player); },
                 [&](cmd::Rooms&) { rooms_text(player); },
                 [&](cmd::Create& c) { create(player, c); },
                 [&](cmd::Join& c) { join(player, c); },
                 [&](cmd::Leave&) { leave(player); },
                 [&](cmd::Watch& c) { watch(player, c.room); },
                 [&](cmd::Who&) { who(player); },
                 [&](cmd::Log& c) { log(player, c.room); },
                 [&](cmd::SetLang& c) { set_lang(player, c.lang); },
                 [&](cmd::Replay& c) {
                   replay(player, protocol::ReplayRequest{c.room, c.step, false}, true);
                 },
                 [&](cmd::Register&) { account_hint(player, false); },
                 [&](cmd::Login&) { account_hint(player, true); },
                 [&](cmd::Logout& c) { logout(player, c.everywhere); },
                 [&](cmd::Top& c) { top(player, c.game); },
                 [&](cmd::Profile& c) { profile(player, c.name); },
                 [&](cmd::History& c) { history(player, c); },
             },
             command);
}

void Lobby::room_command(Player& player, protocol::RoomCommand& command) {
  if (auto* say = std::get_if<protocol::cmd::Say>(&command); say && !player.present_in()) {
    if (!say->text.empty()) this->say(player, say->text);
    return;
  }
  // The room checks the rest (a member, seated, host, started) and answers the player itself.
  if (auto r = room_for_command(player))
    r->member_command(player.client, player.token, std::move(command));
}

void Lobby::on_close(ClientPtr client) {
  post([client = std::move(client)](Lobby& l) {
    l.hello_pending_.erase(client->id());  // a name being claimed is let go when the answer comes
    l.carried_.erase(client->id());
    Player* p = l.players_.by_client(client);
    if (!p || p->client != client) return;  // unknown, or already resumed on another connection
    l.let_go(*p);
  });
}

void Lobby::let_go(Player& player) {
  if (auto* link = dynamic_cast<RoomLink*>(player.client.get())) link->unlink_room();
  players_.detach(player);
  online_changed();
  player.credential.clear();
  if (player.watching) {
    if (auto r = room(*player.watching)) r->unwatch(player.token);
    player.watching.reset();
  }
  if (auto at = player.room ? player.room : player.pending_join) {
    if (auto r = room(*at)) r->disconnect(player.token);
    placed(player);
  }
  // A seat in a game still to play keeps the name; otherwise (no room, or only a finished game's
  // seat) nothing is left to come back to, and the name frees after the grace.
  if (!holds_live_seat(player)) release_name_later(player);
}

void Lobby::replace_connection(Player& player) {
  if (!player.client) return;
  json bye = protocol::info_message(
      engine::LocalText{"You connected from elsewhere; this connection closes",
                        "Vous vous êtes connecté ailleurs ; cette connexion se ferme"}
          .in(player.client->lang()));
  bye["code"] = "session_replaced";
  player.client->send(make_frame(bye));
  player.client->close();
}

bool Lobby::holds_live_seat(const Player& player) const {
  const auto at = player.room ? player.room : player.pending_join;
  if (!at) return false;
  const protocol::RoomInfo* info = room_list_.find(*at);
  // A room not listed yet is one being made: it is still to play.
  return !info || info->status == RoomStatus::waiting || info->status == RoomStatus::playing;
}

void Lobby::release_name_later(Player& player) {
  if (player.bot) return;  // a bot's seat and name end with its game (seat_changed, forget_room)
  if (name_grace_.count() <= 0) return forget_player(player.token);
  // A reload or a flaky network: the name and token stay theirs a while, so nobody takes the name
  // over; a connection or a new seat meanwhile keeps them.
  auto timer = std::make_shared<net::steady_timer>(strand_, name_grace_);
  timer->async_wait([lobby = shared_from_this(), token = player.token, drop = ++player.drops,
                     timer](error_code ec) {
    Player* gone = ec ? nullptr : lobby->players_.by_token(token);
    if (gone && !gone->client && gone->drops == drop && !gone->watching &&
        !lobby->holds_live_seat(*gone))
      lobby->forget_player(token);
  });
}

void Lobby::shutdown() {
  post([](Lobby& l) {
    // Every game is already stored move by move (a move is acknowledged only once committed), and
    // the store writer finishes its queue before the process exits: so each player is told, in
    // their language, that the game is kept, and the connection closes with 1012 (service restart),
    // after which clients come back with their token (docs/protocol.md, `info` with code
    // server_restarting).
    const engine::LocalText notice{
        "The server is restarting; your game is kept and goes on once it is back (this page "
        "reconnects by itself)",
        "Le serveur redémarre ; votre partie est gardée et reprend dès son retour (la page se "
        "reconnecte d'elle-même)"};
    int told = 0;
    l.players_.for_each([&](Player& p) {
      if (!p.client) return;
      json message = protocol::info_message(notice.in(p.client->lang()));
      message["code"] = "server_restarting";
      p.client->send(make_frame(message));
      p.client->close_for_restart();
      ++told;
    });
    // Connections carried to another node: closed the same way, so they come back through the
    // balancer to a node still running, which carries them on again (the player's game is on
    // the other node, unaffected).
    for (auto& [id, weak] : l.carried_)
      if (auto c = weak.lock()) c->close_for_restart();
    l.carried_.clear();
    spdlog::info("event=shutdown_notice players={}", told);
    l.release_after_stop();
  });
}

void Lobby::release_after_stop() {
  // Sessions hold the lobby (through the server context) and the lobby and its rooms hold sessions:
  // let go of ours so every session is freed once its last operation ends.
  players_.clear();
  rooms_.clear();
  room_list_ = RoomList{};
  flush_timer_.cancel();
}

// ---- what rooms tell the lobby ------------------------------------------------------------------

void Lobby::room_changed(const protocol::RoomInfo& info) {
  post([info](Lobby& l) {
    if (!l.rooms_.count(info.id)) return;
    const protocol::RoomInfo* before = l.room_list_.find(info.id);
    const bool newly_over =
        info.status == RoomStatus::over && (!before || before->status != RoomStatus::over);
    const bool newly_ended =
        (info.status == RoomStatus::over || info.status == RoomStatus::abandoned) &&
        (!before || before->status != info.status);
    l.room_list_.update(info);
    if (l.cluster_) l.cluster_dirty_.insert(info.id);
    // Seated players who left before the end had their name kept by the game: it is over now.
    if (newly_ended)
      for (const auto& token : l.players_.in_room(info.id))
        if (Player* p = l.players_.by_token(token); p && !p->client && !l.holds_live_seat(*p))
          l.release_name_later(*p);
    if (newly_over) {
      l.finished_.push_back(info.id);
      if (l.finished_.size() > kFinishedRoomsKept) {
        l.forget_room(l.finished_.front());
        l.finished_.pop_front();
      }
    }
    l.schedule_flush();
  });
}

void Lobby::seat_changed(const std::string& token, RoomId room, bool seated) {
  post([token, room, seated](Lobby& l) {
    Player* p = l.players_.by_token(token);
    if (!p) return;
    if (seated) {
      p->room = room;
      if (p->pending_join == room) p->pending_join.reset();
      if (p->watching == room) p->watching.reset();
      return l.placed(*p);
    }
    const bool was_here = p->room == room || p->pending_join == room;
    if (p->pending_join == room) p->pending_join.reset();  // refused
    if (p->room == room) p->room.reset();
    l.placed(*p);
    if (!was_here || p->room || p->pending_join) return;
    if (p->bot) {
      if (p->client) p->client->close();
      l.forget_player(token);
    } else if (!p->client) {
      l.forget_player(token);
    } else {
      l.send_rooms(p->client);
    }
  });
}

void Lobby::room_closed(RoomId room) {
  post([room](Lobby& l) { l.forget_room(room); });
}

void Lobby::bot_requested(RoomId room, const std::string& strategy) {
  post([room, strategy](Lobby& l) {
    auto r = l.room(room);
    const protocol::RoomInfo* info = l.room_list_.find(room);
    if (!r || !info) return;
    Player* bot = l.make_bot(info->game, strategy);
    if (!bot) return;
    bot->pending_join = room;
    l.placed(*bot);
    r->join(l.member_of(*bot), std::nullopt);
  });
}

void Lobby::rematch_requested(RoomId room, const engine::GameSpec& spec,
                              const engine::Options& options, const std::vector<Member>& seats,
                              const std::string& by) {
  post([room, spec = &spec, options, seats, by](Lobby& l) {
    if (!l.room(room)) return;
    if (auto id = l.take_room_id()) return l.open_rematch(room, *spec, options, seats, by, *id);
    l.when_room_id([room, spec, options, seats, by](Lobby& l, std::optional<RoomId> id) {
      if (id) return l.open_rematch(room, *spec, options, seats, by, *id);
      // Not opened: whoever asked is told; asking again waits for the room's rematch already
      // asked (docs/cluster.md lists this among what is not done yet).
      if (Player* p = l.players_.by_token(by)) l.send_error(p->client, cluster_unavailable());
    });
  });
}

void Lobby::open_rematch(RoomId finished_id, const engine::GameSpec& spec,
                         const engine::Options& options, const std::vector<Member>& seats,
                         const std::string& by, RoomId id) {
  auto finished = room(finished_id);
  if (!finished) return;
  auto r = std::make_shared<Room>(executor_, id, spec, options, context_, weak_from_this());
  rooms_[id] = r;
  // Every seat is kept for whoever sat there: the people, and the bots, seated again under new
  // tokens (a bot of the finished game may still sit there).
  std::vector<std::string> kept;
  std::vector<std::pair<Player*, int>> bots;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    if (!seats[i].bot) {
      kept.push_back(seats[i].token);
      continue;
    }
    Player* bot = make_bot(spec.id, seats[i].strategy);
    kept.push_back(bot ? bot->token : "");
    if (bot) bots.emplace_back(bot, static_cast<int>(i));
  }
  r->keep_seats_for_rematch(kept, by);
  for (auto [bot, seat] : bots) {
    bot->pending_join = id;
    placed(*bot);
    r->join(member_of(*bot), seat);
  }
  if (Player* p = players_.by_token(by)) {
    for (std::size_t i = 0; i < seats.size(); ++i)
      if (seats[i].token == by) move_to_rematch(*p, finished_id, r, static_cast<int>(i));
  }
  finished->rematch_opened(id);
}

void Lobby::rematch_accepted(const std::string& token, RoomId finished, RoomId rematch, int seat) {
  post([token, finished, rematch, seat](Lobby& l) {
    Player* p = l.players_.by_token(token);
    auto r = l.room(rematch);
    if (!p) return;
    if (!r) {
      return l.send_error(p->client, make_error(ErrorCode::no_such_room, "the rematch room is gone",
                                                "la salle de la revanche n'existe plus"));
    }
    l.move_to_rematch(*p, finished, r, seat);
  });
}

void Lobby::move_to_rematch(Player& player, RoomId finished, const std::shared_ptr<Room>& rematch,
                            int seat) {
  if (player.room != finished)
    return;  // left the finished table meanwhile: /join the rematch room instead
  if (auto r = room(finished)) r->leave(player.token);
  player.room.reset();
  player.pending_join = rematch->id();
  placed(player);
  rematch->join(member_of(player), seat);
}

Player* Lobby::make_bot(const std::string& game_id, const std::string& strategy,
                        const std::string& name, const std::string& token_wanted) {
  if (!context_.bots) return nullptr;
  std::string bot_name = name;
  while (bot_name.empty() || players_.by_name(bot_name))
    bot_name = strategy + "-bot-" + std::to_string(++bots_made_);
  const std::string token = token_wanted.empty() ? new_token() : token_wanted;
  auto client = context_.bots->make(game_id, strategy, context_.new_seed(), bot_submit_);
  if (!client) return nullptr;
  Player& p = players_.add(token, bot_name);
  p.bot = true;
  p.strategy = strategy;
  players_.attach(p, std::move(client));
  return &p;
}

void Lobby::forget_room(RoomId room) {
  if (rooms_.erase(room) && cluster_) cluster_dirty_.insert(room);
  room_list_.remove(room);
  schedule_flush();
  for (const auto& token : players_.in_room(room)) {
    Player* p = players_.by_token(token);
    if (!p) continue;
    if (p->client) send(p->client, protocol::left_message(room));
    if (p->room == room) p->room.reset();
    if (p->watching == room) p->watching.reset();
    if (p->pending_join == room) p->pending_join.reset();
    placed(*p);
    if (!p->client || p->bot) {
      if (p->client) p->client->close();
      forget_player(token);
    }
  }
}

// ---- hello --------------------------------------------------------------------------------------

void Lobby::hello(const ClientPtr& client, const protocol::Hello& hello) {
  if (players_.by_client(client) || hello_pending_.count(client->id()))
    return send_error(
        client, make_error(ErrorCode::already_welcomed, "this connection has already said hello"));
  // The language first: a refused hello ("the name is taken") is read in it too.
  if (hello.lang) client->set_lang(*hello.lang);
  Player* player = nullptr;
  if (hello.token) {
    player = players_.by_credential(*hello.token);
    if (!player && !registered_.empty()) return hello_account_token(client, hello);
    if (!player && cluster_) return hello_elsewhere(client, hello);  // another node's player?
    if (!player) return send_error(client, unknown_token());
    // The same player from a new connection: the old one goes.
    if (player->client) replace_connection(*player);
    if (player->registered) player->credential = *hello.token;
  } else {
    const std::string& name = *hello.name;
    if (!protocol::valid_name(name))
      return send_error(client, make_error(ErrorCode::bad_name, protocol::kNameRule));
    if (players_.by_name(name)) return send_error(client, name_taken(name));
    if (is_registered(name)) return send_error(client, name_registered(name));
    if (cluster_) {
      // Another node's player may hold the name: Redis decides, and the welcome comes with its
      // answer (hello_claimed). Until then this connection is neither welcomed nor anyone.
      hello_pending_.insert(client->id());
      const std::string token = new_token();
      protocol::Hello with_token = hello;
      with_token.token = token;  // carried to hello_claimed: the player's token once granted
      cluster_->claim_name(protocol::name_skeleton(name), claim_player_id(token),
                           [weak = weak_from_this(), client, with_token](NameClaim claim) {
                             if (auto l = weak.lock())
                               l->post(
                                   [client, with_token, claim](Lobby& l) {
                                     l.hello_claimed(client, with_token, claim);
                                   },
                                   client);
                           });
      return;
    }
    player = &players_.add(new_token(), name);
  }
  welcome(client, *player, hello);
}

void Lobby::hello_claimed(const ClientPtr& client, const protocol::Hello& hello, NameClaim claim) {
  const std::string& name = *hello.name;
  const std::string& token = *hello.token;
  // A claim granted and then not used goes back. It holds this new player's id, so the release
  // cannot touch another player's claim.
  auto give_back = [&] {
    if (claim == NameClaim::granted)
      cluster_->release_name(protocol::name_skeleton(name), claim_player_id(token));
  };
  if (!hello_pending_.erase(client->id())) return give_back();  // the connection closed meanwhile
  if (claim == NameClaim::unavailable) return send_error(client, cluster_unavailable());
  // A player of this node may have taken a look-alike meanwhile: refused as on one node.
  if (claim == NameClaim::taken) return send_error(client, name_taken(name));
  if (players_.by_name(name)) {
    give_back();
    return send_error(client, name_taken(name));
  }
  protocol::Hello fresh = hello;
  fresh.token.reset();  // a new player, not a resumed one
  welcome(client, players_.add(token, name), fresh);
}

void Lobby::welcome(const ClientPtr& client, Player& found, const protocol::Hello& hello) {
  Player* player = &found;
  players_.attach(*player, client);
  online_changed();
  spdlog::debug("event=hello name={} resumed={}", player->name, hello.token.has_value());
  send(client, protocol::welcome_message(player->name, player->resume_token(), client->lang(),
                                         player->registered));
  send_rooms(client);
  if (auto at = player->room ? player->room : player->pending_join) {
    if (auto r = room(*at)) r->connect(player->token, client);
    placed(*player);  // after connect: the room knows this connection before a linked message
                      // reaches it
  } else {
    placed(*player);
    send_info(client,
              {"Welcome to Archipel, " + player->name +
                   ": board games to play online with people and bots. /help lists the commands.",
               "Bienvenue sur Archipel, " + player->name +
                   " : des jeux de société à jouer en ligne, avec des gens et des robots. /help "
                   "liste les commandes."});
  }
}

// ---- operations for the router ------------------------------------------------------------------

void Lobby::say(Player& player, const std::string& text) {
  // Table talk goes to the room (the router sends it there); this is chat in the lobby.
  broadcast_lobby(text_frame(protocol::chat_frame(std::nullopt, player.name, text)));
  if (cluster_) cluster_->publish_chat(player.name, text);  // and to every other node's lobby
}

void Lobby::help(Player& player, const std::string& topic) {
  auto text =
      protocol::help_text(topic, lang_of(player),
                          context_.bots ? context_.bots->strategies() : std::vector<std::string>{});
  if (!text.ok()) return send_error(player.client, text.error());
  send(player.client, protocol::info_message(text.value()));
}

void Lobby::games_text(Player& player) {
  const bool fr = lang_of(player) == engine::Lang::fr;
  std::string text = fr ? "Jeux :" : "Games:";
  for (const auto& g : context_.registry->games()) {
    text += "\n  " + g.spec->id + " - " + g.spec->title + ", " +
            std::to_string(g.spec->min_players) + "-" + std::to_string(g.spec->max_players) +
            (fr ? " joueurs" : " players");
    auto options = g.spec->options;
    options.push_back(clock_option());  // the room's, offered with every game
    options.push_back(rated_option());
    for (const auto& o : options) {
      text += "; " + o.key + "=";
      for (std::size_t i = 0; i < o.choices.size(); ++i) text += (i ? "|" : "") + o.choices[i];
      text += (fr ? " (par défaut " : " (default ") + o.default_value + ")";
    }
  }
  send(player.client, protocol::info_message(text));
}

void Lobby::rooms_text(Player& player) {
  const bool fr = lang_of(player) == engine::Lang::fr;
  std::string text = room_list_.size() == 0
                         ? (fr ? "Pas encore de salle ; /create <jeu> en ouvre une"
                               : "No rooms yet; /create <game> opens one")
                         : (fr ? "Salles :" : "Rooms:");
  for (const protocol::RoomInfo* i : room_list_.first(kRoomsInText)) {
    int seated = 0;
    for (const auto& s : i->seats) seated += !s.name.empty();
    text += "\n  " + room_text(i->id) + ": " + i->title + ", " +
            std::string(protocol::status_label(i->status, lang_of(player))) + ", " +
            std::to_string(seated) + "/" + std::to_string(i->seats.size()) +
            (fr ? " assis, hôte " : " seated, host ") + i->host;
  }
  if (room_list_.size() > kRoomsInText)
    text += fr ? "\n  ... et " + std::to_string(room_list_.size() - kRoomsInText) +
                     " de plus (le client web pagine la liste)"
               : "\n  ... and " + std::to_string(room_list_.size() - kRoomsInText) +
                     " more (the web client pages the list)";
  send(player.client, protocol::info_message(text));
}

void Lobby::create(Player& player, const protocol::cmd::Create& create,
                   std::optional<RoomId> given_id) {
  if (auto at = player.room ? player.room : player.pending_join)
    return send_error(player.client, already_in_room(*at));
  const engine::GameEntry* entry = context_.registry->find(create.game);
  if (!entry)
    return send_error(player.client,
                      make_error(ErrorCode::unknown_game,
                                 "no game called '" + create.game + "'; /games lists them",
                                 "pas de jeu « " + create.game + " » ; /games les liste"));
  // The turn clock is the room's option (server/turn_clock.hpp): checked here, the rest by the
  // game.
  auto game_options = create.options;
  std::optional<std::string> clock;
  if (auto c = game_options.find("clock"); c != game_options.end()) {
    if (!parse_clock(c->second))
      return send_error(
          player.client,
          make_error(ErrorCode::bad_arguments,
                     "clock=off, or a time per player from 5s to 180m such as clock=10m",
                     "clock=off, ou un temps par joueur de 5s à 180m comme clock=10m"));
    clock = c->second;
    game_options.erase(c);
  }
  // So is `rated` (server/rated_game.hpp): kept only when off, the default being on.
  bool rated = true;
  if (auto r = game_options.find("rated"); r != game_options.end()) {
    const auto on = parse_rated(r->second);
    if (!on) return send_error(player.client, bad_rated_error());
    rated = *on;
    game_options.erase(r);
  }
  auto options = engine::complete_options(*entry->spec, game_options);
  if (!options.ok()) return send_error(player.client, options.error());
  if (clock) options.value()["clock"] = *clock;
  if (!rated) options.value()["rated"] = "off";
  if (rooms_created_and_held(player) >= max_rooms_per_player_) {
    const engine::LocalText why{"you already have " + std::to_string(max_rooms_per_player_) +
                                    " rooms open (waiting or playing, with your seat); finish or "
                                    "leave one before creating another",
                                "vous avez déjà " + std::to_string(max_rooms_per_player_) +
                                    " salles ouvertes (en attente ou en cours, avec votre place) ; "
                                    "terminez-en ou quittez-en une avant d'en "
                                    "créer une autre"};
    return send_error(player.client, make_error(ErrorCode::too_many_rooms, why));
  }
  const std::optional<RoomId> taken_id = given_id ? given_id : take_room_id();
  if (!taken_id) {
    // The cluster's block of ids is used up: created once more come, everything checked again then
    // (an id taken and then not used is a gap in the numbering, never a reuse).
    return when_room_id([token = player.token, create](Lobby& l, std::optional<RoomId> id) {
      Player* p = l.players_.by_token(token);
      if (!p) return;
      if (!id) return l.send_error(p->client, cluster_unavailable());
      l.create(*p, create, id);
      l.placed_again(token);
    });
  }
  const RoomId id = *taken_id;
  stop_watching(player);
  player.created.push_back(id);
  auto r = std::make_shared<Room>(executor_, id, *entry->spec, options.value(), context_,
                                  weak_from_this());
  rooms_[id] = r;
  player.pending_join = id;
  send_info(player.client,
            {"Room " + room_text(id) + " created for " + entry->spec->title +
                 "; others join with /join " + room_text(id) + ", then /start",
             "Salle " + room_text(id) + " ouverte pour " + entry->spec->title +
                 " ; les autres la rejoignent par /join " + room_text(id) + ", puis /start"});
  r->join(member_of(player), std::nullopt);
}

void Lobby::join(Player& player, const protocol::cmd::Join& join) {
  std::optional<RoomId> target = join.room;
  if (!target) target = player.present_in();
  if (!target) {  // the first room with a free seat
    target = room_list_.first_open();
    if (!target)
      return send_error(
          player.client,
          make_error(ErrorCode::no_such_room, "no open room; /create <game> opens one",
                     "pas de salle ouverte ; /create <jeu> en ouvre une"));
  }
  auto r = room(*target);
  if (auto at = player.room ? player.room : player.pending_join; at && at != target)
    return send_error(player.client, already_in_room(*at));
  if (!r && is_remote_room(*target))  // another node's: the player is carried there
    return carry_to_room_node(player, *target,
                              command_frame("/join " + room_text(*target) +
                                            (join.seat ? " " + std::to_string(*join.seat) : "")));
  if (!r) return send_error(player.client, no_such_room(*target));
  if (player.watching != target) stop_watching(player);
  player.watching.reset();
  if (!player.room)
    player.pending_join = target;  // the room confirms or refuses through seat_changed
  r->join(member_of(player), join.seat ? std::optional<int>(*join.seat - 1) : std::nullopt);
}

void Lobby::watch(Player& player, RoomId id) {
  auto r = room(id);
  if (!r && is_remote_room(id))
    return carry_to_room_node(player, id, command_frame("/watch " + room_text(id)));
  if (!r) return send_error(player.client, no_such_room(id));
  if (player.room == id)
    return r->connect(player.token, player.client);  // seated here already: just resync
  if (player.watching != id) stop_watching(player);
  player.watching = id;
  r->watch(member_of(player));
}

void Lobby::stop_watching(Player& player) {
  if (!player.watching) return;
  if (auto r = room(*player.watching)) r->unwatch(player.token);
  send(player.client, protocol::left_message(*player.watching));
  player.watching.reset();
}

void Lobby::leave(Player& player) {
  if (auto at = player.room ? player.room : player.pending_join) {
    if (auto r = room(*at)) r->leave(player.token);
    player.room.reset();
    player.pending_join.reset();
  } else if (player.watching) {
    stop_watching(player);
  } else {
    return send_error(player.client, make_error(ErrorCode::not_in_room, "you are not in a room",
                                                "vous n'êtes dans aucune salle"));
  }
  send_rooms(player.client);
}

void Lobby::nick(Player& player, const std::string& name) {
  if (player.registered || player.registering)
    return send_error(player.client,
                      make_error(ErrorCode::already_registered,
                                 "your name is an account's: log out to play under another",
                                 "votre pseudo est celui d'un compte : déconnectez-vous pour jouer "
                                 "sous un autre"));
  Player* other = players_.by_name(name);
  if (other && other != &player) return send_error(player.client, name_taken(name));
  if (is_registered(name)) return send_error(player.client, name_registered(name));
  if (cluster_ && protocol::name_skeleton(name) != protocol::name_skeleton(player.name)) {
    // Another node's player may hold it: renamed once Redis says it is free (nick_claimed).
    cluster_->claim_name(
        protocol::name_skeleton(name), claim_player_id(player.token),
        [weak = weak_from_this(), token = player.token, name](NameClaim claim) {
          if (auto l = weak.lock())
            l->post([token, name, claim](Lobby& l) { l.nick_claimed(token, name, claim); });
        });
    return;
  }
  rename(player, name);
}

void Lobby::nick_claimed(const std::string& token, const std::string& name, NameClaim claim) {
  Player* player = players_.by_token(token);
  const std::string skeleton = protocol::name_skeleton(name);
  Player* other = players_.by_name(name);
  if (!player || (other && other != player)) {
    // Gone meanwhile, or a player here took a look-alike: a claim granted goes back (it holds this
    // player's id: the other's claim is not touched).
    if (claim == NameClaim::granted) cluster_->release_name(skeleton, claim_player_id(token));
    if (player) send_error(player->client, name_taken(name));
    return;
  }
  if (claim == NameClaim::unavailable) return send_error(player->client, cluster_unavailable());
  if (claim == NameClaim::taken) return send_error(player->client, name_taken(name));
  const std::string old_skeleton = protocol::name_skeleton(player->name);
  rename(*player, name);
  if (old_skeleton != skeleton) cluster_->release_name(old_skeleton, claim_player_id(token));
  placed_again(token);
}

void Lobby::rename(Player& player, const std::string& name) {
  players_.rename(player, name);
  online_changed();
  send(player.client, protocol::welcome_message(player.name, player.resume_token(), lang_of(player),
                                                player.registered));  // your identity, renamed
  send_info(player.client, {"You are now " + name, "Vous êtes maintenant " + name});
  if (auto at = player.present_in()) {
    if (auto r = room(*at)) r->rename(player.token, name);
  }
}

void Lobby::log(Player& player, std::optional<RoomId> id) {
  if (!id) id = player.present_in();
  if (!id)
    return send_error(
        player.client,
        make_error(ErrorCode::bad_arguments, "usage: /log [room] (you are in no room)",
                   "usage : /log [salle] (vous n'êtes dans aucune salle)"));
  if (auto r = room(*id); r && player.present_in() == id) return r->log(player.token);
  // Not in that room: the log is replayed from the record, as for a finished game. The record is
  // read on the store's thread (a network thread never waits on the disk) and replayed back here.
  context_.writer->load_game(*id, strand_,
                             [self = shared_from_this(), client = player.client, id = *id,
                              lang = lang_of(player)](std::optional<GameRecord> record) {
                               self->post(
                                   [client, id, lang, record = std::move(record)](Lobby& lobby) {
                                     lobby.send_log(client, id, record, lang);
                                   },
                                   client);
                             });
}

void Lobby::send_log(const ClientPtr& client, RoomId id, const std::optional<GameRecord>& record,
                     engine::Lang lang) {
  if (!record) return send_error(client, no_game_in(id));
  auto replayed = replay_record(*context_.registry, *record);
  if (!replayed.ok())
    return send_error(client,
                      make_error(ErrorCode::no_such_room,
                                 "the game in room " + room_text(id) + " cannot be replayed",
                                 "la partie de la salle " + room_text(id) + " ne se rejoue pas"));
  send(client, protocol::info_message(log_listing(id, replayed.value().log, lang)));
}

void Lobby::replay(Player& player, const protocol::ReplayRequest& request, bool as_text) {
  // Anyone may look back at a finished game: the room checks that it is over; a game no room holds
  // is read from the store (lobby_replay.cpp).
  if (auto r = room(request.room))
    return r->replay(player.client, request.step, request.static_data, as_text);
  if (player.client) stored_replay(player.client, request, as_text);
}

void Lobby::who(Player& player) {
  if (auto at = player.present_in()) {
    if (auto r = room(*at)) return r->who(player.token);
  }
  if (cluster_) return who_everywhere(player, online_names());
  send_who(player.client, online_names());
}

std::vector<std::string> Lobby::online_names() {
  std::vector<std::string> names;
  players_.for_each([&](Player& p) {
    if (p.client && !p.bot) names.push_back(p.name);
  });
  return names;
}

void Lobby::send_who(const ClientPtr& client, std::vector<std::string> names,
                     const engine::LocalText& note) {
  if (!client) return;
  std::sort(names.begin(), names.end());
  const bool fr = client->lang() == engine::Lang::fr;
  std::string text =
      (fr ? "En ligne (" : "Online (") + std::to_string(names.size()) + (fr ? ") :" : "):");
  for (const auto& n : names) text += " " + n;
  const std::string tail = note.in(client->lang());
  if (!tail.empty()) text += " " + tail;
  send(client, protocol::info_message(text));
}

std::shared_ptr<Room> Lobby::room_for_command(Player& player) {
  auto at = player.present_in();
  if (!at) {
    send_error(player.client,
               make_error(ErrorCode::not_in_room, "join a room first (/rooms lists them)",
                          "rejoignez d'abord une salle (/rooms les liste)"));
    return nullptr;
  }
  auto r = room(*at);
  if (!r) send_error(player.client, no_such_room(*at));
  return r;
}

// ---- helpers ------------------------------------------------------------------------------------

std::shared_ptr<Room> Lobby::room(RoomId id) {
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

Member Lobby::member_of(const Player& player) const {
  return Member{player.token, player.name, player.client, player.bot, player.strategy};
}

void Lobby::send(const ClientPtr& client, const json& message) {
  if (client) client->send(make_frame(message));
}

void Lobby::send_error(const ClientPtr& client, const protocol::Error& error) {
  context_.metrics->errors_sent++;
  if (client) send(client, protocol::error_message(error, client->lang()));
}

void Lobby::send_info(const ClientPtr& client, const engine::LocalText& text) {
  if (client) send(client, protocol::info_message(text.in(client->lang())));
}

engine::Lang Lobby::lang_of(const Player& player) {
  return player.client ? player.client->lang() : engine::Lang::en;
}

void Lobby::set_lang(Player& player, engine::Lang lang) {
  if (!player.client) return;
  player.client->set_lang(lang);
  send_info(player.client,
            {"The server writes to you in English", "Le serveur vous écrit en français"});
  // A room sends its log lines in each reader's language from now on; the whole state again brings
  // the log already shown into the new language.
  if (auto at = player.present_in())
    if (auto r = room(*at)) r->sync(player.token);
}

void Lobby::send_rooms(const ClientPtr& client, const protocol::ListRooms& request) {
  const protocol::ListRooms first_page;
  const bool is_first_page = !request.filter.game && !request.filter.status &&
                             !request.filter.free_seats && !request.after &&
                             request.limit == first_page.limit;
  if (is_first_page && first_page_) {
    if (client) client->send(first_page_);
    return;
  }
  auto page = room_list_.page(request.filter, request.after, request.limit, kMaxRoomsScanned);
  Frame frame = text_frame(protocol::rooms_frame(page.rooms, page.next, request.after));
  if (is_first_page) first_page_ = frame;
  if (client) client->send(std::move(frame));
}

void Lobby::placed(Player& player) {
  players_.update_places(player);
  const std::optional<RoomId> want =
      player.client ? (player.room ? player.room : player.watching) : std::nullopt;
  if (want == player.linked) return;
  auto* link = dynamic_cast<RoomLink*>(player.client.get());
  if (!link) return;  // a bot, or a test's client: its room messages go through the lobby
  auto r = want ? room(*want) : nullptr;
  player.linked = r ? want : std::nullopt;
  if (r)
    link->link_room(r, *want, player.token);
  else
    link->unlink_room();
}

int Lobby::rooms_created_and_held(Player& player) {
  // A room counts while the player created it and still holds a seat there, waiting or playing (the
  // seat of a game left with /leave waits for its player, so that game counts). Finished, abandoned
  // and closed rooms, and rooms the player has left before the start, are dropped from the list
  // here.
  std::erase_if(player.created, [&](RoomId id) {
    if (!rooms_.count(id)) return true;
    const protocol::RoomInfo* info = room_list_.find(id);
    if (!info) return false;  // just created, not listed yet
    if (info->status != RoomStatus::waiting && info->status != RoomStatus::playing) return true;
    return std::none_of(info->seats.begin(), info->seats.end(), [&](const protocol::SeatInfo& s) {
      return !s.bot && s.name == player.name;
    });
  });
  return static_cast<int>(player.created.size());
}

void Lobby::schedule_flush() {
  if (flush_armed_) return;
  flush_armed_ = true;
  if (flush_interval_.count() <= 0) return post([](Lobby& l) { l.flush(); });
  flush_timer_.expires_after(flush_interval_);
  flush_timer_.async_wait([self = shared_from_this()](error_code ec) {
    if (!ec) self->flush();
  });
}

void Lobby::flush() {
  flush_armed_ = false;
  if (cluster_) publish_to_cluster();
  if (!room_list_.has_changes()) return;
  auto delta = room_list_.take_delta();
  if (delta.empty()) return;
  first_page_.reset();                   // the published list changed
  if (players_.in_lobby() == 0) return;  // nobody to tell: the delta is taken all the same
  broadcast_lobby(text_frame(protocol::rooms_delta_frame(delta)));
}

void Lobby::send_games(const ClientPtr& client) {
  std::vector<const engine::GameSpec*> specs;
  for (const auto& g : context_.registry->games()) specs.push_back(g.spec);
  send(client, protocol::games_message(
                   specs, context_.bots ? context_.bots->strategies() : std::vector<std::string>{},
                   client ? client->lang() : engine::Lang::en, {clock_option(), rated_option()}));
}

void Lobby::broadcast_lobby(const json& message) {
  if (players_.in_lobby() == 0) return;
  broadcast_lobby(make_frame(message));
}

void Lobby::broadcast_lobby(const Frame& frame) {
  players_.for_each_in_lobby([&](const ClientPtr& client) { client->send(frame); });
}

void Lobby::forget_player(const std::string& token) {
  if (cluster_) {
    if (Player* p = players_.by_token(token); p && !p->bot)
      cluster_->release_name(protocol::name_skeleton(p->name), claim_player_id(token));
  }
  players_.erase(token);
}

std::optional<RoomId> Lobby::take_room_id() {
  if (!cluster_) return next_room_++;
  std::optional<RoomId> id;
  if (!room_ids_.empty()) {
    id = room_ids_.front();
    room_ids_.pop_front();
  }
  if (room_ids_.size() < kRoomIdBlock / 2) request_room_ids();  // the next block, ahead of need
  return id;
}

void Lobby::when_room_id(std::function<void(Lobby&, std::optional<RoomId>)> f) {
  waiting_for_ids_.push_back(std::move(f));
  request_room_ids();
}

void Lobby::request_room_ids() {
  if (!cluster_ || room_ids_asked_) return;
  room_ids_asked_ = true;
  cluster_->reserve_room_ids(kRoomIdBlock, [weak = weak_from_this()](std::optional<RoomId> first) {
    if (auto l = weak.lock()) l->post([first](Lobby& l) { l.room_ids_arrived(first); });
  });
}

void Lobby::room_ids_arrived(std::optional<RoomId> first) {
  room_ids_asked_ = false;
  if (first) {
    for (RoomId i = 0; i < kRoomIdBlock; ++i) room_ids_.push_back(*first + i);
    next_room_ = std::max(next_room_, *first + kRoomIdBlock);  // highest_room_id() stays true
  }
  // Each waiting request gets an id, or (Redis away) is told now rather than kept waiting.
  for (auto& f : std::exchange(waiting_for_ids_, {})) {
    if (room_ids_.empty() && first) {  // more waiting than a block holds: they wait for the next
      waiting_for_ids_.push_back(std::move(f));
      continue;
    }
    std::optional<RoomId> id;
    if (!room_ids_.empty()) {
      id = room_ids_.front();
      room_ids_.pop_front();
    }
    f(*this, id);
  }
  // After a refusal, nothing is asked again until a room is wanted (no loop while Redis is away).
  if (first && (room_ids_.size() < kRoomIdBlock / 2 || !waiting_for_ids_.empty()))
    request_room_ids();
}

std::string Lobby::new_token() {
  static thread_local std::random_device device;
  std::string token;
  static const char* hex = "0123456789abcdef";
  for (int i = 0; i < 32; ++i) token.push_back(hex[device() % 16]);
  return token;
}

}  // namespace archipel::server
