#include "protocol/messages.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "protocol/text.hpp"
#include "tests/protocol/error_code.hpp"

namespace archipel::protocol {
namespace {

template <class T>
T parsed_as(const std::string& frame) {
  auto r = parse_client_message(frame);
  EXPECT_TRUE(r.ok()) << frame << ": " << (r.ok() ? "" : r.error().message);
  EXPECT_TRUE(std::holds_alternative<T>(r.value()));
  return std::get<T>(r.value());
}

using testing::error_code;

TEST(Messages, ParsesEveryClientMessage) {
  EXPECT_EQ(*parsed_as<Hello>(R"({"type":"hello","name":"Anna"})").name, "Anna");
  EXPECT_EQ(*parsed_as<Hello>(R"({"type":"hello","token":"t"})").token, "t");
  EXPECT_EQ(parsed_as<Chat>(R"({"type":"chat","text":"/join 3"})").text, "/join 3");
  auto a =
      parsed_as<Action>(R"({"type":"action","room":3,"action":{"type":"build","site":"C04"}})");
  EXPECT_EQ(a.room, 3);
  EXPECT_EQ(a.action["site"], "C04");
  EXPECT_EQ(parsed_as<Sync>(R"({"type":"sync","room":"12"})").room, 12);
  EXPECT_EQ(parsed_as<Hello>(R"({"type":"hello","name":"Anna","lang":"fr"})").lang,
            engine::Lang::fr);
  EXPECT_FALSE(parsed_as<Hello>(R"({"type":"hello","name":"Anna"})").lang.has_value());
}

// Accounts (docs/protocol.md): the password has messages of its own, 8 to 256 bytes, and no error
// sentence quotes it.
TEST(Messages, RegisterLoginAndLogout) {
  EXPECT_EQ(parsed_as<Register>(R"({"type":"register","password":"12345678"})").password,
            "12345678");
  auto login = parsed_as<Login>(R"({"type":"login","name":"Anna","password":"sésame ouvre-toi"})");
  EXPECT_EQ(login.name, "Anna");
  EXPECT_EQ(login.password, "sésame ouvre-toi");
  EXPECT_FALSE(login.lang.has_value());
  EXPECT_EQ(
      parsed_as<Login>(R"({"type":"login","name":"A","password":"12345678","lang":"fr"})").lang,
      engine::Lang::fr);
  EXPECT_EQ(error_code(R"({"type":"login","name":"A","password":"12345678","lang":"de"})"),
            "bad_message");
  EXPECT_FALSE(parsed_as<Logout>(R"({"type":"logout"})").everywhere);
  EXPECT_TRUE(parsed_as<Logout>(R"({"type":"logout","everywhere":true})").everywhere);
  EXPECT_EQ(error_code(R"({"type":"register"})"), "missing_field");
  EXPECT_EQ(error_code(R"({"type":"register","password":12345678})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"register","password":"1234567"})"), "bad_password");
  EXPECT_EQ(error_code(R"({"type":"login","password":"12345678"})"), "missing_field");
  EXPECT_EQ(error_code(R"({"type":"login","name":["Anna"],"password":"12345678"})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"logout","everywhere":1})"), "bad_message");
  const std::string long_password(257, 'x');
  auto refused = parse_client_message(R"({"type":"login","name":"Anna","password":")" +
                                      long_password + R"("})");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().rule, "bad_password");
  EXPECT_EQ(refused.error().message.find("xxxxxxxx"), std::string::npos);
  // 86 euro signs are 86 characters but 258 bytes: the limit is on bytes, as the server stores
  // them.
  std::string euros;
  for (int i = 0; i < 86; ++i) euros += R"(\u20ac)";
  EXPECT_EQ(error_code(R"({"type":"register","password":")" + euros + R"("})"), "bad_password");
}

