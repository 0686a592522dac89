#include "protocol/command_parser.hpp"

#include <algorithm>
#include <cctype>

#include "protocol/text.hpp"

namespace archipel::protocol {
namespace {

const std::vector<CommandHelp> kCommands = {
    {"help", "/help [command]", "list the commands, or explain one"},
    {"nick", "/nick <name>", "change your nickname"},
    {"games", "/games", "list the games and their options"},
    {"rooms", "/rooms", "list the rooms"},
    {"create", "/create <game> [key=value ...]", "open a room for a game and sit in it as its host"},
    {"option", "/option <key>=<value>", "host, before the start: change an option of the room's game"},
    {"join", "/join [room] [seat]", "sit in a room (the one you watch, or the first open one); take your seat back after a drop"},
    {"leave", "/leave", "leave your room (during a game your seat waits for you)"},
    {"watch", "/watch <room>", "watch a room as a spectator"},
    {"start", "/start", "host: start the game once the seat count is within the game's range"},
    {"addbot", "/addbot [strategy]", "seat a bot in the room"},
    {"play", "/play <move>", "make a move, in the text form /moves lists"},
    {"moves", "/moves", "list your legal moves"},
    {"who", "/who", "who is in your room (or online, in the lobby)"},
    {"log", "/log [room]", "the moves of a game so far (finished games too)"},
    {"kick", "/kick <name>", "host, before the start: remove a player from the room"},
};

std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    std::size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    if (j > i) words.push_back(s.substr(i, j - i));
    i = j;
  }
  return words;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A number from 1 to kMaxRoomId (room ids; seats are checked against their own bound after).
std::optional<std::int64_t> positive_number(std::string_view s) {
  if (s.empty() || s.size() > 10) return std::nullopt;
  std::int64_t n = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  if (n <= 0 || n > kMaxRoomId) return std::nullopt;
  return n;
}

Error usage_error(std::string_view name, std::string_view why) {
  for (const auto& c : kCommands)
    if (c.name == name)
      return make_error(ErrorCode::bad_arguments, std::string(why) + "; usage: " + std::string(c.usage));
  return make_error(ErrorCode::bad_arguments, std::string(why));
}

Result<std::pair<std::string, std::string>> key_value(std::string_view name, std::string_view word) {
  auto eq = word.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == word.size())
    return usage_error(name, "options are written key=value, not '" + std::string(word) + "'");
  return std::pair{lower(word.substr(0, eq)), lower(word.substr(eq + 1))};
}

}  // namespace

const std::vector<CommandHelp>& command_table() { return kCommands; }

const char* const kNameRule =
    "a name is 1 to 24 letters, digits, '_', '-' or '.', with a letter, and not like a bot's (random-bot-1)";

std::string name_skeleton(std::string_view name) {
  std::string out;
  for (char c : name) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (c == '.' || c == '_' || c == '-') continue;  // "Victim." and "Vic-tim" are "Victim"
    if (c == 'i' || c == '1') c = 'l';               // "Vlctim", "V1ctim"
    if (c == '0') c = 'o';
    if (c == 'n' && !out.empty() && out.back() == 'r') {  // "rn" reads as "m": "Kirn" is "Kim"
      out.back() = 'm';
      continue;
    }
    out.push_back(c);
  }
  return out;
}

bool bot_style_name(std::string_view name) {
  // "<strategy>-bot-<n>" is how the server names the bots it seats; people may not look like one, whichever
  // separators they use ("random_bot_3", "random.bot3").
  std::string folded = lower(name);
  std::replace_if(folded.begin(), folded.end(), [](char c) { return c == '_' || c == '.'; }, '-');
  const auto at = folded.rfind("-bot");
  if (at == std::string::npos || at == 0) return false;
  std::size_t digits = at + 4;
  if (digits < folded.size() && folded[digits] == '-') ++digits;
  return digits < folded.size() && std::all_of(folded.begin() + static_cast<std::ptrdiff_t>(digits), folded.end(),
                                               [](char c) { return c >= '0' && c <= '9'; });
}

bool valid_name(std::string_view name) {
  if (name.empty() || name.size() > 24) return false;
  bool all_digits = true;
  for (char c : name) {
    const bool ok = std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
    if (!ok) return false;
    all_digits &= std::isdigit(static_cast<unsigned char>(c)) != 0;
  }
  return !all_digits && !name_skeleton(name).empty() && !bot_style_name(name);
}

