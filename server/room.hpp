#pragma once
// A room: the strand that owns one game table. Every public entry point posts to the strand, so the
// table is touched by one thread at a time and the engine needs no locks. What it owns, each a
// piece of its own:
//   - the table (server/table.hpp), a plain value: seats, host, options, the game and its log, and
//   the seating
//     rules;
//   - the audience (server/audience.hpp): who hears the room, the views each was last sent, the
//   patches after a
//     move;
//   - its timers (server/latest_timer.hpp): the turn clock, the handover's away times, the
//   abandonment count;
//   - the store's handshake: a game's start and each action are stored on the writer's thread
//   before anyone
//     hears of them (what is posted meanwhile waits, in order).
// Its code: room.cpp (entry points, membership, the room's listing), room_commands.cpp (the room's
// commands, one visit of protocol::RoomCommand; the start), room_play.cpp (actions: validate,
// store, apply, patch; the end), room_presence.cpp (players away: abandoned games, seats handed to
// bots), room_clock.cpp (the turn clock's timer).

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/registry.hpp"
#include "protocol/command.hpp"
#include "protocol/messages.hpp"
#include "server/audience.hpp"
#include "server/bot_seat.hpp"
#include "server/client.hpp"
#include "server/latest_timer.hpp"
#include "server/metrics.hpp"
#include "server/net.hpp"
#include "server/seat_handover.hpp"
#include "server/store.hpp"
#include "server/store_writer.hpp"
#include "server/table.hpp"
#include "server/turn_clock.hpp"

namespace archipel::server {

/// What a room tells the lobby. Called from the room's strand; the lobby posts to its own.
class RoomObserver {
 public:
  virtual ~RoomObserver() = default;
  virtual void room_changed(const protocol::RoomInfo& info) = 0;
  /// The room confirms (seated=true) or ends (false) a player's seat: refused join, leave, kick.
  virtual void seat_changed(const std::string& token, RoomId room, bool seated) = 0;
  /// The room is empty and gone.
  virtual void room_closed(RoomId room) = 0;
  /// The host asked for a bot (already checked: host, not started, a free seat, a known strategy).
  virtual void bot_requested(RoomId room, const std::string& strategy) = 0;
  /// A seated player of the finished game in `room` asked for a rematch and there is none yet: open
  /// a room for the same game and options with `seats` (the finished game's, in order: bots to seat
  /// again, people to keep a seat for), seat `by` in it, then tell `room` which room it is
  /// (Room::rematch_opened).
  virtual void rematch_requested(RoomId room, const engine::GameSpec& spec,
                                 const engine::Options& options, const std::vector<Member>& seats,
                                 const std::string& by) = 0;
  /// A seated player of the finished game accepts the rematch in room `rematch`: move them to
  /// `seat` there.
  virtual void rematch_accepted(const std::string& token, RoomId finished, RoomId rematch,
                                int seat) = 0;
};

class Room;
class ReplayCursor;

/// A connection that takes its room messages (table talk, room commands, actions, sync) straight to
/// its room's strand instead of through the lobby's: the WebSocket session. The lobby links it once
/// the room has confirmed the seat (or the lobby has asked the room to add a spectator) and unlinks
/// it when the player leaves; both calls are thread-safe and take effect in order. A link that is
/// out of date is harmless: the room checks every message (Room::member_command) and refuses a
/// connection that is not its member's.
class RoomLink {
 public:
  virtual ~RoomLink() = default;
  virtual void link_room(std::weak_ptr<Room> room, RoomId id, std::string token) = 0;
  virtual void unlink_room() = 0;
};

/// What every room shares.
struct RoomContext {
  const engine::Registry* registry = nullptr;
  Store* store = nullptr;  // the record of a game at its start, and the games restored at start-up
                           // (an old game's record is read through the writer)
  StoreWriter* writer =
      nullptr;  // actions and ends of games, committed in groups on the writer's thread
  std::shared_ptr<Metrics> metrics;  // shared: a room may outlive the Server (see server.hpp)
  std::function<std::uint64_t()>
      new_seed;                      // a fresh game seed (random in the server, fixed in tests)
  std::shared_ptr<BotFactory> bots;  // null: this server offers no bots
  /// How long a seat in a room that has not started waits for a dropped player (a reload) before it
  /// is freed.
  std::chrono::milliseconds waiting_seat_grace{std::chrono::seconds(60)};
  /// A running game whose seated people (bots do not count) have all been away this long is ended
  /// as abandoned and its room closed (0: never; the server's --abandon-after).
  std::chrono::milliseconds abandon_after{0};
  /// A seated person away this long during a game may have their seat's play handed to a bot
  /// (--handover-after).
  std::chrono::milliseconds handover_after{std::chrono::seconds(60)};
  /// The strategy of the bot that plays a handed-over seat.
  std::string handover_strategy = "greedy";
};

class Room : public std::enable_shared_from_this<Room> {
 public:
  Room(net::any_io_executor executor, RoomId id, const engine::GameSpec& spec,
       engine::Options options, RoomContext context, std::weak_ptr<RoomObserver> observer);