TEST(Messages, ReplayRequestAndAnswer) {
  const auto plain = parsed_as<ReplayRequest>(R"({"type":"replay","room":4})");
  EXPECT_EQ(plain.room, 4);
  EXPECT_EQ(plain.step, 0);
  EXPECT_FALSE(plain.static_data);
  const auto asked =
      parsed_as<ReplayRequest>(R"({"type":"replay","room":"4","step":17,"static":true})");
  EXPECT_EQ(asked.step, 17);
  EXPECT_TRUE(asked.static_data);
  EXPECT_EQ(error_code(R"({"type":"replay"})"), "missing_field");
  EXPECT_EQ(error_code(R"({"type":"replay","room":4,"step":-1})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"replay","room":4,"step":1.5})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"replay","room":4,"step":"3"})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"replay","room":4,"static":1})"), "bad_message");

  const auto first = replay_message(4, 0, 9, std::nullopt, Json{{"a", 1}}, {});
  EXPECT_TRUE(first["by"].is_null());
  EXPECT_EQ(first["steps"], 9);
  EXPECT_EQ(first["log"], Json::array());
  EXPECT_FALSE(first.contains("static"));
  const auto later = replay_message(4, 3, 9, 1, Json{{"a", 2}}, {"x"}, Json{{"map", 1}});
  EXPECT_EQ(later["by"], 1);
  EXPECT_EQ(later["log"], Json::array({"x"}));
  EXPECT_EQ(later["static"]["map"], 1);
}

TEST(Messages, TheLogTravelsInStateAndPatch) {
  const auto state = state_message(1, 3, Json::object(), 0, Json::object(), {"a", "b"});
  EXPECT_EQ(state["log"], Json::array({"a", "b"}));
  EXPECT_EQ(patch_message(1, 3, 4, Json::array(), 0, {"c"})["log"], Json::array({"c"}));
  EXPECT_FALSE(patch_message(1, 3, 4, Json::array(), 0).contains("log"));
}

// A move's patch frames are written as text (the shared ops serialized once per move): byte for
// byte what serializing the patch_message with the two parts' ops in one array gives, whichever
// part is empty, with or without log lines, with text that must be escaped.
TEST(Messages, PatchFrameIsThePatchMessageSerialized) {
  const Json shared = Json::parse(R"([{"op":"replace","path":"/turn","value":3},
                                      {"op":"add","path":"/log~1x/-","value":"\u00e9t\u00e9 \"q\""}])");
  const Json own = Json::parse(
      R"([{"op":"replace","path":"/legal","value":[]},{"op":"remove","path":"/hand/2"}])");
  const std::vector<std::vector<std::string>> logs{{}, {"Ana joue « 3 »", "line \\ two\n"}};
  for (const Json& s : {Json::array(), shared}) {
    for (const Json& o : {Json::array(), own}) {
      for (const auto& log : logs) {
        Json all = s;
        for (const auto& op : o) all.push_back(op);
        const std::string expected = serialize(patch_message(2147483647, 41, 42, all, 3, log));
        EXPECT_EQ(
            patch_frame(2147483647, 41, 42, serialize(s), serialize(o), 3, serialize(Json(log))),
            expected);
      }
    }
  }
  EXPECT_EQ(patch_frame(1, 0, 1, "[]", "[]", -1),
            serialize(patch_message(1, 0, 1, Json::array(), -1)));
  EXPECT_EQ(patch_frame(1, 0, 1, "[]", "[]", -1, "[]"),
            serialize(patch_message(1, 0, 1, Json::array(), -1)));
}

TEST(Messages, StateFrameIsTheStateMessageSerialized) {
  const Json view =
      Json::parse(R"({"turn":2,"you":{"hand":["\u00e9t\u00e9 \"q\"", 3.5]},"legal":[]})");
  const Json board =
      Json::parse(R"({"sites":[{"id":"c04","name":"Baie \u00ab N \u00bb"}],"size":[10,12]})");
  const std::vector<std::vector<std::string>> logs{{}, {"Ana joue « 3 »", "line \\ two\n"}};
  for (const std::optional<engine::Seat>& seat :
       {std::optional<engine::Seat>(), std::optional<engine::Seat>(0),
        std::optional<engine::Seat>(3)}) {
    for (const Json& stat : {Json::object(), Json(nullptr), Json::array(), board}) {
      for (const auto& log : logs) {
        const std::string expected =
            serialize(state_message(2147483647, 42, view, seat, stat, log));
        EXPECT_EQ(state_frame(2147483647, 42, view, seat, serialize(stat), serialize(Json(log))),
                  expected);
        if (log.empty()) {
          EXPECT_EQ(state_frame(2147483647, 42, view, seat, serialize(stat), ""), expected);
        } else {  // with the lines' times
          const std::vector<std::int64_t> at{0, 1795000000123};
          EXPECT_EQ(state_frame(2147483647, 42, view, seat, serialize(stat), serialize(Json(log)),
                                serialize(Json(at))),
                    serialize(state_message(2147483647, 42, view, seat, stat, log, at)));
        }
      }
    }
  }
  EXPECT_EQ(state_frame(1, 1, view, 1, "", ""),
            serialize(state_message(1, 1, view, 1, Json(), {})));
}

