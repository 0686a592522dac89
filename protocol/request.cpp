#include "protocol/request.hpp"

#include "protocol/command_parser.hpp"

namespace archipel::protocol {

Result<Request> to_request(ClientMessage message) {
  return std::visit(
      [](auto&& m) -> Result<Request> {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, Chat>) {
          auto parsed = parse_command(m.text);
          if (!parsed.ok()) return parsed.error();
          return std::visit([](auto&& sorted) { return Request{std::move(sorted)}; },
                            sort_command(std::move(parsed).value()));
        } else if constexpr (std::is_same_v<T, Logout>) {
          // The button and /logout are one command.
          return Request{LobbyCommand{cmd::Logout{m.everywhere}}};
        } else {
          return Request{std::move(m)};
        }
      },
      std::move(message));
}

}  // namespace archipel::protocol