  /// Rebuilds a started game from its record by replaying its actions. Null if the record does not
  /// replay.
  static std::shared_ptr<Room> restore(net::any_io_executor executor, const GameRecord& record,
                                       RoomContext context, std::weak_ptr<RoomObserver> observer);

  ~Room();

  RoomId id() const { return table_.id; }

  // Entry points: thread-safe, run later on the room's strand. `seat` is 0-based.
  void join(Member member, std::optional<int> seat);
  void leave(const std::string& token);
  void watch(Member member);
  void unwatch(const std::string& token);
  void connect(const std::string& token, ClientPtr client);  // a seated player is back (resume)
  void disconnect(const std::string& token);
  void rename(const std::string& token, std::string name);
  void action(const std::string& token, nlohmann::json action);
  /// One of the room's commands from member `token` (one visit of protocol::RoomCommand:
  /// run_command, in room_commands.cpp), answering `token` only.
  void command(const std::string& token, protocol::RoomCommand command);
  void who(const std::string& token);
  void log(const std::string& token);
  void sync(const std::string& token);
  // The same, from connection `from` for member `token` (a linked session, or the lobby passing a
  // room command on). Refused with not_in_room unless `from` is that member's connection now: a
  // player who left, was kicked, or resumed on another connection cannot act through a message
  // already on its way.
  void member_command(ClientPtr from, std::string token, protocol::RoomCommand command);
  void member_action(ClientPtr from, std::string token, nlohmann::json action);
  void member_sync(ClientPtr from, std::string token);
  /// One step of the finished game's replay for `client` (anyone: a member, or someone in the
  /// lobby), in its language: the `replay` message (with the game's static data if asked), or for
  /// /replay its lines as text. Refused with not_over while the game is waiting or running.
  void replay(ClientPtr client, int step, bool static_data, bool as_text);
  /// Sends the room's summary to the lobby again (after a restore).
  void publish();
  /// A rematch room, before anyone is seated: seat i is kept for tokens[i] (people, and the bots
  /// the lobby seats again), `host` is its host, and the game starts by itself once every kept seat
  /// is taken.
  void keep_seats_for_rematch(const std::vector<std::string>& tokens, const std::string& host);
  /// The lobby opened `rematch` for this finished game: say so, and seat there whoever asked
  /// meanwhile.
  void rematch_opened(RoomId rematch);

 private:
  using Status = protocol::RoomStatus;

