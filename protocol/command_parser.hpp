#pragma once
// Chat line -> Command, or an Error whose message carries the command's usage. The /help table is
// data in command_parser.cpp, next to the parser, so help and syntax cannot drift apart.

#include <string_view>
#include <vector>

#include "protocol/command.hpp"

namespace archipel::protocol {

struct CommandHelp {
  std::string_view name;     // "join"
  std::string_view usage;    // "/join [room] [seat]"
  std::string_view summary;  // one line
  std::string_view summary_fr;
};

/// Every command, in /help order.
const std::vector<CommandHelp>& command_table();

/// The /help text in `lang`: the whole table, or one command's usage and summary (an error for an
/// unknown topic). `bots`: the strategies /addbot accepts here, named under /help addbot.
Result<std::string> help_text(std::string_view topic, engine::Lang lang = engine::Lang::en,
                              const std::vector<std::string>& bots = {});

/// Parses one chat line. Lines not starting with '/' are Say; "//text" says "/text".
Result<Command> parse_command(std::string_view line);

/// Nicknames: 1 to 24 characters from [A-Za-z0-9_-.], not only digits, not only punctuation, and
/// not shaped like the name of a server bot ("random-bot-3").
bool valid_name(std::string_view name);

/// What a name is compared by, so look-alikes cannot pose as one another: lower case, '.', '_' and
/// '-' dropped, 'i' and '1' read as 'l', '0' as 'o'. "Victim", "VICTIM", "Vlctim" and "Victim."
/// share one.
std::string name_skeleton(std::string_view name);

/// The sentence that explains valid_name, for error messages.
extern const engine::LocalText kNameRule;

}  // namespace archipel::protocol
