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

}  // namespace

void route_command(Lobby& lobby, Player& player, protocol::Command command) {
  namespace cmd = protocol::cmd;
  const std::string& token = player.token;
  // A room command goes to the room the player sits in, is joining or watches; the room checks the rest
  // (seated, host, started) and answers the player itself.
  auto in_room = [&](auto&& operation) {
    if (auto room = lobby.room_for_command(player)) operation(*room);
  };
  std::visit(
      Overloaded{
          [&](cmd::Say& c) { lobby.say(player, c.text); },
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
          [&](cmd::Start&) { in_room([&](Room& r) { r.start(token); }); },
          [&](cmd::Option& c) { in_room([&](Room& r) { r.set_option(token, std::move(c)); }); },
          [&](cmd::Kick& c) { in_room([&](Room& r) { r.kick(token, std::move(c.name)); }); },
          [&](cmd::AddBot& c) { in_room([&](Room& r) { r.add_bot(token, std::move(c.strategy)); }); },
          [&](cmd::Play& c) { in_room([&](Room& r) { r.play_text(token, std::move(c.move)); }); },
          [&](cmd::Moves&) { in_room([&](Room& r) { r.moves(token); }); },
      },
      command);
}

}  // namespace archipel::server
