#include "server/command_router.hpp"

#include "server/lobby.hpp"

namespace archipel::server {
namespace {

template <class... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

bool too_long(const protocol::cmd::Say& say) { return say.text.size() > kMaxChatLength; }
protocol::Error too_long_error() {
  return protocol::make_error(protocol::ErrorCode::bad_arguments, "a chat line is at most 500 characters",
                              "une ligne de chat a au plus 500 caractères");
}

}  // namespace

bool is_room_command(const protocol::Command& command) {
  namespace cmd = protocol::cmd;
  return std::holds_alternative<cmd::Say>(command) || std::holds_alternative<cmd::Start>(command) ||
         std::holds_alternative<cmd::Option>(command) || std::holds_alternative<cmd::Kick>(command) ||
         std::holds_alternative<cmd::AddBot>(command) || std::holds_alternative<cmd::Play>(command) ||
         std::holds_alternative<cmd::Moves>(command) || std::holds_alternative<cmd::Rematch>(command) ||
         std::holds_alternative<cmd::Handover>(command);
}

void route_command(Lobby& lobby, Player& player, protocol::Command command) {
  namespace cmd = protocol::cmd;
  // A room command goes to the room the player sits in, is joining or watches; the room checks the rest
  // (a member, seated, host, started) and answers the player itself.
  auto in_room = [&] {
    if (auto room = lobby.room_for_command(player)) room->member_command(player.client, player.token, std::move(command));
  };
  std::visit(
      Overloaded{
          [&](cmd::Say& c) {
            if (player.present_in()) return in_room();  // table talk: the room checks it
            if (too_long(c)) return lobby.send_error(player.client, too_long_error());
            if (!c.text.empty()) lobby.say(player, c.text);
          },
          [&](cmd::Help& c) { lobby.help(player, c.topic); },
          [&](cmd::Nick& c) { lobby.nick(player, c.name); },
          [&](cmd::Games&) { lobby.games_text(player); },
          [&](cmd::Rooms&) { lobby.rooms_text(player); },
          [&](cmd::Create& c) { lobby.create(player, c); },
          [&](cmd::Join& c) { lobby.join(player, c); },
          [&](cmd::Leave&) { lobby.leave(player); },
          [&](cmd::Watch& c) { lobby.watch(player, c.room); },
          [&](cmd::Log& c) { lobby.log(player, c.room); },
          [&](cmd::Who&) { lobby.who(player); },
          [&](cmd::SetLang& c) { lobby.set_lang(player, c.lang); },
          [&](cmd::Rematch&) { in_room(); },
          [&](cmd::Replay& c) { lobby.replay(player, protocol::ReplayRequest{c.room, c.step, false}, true); },
          [&](cmd::Handover&) { in_room(); },
          [&](cmd::Start&) { in_room(); },
          [&](cmd::Option&) { in_room(); },
          [&](cmd::Kick&) { in_room(); },
          [&](cmd::AddBot&) { in_room(); },
          [&](cmd::Play&) { in_room(); },
          [&](cmd::Moves&) { in_room(); },
      },
      command);
}

void route_room_command(Room& room, const std::string& token, protocol::Command command) {
  namespace cmd = protocol::cmd;
  std::visit(
      Overloaded{
          [&](cmd::Say& c) {
            if (too_long(c)) return room.send_error(token, too_long_error());
            if (!c.text.empty()) room.do_say(token, c.text);
          },
          [&](cmd::Start&) { room.do_start(token); },
          [&](cmd::Option& c) { room.do_option(token, c); },
          [&](cmd::Kick& c) { room.do_kick(token, c.name); },
          [&](cmd::AddBot& c) { room.do_addbot(token, c.strategy); },
          [&](cmd::Play& c) { room.do_play_text(token, c.move); },
          [&](cmd::Moves&) { room.do_moves(token); },
          [&](cmd::Rematch&) { room.do_rematch(token); },
          [&](cmd::Handover& c) { room.do_handover(token, c.who); },
          [&](auto&) {
            // A lobby command cannot come here: is_room_command() says which go to a room.
            room.send_error(token, protocol::make_error(protocol::ErrorCode::server_error, "not a room command"));
          },
      },
      command);
}

}  // namespace archipel::server