// A room's listing, a page of the list and the lobby's deltas are written as text: byte for byte
// room_message, rooms_message and rooms_delta_message serialized, for every optional field present
// or absent, every status, and names and options that must be escaped (or repaired: a name is the
// client's, and may hold bytes that are not UTF-8).
TEST(Messages, RoomRoomsAndRoomsDeltaFramesAreTheMessagesSerialized) {
  RoomInfo waiting;
  waiting.id = 7;
  waiting.game = "santa-cruz";
  waiting.title = "Santa Cruz";
  waiting.host = "Ana";
  waiting.min_players = 2;
  waiting.max_players = 4;
  waiting.seats = {SeatInfo{"Ana", true}, SeatInfo{}, SeatInfo{"Zo\u00e9 \"q\"", false},
                   SeatInfo{}};
  RoomInfo playing = waiting;
  playing.id = 2147483647;
  playing.status = RoomStatus::playing;
  playing.options = {{"rules", "online"}, {"clock", "10m"}, {"n\u00e9e", "a\\b"}};
  playing.spectators = {"Eve", "bad \xff byte"};
  playing.seats[1] = SeatInfo{"Bot 1", true, true};
  playing.seats[2].stand_in = "greedy";
  playing.seats[2].may_hand_over = true;
  playing.seats[2].handover_votes = {"Ana", "Bot 1"};
  playing.seats[0].hand_over_at_ms = 1790000000123;
  RoomInfo over = playing;
  over.status = RoomStatus::over;
  over.rematch = 9;
  RoomInfo abandoned = waiting;
  abandoned.status = RoomStatus::abandoned;
  abandoned.seats.clear();
  const std::vector<RoomInfo> rooms{waiting, playing, over, abandoned, RoomInfo{}};
  for (const auto& room : rooms) EXPECT_EQ(room_frame(room), serialize(room_message(room)));
  EXPECT_EQ(rooms_frame({}), serialize(rooms_message({})));
  EXPECT_EQ(rooms_frame(rooms), serialize(rooms_message(rooms)));
  EXPECT_EQ(rooms_frame(rooms, 8), serialize(rooms_message(rooms, 8)));
  EXPECT_EQ(rooms_frame({waiting}, std::nullopt, 0),
            serialize(rooms_message({waiting}, std::nullopt, 0)));
  EXPECT_EQ(rooms_frame(rooms, 2147483647, 6), serialize(rooms_message(rooms, 2147483647, 6)));

  RoomsDelta delta;
  EXPECT_EQ(rooms_delta_frame(delta), serialize(rooms_delta_message(delta)));
  delta.added = {waiting};
  EXPECT_EQ(rooms_delta_frame(delta), serialize(rooms_delta_message(delta)));
  delta.changed = {playing, over};
  delta.removed = {3, 2147483647};
  EXPECT_EQ(rooms_delta_frame(delta), serialize(rooms_delta_message(delta)));
  delta.added.clear();
  EXPECT_EQ(rooms_delta_frame(delta), serialize(rooms_delta_message(delta)));
}

// Chat lines are written as text: byte for byte chat_message serialized, in a room or the lobby,
// with text that must be escaped or repaired (a line is the sender's, and may hold bytes that are
// not UTF-8).
TEST(Messages, ChatFrameIsTheChatMessageSerialized) {
  const std::vector<std::string> texts{"", "hello", "\u00e9t\u00e9 \"q\" \\ \n\t",
                                       "bad \xff\xfe byte", std::string(300, 'x')};
  for (const std::optional<RoomId> room :
       {std::optional<RoomId>(), std::optional<RoomId>(1), std::optional<RoomId>(kMaxRoomId)})
    for (const auto& from : {std::string("Ana"), std::string("Zo\u00e9")})
      for (const auto& text : texts)
        EXPECT_EQ(chat_frame(room, from, text), serialize(chat_message(room, from, text)));
}

