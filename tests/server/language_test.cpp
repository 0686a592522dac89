// Every line the server writes to a person comes in that person's language (hello's `lang`, then
// /lang), and a game's log travels with it: in each move's patch, and whole in every state (a
// reload or a new spectator catches up).

#include <gtest/gtest.h>

#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

bool starts_with(const json& message, const std::string& prefix) {
  return message.value("text", std::string()).rfind(prefix, 0) == 0;
}

TEST(Language, AFrenchHelloGetsFrenchWelcomeHelpAndErrorsUntilLangEn) {
  TestServer server(registry_with_race());
  TestClient c(server.port());
  c.hello("Anna", "fr");
  c.expect_where("info", [](const json& m) { return starts_with(m, "Bienvenue sur Archipel"); });
  c.chat("/nosuch");
  EXPECT_EQ(c.expect_error("unknown_command")["message"],
            "commande inconnue /nosuch ; /help liste les commandes");
  c.chat("/help");
  EXPECT_TRUE(starts_with(c.expect("info"), "Commandes"));
  c.chat("/join 99");
  EXPECT_EQ(c.expect_error("no_such_room")["message"], "il n'y a pas de salle 99");

  c.chat("/lang en");
  EXPECT_EQ(c.expect("info")["text"], "The server writes to you in English");
  c.chat("/nosuch");
  EXPECT_EQ(c.expect_error("unknown_command")["message"],
            "unknown command /nosuch; /help lists the commands");
  c.chat("/lang de");
  c.expect_error("bad_arguments");
}

// Issue 35, point 7: a French page asking for a taken name read "the name Kim is taken": the
// language of a hello counts for its own refusal too.
TEST(Language, ARefusedHelloAnswersInItsOwnLanguage) {
  TestServer server(registry_with_race());
  TestClient kim(server.port());
  kim.hello("Kim");
  TestClient other(server.port());
  other.send(json{{"type", "hello"}, {"name", "Kim"}, {"lang", "fr"}});
  EXPECT_EQ(other.expect_error("name_taken")["message"], "le pseudo Kim est pris");
  other.send(json{{"type", "hello"}, {"name", "K i m"}, {"lang", "fr"}});
  const std::string bad = other.expect_error("bad_name")["message"];
  EXPECT_NE(bad.find("pseudo"), std::string::npos) << bad;
}

TEST(Language, AHelloWithAnUnknownLanguageIsRefused) {
  TestServer server(registry_with_race());
  TestClient c(server.port());
  c.send(json{{"type", "hello"}, {"name", "Anna"}, {"lang", "de"}});
  c.expect_error("bad_message");
}

TEST(Language, ARoomWritesToEachPlayerInTheirOwnLanguage) {
  TestServer server(registry_with_race());
  TestClient anna(server.port()), bruno(server.port());
  anna.hello("Anna", "fr");
  bruno.hello("Bruno", "en");
  open_room(anna, {&bruno}, "/create race");
  anna.chat("/start");
  anna.expect_where("info", [](const json& m) { return starts_with(m, "La partie de Race"); });
  bruno.expect_where("info", [](const json& m) { return starts_with(m, "The game of Race"); });
  bruno.chat("/start");
  EXPECT_EQ(bruno.expect_error("not_host")["message"], "only the host can /start");
  anna.chat("/kick Bruno");
  EXPECT_EQ(anna.expect_error("already_started")["message"],
            "on ne peut plus retirer un joueur une fois la partie commencée");

  // Out of turn, the refusal says whom the table waits for.
  anna.chat("/play bet high");
  bruno.chat("/play bet low");
  bruno.expect("patch");
  bruno.expect("patch");
  bruno.chat("/play add 1");
  EXPECT_EQ(bruno.expect_error("not_your_turn")["message"], "not your turn: waiting for Anna");
}

TEST(GameLog, TheLogTravelsInPatchesAndComesBackWholeWithTheState) {
  TestServer server(registry_with_race());
  TestClient hana(server.port());
  const std::string token = hana.hello("Hana")["token"];
  hana.chat("/create race");
  const std::int64_t room = expect_seated(hana, "Hana")["id"];
  hana.chat("/addbot random");
  hana.expect_where("room", [](const json& r) { return r["seats"][1].value("bot", false); });
  hana.chat("/start");
  const json start = hana.expect("state");
  EXPECT_EQ(start["log"], json::array());
  EXPECT_TRUE(play_first_moves(hana, room, start, 2).is_null())
      << "the race should last more than two moves";
  hana.drain(400ms);  // the bot's replies

  std::vector<std::string> from_patches;
  int patches = 0;
  for (const auto& m : hana.history()) {
    if (m["type"] == "patch") {
      ++patches;
      for (const auto& line : m.value("log", json::array())) from_patches.push_back(line);
    }
    // The log lines ride in the patches: no info frame repeats them.
    if (m["type"] == "info") {
      for (const auto& line : from_patches) EXPECT_NE(m["text"], line);
    }
  }
  ASSERT_GE(patches, 3);
  ASSERT_GE(from_patches.size(), 3u);

  TestClient back(server.port());  // a reload: the same player on a new connection
  back.send(json{{"type", "hello"}, {"token", token}});
  const json state = back.expect("state");
  EXPECT_EQ(state["log"], json(from_patches));
}

}  // namespace
}  // namespace archipel::testing
