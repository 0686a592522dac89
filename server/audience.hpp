#pragma once
// A room's audience: everyone a room's frames go to (its seated players, the bots playing
// handed-over seats, its spectators), and what each was last shown. It owns the views last sent
// (server/audience_views.hpp) and the version they carry, and reads the table (server/table.hpp)
// each time it sends: who sits, who watches, who is connected, in which language. Called on the
// room's strand only.
//
// A frame whose words depend on the reader's language is written once per language (LocalFrames); a
// frame every reader gets alike is written once (Frame).

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/lang.hpp"
#include "protocol/errors.hpp"
#include "server/audience_views.hpp"
#include "server/client.hpp"
#include "server/table.hpp"

namespace archipel::server {

class Audience {
 public:
  /// A game begins at `version` (1 at its start; after a restore, one more than its actions): what
  /// was sent before is forgotten, and the game's unchanging data is kept, serialized once.
  void begin_game(const engine::GameInstance& game, std::int64_t version);
  std::int64_t version() const { return version_; }
  /// The game's unchanging data (a replay may carry it).
  const nlohmann::json& static_data() const { return static_data_; }

  // ---- words: each to whoever of the table is connected ----
  static void broadcast(const Table& table, const Frame& frame);  // seats and spectators
  static void broadcast(const Table& table, const nlohmann::json& message);
  static void to_everyone(const Table& table, LocalFrames& frames);  // each in their language
  /// An info line to everyone in the room, in each one's language; kept in the room's history.
  static void announce(Table& table, const engine::LocalText& text);
  /// The room's history (Table::history) to member `token`, in their language, if connected: what
  /// was said before they arrived or came back.
  static void history_to(const Table& table, const std::string& token);
  /// To member `token` if connected: a message in no language (or already in theirs).
  static void to(const Table& table, const std::string& token, const nlohmann::json& message);
  /// The language of member `token`; English for one not connected.
  static engine::Lang lang_of(const Table& table, const std::string& token);

  // ---- views: the game as each audience may see it ----
  /// The whole state to member `token` (a `state`: the view, the static data, the log in their
  /// language).
  void state_to(const Table& table, const std::string& token);
  /// The whole state to `bot`, playing `seat` for its person (no log: a bot does not read it).
  void state_to_stand_in(const Table& table, Client& bot, int seat);
  /// The whole state to every connected spectator: one frame per language.
  void state_to_spectators(const Table& table);
  /// After `seat`'s move, whose log lines start at `first_line`: each audience there gets the patch
  /// from the view it was last sent, with the move's lines; one back since its view went stale gets
  /// the whole state. `stand_ins[seat]`: the bot playing that seat for its person, or null.
  void after_move(const Table& table, const std::vector<ClientPtr>& stand_ins, int seat,
                  std::size_t first_line);

  /// The game's log from `first_line` on in `lang`, serialized as an array of lines.
  static std::string log_text(const Table& table, engine::Lang lang, std::size_t first_line = 0);
  /// When each line of the game's log was written, serialized as an array (Table::log_at).
  static std::string log_at_text(const Table& table);

 private:
  /// Calls `f(client)` for every connected seat's client, then (with `seats` false: only) the
  /// spectators'.
  template <class F>
  static void each_connected(const Table& table, F f, bool seats = true) {
    if (seats)
      for (const auto& s : table.seats)
        if (s && s->client) f(*s->client);
    for (const auto& s : table.spectators)
      if (s.client) f(*s.client);
  }

  std::int64_t version_ = 0;
  AudienceViews views_;         // what each audience was last sent; the patches after a move
  nlohmann::json static_data_;  // the game's unchanging data, sent with every full state
  std::string static_text_;     // static_data_ serialized, once per game (most of a state's bytes)
};

}  // namespace archipel::server
