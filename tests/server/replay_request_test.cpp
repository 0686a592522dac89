// A finished game's replay over real WebSockets (the `replay` message and /replay): every step is
// the view a spectator had then, as the engine replays the same seed and actions, with the step's
// mover and log lines in the reader's language, and nothing hidden; refused while the game runs,
// for a step out of range and for an unknown room. The replay cursor is also checked on its own:
// stepping on costs one move, stepping back at most a checkpoint's distance.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <unordered_set>

#include "engine/core/client_views.hpp"
#include "engine/core/registry.hpp"
#include "engine/core/rng.hpp"
#include "server/replay.hpp"
#include "server/replay_request.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

using Actions = std::vector<std::pair<engine::Seat, json>>;

void collect_strings(const json& j, std::unordered_set<std::string>& out) {
  if (j.is_string())
    out.insert(j.get<std::string>());
  else if (j.is_structured())
    for (const auto& item : j) collect_strings(item, out);
}

server::Config fast_config() {
  auto config = TestServer::default_config();
  config.rate_per_second =
      1000;  // scripted players and replay requests come far faster than people's
  config.rate_burst = 1000;
  return config;
}

/// A game played to its end over sockets by `names.size()` clients choosing at random, watched by
/// `watcher` from before the start. The actions in order, the watcher's first and last views.
struct PlayedGame {
  std::int64_t room = 0;
  Actions actions;
  std::vector<std::string> names;  // by seat
  json first_spectator_view;
  json last_spectator_view;
};

PlayedGame play_to_the_end(std::uint16_t port, const std::string& game,
                           const std::vector<std::string>& names, TestClient& watcher,
                           std::uint64_t chooser_seed) {
  PlayedGame out;
  std::vector<std::unique_ptr<TestClient>> clients;
  for (const auto& name : names) {
    clients.push_back(std::make_unique<TestClient>(port));
    clients.back()->hello(name);
  }
  std::vector<TestClient*> others;
  for (std::size_t i = 1; i < clients.size(); ++i) others.push_back(clients[i].get());
  out.room = open_room(*clients[0], others, "/create " + game);
  watcher.chat("/watch " + std::to_string(out.room));
  watcher.expect("room");
  clients[0]->chat("/start");

  const std::size_t n = clients.size();
  std::vector<json> views(n);
  std::vector<std::unique_ptr<TestClient>> by_seat(n);
  out.names.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    auto& client = clients[i];
    json state = client->expect("state");
    const int seat = state["seat"];
    out.names[static_cast<std::size_t>(seat)] = names[i];
    views[static_cast<std::size_t>(seat)] = state["view"];
    by_seat[static_cast<std::size_t>(seat)] = std::move(client);
  }
  clients = std::move(by_seat);
  json spectator = watcher.expect("state")["view"];
  out.first_spectator_view = spectator;

  engine::Rng chooser(chooser_seed);
  while (!views[0]["to_act"].empty()) {
    if (out.actions.size() > 3000) {
      ADD_FAILURE() << "the game does not end";
      break;
    }
    const json& to_act = views[0]["to_act"];
    const int seat = to_act[chooser.below(to_act.size())];
    const json& legal = views[static_cast<std::size_t>(seat)]["legal"];
    const json action = legal[chooser.below(legal.size())]["action"];
    clients[static_cast<std::size_t>(seat)]->send(
        json{{"type", "action"}, {"room", out.room}, {"action", action}});
    out.actions.emplace_back(seat, action);
    for (std::size_t i = 0; i < n; ++i)
      views[i] = views[i].patch(clients[i]->expect("patch")["ops"]);
    spectator = spectator.patch(watcher.expect("patch")["ops"]);
  }
  watcher.expect("over");
  out.last_spectator_view = spectator;
  return out;
}

json replay_request(TestClient& client, std::int64_t room, int step, bool with_static = false) {
  json request{{"type", "replay"}, {"room", room}, {"step", step}};
  if (with_static) request["static"] = true;
  client.send(request);
  return client.expect("replay");
}