TEST(Messages, EveryMalformedShapeHasItsCode) {
  EXPECT_EQ(error_code("{"), "bad_json");
  EXPECT_EQ(error_code(""), "bad_json");
  EXPECT_EQ(error_code("\"hello\""), "bad_message");
  EXPECT_EQ(error_code("{}"), "missing_field");
  EXPECT_EQ(error_code(R"({"type":null})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"nope"})"), "unknown_type");
  EXPECT_EQ(error_code(R"({"type":"hello"})"), "missing_field");
  EXPECT_EQ(error_code(R"({"type":"hello","name":7})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"hello","name":"Anna","lang":"de"})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"chat","text":["x"]})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"action","room":1,"action":"ship"})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"action","room":-1.5,"action":{}})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"sync"})"), "missing_field");
  EXPECT_EQ(error_code(R"({"type":"sync","room":"12a"})"), "bad_message");
}

// Issue 9, point 7: a room id is 1 to 2^31-1, as a number or a string of digits; anything outside
// that range is refused as it is, never wrapped into another room's id.
TEST(Messages, RoomIdsOutOfRangeAreRefused) {
  EXPECT_EQ(parsed_as<Sync>(R"({"type":"sync","room":2147483647})").room, 2147483647);
  EXPECT_EQ(parsed_as<Sync>(R"({"type":"sync","room":"2147483647"})").room, 2147483647);
  EXPECT_EQ(parsed_as<Sync>(R"({"type":"sync","room":1})").room, 1);
  for (const char* room :
       {"-1", "0", "-9223372036854775808", "2147483648", "4294967297", "9223372036854775807",
        "18446744073709551615", "99999999999999999999", "\"-1\"", "\"0\"", "\"2147483648\"",
        "\"4294967297\"", "\"000000000001\"", "1.0", "1e3", "true", "null"}) {
    const std::string sync = std::string(R"({"type":"sync","room":)") + room + "}";
    const std::string action = std::string(R"({"type":"action","action":{},"room":)") + room + "}";
    for (const auto& frame : {sync, action}) {
      auto r = parse_client_message(frame);
      ASSERT_FALSE(r.ok()) << frame;
      EXPECT_EQ(r.error().rule, "bad_message") << frame;
      EXPECT_NE(r.error().message.find("1 to 2147483647"), std::string::npos) << r.error().message;
    }
  }
  EXPECT_EQ(error_code(R"({"type":"rooms","after":-1})"), "bad_message");
  EXPECT_EQ(error_code(R"({"type":"rooms","after":4294967296})"), "bad_message");
  EXPECT_EQ(*parsed_as<ListRooms>(R"({"type":"rooms","after":0})").after, 0);
}

// Issue 9, point 7: bidirectional controls are taken out of chat lines (a line cannot display
// reversed).
TEST(Messages, ChatLinesLoseTheirBidiControls) {
  const std::string rlo = "\xE2\x80\xAE", lri = "\xE2\x81\xA6", alm = "\xD8\x9C",
                    lrm = "\xE2\x80\x8E";
  const nlohmann::json frame{
      {"type", "chat"},
      {"text", "gg " + rlo + "evil" + lri + " /x" + alm + lrm + " \xC3\xA9t\xC3\xA9"}};
  const auto chat = parsed_as<Chat>(frame.dump());
  EXPECT_EQ(chat.text, "gg evil /x \xC3\xA9t\xC3\xA9");
}

TEST(Messages, ServerMessagesCarryTheirType) {
  EXPECT_EQ(welcome_message("A", "t")["version"], kProtocolVersion);
  EXPECT_TRUE(chat_message(std::nullopt, "A", "hi")["room"].is_null());
  EXPECT_EQ(patch_message(1, 4, 5, nlohmann::json::array(), 2)["from"], 4);
  EXPECT_EQ(patch_message(1, 4, 5, nlohmann::json::array(), 2)["by"], 2);
  engine::Outcome o{{3, 9}, {1, 0}};
  auto over = over_message(2, o, {"A", "B"});
  EXPECT_EQ(over["ranking"][0]["name"], "B");
  EXPECT_EQ(over["ranking"][0]["score"], 9);
  EXPECT_FALSE(over.contains("breakdown"));  // a game that gives none
}

