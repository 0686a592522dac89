// Fuzz target: one chat line as typed -> parse_command, help_text, and the nickname checks.
// Properties: nothing throws; a refusal has a code and a message, and the error frame the server
// sends for it (which quotes what was typed) serializes to valid UTF-8; plain text is said as is;
// names the rule accepts have a skeleton.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <variant>

#include "protocol/command_parser.hpp"
#include "protocol/messages.hpp"
#include "protocol/text.hpp"
#include "tests/fuzz/fuzz_check.hpp"

using namespace archipel;

namespace {

void reply_is_clean(const protocol::Json& message) {
  const std::string out = protocol::serialize(message);
  fuzz::require(fuzz::valid_utf8(out), "a reply is not valid UTF-8: " + out);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);

  const auto command = protocol::parse_command(line);
  if (!command.ok()) {
    fuzz::require(!command.error().rule.empty() && !command.error().message.empty(),
                  "a refusal without code");
    reply_is_clean(protocol::error_message(command.error()));
  } else {
    std::visit(
        [&](const auto& c) {
          using C = std::decay_t<decltype(c)>;
          if constexpr (std::is_same_v<C, protocol::cmd::Say>) {
            fuzz::require(line.empty() || line[0] != '/' || (line.size() > 1 && line[1] == '/'),
                          "a command line was said as chat");
            reply_is_clean(protocol::chat_message(std::nullopt, "fuzz", c.text));
          } else if constexpr (std::is_same_v<C, protocol::cmd::Join>) {
            fuzz::require(!c.room || *c.room > 0, "/join to a room number below 1");
            fuzz::require(!c.seat || *c.seat > 0, "/join to a seat below 1");
          } else if constexpr (std::is_same_v<C, protocol::cmd::Watch>) {
            fuzz::require(c.room > 0, "/watch a room number below 1");
          } else if constexpr (std::is_same_v<C, protocol::cmd::Nick>) {
            fuzz::require(protocol::valid_name(c.name), "/nick accepted a name valid_name refuses");
          } else if constexpr (std::is_same_v<C, protocol::cmd::Help>) {
            const auto help = protocol::help_text(c.topic);
            reply_is_clean(protocol::info_message(help.ok() ? help.value() : help.error().message));
          }
        },
        command.value());
  }

  // The same bytes as a nickname (hello's "name", /nick's argument).
  if (protocol::valid_name(line)) {
    fuzz::require(!protocol::name_skeleton(line).empty(), "a valid name with an empty skeleton");
  }
  return 0;
}