/// Every step of `played` as the server shows it equals the engine's own replay of the same seed
/// and actions: the spectator's view, the mover, the log lines in the reader's language; and no
/// step shows a secret.
void check_every_step(TestClient& reader, engine::Lang lang, const std::string& game, int seats,
                      std::uint64_t seed, const PlayedGame& played) {
  const auto& names = played.names;
  auto engine_game = engine::default_registry().create(game, seats, {}, seed);
  ASSERT_TRUE(engine_game.ok());
  auto& g = *engine_game.value();
  const int steps = static_cast<int>(played.actions.size());
  int lines_seen = 0;
  for (int k = 0; k <= steps; ++k) {
    std::vector<std::string> expected_lines;
    if (k > 0) {
      const auto& [seat, action] = played.actions[static_cast<std::size_t>(k - 1)];
      auto events = g.apply(seat, action);
      ASSERT_TRUE(events.ok()) << "step " << k;
      for (const auto& e : events.value()) expected_lines.push_back(g.describe(e, names).in(lang));
    }
    const json answer = replay_request(reader, played.room, k);
    ASSERT_EQ(answer["room"], played.room);
    ASSERT_EQ(answer["step"], k);
    ASSERT_EQ(answer["steps"], steps);
    ASSERT_EQ(answer["view"], engine::client_view(g, engine::Viewer::spectator()))
        << game << " step " << k;
    if (k == 0)
      EXPECT_TRUE(answer["by"].is_null());
    else
      EXPECT_EQ(answer["by"], played.actions[static_cast<std::size_t>(k - 1)].first)
          << "step " << k;
    EXPECT_EQ(answer["log"].get<std::vector<std::string>>(), expected_lines)
        << game << " step " << k;
    lines_seen += static_cast<int>(expected_lines.size());
    EXPECT_FALSE(answer.contains("static")) << "static data only when asked";

    std::unordered_set<std::string> strings;
    collect_strings(answer, strings);
    for (const auto& secret : g.secrets())
      EXPECT_FALSE(strings.count(secret.token))
          << game << " step " << k << " shows the secret " << secret.token;
  }
  EXPECT_GT(lines_seen, steps / 2) << "the steps carry the game's log";
}

TEST(ReplayRequest, SantaCruzEveryStepIsTheSpectatorsViewThen) {
  constexpr std::uint64_t kSeed = 4711;
  TestServer server(engine::default_registry(), "", fast_config(), kSeed);
  TestClient watcher(server.port());
  watcher.hello("Wes");
  const std::vector<std::string> names{"Anna", "Bruno"};
  const PlayedGame played = play_to_the_end(server.port(), "santa-cruz", names, watcher, 3);
  ASSERT_GT(played.actions.size(), 10u);
  const int steps = static_cast<int>(played.actions.size());
  const json first = replay_request(watcher, played.room, 0, true);
  EXPECT_EQ(first["view"], played.first_spectator_view) << "step 0 is the set-up a spectator saw";
  EXPECT_TRUE(first["static"].is_object() && !first["static"].empty()) << "static data when asked";
  EXPECT_EQ(replay_request(watcher, played.room, steps)["view"], played.last_spectator_view)
      << "the last step is the final view a spectator saw";

  // Someone in the lobby, reading French, steps through it all.
  TestClient reader(server.port());
  reader.send(json{{"type", "hello"}, {"name", "Rita"}, {"lang", "fr"}});
  reader.expect("welcome");
  const auto t0 = std::chrono::steady_clock::now();
  check_every_step(reader, engine::Lang::fr, "santa-cruz", 2, kSeed, played);
  const auto ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  std::printf(
      "[santa-cruz replay] %d steps stepped through over loopback in %.0f ms (%.2f ms a step, the "
      "engine's "
      "own replay and checks included)\n",
      steps, ms, ms / (steps + 1));

  // Back and forth: a step asked again is the same answer.
  const json again = replay_request(reader, played.room, 5);
  const json later = replay_request(reader, played.room, steps - 1);
  EXPECT_EQ(replay_request(reader, played.room, 5), again);
  EXPECT_NE(again["view"], later["view"]);
}

// A finished game's replay opens from its record, read on the store's thread: the requests that
// come before the record is back wait for it, and each is answered, in the order asked.
TEST(ReplayRequest, RequestsThatComeWhileTheRecordIsReadAreAnsweredInOrder) {
  TestServer server(engine::default_registry(), "", fast_config(), 99);
  TestClient watcher(server.port());
  watcher.hello("Wes");
  const PlayedGame played =
      play_to_the_end(server.port(), "santa-cruz", {"Anna", "Bruno"}, watcher, 5);
  const int steps = static_cast<int>(played.actions.size());
  ASSERT_GT(steps, 10);
  TestClient reader(server.port());
  reader.hello("Rita");
  const std::vector<int> asked{3, 0, steps, 7};
  for (int step : asked)
    reader.send(json{{"type", "replay"}, {"room", played.room}, {"step", step}});
  for (int step : asked) {
    const json answer = reader.expect("replay");
    EXPECT_EQ(answer["step"], step);
    EXPECT_EQ(answer["steps"], steps);
  }
  // The log of a room one is not in comes from the record too, read off the lobby's strand.
  reader.chat("/log " + std::to_string(played.room));
  const json log = reader.expect("info");
  EXPECT_NE(log["text"].get<std::string>().find("Room " + std::to_string(played.room) + " log:"),
            std::string::npos)
      << log;
  EXPECT_EQ(replay_request(reader, played.room, 0)["view"], played.first_spectator_view);
}

