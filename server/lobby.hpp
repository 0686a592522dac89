#pragma once
// The lobby: the shared state of the server (Beast chat-multi's shared_state, grown up). It runs on
// its own strand and owns the players (server/players.hpp) and the room list
// (server/room_list.hpp). The router (server/router.hpp) brings it every request that is not a
// linked room's (on_request); it answers the lobby's commands itself (one visit of
// protocol::LobbyCommand, in lobby.cpp) and passes a room command on to the room the player is in.
// Seating has one owner: the room decides and tells the lobby (seat_changed), which records only
// confirmed seats; a join on its way is Player::pending_join. Errors go to their sender only.
//
// At scale: no work here grows with the number of players or rooms per message. Room changes are
// published to lobby clients as `rooms_delta` updates, coalesced over a flush window
// (set_flush_interval) and each serialized once for every lobby client; the list itself is read a
// page at a time. Once a seat is confirmed (or watching begins) the player's connection is linked
// to the room (RoomLink) and its room messages go to the room's strand without passing through this
// one, so a busy lobby does not delay a game.

#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "protocol/command.hpp"
#include "protocol/messages.hpp"
#include "protocol/request.hpp"
#include "server/accounts.hpp"
#include "server/bot_seat.hpp"
#include "server/cluster.hpp"
#include "server/login_limiter.hpp"
#include "server/node_move.hpp"
#include "server/players.hpp"
#include "server/room.hpp"
#include "server/room_list.hpp"
#include "server/stored_replays.hpp"

namespace archipel::server {

class Lobby : public RoomObserver, public std::enable_shared_from_this<Lobby> {
 public:
  Lobby(net::any_io_executor executor, RoomContext context);

  /// Rebuilds every unfinished game from the store (call once, before accepting connections).
  void restore_games();
  /// The highest room id restored or given so far (before accepting connections: the store's).
  RoomId highest_room_id() const { return next_room_ - 1; }

  /// Shares names and room ids with other nodes (server/cluster.hpp). Call before restore_games.
  /// Without it (one node), names and ids are this lobby's alone, decided at once; with it, a new
  /// name waits for Redis's answer (hello and /nick answer later), and room ids come in blocks of
  /// kRoomIdBlock reserved ahead, so /create rarely waits.
  /// With a cluster, the room list and lobby chat are every node's (lobby_cluster.cpp): this
  /// node's room changes and lobby chat are published, other nodes' are merged into the list and
  /// told to this node's lobby.
  void set_cluster(std::shared_ptr<Cluster> cluster);
  /// Room ids reserved from the cluster at a time (a new block is asked for when half are used).
  static constexpr int kRoomIdBlock = 10;
  /// How long room changes are gathered before lobby clients get them as one update (0: at once,
  /// still one update for everything that changed meanwhile). Call before accepting connections.
  /// Default 250 ms.
  void set_flush_interval(std::chrono::milliseconds interval) { flush_interval_ = interval; }

  /// How long a dropped player who was in no room keeps their name and token (0: freed at once).
  /// Default 60 s.
  void set_name_grace(std::chrono::milliseconds grace) { name_grace_ = grace; }
  /// Where registers and logins are checked (server/accounts.hpp); null: accounts are not
  /// offered. Call before restore_games (it reads the accounts' names).
  void set_accounts(Accounts* accounts) { accounts_ = accounts; }
  /// How many rooms, waiting or playing, one player may have created and still sit in. Default 3.
  void set_max_rooms_per_player(int n) { max_rooms_per_player_ = n; }

  /// The most rooms a page request looks at (RoomList::page), whatever its filter.
  static constexpr std::size_t kMaxRoomsScanned = 2000;

  /// How the bots the lobby seats send their messages: through the router, as a connection's would
  /// (the server sets it; the lobby does not include the router, which sits above it).
  void set_bot_submit(SubmitMessage submit) { bot_submit_ = std::move(submit); }

  // Entry points: thread-safe, run later on the lobby's strand.
  /// A request from `client` that no linked room took (the router): answered here, or passed to a
  /// room.
  void on_request(ClientPtr client, protocol::Request request);
  void on_close(ClientPtr client);
  /// Closes every client connection (graceful shutdown).
  void shutdown();
  /// Lets go of every player and room at once, without posting: only once no thread runs the
  /// io_context (the Server's destructor). Breaks the session -> server context -> lobby -> session
  /// cycle that shutdown() breaks on the strand, for a server stopped without it.
  void release_after_stop();

