// Accounts over real sockets (docs/protocol.md, "Accounts"): register a name, log in to it from
// another connection and get the seat back, log out here or everywhere; look-alikes refused; a
// wrong name and a wrong password answered alike; attempts limited before any hash; the password
// found neither in the SQLite file nor in the log; bad input refused with nothing changed.

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

const std::string kPassword = "correct-horse-battery-staple";

json register_message(const std::string& password) {
  return json{{"type", "register"}, {"password", password}};
}
json login_message(const std::string& name, const std::string& password) {
  return json{{"type", "login"}, {"name", name}, {"password", password}};
}

// Registers `client`'s current name with kPassword; returns the account message.
json register_name(TestClient& client) {
  client.send(register_message(kPassword));
  json account = client.expect("account");
  EXPECT_EQ(account["registered"], true);
  EXPECT_EQ(account["why"], "registered");
  return account;
}

server::Config forgetful_config() {  // a dropped player in no room is forgotten at once
  server::Config c = TestServer::default_config();
  c.name_grace_seconds = 0;
  return c;
}

TEST(Accounts, ALoginElsewhereGetsANewTokenAndTheSeatBack) {
  TestServer server(registry_with_race());
  TestClient ann(server.port()), ben(server.port());
  const std::string guest_token = ann.hello("Ann")["token"];
  ben.hello("Ben");
  const auto room = open_room(ann, {&ben}, "/create race");
  ann.chat("/start");
  ann.expect("state");
  register_name(ann);

  TestClient phone(server.port());  // no hello: a login is enough
  phone.send(login_message("ann", kPassword));
  json welcome = phone.expect("welcome");
  EXPECT_EQ(welcome["name"], "Ann");
  EXPECT_EQ(welcome["registered"], true);
  const std::string phone_token = welcome["token"];
  EXPECT_NE(phone_token, guest_token) << "a login issues a new token";
  EXPECT_EQ(phone.expect("state")["room"], room) << "the seat comes back";
  ann.expect_where("info", [](const json& m) { return m.value("code", "") == "session_replaced"; });

  // The seat is really theirs: the move made from the phone is Ann's.
  phone.send(
      json{{"type", "action"}, {"room", room}, {"action", {{"type", "bet"}, {"side", "high"}}}});
  phone.expect_where("patch", [](const json& m) { return m["by"] == 0; });

  // Both tokens resume the account (the guest token was bound to it at registration).
  TestClient again(server.port());
  again.send(json{{"type", "hello"}, {"token", guest_token}});
  EXPECT_EQ(again.expect("welcome")["registered"], true);
}

TEST(Accounts, LogoutEverywhereRevokesEveryTokenAndLogoutOnlyItsOwn) {
  TestServer server(registry_with_race());
  TestClient ann(server.port());
  const std::string first = ann.hello("Ann")["token"];
  register_name(ann);
  TestClient laptop(server.port()), phone(server.port());
  laptop.send(login_message("Ann", kPassword));
  const std::string second = laptop.expect("welcome")["token"];
  phone.send(login_message("Ann", kPassword));
  const std::string third = phone.expect("welcome")["token"];

  phone.send(json{{"type", "logout"}});
  json out = phone.expect_where("account", [](const json& m) { return m["why"] != "logged_in"; });
  EXPECT_EQ(out["registered"], false);
  EXPECT_EQ(out["why"], "logged_out");
  TestClient check(server.port());
  check.send(json{{"type", "hello"}, {"token", third}});
  check.expect_error("bad_token");
  check.send(json{{"type", "hello"}, {"token", second}});
  EXPECT_EQ(check.expect("welcome")["name"], "Ann") << "/logout revokes this connection's only";

  check.chat("/logout everywhere");
  EXPECT_EQ(check.expect("account")["registered"], false);
  for (const auto& token : {first, second}) {
    TestClient late(server.port());
    late.send(json{{"type", "hello"}, {"token", token}});
    late.expect_error("bad_token");
  }
  // The connection logged out is no one's: it says hello again as a guest, or logs in.
  check.send(json{{"type", "hello"}, {"name", "Guest1"}});
  EXPECT_EQ(check.expect("welcome")["name"], "Guest1");
}

TEST(Accounts, ARegisteredNameAndItsLookAlikesAreRefusedToGuests) {
  TestServer server(registry_with_race(), "", forgetful_config());
  TestClient owner(server.port());
  owner.hello("Victim");
  register_name(owner);
  // Logged out, in no room, no name grace: the lobby forgets the player at once. Only the account
  // holds the name now.
  owner.send(json{{"type", "logout"}});
  owner.expect("account");
  for (const char* look_alike : {"Victim", "VICTIM", "Vlctim", "victim.", "V1ctim"}) {
    TestClient guest(server.port());
    guest.send(json{{"type", "hello"}, {"name", look_alike}});
    guest.expect_error("name_registered");
  }
  TestClient guest(server.port());
  guest.hello("Someone");
  guest.chat("/nick VICTIM");
  guest.expect_error("name_registered");
  register_name(guest);  // their own name is free to register
  // The owner comes back by logging in.
  owner.send(login_message("victim", kPassword));
  EXPECT_EQ(owner.expect("welcome")["name"], "Victim");
}

TEST(Accounts, AWrongNameAndAWrongPasswordAnswerAlike) {
  TestServer server(registry_with_race());
  TestClient ann(server.port());
  ann.hello("Ann");
  register_name(ann);
  TestClient a(server.port()), b(server.port());
  a.send(login_message("Nobody", kPassword));
  const json no_name = a.expect("error");
  b.send(login_message("Ann", "wrong-password"));
  const json wrong_password = b.expect("error");
  EXPECT_EQ(no_name["code"], "login_failed");
  EXPECT_EQ(no_name, wrong_password);
}