TEST(ReplayRequest, CostaRuanaEveryStepIsTheSpectatorsViewThen) {
  constexpr std::uint64_t kSeed = 2024;
  TestServer server(engine::default_registry(), "", fast_config(), kSeed);
  TestClient watcher(server.port());
  watcher.hello("Wes");
  const std::vector<std::string> names{"Antoine", "Marie", "Serge"};
  const PlayedGame played = play_to_the_end(server.port(), "costa-ruana", names, watcher, 5);
  ASSERT_GT(played.actions.size(), 10u);
  EXPECT_EQ(replay_request(watcher, played.room, 0)["view"], played.first_spectator_view);
  EXPECT_EQ(replay_request(watcher, played.room, static_cast<int>(played.actions.size()))["view"],
            played.last_spectator_view);
  check_every_step(watcher, engine::Lang::en, "costa-ruana", 3, kSeed, played);
}

TEST(ReplayRequest, RefusedWhileRunningOutOfRangeAndForAnUnknownRoom) {
  TestServer server(engine::default_registry(), "", fast_config(), 99);
  TestClient anna(server.port()), bruno(server.port()), fr(server.port());
  anna.hello("Anna");
  bruno.hello("Bruno");
  fr.send(json{{"type", "hello"}, {"name", "Fanny"}, {"lang", "fr"}});
  fr.expect("welcome");
  const std::int64_t room = open_room(anna, {&bruno}, "/create santa-cruz");

  anna.send(json{{"type", "replay"}, {"room", room}, {"step", 0}});
  EXPECT_NE(anna.expect_error("not_over")["message"].get<std::string>().find("not over"),
            std::string::npos)
      << "a waiting game has no replay";
  anna.chat("/start");
  anna.expect("state");
  fr.send(json{{"type", "replay"}, {"room", room}, {"step", 0}});
  EXPECT_NE(fr.expect_error("not_over")["message"].get<std::string>().find("n'est pas finie"),
            std::string::npos)
      << "a running game has no replay, said in French";
  fr.chat("/replay " + std::to_string(room));
  fr.expect_error("not_over");

  fr.send(json{{"type", "replay"}, {"room", 4242}, {"step", 0}});
  fr.expect_error("no_such_room");
  fr.chat("/replay 4242 3");
  fr.expect_error("no_such_room");
  fr.send(json{{"type", "replay"}, {"room", room}, {"step", -1}});
  fr.expect_error("bad_message");
  fr.chat("/replay");
  fr.expect_error("bad_arguments");
}

TEST(ReplayRequest, FinishedGameStepOutOfRangeAndTextCommand) {
  TestServer server(engine::default_registry(), "", fast_config(), 7);
  TestClient watcher(server.port());
  watcher.hello("Wes");
  const PlayedGame played =
      play_to_the_end(server.port(), "santa-cruz", {"Anna", "Bruno"}, watcher, 9);
  const int steps = static_cast<int>(played.actions.size());
  const std::string room = std::to_string(played.room);

  watcher.send(json{{"type", "replay"}, {"room", played.room}, {"step", steps + 1}});
  EXPECT_NE(watcher.expect_error("bad_arguments")["message"].get<std::string>().find(
                std::to_string(steps)),
            std::string::npos)
      << "the refusal names the last step";

  TestClient fr(server.port());
  fr.send(json{{"type", "hello"}, {"name", "Fanny"}, {"lang", "fr"}});
  fr.expect("welcome");
  auto replay_line = [&] {
    return fr
        .expect_where("info",
                      [](const json& m) {
                        return m["text"].get<std::string>().rfind("Salle ", 0) == 0;
                      })["text"]
        .get<std::string>();
  };
  fr.chat("/replay " + room);
  EXPECT_EQ(replay_line(),
            "Salle " + room + ", étape 0 sur " + std::to_string(steps) + " : la mise en place");
  fr.chat("/replay " + room + " 1");
  const std::string text = replay_line();
  EXPECT_EQ(text.rfind("Salle " + room + ", étape 1 sur " + std::to_string(steps) + " (", 0), 0u)
      << text;
  EXPECT_NE(text.find('\n'), std::string::npos) << "the step's lines follow: " << text;
  fr.chat("/replay " + room + " " + std::to_string(steps + 1));
  EXPECT_NE(
      fr.expect_error("bad_arguments")["message"].get<std::string>().find("n'est pas entre 0 et"),
      std::string::npos);
}