  // RoomObserver
  void room_changed(const protocol::RoomInfo& info) override;
  void seat_changed(const std::string& token, RoomId room, bool seated) override;
  void room_closed(RoomId room) override;
  void bot_requested(RoomId room, const std::string& strategy) override;
  void rematch_requested(RoomId room, const engine::GameSpec& spec, const engine::Options& options,
                         const std::vector<Member>& seats, const std::string& by) override;
  void rematch_accepted(const std::string& token, RoomId finished, RoomId rematch,
                        int seat) override;

  /// A player another node carries here (its NodeLink's `adopt`, docs/cluster.md): `client` is
  /// the link, from now on that player's connection. Answered {"type":"adopted"}, or an error.
  /// Thread-safe.
  void adopt(ClientPtr client, std::string token, std::string name);

  /// An error to `client` alone (thread-safe).
  void send_error(const ClientPtr& client, const protocol::Error& error);

 private:
  // The lobby's commands, on the strand: one visit of the list, each answering `player` only.
  void command(Player& player, protocol::LobbyCommand& command);
  /// A room command from a player whose connection is not linked to the room (a bot, a join on its
  /// way): passed to the room the player is in; Say from someone in no room is chat in the lobby.
  void room_command(Player& player, protocol::RoomCommand& command);
  void say(Player& player, const std::string& text);
  void help(Player& player, const std::string& topic);
  void nick(Player& player, const std::string& name);
  void games_text(Player& player);
  void rooms_text(Player& player);
  /// `id`: the room's id when it came after a wait for the cluster's ids (else taken now).
  void create(Player& player, const protocol::cmd::Create& create,
              std::optional<RoomId> id = std::nullopt);
  void join(Player& player, const protocol::cmd::Join& join);
  void watch(Player& player, RoomId room);
  void leave(Player& player);
  void log(Player& player, std::optional<RoomId> room);
  void who(Player& player);
  /// One step of a finished game's replay (the `replay` message, or /replay's text when `as_text`).
  void replay(Player& player, const protocol::ReplayRequest& request, bool as_text);
  /// The room `player` is in (seat, join on its way, or watching), or null with an error sent.
  std::shared_ptr<Room> room_for_command(Player& player);
  void send_info(const ClientPtr& client,
                 const engine::LocalText& text);  // in the client's language
  static engine::Lang lang_of(const Player& player);
  /// /lang: the language the server writes to `player` in, from now on.
  void set_lang(Player& player, engine::Lang lang);

  /// Runs `f` on the lobby's strand. A handler that throws (a bug) ends that message only: it is
  /// logged, and `client`, when given, is told with a server_error; the server goes on.
  template <class F>
  void post(F&& f, ClientPtr client = nullptr) {
    net::post(strand_, [self = shared_from_this(), f = std::forward<F>(f),
                        client = std::move(client)]() mutable {
      try {
        f(*self);
      } catch (const std::exception& e) {
        self->handler_failed(client, e.what());
      }
    });
  }
  void handler_failed(const ClientPtr& client, const char* what);

  // Ratings (lobby_ratings.cpp; docs/ratings.md): read on the store's writer thread, after every
  // rated game queued before, and answered from there (Client::send is thread-safe).
  void top(Player& player, const std::string& game);
  void profile(Player& player, const std::string& name);
  // A player's games (lobby_history.cpp; docs/protocol.md, "A player's games"): one page read on
  // the writer's thread, after the ends of games queued before it.
  void history(Player& player, const protocol::cmd::History& request);

  // The replay of a finished game no room holds (lobby_replay.cpp, server/stored_replays.hpp).
  void stored_replay(const ClientPtr& client, const protocol::ReplayRequest& request, bool as_text);
  /// The record of `room` read for the requests waiting on it (nullopt: the store has none).
  void stored_record_read(RoomId room, std::optional<GameRecord> record);
  void send_stored_step(const ClientPtr& client, RoomId room, ReplayCursor& cursor,
                        const protocol::ReplayRequest& request, bool as_text);

