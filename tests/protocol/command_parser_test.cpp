#include "protocol/command_parser.hpp"

#include <gtest/gtest.h>

#include "protocol/request.hpp"

namespace archipel::protocol {
namespace {

template <class T>
T as(const std::string& line) {
  auto r = parse_command(line);
  EXPECT_TRUE(r.ok()) << line << ": " << (r.ok() ? "" : r.error().message);
  EXPECT_TRUE(std::holds_alternative<T>(r.value())) << line;
  return std::get<T>(r.value());
}

Error error_of(const std::string& line) {
  auto r = parse_command(line);
  EXPECT_FALSE(r.ok()) << line;
  return r.ok() ? Error{} : r.error();
}

TEST(CommandParser, PlainTextIsChatAndDoubleSlashEscapes) {
  EXPECT_EQ(as<cmd::Say>("hello all").text, "hello all");
  EXPECT_EQ(as<cmd::Say>("//join is a command").text, "/join is a command");
}

TEST(CommandParser, ChatLinesAreAtMost500Characters) {
  EXPECT_EQ(as<cmd::Say>(std::string(kMaxChatLength, 'a')).text.size(), kMaxChatLength);
  EXPECT_EQ(error_of(std::string(kMaxChatLength + 1, 'a')).rule, "bad_arguments");
  EXPECT_EQ(error_of("//" + std::string(kMaxChatLength + 1, 'a')).rule, "bad_arguments");
  // Counted once trimmed, as it is shown.
  EXPECT_EQ(as<cmd::Say>("  " + std::string(kMaxChatLength, 'a') + "  ").text.size(),
            kMaxChatLength);
}

// A chat line becomes a request once, sorted by who answers it: the lobby's list or the room's.
TEST(Request, AChatLineIsParsedAndSortedByWhoAnswersIt) {
  auto request = [](const std::string& line) { return to_request(ClientMessage{Chat{line}}); };
  auto start = request("/start");
  ASSERT_TRUE(start.ok());
  ASSERT_TRUE(std::holds_alternative<RoomCommand>(start.value()));
  EXPECT_TRUE(std::holds_alternative<cmd::Start>(std::get<RoomCommand>(start.value())));
  auto join = request("/join 3");
  ASSERT_TRUE(join.ok());
  ASSERT_TRUE(std::holds_alternative<LobbyCommand>(join.value()));
  EXPECT_EQ(*std::get<cmd::Join>(std::get<LobbyCommand>(join.value())).room, 3);
  auto say = request("good luck");
  ASSERT_TRUE(say.ok());
  EXPECT_EQ(std::get<cmd::Say>(std::get<RoomCommand>(say.value())).text, "good luck");
  EXPECT_EQ(request("/dance").error().rule, "unknown_command");
  auto sync = to_request(ClientMessage{Sync{4}});
  ASSERT_TRUE(sync.ok());
  EXPECT_EQ(std::get<Sync>(sync.value()).room, 4);
}

TEST(Request, EveryCommandIsAnsweredByTheLobbyOrByARoom) {
  static_assert(kIsRoomCommand<cmd::Handover> && kIsRoomCommand<cmd::Say> &&
                !kIsRoomCommand<cmd::Join>);
  // Every command of /help is in one of the lists (each struct is in one list only: command.hpp's
  // static_assert).
  EXPECT_EQ(std::variant_size_v<Command>, command_table().size() + 1)
      << "every /help command, and Say";
}

TEST(CommandParser, JoinTakesAnOptionalRoomAndSeat) {
  EXPECT_FALSE(as<cmd::Join>("/join").room.has_value());
  auto j = as<cmd::Join>("/JOIN 3 2");
  EXPECT_EQ(*j.room, 3);
  EXPECT_EQ(*j.seat, 2);
  EXPECT_EQ(error_of("/join x").rule, "bad_arguments");
  EXPECT_EQ(error_of("/join 0").rule, "bad_arguments");
  EXPECT_EQ(error_of("/join 1 2 3").rule, "bad_arguments");
}

// Room numbers in commands have the range of room ids on the wire (1 to 2^31-1), never wrapped.
TEST(CommandParser, RoomNumbersOutOfRangeAreRefused) {
  EXPECT_EQ(*as<cmd::Join>("/join 2147483647").room, 2147483647);
  EXPECT_EQ(as<cmd::Watch>("/watch 2147483647").room, 2147483647);
  for (const char* line : {"/join 2147483648", "/join -1", "/watch 4294967297",
                           "/watch 99999999999", "/log 2147483648", "/join 9223372036854775808"}) {
    const Error e = error_of(line);
    EXPECT_EQ(e.rule, "bad_arguments") << line;
    EXPECT_NE(e.message.find("1 to 2147483647"), std::string::npos) << e.message;
  }
}

TEST(CommandParser, CreateTakesKeyValueOptions) {
  auto c = as<cmd::Create>("/create Santa-Cruz rules=table");
  EXPECT_EQ(c.game, "santa-cruz");
  EXPECT_EQ(c.options.at("rules"), "table");
  EXPECT_EQ(error_of("/create").rule, "bad_arguments");
  auto e = error_of("/create santa-cruz table");
  EXPECT_NE(e.message.find("key=value"), std::string::npos);
  EXPECT_NE(e.message.find("usage: /create"), std::string::npos);
}

TEST(CommandParser, PlayKeepsTheWholeMove) {
  EXPECT_EQ(as<cmd::Play>("/play  double road ").move, "double road");
  EXPECT_EQ(error_of("/play").rule, "bad_arguments");
}

TEST(CommandParser, EveryCommandOfTheHelpTableParses) {
  const std::map<std::string, std::string> examples = {{"help", "/help join"},
                                                       {"nick", "/nick Anna"},
                                                       {"games", "/games"},
                                                       {"rooms", "/rooms"},
                                                       {"create", "/create race"},
                                                       {"option", "/option rules=table"},
                                                       {"join", "/join 1"},
                                                       {"leave", "/leave"},
                                                       {"watch", "/watch 2"},
                                                       {"start", "/start"},
                                                       {"addbot", "/addbot greedy"},
                                                       {"play", "/play ship C04"},
                                                       {"moves", "/moves"},
                                                       {"who", "/who"},
                                                       {"log", "/log 4"},
                                                       {"kick", "/kick Bruno"},
                                                       {"lang", "/lang fr"},
                                                       {"rematch", "/rematch"},
                                                       {"replay", "/replay 4 2"},
                                                       {"handover", "/handover 2"},
                                                       {"register", "/register"},
                                                       {"login", "/login Anna"},
                                                       {"logout", "/logout everywhere"},
                                                       {"top", "/top santa-cruz"},
                                                       {"profile", "/profile Anna"},
                                                       {"history", "/history Anna 1000:3"}};
  for (const auto& c : command_table()) {
    auto it = examples.find(std::string(c.name));
    ASSERT_NE(it, examples.end()) << "no example for /" << c.name;
    EXPECT_TRUE(parse_command(it->second).ok()) << it->second;
  }
}

// A password typed after /register or /login is not kept anywhere in the command: the lobby only
// answers how to do it (docs/protocol.md, "Accounts").
TEST(CommandParser, RegisterAndLoginDropWhatFollowsThem) {
  EXPECT_TRUE(std::holds_alternative<cmd::Register>(parse_command("/register hunter22!").value()));
  EXPECT_TRUE(std::holds_alternative<cmd::Login>(parse_command("/LOGIN Anna hunter22!").value()));
  EXPECT_FALSE(as<cmd::Logout>("/logout").everywhere);
  EXPECT_TRUE(as<cmd::Logout>("/logout Everywhere").everywhere);
  EXPECT_EQ(error_of("/logout now").rule, "bad_arguments");
}

// The ratings' commands (docs/ratings.md): /top names one game, /profile one player or none.
TEST(CommandParser, TopNamesAGameAndProfileAPlayerOrNone) {
  EXPECT_EQ(as<cmd::Top>("/TOP Santa-Cruz").game, "santa-cruz");
  EXPECT_EQ(error_of("/top").rule, "bad_arguments");
  EXPECT_EQ(error_of("/top santa-cruz race").rule, "bad_arguments");
  EXPECT_EQ(as<cmd::Profile>("/profile").name, "");
  EXPECT_EQ(as<cmd::Profile>("/profile Anna").name, "Anna");
  EXPECT_EQ(error_of("/profile Anna Ben").rule, "bad_arguments");
}

// /history (docs/protocol.md, "A player's games"): a name, a cursor, both (name first) or neither.
// A cursor holds a colon, which no name does, so one word is never read as both.
TEST(CommandParser, HistoryTakesANameACursorOrBoth) {
  EXPECT_EQ(as<cmd::History>("/history").name, "");
  EXPECT_FALSE(as<cmd::History>("/history").after);
  EXPECT_EQ(as<cmd::History>("/history Anna").name, "Anna");
  const auto both = as<cmd::History>("/history Anna 1764430000000:12");
  EXPECT_EQ(both.name, "Anna");
  EXPECT_EQ(both.after, (HistoryCursor{1764430000000, 12}));
  const auto own = as<cmd::History>("/history 5:7");
  EXPECT_EQ(own.name, "");
  EXPECT_EQ(own.after, (HistoryCursor{5, 7}));
  EXPECT_EQ(history_cursor_text(HistoryCursor{1764430000000, 12}), "1764430000000:12");
  for (const char* bad :
       {"/history Anna Ben", "/history 5:7 Anna", "/history Anna 5:x", "/history -5:7",
        "/history 5:0", "/history 5:2147483648", "/history 5:7 6:8", "/history Anna 5:7 extra"})
    EXPECT_EQ(error_of(bad).rule, "bad_arguments") << bad;
}

TEST(CommandParser, UnknownCommandsAndArgumentsAreErrorsWithUsage) {
  EXPECT_EQ(error_of("/dance").rule, "unknown_command");
  EXPECT_EQ(error_of("/start now").rule, "bad_arguments");
  EXPECT_EQ(error_of("/nick bad!name").rule, "bad_name");
  EXPECT_EQ(error_of("/nick 1234").rule, "bad_name");
  EXPECT_EQ(error_of("/option rules").rule, "bad_arguments");
  EXPECT_EQ(error_of("/watch").rule, "bad_arguments");
}

TEST(CommandParser, HelpListsEveryCommandAndExplainsOne) {
  auto all = help_text("");
  ASSERT_TRUE(all.ok());
  for (const auto& c : command_table())
    EXPECT_NE(all->find(std::string(c.usage)), std::string::npos);
  auto one = help_text("/join");
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(one->rfind("/join [room] [seat]", 0), 0u);
  EXPECT_FALSE(help_text("fly").ok());
}

TEST(CommandParser, HelpAndErrorsExistInFrenchForEveryCommand) {
  for (const auto& c : command_table()) {
    EXPECT_FALSE(c.summary_fr.empty()) << c.name;
    EXPECT_NE(c.summary_fr, c.summary) << c.name;
  }
  auto fr = help_text("", engine::Lang::fr);
  ASSERT_TRUE(fr.ok());
  EXPECT_EQ(fr->rfind("Commandes", 0), 0u);
  auto addbot = help_text("addbot", engine::Lang::fr, {"random", "greedy"});
  ASSERT_TRUE(addbot.ok());
  EXPECT_NE(addbot->find("stratégies : random greedy"), std::string::npos) << *addbot;
  // Every refusal of the parser has its French sentence (the usage line stays as typed).
  for (const char* line : {"/dance", "/start now", "/nick bad!name", "/option rules", "/watch",
                           "/join x", "/lang de"}) {
    const auto e = error_of(line);
    EXPECT_FALSE(e.message_fr.empty()) << line;
    EXPECT_NE(e.message_fr, e.message) << line;
  }
}

TEST(CommandParser, LangAndRematch) {
  auto lang = parse_command("/lang FR");
  ASSERT_TRUE(lang.ok());
  EXPECT_EQ(std::get<cmd::SetLang>(*lang).lang, engine::Lang::fr);
  EXPECT_EQ(error_of("/lang").rule, "bad_arguments");
  ASSERT_TRUE(parse_command("/rematch").ok());
  EXPECT_EQ(error_of("/rematch now").rule, "bad_arguments");
}

TEST(CommandParser, ReplayTakesARoomAndAStepFromZero) {
  auto plain = parse_command("/replay 12");
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(std::get<cmd::Replay>(*plain).room, 12);
  EXPECT_EQ(std::get<cmd::Replay>(*plain).step, 0);
  auto step = parse_command("/REPLAY 12 7");
  ASSERT_TRUE(step.ok());
  EXPECT_EQ(std::get<cmd::Replay>(*step).step, 7);
  ASSERT_TRUE(parse_command("/replay 12 0").ok());
  for (const char* line :
       {"/replay", "/replay x", "/replay 12 -1", "/replay 12 two", "/replay 12 1 2", "/replay 0"}) {
    const auto e = error_of(line);
    EXPECT_EQ(e.rule, "bad_arguments") << line;
    EXPECT_NE(e.message.find("usage: /replay <room> [step]"), std::string::npos) << line;
    EXPECT_FALSE(e.message_fr.empty()) << line;
  }
  EXPECT_NE(help_text("replay", engine::Lang::fr, {}).value().find("étape"), std::string::npos);
}

}  // namespace
}  // namespace archipel::protocol
