#pragma once
// The seam between rooms and bots. The lobby seats a bot as a Client made by a BotFactory; the
// factory is given to the server by main.cpp (server/bot_player.hpp makes the real one), so nothing
// in the lobby or the rooms includes bots/, and bots/ knows nothing of the server. A bot client
// sends its messages through `submit`, exactly as a browser's would arrive, so it sees no more than
// its seat's view.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "protocol/messages.hpp"
#include "server/client.hpp"

namespace archipel::server {

/// How a bot's messages reach the server: (the bot's own client, the message).
using SubmitMessage = std::function<void(const ClientPtr&, protocol::ClientMessage)>;

class BotFactory {
 public:
  virtual ~BotFactory() = default;
  /// The strategies /addbot accepts, in the order /help and the web client list them.
  virtual std::vector<std::string> strategies() const = 0;
  /// A bot playing `game_id` with a known `strategy`, its choices drawn from `seed`.
  virtual ClientPtr make(const std::string& game_id, const std::string& strategy,
                         std::uint64_t seed, SubmitMessage submit) = 0;

  bool knows(const std::string& strategy) const {
    for (const auto& s : strategies())
      if (s == strategy) return true;
    return false;
  }
};

}  // namespace archipel::server