  // Accounts (lobby_accounts.cpp; docs/protocol.md, "Accounts").
  void register_account(Player& player, protocol::Register& request);
  void registered(const std::string& token, const std::string& name, const std::string& credential,
                  Accounts::Registered result);
  /// A login, from a welcomed connection or not.
  void login(const ClientPtr& client, protocol::Login& request);
  void logged_in(const ClientPtr& client, const std::optional<std::string>& account,
                 const std::string& name_key, const std::string& credential);
  void logout(Player& player, bool everywhere);
  /// /register and /login typed in the chat: how to do it (the line's rest was never read).
  void account_hint(Player& player, bool login);
  /// A hello with a token not known here: the store may know it as an account's (after a restart,
  /// or a token of a player forgotten since).
  void hello_account_token(const ClientPtr& client, const protocol::Hello& hello);
  /// Whether `name` (or a look-alike) is an account's.
  bool is_registered(const std::string& name) const;
  static protocol::Error name_registered(const std::string& name);
  /// The player of `account`, made if this lobby does not hold one (after a restart, a logout).
  Player& account_player(const std::string& account);
  /// Unbinds `client` from `player` as a dropped connection does (the seat waits, the name grace
  /// runs); the connection stays open, now no one's.
  void let_go(Player& player);
  /// Closes the connection `player` had (a login or resume elsewhere), telling it why.
  void replace_connection(Player& player);

  void hello(const ClientPtr& client, const protocol::Hello& hello);
  /// The rest of hello once the player is known: attached, welcomed, back in their room.
  void welcome(const ClientPtr& client, Player& player, const protocol::Hello& hello);
  /// Redis's answer to the name a hello asked for (cluster only).
  void hello_claimed(const ClientPtr& client, const protocol::Hello& hello, NameClaim claim);
  /// Redis's answer to /nick's name (cluster only).
  void nick_claimed(const std::string& token, const std::string& name, NameClaim claim);
  /// /nick's rename, once the name is known to be free.
  void rename(Player& player, const std::string& name);
  /// Forgets a player (Players::erase), letting go of their name in the cluster too.
  void forget_player(const std::string& token);
  /// A new room id: the next local one, or (cluster) one of the block reserved; nullopt when the
  /// block is used up (wait with when_room_id).
  std::optional<RoomId> take_room_id();
  /// Runs `f` with a room id once the cluster has given more (nullopt: Redis cannot be asked).
  void when_room_id(std::function<void(Lobby&, std::optional<RoomId>)> f);
  void request_room_ids();
  void room_ids_arrived(std::optional<RoomId> first);
  /// rematch_requested's work, with the new room's id.
  void open_rematch(RoomId finished, const engine::GameSpec& spec, const engine::Options& options,
                    const std::vector<Member>& seats, const std::string& by, RoomId id);
  void stop_watching(Player& player);
  /// Drops a room from the lobby; its players and watchers are told `left`.
  void forget_room(RoomId room);
  /// Whether `player` has a seat in a game still to play (a waiting or running room): what keeps a
  /// name theirs while they have no connection. A finished game's seat does not (issue 35, point
  /// 7).
  bool holds_live_seat(const Player& player) const;
  /// Frees the name of `player`, who has no connection and nothing to come back to, once the name
  /// grace has passed (at once without one) and if nothing brought them back meanwhile.
  void release_name_later(Player& player);
  std::shared_ptr<Room> room(RoomId id);
  Member member_of(const Player& player) const;
  /// Moves `player` from the finished game's seat to `seat` of the rematch room.
  void move_to_rematch(Player& player, RoomId finished, const std::shared_ptr<Room>& rematch,
                       int seat);
  /// Creates a bot player (name "<strategy>-bot-N" unless given, a new token unless given) with its
  /// client; null if the factory does not make that strategy.
  Player* make_bot(const std::string& game_id, const std::string& strategy,
                   const std::string& name = "", const std::string& token = "");
  void send(const ClientPtr& client, const nlohmann::json& message);
  /// /log of a room the player is not in: the game's log lines from its record (nullopt: no such
  /// game).
  void send_log(const ClientPtr& client, RoomId id, const std::optional<GameRecord>& record,
                engine::Lang lang);
  void send_rooms(const ClientPtr& client, const protocol::ListRooms& request = {});
  /// Called after anything that may change where `player` is: keeps the lobby index and the
  /// connection's room link (RoomLink) up to date. O(1).
  void placed(Player& player);
  /// placed() for the player with `token`, if a command has not ended them (called after each
  /// command).
  void placed_again(const std::string& token);
  // lobby_node_move.cpp: any room from any node (docs/cluster.md).
  /// /join or /watch of another node's room: the player's connection is carried to that node,
  /// which takes the player over and then gets `command` (the chat frame asking for the room).
  void carry_to_room_node(Player& player, RoomId room, std::string command);
  /// A hello with a token unknown here: the player may live on another node, carried there.
  void hello_elsewhere(const ClientPtr& client, const protocol::Hello& hello);
  /// Asks the connection to carry the player to `address`; `done` on the lobby's strand.
  void carry(const ClientPtr& client, NodeMove move, std::function<void(Lobby&, bool)> done);
  /// The answer to an adopt's name claim.
  void adopt_claimed(const ClientPtr& client, const std::string& token, const std::string& name,
                     NameClaim claim);
  /// The adopted player, attached to the link without a welcome (the player's first node gave it).
  void adopted(const ClientPtr& client, Player& player);
  /// A chat frame, as a client sends it.
  static std::string command_frame(const std::string& text);
  // lobby_cluster.cpp: the lobby across nodes.
  /// Other nodes' rooms, merged into the list (published at the next flush like this node's).
  void remote_rooms(std::vector<protocol::RoomInfo> updated, std::vector<RoomId> removed);
  /// A line of lobby chat from another node, to this node's lobby.
  void remote_chat(const std::string& from, const std::string& text);
  /// At a flush: this node's rooms changed since the last one, and its online names, to the
  /// cluster.
  void publish_to_cluster();
  /// Whether `id` is listed as another node's room (in the list, not among this node's rooms).
  bool is_remote_room(RoomId id) const;
  /// /who in the lobby with a cluster: this node's names and every other node's.
  void who_everywhere(Player& player, std::vector<std::string> here);
  /// A player came, went or was renamed: the cluster hears of this node's names at the next flush.
  void online_changed();
  /// The names of the people connected to this node (not bots): what /who lists.
  std::vector<std::string> online_names();
  /// The /who text for `names` (sorted here), with `note` after them when it is not empty.
  void send_who(const ClientPtr& client, std::vector<std::string> names,
                const engine::LocalText& note = {});
  /// Room changes wait for the next flush; arms the flush timer if it is not.
  void schedule_flush();
  void flush();
  void send_games(const ClientPtr& client);
  void broadcast_lobby(
      const nlohmann::json& message);  // to everyone not in a room: one frame, O(lobby clients)
  void broadcast_lobby(const Frame& frame);
  /// The rooms `player` created that are waiting or playing with the player still seated (prunes
  /// the rest from Player::created). A room created moments ago and not yet listed counts.
  int rooms_created_and_held(Player& player);
  std::string new_token();

