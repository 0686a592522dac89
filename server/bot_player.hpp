#pragma once
// The real BotFactory (server/bot_seat.hpp): bots that think with the strategies of bots/ on an
// executor of their own (a thread pool away from the network threads), after a pause people can
// follow. main.cpp (and the tests) hand it to the server; it is the one place in server/ that
// includes bots/.

#include <chrono>
#include <cstdint>
#include <memory>

#include "server/bot_seat.hpp"
#include "server/net.hpp"

namespace archipel::server {

/// A hosted bot's thinking budget per move, in ms: 1 s of one core, or less when the room has a
/// turn clock: a tenth of the clock's share of one move (each player's bank spread over 40 moves,
/// about a seat's moves in a game), at least 10 ms. `clock_per_player_ms` 0: the room has no clock.
int bot_think_ms(std::int64_t clock_per_player_ms);

std::shared_ptr<BotFactory> make_bot_factory(net::any_io_executor think_executor,
                                             std::chrono::milliseconds delay);

}  // namespace archipel::server
