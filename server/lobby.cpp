#include "server/lobby.hpp"

#include <algorithm>
#include <cctype>
#include <random>

#include <spdlog/spdlog.h>

#include "protocol/command_parser.hpp"
#include "bots/strategy.hpp"
#include "server/bot_player.hpp"
#include "server/replay.hpp"

namespace archipel::server {

using nlohmann::json;
using protocol::ErrorCode;
using protocol::make_error;

namespace {

constexpr std::size_t kMaxChatLength = 500;
// Finished games stay listed (and their rooms open for a last look) until this many newer ones have ended;
// their logs stay in the store for /log.
constexpr std::size_t kFinishedRoomsKept = 20;

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

Lobby::Lobby(net::any_io_executor executor, RoomContext context, net::any_io_executor bot_executor,
             std::chrono::milliseconds bot_delay)
    : strand_(net::make_strand(executor)),
      executor_(executor),
      context_(std::move(context)),
      bot_executor_(bot_executor),
      bot_delay_(bot_delay) {}

void Lobby::restore_games() {
  next_room_ = context_.store->max_room_id() + 1;
  for (const auto& record : context_.store->load_unfinished()) {
    auto r = Room::restore(executor_, record, context_, weak_from_this());
    if (!r) continue;
    rooms_[record.id] = r;
    for (const auto& seat : record.seats) {
      if (seat.bot) {  // bring the bot back to life with its strategy
        if (bots::make_strategy(seat.strategy)) {
          Player& p = make_bot(record.game, seat.strategy, seat.name, seat.token);
          p.room = record.id;
          r->connect(seat.token, p.client);
          continue;
        }
      }
      Player& p = players_[seat.token];
      p.token = seat.token;
      p.name = seat.name;
      p.room = record.id;
    }
    spdlog::info("event=game_restored room={} game={} actions={}", record.id, record.game, record.actions.size());
    r->publish();
  }
}

// ---- entry points --------------------------------------------------------------------------------------

void Lobby::handler_failed(const ClientPtr& client, const char* what) {
  spdlog::error("event=handler_failed where=lobby client={} error=\"{}\"", client ? client->id() : 0, what);
  if (client) send_error(client, make_error(ErrorCode::server_error, "the server failed on your last message"));
}

void Lobby::on_message(ClientPtr client, protocol::ClientMessage message) {
  ClientPtr sender = client;
  post([client = std::move(client), message = std::move(message)](Lobby& l) mutable {
    if (auto* hello = std::get_if<protocol::Hello>(&message)) return l.do_hello(client, *hello);
    Player* player = l.player_of(client);
    if (!player) return l.send_error(client, make_error(ErrorCode::hello_first, "say hello first (a name or a token)"));
    std::visit(
        [&](auto& m) {
          using T = std::decay_t<decltype(m)>;
          if constexpr (std::is_same_v<T, protocol::Chat>) {
            l.do_chat(*player, m.text);
          } else if constexpr (std::is_same_v<T, protocol::Action>) {
            if (player->room != m.room)
              return l.send_error(client, make_error(ErrorCode::not_in_room, "you are not seated in room " + std::to_string(m.room)));
            if (auto r = l.room(m.room)) r->action(player->token, std::move(m.action));
          } else if constexpr (std::is_same_v<T, protocol::ListGames>) {
            l.send_games(client);
          } else if constexpr (std::is_same_v<T, protocol::ListRooms>) {
            l.send_rooms(client);
          } else if constexpr (std::is_same_v<T, protocol::Sync>) {
            if (player->room != m.room && player->watching != m.room)
              return l.send_error(client, make_error(ErrorCode::not_in_room, "you are not in room " + std::to_string(m.room)));
            if (auto r = l.room(m.room)) r->sync(player->token);
          }
        },
        message);
  }, std::move(sender));
}

void Lobby::on_close(ClientPtr client) {
  post([client = std::move(client)](Lobby& l) {
    auto it = l.tokens_.find(client->id());
    if (it == l.tokens_.end()) return;
    const std::string token = it->second;
    l.tokens_.erase(it);
    auto pit = l.players_.find(token);
    if (pit == l.players_.end()) return;
    Player& p = pit->second;
    if (p.client != client) return;  // already resumed on another connection
    p.client = nullptr;
    if (p.watching) {
      if (auto r = l.room(*p.watching)) r->unwatch(token);
      p.watching.reset();
    }
    if (p.room) {
      if (auto r = l.room(*p.room)) r->disconnect(token);
    } else {
      l.players_.erase(pit);  // nothing to come back to: the name is free again
    }
  });
}

void Lobby::shutdown() {
  post([](Lobby& l) {
    for (auto& [token, p] : l.players_)
      if (p.client) p.client->close();
    // Sessions hold the lobby (through the server context) and the lobby and its rooms hold sessions: let go
    // of ours so every session is freed once its last operation ends.
    l.players_.clear();
    l.tokens_.clear();
    l.rooms_.clear();
    l.room_infos_.clear();
  });
}

void Lobby::room_changed(const protocol::RoomInfo& info) {
  post([info](Lobby& l) {
    if (!l.rooms_.count(info.id)) return;
    const bool newly_over = info.status == "over" && l.room_infos_[info.id].status != "over";
    l.room_infos_[info.id] = info;
    if (newly_over) {
      l.finished_.push_back(info.id);
      if (l.finished_.size() > kFinishedRoomsKept) {
        l.forget_room(l.finished_.front());
        l.finished_.pop_front();
      }
    }
    std::vector<protocol::RoomInfo> list;
    for (const auto& [id, i] : l.room_infos_) list.push_back(i);
    l.broadcast_lobby(protocol::rooms_message(list));
  });
}

void Lobby::seat_changed(const std::string& token, RoomId room, bool seated) {
  post([token, room, seated](Lobby& l) {
    auto it = l.players_.find(token);
    if (it == l.players_.end()) return;
    Player& p = it->second;
    if (seated) {
      p.room = room;
      if (p.watching == room) p.watching.reset();
    } else if (p.room == room) {
      p.room.reset();
      if (p.bot && p.client) {
        l.tokens_.erase(p.client->id());
        p.client->close();
        l.players_.erase(it);
      } else if (!p.client) {
        l.players_.erase(it);
      } else {
        l.send_rooms(p.client);
      }
    }
  });
}

void Lobby::room_closed(RoomId room) {
  post([room](Lobby& l) {
    l.forget_room(room);
    std::vector<protocol::RoomInfo> list;
    for (const auto& [id, i] : l.room_infos_) list.push_back(i);
    l.broadcast_lobby(protocol::rooms_message(list));
  });
}

void Lobby::bot_requested(RoomId room, const std::string& strategy) {
  post([room, strategy](Lobby& l) {
    auto r = l.room(room);
    auto info = l.room_infos_.find(room);
    if (!r || info == l.room_infos_.end()) return;
    Player& bot = l.make_bot(info->second.game, strategy);
    bot.room = room;
    r->join(l.member_of(bot), std::nullopt);
  });
}

Lobby::Player& Lobby::make_bot(const std::string& game_id, const std::string& strategy, const std::string& name,
                               const std::string& token_wanted) {
  std::string bot_name = name;
  while (bot_name.empty() || player_named(bot_name)) bot_name = strategy + "-bot-" + std::to_string(++bots_made_);
  auto client = std::make_shared<BotPlayer>(bot_executor_, weak_from_this(), game_id, bots::make_strategy(strategy),
                                            context_.new_seed(), bot_delay_);
  const std::string token = token_wanted.empty() ? new_token() : token_wanted;
  Player& p = players_[token];
  p.token = token;
  p.name = bot_name;
  p.client = client;
  p.bot = true;
  p.strategy = strategy;
  tokens_[client->id()] = token;
  return p;
}

void Lobby::forget_room(RoomId room) {
  rooms_.erase(room);
  room_infos_.erase(room);
  for (auto it = players_.begin(); it != players_.end();) {
    Player& p = it->second;
    if (p.room == room || p.watching == room) {
      if (p.client) send(p.client, protocol::left_message(room));
      p.room.reset();
      p.watching.reset();
      if (!p.client || p.bot) {
        if (p.client) {
          tokens_.erase(p.client->id());
          p.client->close();
        }
        it = players_.erase(it);
        continue;
      }
    }
    ++it;
  }
}

// ---- hello ---------------------------------------------------------------------------------------------

void Lobby::do_hello(const ClientPtr& client, const protocol::Hello& hello) {
  if (tokens_.count(client->id()))
    return send_error(client, make_error(ErrorCode::already_welcomed, "this connection has already said hello"));
  Player* player = nullptr;
  if (hello.token) {
    auto it = players_.find(*hello.token);
    if (it == players_.end())
      return send_error(client, make_error(ErrorCode::bad_token, "unknown resume token; say hello with a name instead"));
    player = &it->second;
    if (player->client) {  // the same player from a new connection: the old one goes
      json bye = protocol::info_message("You connected from elsewhere; this connection closes");
      bye["code"] = "session_replaced";
      player->client->send(make_frame(bye));
      tokens_.erase(player->client->id());
      player->client->close();
    }
  } else {
    const std::string& name = *hello.name;
    if (!protocol::valid_name(name))
      return send_error(client, make_error(ErrorCode::bad_name, "a name is 1 to 24 letters, digits, '_', '-' or '.', not only digits"));
    if (player_named(name)) return send_error(client, make_error(ErrorCode::name_taken, "the name " + name + " is taken"));
    const std::string token = new_token();
    player = &players_[token];
    player->token = token;
    player->name = name;
  }
  player->client = client;
  tokens_[client->id()] = player->token;
  spdlog::debug("event=hello name={} resumed={}", player->name, hello.token.has_value());
  send(client, protocol::welcome_message(player->name, player->token));
  send_rooms(client);
  if (player->room) {
    if (auto r = room(*player->room)) r->connect(player->token, client);
  } else {
    send(client, protocol::info_message("Welcome, " + player->name + ". /help lists the commands."));
  }
}

// ---- chat and commands -----------------------------------------------------------------------------------

void Lobby::do_chat(Player& player, const std::string& text) {
  auto parsed = protocol::parse_command(text);
  if (!parsed.ok()) return send_error(player.client, parsed.error());
  do_command(player, std::move(parsed).value());
}

void Lobby::do_command(Player& player, protocol::Command command) {
  namespace cmd = protocol::cmd;
  const ClientPtr& client = player.client;
  std::visit(
      [&](auto& c) {
        using T = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<T, cmd::Say>) {
          if (c.text.empty()) return;
          if (c.text.size() > kMaxChatLength)
            return send_error(client, make_error(ErrorCode::bad_arguments, "a chat line is at most 500 characters"));
          if (player.room || player.watching) {
            if (auto r = room(player.room ? *player.room : *player.watching)) r->say(player.token, c.text);
          } else {
            broadcast_lobby(protocol::chat_message(std::nullopt, player.name, c.text));
          }
        } else if constexpr (std::is_same_v<T, cmd::Help>) {
          auto text = protocol::help_text(c.topic);
          if (!text.ok()) return send_error(client, text.error());
          send(client, protocol::info_message(text.value()));
        } else if constexpr (std::is_same_v<T, cmd::Nick>) {
          do_nick(player, c.name);
        } else if constexpr (std::is_same_v<T, cmd::Games>) {
          std::string text = "Games:";
          for (const auto& g : context_.registry->games()) {
            text += "\n  " + g.spec->id + " - " + g.spec->title + ", " + std::to_string(g.spec->min_players) + "-" +
                    std::to_string(g.spec->max_players) + " players";
            for (const auto& o : g.spec->options) {
              text += "; " + o.key + "=";
              for (std::size_t i = 0; i < o.choices.size(); ++i) text += (i ? "|" : "") + o.choices[i];
              text += " (default " + o.default_value + ")";
            }
          }
          send(client, protocol::info_message(text));
        } else if constexpr (std::is_same_v<T, cmd::Rooms>) {
          std::string text = room_infos_.empty() ? "No rooms yet; /create <game> opens one" : "Rooms:";
          for (const auto& [id, i] : room_infos_) {
            int seated = 0;
            for (const auto& s : i.seats) seated += !s.name.empty();
            text += "\n  " + std::to_string(id) + ": " + i.title + ", " + i.status + ", " + std::to_string(seated) +
                    "/" + std::to_string(i.seats.size()) + " seated, host " + i.host;
          }
          send(client, protocol::info_message(text));
        } else if constexpr (std::is_same_v<T, cmd::Create>) {
          do_create(player, c);
        } else if constexpr (std::is_same_v<T, cmd::Join>) {
          do_join(player, c);
        } else if constexpr (std::is_same_v<T, cmd::Watch>) {
          do_watch(player, c.room);
        } else if constexpr (std::is_same_v<T, cmd::Leave>) {
          do_leave(player);
        } else if constexpr (std::is_same_v<T, cmd::Log>) {
          do_log(player, c.room);
        } else if constexpr (std::is_same_v<T, cmd::Who>) {
          do_who(player);
        } else {  // start, option, kick, play, moves, addbot: the room decides
          if (!player.room)
            return send_error(client, make_error(ErrorCode::not_in_room, "join a room first (/rooms lists them)"));
          if (auto r = room(*player.room)) r->command(player.token, std::move(command));
        }
      },
      command);
}

void Lobby::do_create(Player& player, const protocol::cmd::Create& create) {
  if (player.room)
    return send_error(player.client, make_error(ErrorCode::already_in_room, "you are seated in room " + std::to_string(*player.room) + "; /leave first"));
  const engine::GameEntry* entry = context_.registry->find(create.game);
  if (!entry) return send_error(player.client, make_error(ErrorCode::unknown_game, "no game called '" + create.game + "'; /games lists them"));
  auto options = engine::complete_options(*entry->spec, create.options);
  if (!options.ok()) return send_error(player.client, options.error());
  stop_watching(player);
  const RoomId id = next_room_++;
  auto r = std::make_shared<Room>(executor_, id, *entry->spec, options.value(), context_, weak_from_this());
  rooms_[id] = r;
  player.room = id;
  send(player.client, protocol::info_message("Room " + std::to_string(id) + " created for " + entry->spec->title +
                                                 "; others join with /join " + std::to_string(id) + ", then /start"));
  r->join(member_of(player), std::nullopt);
}

void Lobby::do_join(Player& player, const protocol::cmd::Join& join) {
  std::optional<RoomId> target = join.room;
  if (!target && player.room) target = player.room;
  if (!target && player.watching) target = player.watching;
  if (!target) {  // the first room with a free seat
    for (const auto& [id, info] : room_infos_)
      if (info.status == "waiting" &&
          std::any_of(info.seats.begin(), info.seats.end(), [](const auto& s) { return s.name.empty(); })) {
        target = id;
        break;
      }
    if (!target) return send_error(player.client, make_error(ErrorCode::no_such_room, "no open room; /create <game> opens one"));
  }
  auto r = room(*target);
  if (!r) return send_error(player.client, make_error(ErrorCode::no_such_room, "there is no room " + std::to_string(*target)));
  if (player.room && player.room != target)
    return send_error(player.client, make_error(ErrorCode::already_in_room, "you are seated in room " + std::to_string(*player.room) + "; /leave first"));
  if (player.watching != target) stop_watching(player);
  player.watching.reset();
  player.room = target;  // provisional: the room confirms or refuses through seat_changed
  r->join(member_of(player), join.seat ? std::optional<int>(*join.seat - 1) : std::nullopt);
}

void Lobby::do_watch(Player& player, RoomId id) {
  auto r = room(id);
  if (!r) return send_error(player.client, make_error(ErrorCode::no_such_room, "there is no room " + std::to_string(id)));
  if (player.room == id) return r->connect(player.token, player.client);  // seated here already: just resync
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

void Lobby::do_leave(Player& player) {
  if (player.room) {
    if (auto r = room(*player.room)) r->leave(player.token);
    player.room.reset();
  } else if (player.watching) {
    stop_watching(player);
  } else {
    return send_error(player.client, make_error(ErrorCode::not_in_room, "you are not in a room"));
  }
  send_rooms(player.client);
}

void Lobby::do_nick(Player& player, const std::string& name) {
  Player* other = player_named(name);
  if (other && other != &player) return send_error(player.client, make_error(ErrorCode::name_taken, "the name " + name + " is taken"));
  const std::string old = player.name;
  player.name = name;
  send(player.client, protocol::welcome_message(player.name, player.token));  // your identity, renamed
  send(player.client, protocol::info_message("You are now " + name));
  if (player.room) {
    if (auto r = room(*player.room)) r->rename(player.token, name);
  } else if (player.watching) {
    if (auto r = room(*player.watching)) r->rename(player.token, name);
  }
}

void Lobby::do_log(Player& player, std::optional<RoomId> id) {
  if (!id) id = player.room ? player.room : player.watching;
  if (!id) return send_error(player.client, make_error(ErrorCode::bad_arguments, "usage: /log [room] (you are in no room)"));
  if (auto r = room(*id)) {
    if (player.room == id || player.watching == id) return r->command(player.token, protocol::cmd::Log{id});
    // Not in that room: read the log from the record, as for a finished game.
  }
  auto record = context_.store->load_game(*id);
  if (!record) return send_error(player.client, make_error(ErrorCode::no_such_room, "no game was played in room " + std::to_string(*id)));
  auto replayed = replay_record(*context_.registry, *record);
  if (!replayed.ok()) return send_error(player.client, make_error(ErrorCode::no_such_room, "the game in room " + std::to_string(*id) + " cannot be replayed"));
  std::string text = "Room " + std::to_string(*id) + " log:";
  const auto& log = replayed.value().log;
  for (std::size_t i = 0; i < log.size(); ++i) text += "\n" + std::to_string(i + 1) + ". " + log[i];
  if (log.empty()) text += " no moves";
  send(player.client, protocol::info_message(text));
}

void Lobby::do_who(Player& player) {
  if (player.room || player.watching) {
    if (auto r = room(player.room ? *player.room : *player.watching)) return r->command(player.token, protocol::cmd::Who{});
  }
  std::vector<std::string> names;
  for (const auto& [token, p] : players_)
    if (p.client) names.push_back(p.name);
  std::sort(names.begin(), names.end());
  std::string text = "Online (" + std::to_string(names.size()) + "):";
  for (const auto& n : names) text += " " + n;
  send(player.client, protocol::info_message(text));
}

// ---- helpers -------------------------------------------------------------------------------------------

Lobby::Player* Lobby::player_of(const ClientPtr& client) {
  auto it = tokens_.find(client->id());
  if (it == tokens_.end()) return nullptr;
  auto pit = players_.find(it->second);
  return pit == players_.end() ? nullptr : &pit->second;
}

Lobby::Player* Lobby::player_named(const std::string& name) {
  const std::string wanted = lower(name);
  for (auto& [token, p] : players_)
    if (lower(p.name) == wanted) return &p;
  return nullptr;
}

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
  send(client, protocol::error_message(error));
}

void Lobby::send_rooms(const ClientPtr& client) {
  std::vector<protocol::RoomInfo> list;
  for (const auto& [id, i] : room_infos_) list.push_back(i);
  send(client, protocol::rooms_message(list));
}

void Lobby::send_games(const ClientPtr& client) {
  std::vector<const engine::GameSpec*> specs;
  for (const auto& g : context_.registry->games()) specs.push_back(g.spec);
  send(client, protocol::games_message(specs, bots::strategy_names()));
}

void Lobby::broadcast_lobby(const json& message) {
  auto frame = make_frame(message);
  for (auto& [token, p] : players_)
    if (p.client && !p.room && !p.watching) p.client->send(frame);
}

std::string Lobby::new_token() {
  static thread_local std::random_device device;
  std::string token;
  static const char* hex = "0123456789abcdef";
  for (int i = 0; i < 32; ++i) token.push_back(hex[device() % 16]);
  return token;
}

}  // namespace archipel::server