  /// Runs `f` on the room's strand. A handler that throws (a bug) ends that message only: it is
  /// logged, and the member with `token`, when given, is told with a server_error; the room and the
  /// server go on. While a game's start is being stored (do_start), `f` waits its turn in held_ and
  /// runs once it is settled.
  template <class F>
  void post(F&& f, std::string token = {}) {
    net::post(strand_, [self = shared_from_this(), f = std::forward<F>(f),
                        token = std::move(token)]() mutable {
      if (self->starting_) {
        self->held_.emplace_back(
            [f = std::move(f), token = std::move(token)](Room& r) mutable { r.guarded(f, token); });
        return;
      }
      self->guarded(f, token);
    });
  }
  template <class F>
  void guarded(F& f, const std::string& token) {
    try {
      f(*this);
    } catch (const std::exception& e) {
      handler_failed(token, e.what());
    }
  }
  void handler_failed(const std::string& token, const char* what);
  /// Runs `f` on the strand if `from` is member `token`'s connection; else answers `from` with
  /// not_in_room.
  template <class F>
  void post_from(ClientPtr from, std::string token, F&& f) {
    post(
        [from = std::move(from), token, f = std::forward<F>(f)](Room& r) mutable {
          if (!r.is_connection_of(token, from)) return r.refuse_stranger(from);
          f(r, token);
        },
        token);
  }
  bool is_connection_of(const std::string& token, const ClientPtr& client);
  void refuse_stranger(const ClientPtr& client);

  // All of these run on the strand.
  void run_command(const std::string& token, protocol::RoomCommand& command);
  void do_join(Member member, std::optional<int> seat);
  void do_leave(const std::string& token);
  /// `stand_in`: the bot that plays the seat of `token` for them (its move is dropped if it no
  /// longer does).
  void do_action(const std::string& token, const nlohmann::json& action,
                 const ClientPtr& stand_in = nullptr);
  void do_start(const std::string& token);
  void do_option(const std::string& token, const protocol::cmd::Option& option);
  void do_kick(const std::string& token, const std::string& name);
  void do_addbot(const std::string& token, const std::string& strategy);
  void do_moves(const std::string& token);
  void do_say(const std::string& token, const std::string& text);
  void do_play_text(const std::string& token, const std::string& move);
  void do_sync(const std::string& token);
  void do_who(const std::string& token);
  void do_log(const std::string& token);
  void do_rematch(const std::string& token);
  void do_replay(const ClientPtr& client, int step, bool static_data, bool as_text);
  /// Opens the replay from the game's record, read on the store's thread, and answers the requests
  /// waiting.
  void open_replay(std::optional<GameRecord> record);
  /// An error to a connection that is not (or not yet) a member: a stranger, someone asking for a
  /// replay.
  void send_error_to(Client& client, const protocol::Error& error);
  protocol::Error cannot_replay() const;

  // Handing an absent person's seat to a bot (issue 12, point 7; the vote's rules:
  // server/seat_handover.hpp).
  void do_handover(const std::string& token, const std::string& who);
  std::vector<SeatPresence> presence() const;
  void reset_seat_play(int seats);  // at the start (and a restore): nobody handed over, nobody away
  void hand_over(int seat);         // a bot plays `seat` for its person from now; stored
  void give_back(int seat);  // its person plays again; the bot stops before its next move; stored
  void start_stand_in(
      int seat);          // the bot client of a handed-over seat (at the handover, after a restore)
  void stop_stand_ins();  // the game is over
  void on_stand_in_message(int seat, const ClientPtr& bot, protocol::ClientMessage message);
  void send_stand_in_state(int seat);
  void store_seat_play();
  /// The game's options with the room's own: `clock` (server/turn_clock.hpp) and `rated=off`
  /// (server/rated_game.hpp). What the room and the lobby show, and a rematch keeps.
  engine::Options room_options() const;
  // The turn clock (server/turn_clock.hpp): the banks of the seats to act run (after the start,
  // each move, a restore), none runs (the end).
  void run_clock();
  void halt_clock();
  void arm_clock_timer();  // for the next bank to run out
  void on_clock_timer();   // a bank ran out: said to the room, stored, the seat open to a vote
  /// After any change of who is connected: since when each seated person is away, their votes
  /// forgotten when they are back, and a timer that publishes the room again when the next one may
  /// be handed over.
  void track_absences();
  /// A not_your_turn refusal naming who the table waits for; any other error as it is.
  protocol::Error with_whom_to_wait_for(protocol::Error error) const;
  protocol::RoomInfo info() const;
  void send_info(const std::string& token, const engine::LocalText& text);
  void send_error(const std::string& token, const protocol::Error& error);
  void publish_room();  // room message to members, summary to the lobby
  void send_full_state(const std::string& token);
  /// The action is durable (or could not be stored): apply it and send its results, then take the
  /// next waiting.
  void on_stored(const std::string& token, int seat, const nlohmann::json& action, bool stored,
                 const ClientPtr& stand_in);
  /// A refused move goes back to whoever made it: the person, or the bot playing for them (which
  /// then syncs).
  void refuse_move(const std::string& token, const ClientPtr& stand_in,
                   const protocol::Error& error);
  void finish_if_over();
  void close_if_empty();
  /// After any change of who is connected: while every seated person of a running game is away,
  /// counts
  /// --abandon-after from when they left (kept in the store across restarts); someone back stops
  /// the count.
  void watch_presence();
  /// Ends a running game nobody came back to: stored as abandoned, no result, the room closed.
  void abandon();

