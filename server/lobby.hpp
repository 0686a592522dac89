#pragma once
// The lobby: the shared state of the server (Beast chat-multi's shared_state, grown up). It runs on its own
// strand and owns the players (nicknames, resume tokens, which room each sits in or watches) and the room
// list. Every inbound message passes through it once: lobby commands are answered here, room commands and
// actions are posted to the room's strand. Errors go to their sender only.

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "protocol/command.hpp"
#include "protocol/messages.hpp"
#include "server/room.hpp"

namespace archipel::server {

class Lobby : public RoomObserver, public std::enable_shared_from_this<Lobby> {
 public:
  /// Bots think on `bot_executor` (a pool of their own) and wait `bot_delay` before each move.
  Lobby(net::any_io_executor executor, RoomContext context, net::any_io_executor bot_executor,
        std::chrono::milliseconds bot_delay);

  /// Rebuilds every unfinished game from the store (call once, before accepting connections).
  void restore_games();

  // Entry points: thread-safe, run later on the lobby's strand.
  void on_message(ClientPtr client, protocol::ClientMessage message);
  void on_close(ClientPtr client);
  /// Closes every client connection (graceful shutdown).
  void shutdown();

  // RoomObserver
  void room_changed(const protocol::RoomInfo& info) override;
  void seat_changed(const std::string& token, RoomId room, bool seated) override;
  void room_closed(RoomId room) override;
  void bot_requested(RoomId room, const std::string& strategy) override;

 private:
  struct Player {
    std::string token;
    std::string name;
    ClientPtr client;                // null while disconnected
    std::optional<RoomId> room;      // seated in (or joining)
    std::optional<RoomId> watching;  // spectating
    bool bot = false;                // seated by /addbot; its client is a BotPlayer
    std::string strategy;            // the bot's strategy
  };

  /// Runs `f` on the lobby's strand. A handler that throws (a bug) ends that message only: it is logged, and
  /// `client`, when given, is told with a server_error; the server goes on.
  template <class F>
  void post(F&& f, ClientPtr client = nullptr) {
    net::post(strand_, [self = shared_from_this(), f = std::forward<F>(f), client = std::move(client)]() mutable {
      try {
        f(*self);
      } catch (const std::exception& e) {
        self->handler_failed(client, e.what());
      }
    });
  }
  void handler_failed(const ClientPtr& client, const char* what);

  void do_hello(const ClientPtr& client, const protocol::Hello& hello);
  void do_chat(Player& player, const std::string& text);
  void do_command(Player& player, protocol::Command command);
  void do_create(Player& player, const protocol::cmd::Create& create);
  void do_join(Player& player, const protocol::cmd::Join& join);
  void do_watch(Player& player, RoomId room);
  void do_leave(Player& player);
  void stop_watching(Player& player);
  void forget_room(RoomId room);  // drop a room from the lobby; its players and watchers are told `left`  // and tell the client with `left`
  void do_nick(Player& player, const std::string& name);
  void do_log(Player& player, std::optional<RoomId> room);
  void do_who(Player& player);

  Player* player_of(const ClientPtr& client);
  Player* player_named(const std::string& name);
  std::shared_ptr<Room> room(RoomId id);
  Member member_of(const Player& player) const;
  /// Creates a bot player (name "<strategy>-bot-N" unless given, a new token unless given) with its
  /// BotPlayer client; returns its record.
  Player& make_bot(const std::string& game_id, const std::string& strategy, const std::string& name = "",
                   const std::string& token = "");
  void send(const ClientPtr& client, const nlohmann::json& message);
  void send_error(const ClientPtr& client, const protocol::Error& error);
  void send_rooms(const ClientPtr& client);
  void send_games(const ClientPtr& client);
  void broadcast_lobby(const nlohmann::json& message);  // to everyone not in a room
  std::string new_token();

  net::strand<net::any_io_executor> strand_;
  net::any_io_executor executor_;
  RoomContext context_;
  std::unordered_map<std::string, Player> players_;       // by token
  std::unordered_map<std::uint64_t, std::string> tokens_;  // client id -> token
  std::map<RoomId, std::shared_ptr<Room>> rooms_;
  std::map<RoomId, protocol::RoomInfo> room_infos_;        // as last published by each room
  std::deque<RoomId> finished_;                            // rooms whose game is over, oldest first
  RoomId next_room_ = 1;
  net::any_io_executor bot_executor_;
  std::chrono::milliseconds bot_delay_;
  int bots_made_ = 0;
};

}  // namespace archipel::server