TEST(Messages, OverCarriesPointsBySourceInTheReadersLanguage) {
  engine::Outcome o{{5, 2}, {0, 1}};
  o.breakdown = {{{"start_bonus", {"Start bonus", "Aide au démarrage"}, 0, ""},
                  {"score_card", {"Score card", "Carte score"}, 5, "SC03"}},
                 {{"start_bonus", {"Start bonus", "Aide au démarrage"}, 1, ""},
                  {"score_card", {"Score card", "Carte score"}, 1, "SC03"}}};
  const auto en = over_message(2, o, {"A", "B"});
  ASSERT_EQ(en["breakdown"].size(), 2u);
  EXPECT_EQ(en["breakdown"][0][0],
            (nlohmann::json{{"source", "start_bonus"}, {"label", "Start bonus"}, {"points", 0}}));
  EXPECT_EQ(
      en["breakdown"][0][1],
      (nlohmann::json{
          {"source", "score_card"}, {"label", "Score card"}, {"points", 5}, {"detail", "SC03"}}));
  EXPECT_EQ(en["breakdown"][1][0]["points"], 1);
  const auto fr = over_message(2, o, {"A", "B"}, engine::Lang::fr);
  EXPECT_EQ(fr["breakdown"][0][0]["label"], "Aide au démarrage");
  EXPECT_EQ(fr["breakdown"][1][1]["label"], "Carte score");
  EXPECT_EQ(fr["breakdown"][1][1]["source"],
            "score_card");  // the key is the same in every language
}

// The games message gives each option's label and help as strings in the reader's language, English
// by default.
TEST(Messages, GamesListsOptionLabelAndHelpInTheReadersLanguage) {
  const engine::GameSpec spec{"g",
                              "G",
                              2,
                              4,
                              {{"rules",
                                {"online", "table"},
                                "online",
                                {"Rules", "Règles"},
                                {"which rule book", "quel livre de règles"},
                                0,
                                0,
                                {{"online", "en ligne"}, {"table", "table"}}}}};
  const auto english = games_message({&spec})["games"][0]["options"][0];
  EXPECT_EQ(english["label"], "Rules");
  EXPECT_EQ(english["choice_labels"], (Json{"online", "table"}));
  EXPECT_EQ(english["help"], "which rule book");
  const auto french = games_message({&spec}, {}, engine::Lang::fr)["games"][0]["options"][0];
  EXPECT_EQ(french["label"], "Règles");
  EXPECT_EQ(french["help"], "quel livre de règles");
  EXPECT_EQ(french["choice_labels"], (Json{"en ligne", "table"}));
  EXPECT_EQ(french["choices"], english["choices"]) << "the values stay what /create accepts";
  EXPECT_FALSE(games_message({&spec}, {}, engine::Lang::fr,
                             {engine::OptionSpec{"n", {"1", "2"}, "1"}})["games"][0]["options"][1]
                   .contains("choice_labels"))
      << "values with no labels are shown as they are";
}

// The room's own options (the turn clock) follow each game's, in the same form; the clock message
// is the body the room gives it, typed and addressed.
TEST(Messages, RoomOptionsFollowEachGamesOwnAndTheClockMessage) {
  const engine::GameSpec spec{
      "g", "G", 2, 4, {{"rules", {"online", "table"}, "online", {"Rules", "Règles"}, {"", ""}}}};
  const engine::OptionSpec clock{
      "clock", {"off", "5m"}, "off", {"Turn clock", "Pendule"}, {"a bank", "une réserve"}};
  const auto options =
      games_message({&spec, &spec}, {}, engine::Lang::fr, {clock})["games"][1]["options"];
  ASSERT_EQ(options.size(), 2u);
  EXPECT_EQ(options[0]["key"], "rules");
  EXPECT_EQ(options[1]["key"], "clock");
  EXPECT_EQ(options[1]["label"], "Pendule");
  EXPECT_EQ(games_message({&spec})["games"][0]["options"].size(), 1u) << "none unless given";
  const auto m = clock_message(7, Json{{"banks_ms", {1000, 2000}}, {"running", {1}}});
  EXPECT_EQ(m["type"], "clock");
  EXPECT_EQ(m["room"], 7);
  EXPECT_EQ(m["banks_ms"], (Json{1000, 2000}));
}

}  // namespace
}  // namespace archipel::protocol