  net::strand<net::any_io_executor> strand_;
  net::any_io_executor executor_;
  RoomContext context_;
  SubmitMessage bot_submit_;  // set_bot_submit
  Players players_;
  std::unordered_map<RoomId, std::shared_ptr<Room>>
      rooms_;           // by id, O(1): the list's order is room_list_'s
  RoomList room_list_;  // as last published by each room
  // The first page of the published list, unfiltered, as sent (what every hello and every return to
  // the lobby asks for): built once per flush that changes the list, then shared. Null when it must
  // be built again.
  Frame first_page_;
  net::steady_timer flush_timer_;
  std::chrono::milliseconds flush_interval_{250};
  bool flush_armed_ = false;
  std::chrono::milliseconds name_grace_{std::chrono::seconds(60)};
  int max_rooms_per_player_ = 3;
  std::deque<RoomId> finished_;  // rooms whose game is over, oldest first
  RoomId next_room_ = 1;
  int bots_made_ = 0;
  std::shared_ptr<Cluster> cluster_;  // null: one node alone
  std::deque<RoomId> room_ids_;       // reserved from the cluster, not yet given
  bool room_ids_asked_ = false;
  std::vector<std::function<void(Lobby&, std::optional<RoomId>)>> waiting_for_ids_;
  std::unordered_set<std::uint64_t> hello_pending_;  // connections whose name Redis is deciding
  std::set<RoomId> cluster_dirty_;  // this node's rooms changed since the last publish_to_cluster
  bool online_dirty_ = false;       // a player came, went or was renamed since then
  Accounts* accounts_ = nullptr;    // set_accounts
  std::unordered_map<std::string, std::string> registered_;  // account name skeleton -> name
  LoginLimiter login_limiter_;
  // Connections carried to another node (their player is that node's now), by connection id:
  // closed with the rest on shutdown.
  std::unordered_map<std::uint64_t, std::weak_ptr<Client>> carried_;
  StoredReplays stored_replays_;
};

}  // namespace archipel::server