TEST(Accounts, AttemptsPastTheLimitAreRefusedWithoutAHash) {
  TestServer server(registry_with_race());
  TestClient ann(server.port());
  ann.hello("Ann");
  register_name(ann);
  const auto checks_before = server.metrics().password_checks.load();
  TestClient guesser(server.port());
  int failed = 0, limited = 0;
  for (int i = 0; i < 10; ++i) {
    guesser.send(login_message("Ann", "guess-number-" + std::to_string(i)));
    const json answer = guesser.expect("error");
    failed += answer["code"] == "login_failed";
    limited += answer["code"] == "login_limited";
  }
  EXPECT_EQ(failed, 5);
  EXPECT_EQ(limited, 5);
  EXPECT_EQ(server.metrics().password_checks.load() - checks_before, 5)
      << "the sixth to tenth attempts were refused before any hash";
  EXPECT_EQ(server.metrics().logins_limited.load(), 5);
  // Even the right password waits out the minute: the limit is on the name, not on the guesses.
  guesser.send(login_message("ANN", kPassword));
  guesser.expect_error("login_limited");
}

std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(Accounts, ThePasswordIsNeitherInTheDatabaseNorInTheLog) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("archipel-accounts-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::ostringstream log;
  auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(log);
  {
    TestServer server(registry_with_race(), dir.string());
    spdlog::default_logger()->sinks().push_back(sink);
    spdlog::set_level(spdlog::level::trace);  // every line the server could write
    TestClient ann(server.port());
    ann.hello("Ann");
    ann.chat("/register " + kPassword);  // typed in the chat by mistake: answered with a hint
    ann.expect_where("info", [](const json& m) {
      return m["text"].get<std::string>().find("sign-in form") != std::string::npos;
    });
    register_name(ann);
    TestClient other(server.port());
    other.send(login_message("Ann", kPassword + "x"));
    other.expect_error("login_failed");
    other.send(login_message("Ann", kPassword));
    other.expect("welcome");
    for (const auto* c : {&ann, &other})
      for (const auto& m : c->history()) EXPECT_EQ(m.dump().find(kPassword), std::string::npos);
    server.stop();
  }
  spdlog::default_logger()->sinks().pop_back();
  spdlog::set_level(spdlog::level::warn);
  EXPECT_NE(log.str().find("event=account_registered"), std::string::npos) << "the log was read";
  EXPECT_EQ(log.str().find(kPassword), std::string::npos);
  bool read = false;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string bytes = file_bytes(entry.path());
    read = read || bytes.find("argon2id") != std::string::npos;
    EXPECT_EQ(bytes.find(kPassword), std::string::npos) << entry.path();
  }
  EXPECT_TRUE(read) << "the hash was found, so the files were read";
  std::filesystem::remove_all(dir);
}

// After a restart the lobby knows the accounts' names from the store at once (guests refused), and
// a token it no longer holds in memory is looked up in the store: the account comes back with it,
// its seat too.
TEST(Accounts, AccountsAndTheirTokensOutliveARestart) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("archipel-accounts-restart-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::string token;
  std::int64_t room = 0;
  {
    TestServer server(registry_with_race(), dir.string());
    TestClient ann(server.port()), ben(server.port());
    ann.hello("Ann");
    ben.hello("Ben");
    room = open_room(ann, {&ben}, "/create race");
    ann.chat("/start");
    ann.expect("state");
    register_name(ann);
    TestClient zed(server.port());  // an account in no room: nothing restores its player
    zed.hello("Zed");
    register_name(zed);
    TestClient phone(server.port());
    phone.send(login_message("Ann", kPassword));
    token = phone.expect("welcome")["token"];
    server.kill();
  }
  TestServer server(registry_with_race(), dir.string(), forgetful_config());
  TestClient guest(server.port());
  guest.send(json{{"type", "hello"}, {"name", "ZED"}});
  guest.expect_error("name_registered");
  TestClient ann(server.port());
  ann.send(json{{"type", "hello"}, {"token", token}});
  const json welcome = ann.expect("welcome");
  EXPECT_EQ(welcome["name"], "Ann");
  EXPECT_EQ(welcome["registered"], true);
  EXPECT_EQ(ann.expect("state")["room"], room) << "the seat, through the account's token";
  TestClient forger(server.port());
  forger.send(json{{"type", "hello"}, {"token", std::string(32, 'f')}});
  forger.expect_error("bad_token");
  std::filesystem::remove_all(dir);
}

TEST(Accounts, BadInputIsRefusedAndChangesNothing) {
  TestServer server(registry_with_race());
  TestClient ann(server.port());
  ann.hello("Ann");
  ann.send(json{{"type", "register"}});
  ann.expect_error("missing_field");
  ann.send(register_message("short"));
  ann.expect_error("bad_password");
  ann.send(register_message(std::string(257, 'p')));
  ann.expect_error("bad_password");
  ann.send(json{{"type", "register"}, {"password", 12345678}});
  ann.expect_error("bad_message");
  TestClient other(server.port());
  other.send(json{{"type", "login"}, {"name", 7}, {"password", kPassword}});
  other.expect_error("bad_message");
  other.send(json{{"type", "login"}, {"password", kPassword}});
  other.expect_error("missing_field");
  other.send(json{{"type", "logout"}, {"everywhere", "yes"}});
  other.expect_error("bad_message");
  ann.send(json{{"type", "logout"}});
  ann.expect_error("not_registered");
  // Nothing was registered: no login works, and Ann may still rename herself.
  other.send(login_message("Ann", "pppppppppppp"));
  other.expect_error("login_failed");
  ann.chat("/nick Anna");
  EXPECT_EQ(ann.expect("welcome")["name"], "Anna");
}

}  // namespace
}  // namespace archipel::testing
