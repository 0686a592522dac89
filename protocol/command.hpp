#pragma once
// Chat commands as typed values: one struct per command. Each is in exactly one of two lists: the
// lobby's (LobbyCommand) or the room's (RoomCommand); Command is the two joined. The parser
// (command_parser.hpp) turns a chat line into a Command; the server's router (server/router.hpp)
// sends a room command to the room one is in and the rest to the lobby, and each of them visits its
// own list, every case written out: a command added to a list and not handled there does not
// compile. Seat numbers are 1-based here, as a person types them; the server converts.

#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "engine/core/game.hpp"
#include "protocol/game_history.hpp"
#include "protocol/messages.hpp"

namespace archipel::protocol::cmd {

struct Say {
  std::string text;
};  // plain text: chat to the room or the lobby
struct Help {
  std::string topic;
};  // /help [command]
struct Nick {
  std::string name;
};                // /nick <name>
struct Games {};  // /games
struct Rooms {};  // /rooms
struct Create {
  std::string game;
  engine::Options options;
};  // /create <game> [key=value ...]
struct Option {
  std::string key;
  std::string value;
};  // /option key=value
struct Join {
  std::optional<RoomId> room;
  std::optional<int> seat;
};                // /join [room] [seat]
struct Leave {};  // /leave
struct Watch {
  RoomId room = 0;
};                // /watch <room>
struct Start {};  // /start
struct AddBot {
  std::string strategy;
};  // /addbot [strategy]
struct Play {
  std::string move;
};                // /play <move>
struct Moves {};  // /moves
struct Who {};    // /who
struct Log {
  std::optional<RoomId> room;
};  // /log [room]
struct Kick {
  std::string name;
};  // /kick <name>
struct SetLang {
  engine::Lang lang;
};                  // /lang <en|fr>
struct Rematch {};  // /rematch
struct Replay {
  RoomId room = 0;
  int step = 0;
};  // /replay <room> [step]: a finished game's step, as text
struct Handover {
  std::string who;
};  // /handover <seat number or name>
// Accounts. /register and /login only answer how to do it: a password typed after them is dropped
// by the parser, never read (it travels only in the register and login messages).
struct Register {};  // /register
struct Login {};     // /login [name]
struct Logout {
  bool everywhere = false;
};  // /logout [everywhere]: also the logout message
// Ratings (docs/ratings.md).
struct Top {
  std::string game;
};  // /top <game>: the game's leaderboard
struct Profile {
  std::string name;
};  // /profile [name]: a registered player's ratings ("": one's own)
// A player's finished games (protocol/game_history.hpp).
struct History {
  std::string name;                    // "": one's own
  std::optional<HistoryCursor> after;  // the page after this game; nullopt: the newest
};                                     // /history [name] [cursor]

}  // namespace archipel::protocol::cmd

namespace archipel::protocol {

/// The longest chat line, in the lobby or a room (longer ones are refused by the parser).
inline constexpr std::size_t kMaxChatLength = 500;

/// What the lobby answers. /who, /log and /lang pass on to the room one is in, through the lobby,
/// which knows where one is.
using LobbyCommand =
    std::variant<cmd::Help, cmd::Nick, cmd::Games, cmd::Rooms, cmd::Create, cmd::Join, cmd::Leave,
                 cmd::Watch, cmd::Who, cmd::Log, cmd::SetLang, cmd::Replay, cmd::Register,
                 cmd::Login, cmd::Logout, cmd::Top, cmd::Profile, cmd::History>;
/// What the room one sits in or watches answers, on its strand. Say is table talk there; from
/// someone in no room it is chat in the lobby.
using RoomCommand = std::variant<cmd::Say, cmd::Start, cmd::Option, cmd::Kick, cmd::AddBot,
                                 cmd::Play, cmd::Moves, cmd::Rematch, cmd::Handover>;

namespace detail {
template <class A, class B>
struct Joined;
template <class... A, class... B>
struct Joined<std::variant<A...>, std::variant<B...>> {
  using type = std::variant<A..., B...>;
};
template <class T, class V>
struct IsIn;
template <class T, class... A>
struct IsIn<T, std::variant<A...>> : std::bool_constant<(std::is_same_v<T, A> || ...)> {};
template <class... A>
constexpr bool none_in_room(std::variant<A...>*) {
  return !(IsIn<A, RoomCommand>::value || ...);
}
}  // namespace detail

static_assert(detail::none_in_room(static_cast<LobbyCommand*>(nullptr)),
              "a command belongs to one list");

/// Visits a command list with one lambda per command: `std::visit(Overloaded{[&](cmd::Start&)
/// {...}, ...}, c)`. Write no catch-all (`auto&`) case, so that a command added to the list and not
/// handled does not compile.
template <class... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

/// Every command: the lobby's and the room's.
using Command = detail::Joined<LobbyCommand, RoomCommand>::type;

/// Whether command type T is answered by a room.
template <class T>
inline constexpr bool kIsRoomCommand = detail::IsIn<T, RoomCommand>::value;

/// A command sorted by who answers it (index 0: the lobby, 1: a room).
using SortedCommand = std::variant<LobbyCommand, RoomCommand>;
inline SortedCommand sort_command(Command command) {
  return std::visit(
      [](auto&& c) -> SortedCommand {
        using T = std::decay_t<decltype(c)>;
        if constexpr (kIsRoomCommand<T>)
          return SortedCommand{std::in_place_index<1>, RoomCommand{std::move(c)}};
        else
          return SortedCommand{std::in_place_index<0>, LobbyCommand{std::move(c)}};
      },
      std::move(command));
}

}  // namespace archipel::protocol
