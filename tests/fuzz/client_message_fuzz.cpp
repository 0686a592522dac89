// Fuzz target: one WebSocket text frame as a client sends it -> parse_client_message, then the
// reply the server would send. Properties: nothing throws; a refusal has a code and a message and
// its error frame serializes to valid UTF-8 that parses back; a frame nesting deeper than
// kMaxNesting is always refused (the guard that keeps recursive copies off the stack); an accepted
// message's fields have their documented types.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <variant>

#include "protocol/messages.hpp"
#include "protocol/text.hpp"
#include "tests/fuzz/fuzz_check.hpp"

using namespace archipel;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view frame(reinterpret_cast<const char*>(data), size);
  const auto message = protocol::parse_client_message(frame);
  const bool too_deep =
      protocol::json_nesting_depth(frame, protocol::kMaxNesting) > protocol::kMaxNesting;

  if (!message.ok()) {
    fuzz::require(!message.error().rule.empty() && !message.error().message.empty(),
                  "a refusal without code");
    const std::string reply = protocol::serialize(protocol::error_message(message.error()));
    fuzz::require(fuzz::valid_utf8(reply), "the error reply is not valid UTF-8");
    const auto back = protocol::Json::parse(reply, nullptr, false);
    fuzz::require(!back.is_discarded() && back["type"] == "error",
                  "the error reply does not parse back");
    return 0;
  }
  fuzz::require(!too_deep, "a frame nested deeper than kMaxNesting was accepted");
  std::visit(
      [](const auto& m) {
        using M = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<M, protocol::Hello>) {
          fuzz::require(m.name || m.token, "hello with neither name nor token");
        } else if constexpr (std::is_same_v<M, protocol::Action>) {
          fuzz::require(m.action.is_object(), "an action that is not an object");
          // What the room does with it: compare against legal actions and echo it in error text.
          (void)protocol::serialize(m.action);
        } else if constexpr (std::is_same_v<M, protocol::Chat>) {
          // Chat text goes back out to others: serializing it must not throw, whatever its bytes.
          const auto out = protocol::serialize(protocol::chat_message(1, "fuzz", m.text));
          fuzz::require(fuzz::valid_utf8(out), "a chat echo is not valid UTF-8");
        }
      },
      message.value());
  return 0;
}