Result<std::string> help_text(std::string_view topic) {
  std::string t = lower(trim(topic));
  if (!t.empty() && t.front() == '/') t.erase(0, 1);
  if (t.empty()) {
    std::string text = "Commands (plain text is chat):";
    for (const auto& c : kCommands) text += "\n  " + std::string(c.usage) + " - " + std::string(c.summary);
    return text;
  }
  for (const auto& c : kCommands)
    if (c.name == t) return std::string(c.usage) + " - " + std::string(c.summary);
  return make_error(ErrorCode::unknown_command, "no command /" + t + "; /help lists them");
}

Result<Command> parse_command(std::string_view line) {
  if (line.empty() || line.front() != '/') return Command{cmd::Say{std::string(trim(line))}};
  if (line.size() > 1 && line[1] == '/') return Command{cmd::Say{std::string(trim(line.substr(1)))}};

  std::string_view rest = line.substr(1);
  std::size_t end = 0;
  while (end < rest.size() && !std::isspace(static_cast<unsigned char>(rest[end]))) ++end;
  const std::string name = lower(rest.substr(0, end));
  const std::string_view tail = trim(rest.substr(end));
  const auto args = split_words(tail);

  auto no_args = [&](Command c) -> Result<Command> {
    if (!args.empty()) return usage_error(name, "/" + name + " takes no arguments");
    return c;
  };

  if (name == "help") {
    if (args.size() > 1) return usage_error(name, "one topic at most");
    return Command{cmd::Help{args.empty() ? "" : std::string(args[0])}};
  }
  if (name == "nick") {
    if (args.size() != 1) return usage_error(name, "give one name");
    if (!valid_name(args[0]))
      return make_error(ErrorCode::bad_name, kNameRule);
    return Command{cmd::Nick{std::string(args[0])}};
  }
  if (name == "games") return no_args(cmd::Games{});
  if (name == "rooms") return no_args(cmd::Rooms{});
  if (name == "create") {
    if (args.empty()) return usage_error(name, "name a game (/games lists them)");
    cmd::Create c{lower(args[0]), {}};
    for (std::size_t i = 1; i < args.size(); ++i) {
      auto kv = key_value(name, args[i]);
      if (!kv.ok()) return kv.error();
      c.options[kv->first] = kv->second;
    }
    return Command{std::move(c)};
  }
  if (name == "option") {
    if (args.size() != 1) return usage_error(name, "give one key=value");
    auto kv = key_value(name, args[0]);
    if (!kv.ok()) return kv.error();
    return Command{cmd::Option{kv->first, kv->second}};
  }
  if (name == "join") {
    if (args.size() > 2) return usage_error(name, "too many arguments");
    cmd::Join j;
    if (!args.empty()) {
      auto room = positive_number(args[0]);
      if (!room) return usage_error(name, "a room is a number from 1 to " + std::to_string(kMaxRoomId) + ", not '" + excerpt(args[0], 32) + "'");
      j.room = *room;
    }
    if (args.size() == 2) {
      auto seat = positive_number(args[1]);
      if (!seat || *seat > 64) return usage_error(name, "a seat is a number from 1");
      j.seat = static_cast<int>(*seat);
    }
    return Command{j};
  }
  if (name == "leave") return no_args(cmd::Leave{});
  if (name == "watch") {
    if (args.size() != 1) return usage_error(name, "name one room");
    auto room = positive_number(args[0]);
    if (!room) return usage_error(name, "a room is a number from 1 to " + std::to_string(kMaxRoomId) + ", not '" + excerpt(args[0], 32) + "'");
    return Command{cmd::Watch{*room}};
  }
  if (name == "start") return no_args(cmd::Start{});
  if (name == "addbot") {
    if (args.size() > 1) return usage_error(name, "one strategy at most");
    return Command{cmd::AddBot{args.empty() ? "random" : lower(args[0])}};
  }
  if (name == "play") {
    if (tail.empty()) return usage_error(name, "say which move (/moves lists them)");
    return Command{cmd::Play{std::string(tail)}};
  }
  if (name == "moves") return no_args(cmd::Moves{});
  if (name == "who") return no_args(cmd::Who{});
  if (name == "log") {
    if (args.size() > 1) return usage_error(name, "one room at most");
    cmd::Log l;
    if (!args.empty()) {
      auto room = positive_number(args[0]);
      if (!room) return usage_error(name, "a room is a number from 1 to " + std::to_string(kMaxRoomId) + ", not '" + excerpt(args[0], 32) + "'");
      l.room = *room;
    }
    return Command{l};
  }
  if (name == "kick") {
    if (args.size() != 1) return usage_error(name, "name one player");
    return Command{cmd::Kick{std::string(args[0])}};
  }
  return make_error(ErrorCode::unknown_command,
                    "unknown command /" + excerpt(name, 32) + "; /help lists the commands");
}

}  // namespace archipel::protocol