TEST(ReplayCursor, SteppingOnCostsOneMoveAndBackAtMostACheckpoint) {
  constexpr std::uint64_t kSeed = 31;
  auto game = engine::default_registry().create("santa-cruz", 2, {}, kSeed);
  ASSERT_TRUE(game.ok());
  server::GameRecord record;
  record.id = 1;
  record.game = "santa-cruz";
  record.seed = kSeed;
  record.seats = {{"Anna", "ta", false, ""}, {"Bruno", "tb", false, ""}};
  engine::Rng chooser(1);
  auto& g = *game.value();
  while (!g.over()) {
    const auto to_act = g.to_act();
    const int seat = to_act[chooser.below(to_act.size())];
    const auto legal = g.legal_actions(seat);
    const auto action = legal[chooser.below(legal.size())];
    ASSERT_TRUE(g.apply(seat, action).ok());
    record.actions.push_back({seat, action});
  }
  const int steps = static_cast<int>(record.actions.size());
  ASSERT_GT(steps, 2 * server::ReplayCursor::kCheckpointEvery);

  auto opened = server::ReplayCursor::open(engine::default_registry(), record);
  ASSERT_TRUE(opened.ok());
  auto& cursor = opened.value();
  ASSERT_TRUE(cursor.go_to(steps).ok());
  EXPECT_EQ(cursor.moves_applied(), steps);
  long before = cursor.moves_applied();
  auto back = cursor.go_to(steps - 1);
  ASSERT_TRUE(back.ok());
  EXPECT_LE(cursor.moves_applied() - before, server::ReplayCursor::kCheckpointEvery)
      << "a step back";
  before = cursor.moves_applied();
  ASSERT_TRUE(cursor.go_to(steps).ok());
  EXPECT_EQ(cursor.moves_applied() - before, 1) << "a step on is one move";
  before = cursor.moves_applied();
  auto start = cursor.go_to(0);
  ASSERT_TRUE(start.ok());
  EXPECT_EQ(cursor.moves_applied() - before, 0) << "the set-up is a checkpoint";

  // Whatever the path, a step is the same: the engine's own replay says which.
  auto replayed = server::set_up_record(engine::default_registry(), record);
  ASSERT_TRUE(replayed.ok());
  const std::vector<std::string> names = server::seat_names(record);
  for (int k = 1; k <= steps; ++k) {
    auto lines =
        server::replay_action(*replayed.value(), record, static_cast<std::size_t>(k - 1), names);
    ASSERT_TRUE(lines.ok());
    if (k % 7 != 0 && k != steps) continue;
    auto shown = cursor.go_to(k);
    ASSERT_TRUE(shown.ok());
    EXPECT_EQ(shown.value().view,
              engine::client_view(*replayed.value(), engine::Viewer::spectator()))
        << "step " << k;
    EXPECT_EQ(shown.value().log, lines.value()) << "step " << k;
  }
  EXPECT_FALSE(cursor.go_to(steps + 1).ok());
  EXPECT_FALSE(cursor.go_to(-1).ok());
}

// /log's text, the same for a member (the room's own log) and for the lobby (a log replayed from
// the record).
TEST(LogListing, TitleThenNumberedLinesInTheReadersLanguage) {
  const std::vector<engine::LocalText> lines{{"Anna builds", "Anna construit"},
                                             {"Bruno passes", "Bruno passe"}};
  EXPECT_EQ(server::log_listing(12, lines, engine::Lang::en),
            "Room 12 log:\n1. Anna builds\n2. Bruno passes");
  EXPECT_EQ(server::log_listing(12, lines, engine::Lang::fr),
            "Journal de la salle 12 :\n1. Anna construit\n2. Bruno passe");
  EXPECT_EQ(server::log_listing(3, {}, engine::Lang::en), "Room 3 log: no moves");
  EXPECT_EQ(server::log_listing(3, {}, engine::Lang::fr), "Journal de la salle 3 : aucun coup");
}

}  // namespace
}  // namespace archipel::testing
