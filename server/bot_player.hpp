#pragma once
// The real BotFactory (server/bot_seat.hpp): bots that think with the strategies of bots/ on an
// executor of their own (a thread pool away from the network threads), after a pause people can
// follow. main.cpp (and the tests) hand it to the server; it is the one place in server/ that
// includes bots/.

#include <chrono>
#include <memory>

#include "server/bot_seat.hpp"
#include "server/net.hpp"

namespace archipel::server {

std::shared_ptr<BotFactory> make_bot_factory(net::any_io_executor think_executor,
                                             std::chrono::milliseconds delay);

}  // namespace archipel::server
