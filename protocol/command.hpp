#pragma once
// Chat commands as typed values: one struct per command, all in one variant. The parser (command_parser.hpp)
// turns a chat line into one of these; the server's router decides what each does. Seat numbers are 1-based
// here, as a person types them; the server converts.

#include <optional>
#include <string>
#include <variant>

#include "engine/core/game.hpp"
#include "protocol/messages.hpp"

namespace archipel::protocol::cmd {

struct Say { std::string text; };                  // plain text: chat to the room or the lobby
struct Help { std::string topic; };                // /help [command]
struct Nick { std::string name; };                 // /nick <name>
struct Games {};                                   // /games
struct Rooms {};                                   // /rooms
struct Create { std::string game; engine::Options options; };  // /create <game> [key=value ...]
struct Option { std::string key; std::string value; };         // /option key=value
struct Join { std::optional<RoomId> room; std::optional<int> seat; };  // /join [room] [seat]
struct Leave {};                                   // /leave
struct Watch { RoomId room = 0; };                 // /watch <room>
struct Start {};                                   // /start
struct AddBot { std::string strategy; };           // /addbot [strategy]
struct Play { std::string move; };                 // /play <move>
struct Moves {};                                   // /moves
struct Who {};                                     // /who
struct Log { std::optional<RoomId> room; };        // /log [room]
struct Kick { std::string name; };                 // /kick <name>
struct SetLang { engine::Lang lang; };             // /lang <en|fr>
struct Rematch {};                                 // /rematch
struct Replay { RoomId room = 0; int step = 0; };   // /replay <room> [step]: a finished game's step, as text
struct Handover { std::string who; };              // /handover <seat number or name>

}  // namespace archipel::protocol::cmd

namespace archipel::protocol {

using Command = std::variant<cmd::Say, cmd::Help, cmd::Nick, cmd::Games, cmd::Rooms, cmd::Create, cmd::Option,
                             cmd::Join, cmd::Leave, cmd::Watch, cmd::Start, cmd::AddBot, cmd::Play, cmd::Moves,
                             cmd::Who, cmd::Log, cmd::Kick, cmd::SetLang, cmd::Rematch,
                             cmd::Replay, cmd::Handover>;

}  // namespace archipel::protocol