  net::strand<net::any_io_executor> strand_;
  // A game's start on its way to the store (do_start): the record is written on the store's thread,
  // and the room's state must not change under it, so whatever is posted meanwhile waits in held_,
  // in order.
  struct Starting {
    std::string token;            // who started it (told if it cannot be stored)
    std::vector<Member> players;  // by seat
    engine::GamePtr game;
    std::uint64_t seed = 0;
  };
  std::optional<Starting> starting_;
  std::vector<std::function<void(Room&)>>
      held_;  // a vector: an empty deque allocates, and every room has one
  /// The store has the game's record (or could not write it): the game begins (or the room stays
  /// waiting), then what was held runs.
  void start_stored(bool stored);
  void begin_game(Starting start);
  Table table_;  // seats, host, options, the game and its log
  RoomContext context_;
  std::weak_ptr<RoomObserver> observer_;

  // One action at a time is on its way to the store; actions arriving meanwhile wait here, in
  // order, and are checked against the state once it has been applied (so validate, store, apply
  // stays true for each).
  bool storing_ = false;
  struct WaitingAction {
    std::string token;
    nlohmann::json action;
    ClientPtr stand_in;  // the bot that made it for the seat's person, if one did
  };
  std::deque<WaitingAction> waiting_actions_;
  Audience audience_;  // who hears the room, and the views each was last sent
  // The finished game's replay (server/replay_request.hpp), opened by its first request: the step
  // last shown.
  std::unique_ptr<ReplayCursor> replay_;
  struct ReplayWanted {
    ClientPtr client;
    int step;
    bool static_data, as_text;
  };
  std::vector<ReplayWanted> replay_waiting_;  // requests that came while the record was being read
  // Rematch. In the finished room: the room opened for it (once the lobby has), and who accepted
  // before that.
  std::optional<RoomId> rematch_;
  bool rematch_asked_ = false;
  std::vector<std::string> rematch_waiting_;  // tokens
  // Abandonment (watch_presence): since when every seated person has been away (ms since the Unix
  // epoch), and the timer counting --abandon-after from then.
  std::optional<std::int64_t> away_since_;
  LatestTimer abandon_timer_;
  // Handover (issue 12, point 7), one entry per seat once the game has started: the strategy of the
  // bot that plays it for its person ("": the person plays), that bot, since when the person is
  // away, and the votes.
  std::vector<std::string> stand_in_strategy_;
  std::vector<ClientPtr> stand_ins_;
  std::vector<std::optional<std::chrono::steady_clock::time_point>> away_from_;
  std::vector<std::int64_t> hand_over_at_ms_;  // away_from_ + --handover-after in Unix ms (0: here)
  HandoverVotes handover_votes_;
  LatestTimer
      handover_timer_;  // publishes the room again when the next away person may be handed over
  TurnClock clock_;     // per_player zero: the room has no clock
  // The room's option rated=on|off (docs/ratings.md): whether the game's end rates its registered
  // players. Kept with the seat play (SeatPlay::unrated), so a restored game keeps it.
  bool rated_ = true;
  /// At the game's end: rates it on the writer's thread if it counts, then tells the room the
  /// changes.
  void rate_game(const engine::Outcome& outcome);
  LatestTimer clock_timer_;  // for the next bank to run out
};

}  // namespace archipel::server
