// Issue 34, first step: nodes sharing one Redis (--cluster, docs/cluster.md). Two real servers in
// this process, each on its own loopback port, on a redis-server of the test's own
// (tests/support/redis_server.hpp): they register and see each other, give distinct room ids,
// refuse each other's names (look-alikes too), lose a stopped node's lease after its ttl, and come
// back after Redis restarts empty. Step 2: each node's rooms are listed on the others as they
// change and go (a killed node's at its lease's end), lobby chat and /who reach every node, and
// /readyz follows Redis. A bad redis:// URL stops the real binary at start.

#include <sys/wait.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <future>
#include <set>
#include <thread>

#include <gtest/gtest.h>

#include "protocol/command_parser.hpp"
#include "server/cluster.hpp"
#include "server/redis_connection.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/race_game.hpp"
#include "tests/support/redis_server.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

namespace fs = std::filesystem;

// Short leases, so a lapse is seen in a test's time.
constexpr auto kLease = 600ms;
constexpr auto kBeat = 100ms;

server::Config node_config(const RedisServer& redis, const std::string& node_id) {
  auto c = TestServer::default_config();
  c.cluster = redis.url();
  c.node_id = node_id;
  c.cluster_lease = kLease;
  c.cluster_heartbeat = kBeat;
  c.name_grace_seconds = 0;  // a player who leaves frees the name at once
  return c;
}

template <class Pred>
bool eventually(Pred pred, std::chrono::milliseconds patience = 5000ms) {
  const auto until = std::chrono::steady_clock::now() + patience;
  while (std::chrono::steady_clock::now() < until) {
    if (pred()) return true;
    std::this_thread::sleep_for(20ms);
  }
  return pred();
}

bool key_exists(const RedisServer& redis, const std::string& key) {
  return redis.query({"EXISTS", key}).integer == 1;
}

// The node ids a server reads from Redis (Cluster::nodes), or {"unavailable"}.
std::vector<std::string> nodes_seen_by(TestServer& node) {
  std::promise<std::optional<std::vector<json>>> promise;
  auto answer = promise.get_future();
  node.server().cluster()->nodes(
      [&promise](std::optional<std::vector<json>> nodes) { promise.set_value(std::move(nodes)); });
  if (answer.wait_for(5s) != std::future_status::ready) return {"no answer"};
  auto nodes = answer.get();
  if (!nodes) return {"unavailable"};
  std::vector<std::string> ids;
  for (const auto& n : *nodes) ids.push_back(n["id"]);
  return ids;
}

// hello with `name`; the error code, or "" when welcomed.
std::string hello_result(TestClient& c, const std::string& name,
                         std::chrono::milliseconds patience = 3000ms) {
  c.send(json{{"type", "hello"}, {"name", name}});
  for (;;) {
    auto m = c.next(patience);
    if (!m) return "no answer";
    if ((*m)["type"] == "welcome") return "";
    if ((*m)["type"] == "error") return (*m)["code"];
  }
}

std::int64_t create_room(TestClient& c) {
  c.chat("/create race");
  return c.expect("room")["id"];
}

TEST(ClusterNodes, EachRegistersAndSeesTheOther) {
  RedisServer redis;
  ARCHIPEL_NEED_REDIS(redis);
  TestServer a(registry_with_race(), "", node_config(redis, "alpha"));
  TestServer b(registry_with_race(), "", node_config(redis, "beta"));
  ASSERT_TRUE(eventually([&] {
    return key_exists(redis, "archipel:node:alpha") && key_exists(redis, "archipel:node:beta");
  }));
  EXPECT_EQ(nodes_seen_by(a), (std::vector<std::string>{"alpha", "beta"}));
  EXPECT_EQ(nodes_seen_by(b), (std::vector<std::string>{"alpha", "beta"}));
  // The registration is a lease: it has a ttl no longer than --cluster-lease.
  const auto ttl = redis.query({"PTTL", "archipel:node:alpha"}).integer;
  EXPECT_GT(ttl, 0);
  EXPECT_LE(ttl, kLease.count());
  // What the key holds: the node's description, its port among it.
  const auto desc = json::parse(redis.query({"GET", "archipel:node:beta"}).text);
  EXPECT_EQ(desc["id"], "beta");
  EXPECT_EQ(desc["port"], b.port());

  // A graceful stop leaves at once, not at the lease's end.
  b.stop();
  EXPECT_TRUE(eventually([&] { return !key_exists(redis, "archipel:node:beta"); }, 300ms));
  EXPECT_EQ(nodes_seen_by(a), (std::vector<std::string>{"alpha"}));
}

TEST(ClusterRooms, RoomsCreatedOnBothNodesGetDistinctIds) {
  RedisServer redis;
  ARCHIPEL_NEED_REDIS(redis);
  TestServer a(registry_with_race(), "", node_config(redis, "alpha"));
  TestServer b(registry_with_race(), "", node_config(redis, "beta"));
  // More rooms than a block of ids on each node, created in turns: each node reserves several
  // blocks, interleaved with the other's.
  std::vector<std::unique_ptr<TestClient>> clients;
  std::set<std::int64_t> ids;
  const int per_node = server::Lobby::kRoomIdBlock + 3;
  for (int i = 0; i < per_node; ++i) {
    for (TestServer* node : {&a, &b}) {
      clients.push_back(std::make_unique<TestClient>(node->port()));
      ASSERT_EQ(hello_result(*clients.back(), "P" + std::to_string(clients.size()) + "x"), "");
      const auto id = create_room(*clients.back());
      EXPECT_TRUE(ids.insert(id).second) << "room id " << id << " given twice";
    }
  }
  EXPECT_EQ(ids.size(), static_cast<std::size_t>(2 * per_node));
  // The shared counter is past every id given.
  EXPECT_GE(std::stoll(redis.query({"GET", "archipel:room_id"}).text), *ids.rbegin());
}

TEST(ClusterRooms, RestoredIdsRaiseTheSharedCounter) {
  RedisServer redis;
  ARCHIPEL_NEED_REDIS(redis);
  // A node's store already holds room 41 (a game of before the cluster): the counter starts past
  // it, and no node is given 41 or below.
  const fs::path dir =
      fs::temp_directory_path() / ("archipel-cluster-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  {
    auto store = server::make_sqlite_store(dir.string());
    server::GameRecord record;
    record.id = 41;
    record.game = "race";
    record.seed = 1;
    record.seats = {{"Ann", "t1", false, ""}, {"Ben", "t2", false, ""}};
    record.host = "t1";
    ASSERT_TRUE(store->save_game(record));
  }
  {
    TestServer a(registry_with_race(), dir.string(), node_config(redis, "alpha"));
    TestServer b(registry_with_race(), "", node_config(redis, "beta"));
    ASSERT_TRUE(eventually([&] {
      auto v = redis.query({"GET", "archipel:room_id"});
      return !v.nil && std::stoll(v.text) >= 41;
    }));
    TestClient on_b(b.port()), on_a(a.port());
    ASSERT_EQ(hello_result(on_b, "Cat"), "");
    ASSERT_EQ(hello_result(on_a, "Dan"), "");
    EXPECT_GT(create_room(on_b), 41);
    EXPECT_GT(create_room(on_a), 41);
  }
  fs::remove_all(dir);
}

TEST(ClusterNames, ANameHeldOnOneNodeIsRefusedOnTheOtherUntilItsPlayerLeaves) {
  RedisServer redis;
  ARCHIPEL_NEED_REDIS(redis);
  TestServer a(registry_with_race(), "", node_config(redis, "alpha"));
  TestServer b(registry_with_race(), "", node_config(redis, "beta"));
  auto victim = std::make_unique<TestClient>(a.port());
  ASSERT_EQ(hello_result(*victim, "Victim"), "");
  // The claim: one key per skeleton, held by node alpha, with the lease.
  const auto claim = redis.query({"GET", "archipel:name:vlctlm"});
  ASSERT_FALSE(claim.nil) << "no claim key for Victim's skeleton";
  EXPECT_EQ(claim.text.rfind("alpha ", 0), 0u) << claim.text;
  EXPECT_GT(redis.query({"PTTL", "archipel:name:vlctlm"}).integer, 0);

  // On node beta: the name and its look-alikes are refused with the code of one node's refusal.
  for (const std::string name : {"Victim", "VICTIM", "Vlctim.", "V1ctim"}) {
    TestClient impostor(b.port());
    EXPECT_EQ(hello_result(impostor, name), "name_taken") << name;
  }
  // /nick to it from beta is refused too, and changes nothing.
  TestClient other(b.port());
  ASSERT_EQ(hello_result(other, "Other"), "");
  other.chat("/nick victim_");
  other.expect_error("name_taken");
  EXPECT_EQ(redis.query({"GET", "archipel:name:vlctlm"}).text, claim.text);
  // The lease is renewed by the heartbeat: still held well past its ttl.
  std::this_thread::sleep_for(kLease * 2);
  EXPECT_EQ(redis.query({"GET", "archipel:name:vlctlm"}).text, claim.text);
  // One's own look-alike stays fine on one's own node.
  victim->chat("/nick Vlctim.");
  EXPECT_EQ(victim->expect("welcome")["name"], "Vlctim.");

  // The player leaves: the name is free again, on the other node too.
  victim.reset();
  ASSERT_TRUE(eventually([&] { return !key_exists(redis, "archipel:name:vlctlm"); }))
      << "the claim outlived its player";
  TestClient newcomer(b.port());
  EXPECT_EQ(hello_result(newcomer, "VICTIM"), "");
  EXPECT_EQ(redis.query({"GET", "archipel:name:vlctlm"}).text.rfind("beta ", 0), 0u);
  // /nick across nodes works once free: Other takes a new name, and its old one is let go.
  other.chat("/nick Otto");
  EXPECT_EQ(other.expect("welcome")["name"], "Otto");
  EXPECT_TRUE(eventually([&] { return !key_exists(redis, "archipel:name:other"); }));
  TestClient on_a(a.port());
  EXPECT_EQ(hello_result(on_a, "Other"), "");
}

TEST(ClusterNodes, ANodeThatStopsRenewingLosesItsLeaseAfterTheTtl) {
  RedisServer redis;
  ARCHIPEL_NEED_REDIS(redis);
  TestServer a(registry_with_race(), "", node_config(redis, "alpha"));
  TestServer b(registry_with_race(), "", node_config(redis, "beta"));
  TestClient ann(a.port());
  ASSERT_EQ(hello_result(ann, "Ann"), "");
  ASSERT_TRUE(eventually([&] { return nodes_seen_by(b).size() == 2; }));
  // As a crash or a stall: alpha's threads stop, nothing renews its keys, nothing deletes them.
  const auto stopped = std::chrono::steady_clock::now();
  a.kill();
  EXPECT_TRUE(key_exists(redis, "archipel:node:alpha"));  // not at once: at the lease's end
  ASSERT_TRUE(eventually([&] { return !key_exists(redis, "archipel:node:alpha"); }, kLease * 3));
  EXPECT_GE(std::chrono::steady_clock::now() - stopped, kLease - kBeat * 2);
  EXPECT_EQ(nodes_seen_by(b), (std::vector<std::string>{"beta"}));
  // Its player's name lapses with it.
  EXPECT_TRUE(eventually([&] { return !key_exists(redis, "archipel:name:ann"); }, kLease * 2));
  TestClient again(b.port());
  EXPECT_EQ(hello_result(again, "Ann"), "");
}

TEST(ClusterRedis, ANodeReconnectsAndRegistersAgainAfterRedisRestarts) {
  RedisServer redis;
  ARCHIPEL_NEED_REDIS(redis);
  TestServer a(registry_with_race(), "", node_config(redis, "alpha"));
  TestClient ann(a.port());
  ASSERT_EQ(hello_result(ann, "Ann"), "");
  const auto first_room = create_room(ann);
  ASSERT_TRUE(eventually([&] { return key_exists(redis, "archipel:node:alpha"); }));

  redis.query({"SET", "archipel:test:marker", "1"});
  ASSERT_TRUE(redis.restart()) << redis.why_not();
  // Empty after the restart (no persistence). Not checked on the node's key: the node may already
  // have registered again by the time this reads (TSan's CI run saw it).
  EXPECT_FALSE(key_exists(redis, "archipel:test:marker"));
  // Back with its registration, its player's name and the room counter past its ids.
  ASSERT_TRUE(eventually([&] { return key_exists(redis, "archipel:node:alpha"); }, 8000ms))
      << "the node did not register again";
  EXPECT_TRUE(eventually([&] { return key_exists(redis, "archipel:name:ann"); }));
  const auto counter = redis.query({"GET", "archipel:room_id"});
  ASSERT_FALSE(counter.nil);
  EXPECT_GE(std::stoll(counter.text), first_room + server::Lobby::kRoomIdBlock - 1);

  // A node started now sees it, refuses its player's name and gives new ids.
  TestServer b(registry_with_race(), "", node_config(redis, "beta"));
  ASSERT_TRUE(eventually([&] { return nodes_seen_by(b).size() == 2; }));
  TestClient impostor(b.port());
  EXPECT_EQ(hello_result(impostor, "ANN"), "name_taken");
  TestClient cat(b.port());
  ASSERT_EQ(hello_result(cat, "Cat"), "");
  EXPECT_GT(create_room(cat), first_room);
}

TEST(ClusterRedis, WhileRedisIsAwayANewNameIsRefusedAsUnavailable) {
  RedisServer redis;
  ARCHIPEL_NEED_REDIS(redis);
  TestServer a(registry_with_race(), "", node_config(redis, "alpha"));
  ASSERT_TRUE(eventually([&] { return key_exists(redis, "archipel:node:alpha"); }));
  redis.stop();
  ASSERT_TRUE(eventually([&] { return !a.server().cluster()->connected(); }));
  // The hello waits for a connection, at most the reply timeout (3 s), then is refused.
  TestClient c(a.port());
  const auto asked = std::chrono::steady_clock::now();
  EXPECT_EQ(hello_result(c, "Ann", 8000ms), "not_available");
  EXPECT_LT(std::chrono::steady_clock::now() - asked, 6s);
  EXPECT_FALSE(c.closed());
  // Nothing was made of it: the same connection may say hello again, and is welcomed once Redis
  // is back.
  ASSERT_TRUE(redis.restart()) << redis.why_not();
  ASSERT_TRUE(eventually([&] { return a.server().cluster()->connected(); }, 8000ms));
  EXPECT_EQ(hello_result(c, "Ann"), "");
}

// ---- the lobby across nodes (step 2) -----------------------------------------------------------

bool lists(const json& list, std::int64_t id) {
  for (const auto& r : list)
    if ((r.is_object() ? r["id"] : r) == id) return true;
  return false;
}

// Whether a newcomer on `node` gets room `id` in its first page of the list.
bool first_page_lists(TestServer& node, std::int64_t id) {
  static std::atomic<int> probes{0};
  TestClient probe(node.port());
  if (hello_result(probe, "Probe" + std::to_string(++probes)) != "") return false;
  return lists(probe.expect("rooms")["rooms"], id);
}

// The room `id` as a `rooms_delta` to `c` reports it (added or changed) once `pred` holds of it.
json expect_listed(TestClient& c, std::int64_t id, const std::function<bool(const json&)>& pred,
                   std::chrono::milliseconds patience = 5000ms) {
  json found;
  c.expect_where(
      "rooms_delta",
      [&](const json& m) {
        for (const char* part : {"added", "changed"})
          for (const auto& r : m[part])
            if (r["id"] == id && pred(r)) {
              found = r;
              return true;
            }
        return false;
      },
      patience);
  return found;
}

// What one node publishes of a room, another reads back whole (protocol::room_from_json), and a
// summary that is not one is dropped rather than half read.
TEST(ClusterLobby, ARoomSummaryReadsBackAsWritten) {
  protocol::RoomInfo room;
  room.id = 42;
  room.game = "race";
  room.title = "Race";
  room.host = "Ann";
  room.status = protocol::RoomStatus::playing;
  room.options = {{"target", "10"}};
  room.min_players = 2;
  room.max_players = 4;
  room.rematch = 57;
  room.spectators = {"Zed"};
  protocol::SeatInfo ann{"Ann", true};
  protocol::SeatInfo bot{"random-bot-1", true, true};
  protocol::SeatInfo away{"Cat", false};
  away.stand_in = "random";
  away.hand_over_at_ms = 1700000000000;
  away.handover_votes = {"Ann"};
  away.may_hand_over = true;
  room.seats = {ann, bot, away, protocol::SeatInfo{}};
  const auto back = protocol::room_from_json(protocol::room_json(room));
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, room);
  for (const char* field : {"id", "status", "seats", "host"}) {
    json broken = protocol::room_json(room);
    broken.erase(field);
    EXPECT_FALSE(protocol::room_from_json(broken)) << field;
  }
  json bad_status = protocol::room_json(room);
  bad_status["status"] = "lost";
  EXPECT_FALSE(protocol::room_from_json(bad_status));
}

TEST(ClusterLobby, ARoomOfOneNodeIsListedOnTheOtherAsItChangesAndGoes) {
  RedisServer redis;
  ARCHIPEL_NEED_REDIS(redis);
  TestServer a(registry_with_race(), "", node_config(redis, "alpha"));
  TestServer b(registry_with_race(), "", node_config(redis, "beta"));
  TestClient bob(b.port());
  ASSERT_EQ(hello_result(bob, "Bob"), "");
  EXPECT_TRUE(bob.expect("rooms")["rooms"].empty());

  // Made on alpha: listed on beta, with its host seated, waiting.
  TestClient ann(a.port()), cat(a.port());
  ASSERT_EQ(hello_result(ann, "Ann"), "");
  ASSERT_EQ(hello_result(cat, "Cat"), "");
  const auto asked = std::chrono::steady_clock::now();
  const auto room = create_room(ann);
  auto listed = expect_listed(bob, room, [](const json& r) { return r["host"] == "Ann"; });
  // What it took, for docs/cluster.md (two flush windows of 250 ms, at most, plus Redis).
  std::printf("[ measured ] /create on alpha -> listed on beta: %lld ms\n",
              static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                         std::chrono::steady_clock::now() - asked)
                                         .count()));
  EXPECT_EQ(listed["status"], "waiting");
  EXPECT_EQ(listed["game"], "race");
  // In Redis: in alpha's hash of rooms, under alpha's lease.
  EXPECT_FALSE(redis.query({"HGET", "archipel:rooms:alpha", std::to_string(room)}).nil);
  EXPECT_GT(redis.query({"PTTL", "archipel:rooms:alpha"}).integer, 0);

  // Its changes follow: a second seat taken, then the game started.
  cat.chat("/join " + std::to_string(room));
  expect_listed(bob, room, [](const json& r) {
    return r["seats"].size() > 1 && r["seats"][1]["name"] == "Cat";
  });
  ann.chat("/start");
  expect_listed(bob, room, [](const json& r) { return r["status"] == "playing"; });

  // A newcomer on beta gets it in its first page, and in /rooms's text.
  TestClient dan(b.port());
  ASSERT_EQ(hello_result(dan, "Dan"), "");
  EXPECT_TRUE(lists(dan.expect("rooms")["rooms"], room));
  dan.chat("/rooms");
  dan.expect_where("info", [&](const json& m) {
    return m["text"].get<std::string>().find("\n  " + std::to_string(room) + ": ") !=
           std::string::npos;
  });

  // A room of beta is listed on alpha the same way: both lists are the same.
  TestClient fay(a.port()), eve(b.port());
  ASSERT_EQ(hello_result(fay, "Fay"), "");
  ASSERT_EQ(hello_result(eve, "Eve"), "");
  const auto beta_room = create_room(eve);
  expect_listed(fay, beta_room, [](const json& r) { return r["host"] == "Eve"; });
  EXPECT_TRUE(first_page_lists(a, beta_room));
  // A waiting room whose host leaves closes: gone from the other node's list too.
  eve.chat("/leave");
  fay.expect_where("rooms_delta", [&](const json& m) { return lists(m["removed"], beta_room); });

  // alpha stops gracefully: its rooms leave beta's list (a full delta with no room), its hash is
  // deleted.
  a.stop();
  bob.expect_where("rooms_delta", [&](const json& m) { return lists(m["removed"], room); });
  EXPECT_TRUE(key_exists(redis, "archipel:rooms:beta"));
  EXPECT_TRUE(eventually([&] { return !key_exists(redis, "archipel:rooms:alpha"); }));
}

// A node that misses a delta (its seq does not follow the last one seen) reads every node's rooms
// again; a delta it has seen already (a seq not past the last) is ignored. Another node played by
// the test itself, through Redis.
TEST(ClusterLobby, ADeltaOutOfSequenceMakesANodeReadEveryNodesRoomsAgain) {
  RedisServer redis;
  ARCHIPEL_NEED_REDIS(redis);
  TestServer b(registry_with_race(), "", node_config(redis, "beta"));
  TestClient bob(b.port());
  ASSERT_EQ(hello_result(bob, "Bob"), "");
  ASSERT_TRUE(eventually([&] { return b.server().cluster()->ready(); }));
  auto summary = [](std::int64_t id) {
    protocol::RoomInfo room;
    room.id = id;
    room.game = "race";
    room.title = "Race";
    room.host = "Gus";
    room.min_players = 2;
    room.max_players = 4;
    room.seats = {protocol::SeatInfo{"Gus", true}, protocol::SeatInfo{}};
    return protocol::room_json(room);
  };
  auto delta = [](std::int64_t seq, json updated, json removed) {
    return json{{"kind", "rooms"}, {"node", "ghost"},    {"run", "r1"},       {"seq", seq},
                {"full", false},   {"updated", updated}, {"removed", removed}}
        .dump();
  };
  // The ghost node: alive, with room 77 in its hash, seq 7; a delta of seq 7 that names no room.
  redis.query({"SET", "archipel:node:ghost", R"({"id":"ghost"})", "PX", "60000"});
  redis.query({"SADD", "archipel:nodes", "ghost"});
  redis.query({"HSET", "archipel:rooms:ghost", "77", summary(77).dump(), "run", "r1", "seq", "7"});
  redis.query({"PUBLISH", "archipel:lobby:0", delta(7, json::array(), json::array())});
  // Only a read of the hash can list 77: the delta did not hold it.
  expect_listed(bob, 77, [](const json& r) { return r["host"] == "Gus"; });
  // The next delta follows: applied as it comes.
  redis.query({"PUBLISH", "archipel:lobby:0", delta(8, json::array(), json::array({77}))});
  bob.expect_where("rooms_delta", [](const json& m) { return lists(m["removed"], 77); });
  // A stale one (seq 6) is ignored; the one after 8 is applied.
  redis.query({"PUBLISH", "archipel:lobby:0", delta(6, json::array({summary(78)}), json::array())});
  redis.query({"PUBLISH", "archipel:lobby:0", delta(9, json::array({summary(79)}), json::array())});
  expect_listed(bob, 79, [](const json&) { return true; });
  for (const auto& m : bob.history())
    if (m["type"] == "rooms_delta") EXPECT_FALSE(lists(m["added"], 78)) << m.dump();
}

TEST(ClusterLobby, AKilledNodesRoomsLeaveTheOtherListsWhenItsLeaseRunsOut) {
  RedisServer redis;
  ARCHIPEL_NEED_REDIS(redis);
  TestServer a(registry_with_race(), "", node_config(redis, "alpha"));
  TestServer b(registry_with_race(), "", node_config(redis, "beta"));
  TestServer c(registry_with_race(), "", node_config(redis, "gamma"));
  TestClient bob(b.port()), cid(c.port());
  ASSERT_EQ(hello_result(bob, "Bob"), "");
  ASSERT_EQ(hello_result(cid, "Cid"), "");
  TestClient ann(a.port());
  ASSERT_EQ(hello_result(ann, "Ann"), "");
  const auto room = create_room(ann);
  expect_listed(bob, room, [](const json&) { return true; });
  expect_listed(cid, room, [](const json&) { return true; });

  // A crash: nobody deletes alpha's keys; its rooms go with its lease.
  const auto killed = std::chrono::steady_clock::now();
  a.kill();
  for (TestClient* client : {&bob, &cid})
    client->expect_where(
        "rooms_delta", [&](const json& m) { return lists(m["removed"], room); }, kLease * 4);
  const auto gone_after = std::chrono::steady_clock::now() - killed;
  EXPECT_GE(gone_after, kLease - kBeat * 2) << "removed before the lease ran out";
  std::printf("[ measured ] kill -> removed from both lists: %lld ms (lease %lld ms)\n",
              static_cast<long long>(
                  std::chrono::duration_cast<std::chrono::milliseconds>(gone_after).count()),
              static_cast<long long>(kLease.count()));
  // A page asked now agrees.
  bob.send(json{{"type", "rooms"}});
  EXPECT_FALSE(lists(bob.expect("rooms")["rooms"], room));
}

TEST(ClusterLobby, LobbyChatAndWhoReachEveryNode) {
  RedisServer redis;
  ARCHIPEL_NEED_REDIS(redis);
  TestServer a(registry_with_race(), "", node_config(redis, "alpha"));
  TestServer b(registry_with_race(), "", node_config(redis, "beta"));
  TestClient ann(a.port()), bob(b.port()), cat(b.port());
  ASSERT_EQ(hello_result(ann, "Ann"), "");
  ASSERT_EQ(hello_result(bob, "Bob"), "");
  ASSERT_EQ(hello_result(cat, "Cat"), "");
  // Cat sits in a room of beta: table talk is the room's, lobby chat is not hers.
  const auto room = create_room(cat);
  // The subscription is made at the node's start; wait for it as a player would (a line said
  // before it is lost, fire and forget).
  ASSERT_TRUE(eventually([&] {
    ann.chat("hello from alpha");
    bob.next(100ms);
    return std::any_of(bob.history().begin(), bob.history().end(), [](const json& m) {
      return m["type"] == "chat" && m["from"] == "Ann" && m["text"] == "hello from alpha" &&
             m["room"].is_null();
    });
  })) << "lobby chat from alpha never reached beta's lobby";
  bob.chat("and back from beta");
  ann.expect_where("chat", [](const json& m) {
    return m["from"] == "Bob" && m["text"] == "and back from beta" && m["room"].is_null();
  });
  for (const auto& m : cat.drain(300ms))
    EXPECT_FALSE(m["type"] == "chat" && m["from"] == "Ann" && m["room"].is_null())
        << "lobby chat reached a player in room " << room;

  // /who in the lobby lists the people of both nodes.
  ASSERT_TRUE(eventually([&] {
    bob.chat("/who");
    const std::string text = bob.expect("info")["text"];
    return text.find("Ann") != std::string::npos && text.find("Bob") != std::string::npos &&
           text.find("Cat") != std::string::npos;
  }));
}

// Any room from any node: Ben, on beta, joins a room of alpha's. His connection stays on beta and
// is carried to alpha (an adopt over a link with the cluster's key); he plays there through beta,
// comes back with his token through beta (carried again, by his home) and straight to alpha; Cat
// watches from beta. Measures what a carried move costs against a direct one (printed, not
// asserted).
TEST(ClusterRooms, APlayerOfOneNodeJoinsPlaysAndComesBackToARoomOfTheOther) {
  RedisServer redis;
  ARCHIPEL_NEED_REDIS(redis);
  TestServer a(registry_with_race(), "", node_config(redis, "alpha"));
  TestServer b(registry_with_race(), "", node_config(redis, "beta"));
  TestClient ann(a.port());
  ASSERT_EQ(hello_result(ann, "Ann"), "");
  const auto room = create_room(ann);
  ASSERT_TRUE(eventually([&] { return first_page_lists(b, room); }));

  auto ben = std::make_unique<TestClient>(b.port());
  ben->send(json{{"type", "hello"}, {"name", "Ben"}});
  const std::string ben_token = ben->expect("welcome")["token"];
  ben->chat("/join " + std::to_string(room));
  // Seated at alpha, told through beta: the room as Ann sees it has Ben in seat 2.
  ann.expect_where("room", [](const json& r) { return r["seats"][1]["name"] == "Ben"; });
  EXPECT_EQ(ben->expect("room")["id"], room);
  // Alpha holds Ben now: his name's claim and his home are alpha's; beta carried one player, alpha
  // has one link.
  const std::string skeleton_key = "archipel:name:" + protocol::name_skeleton("Ben");
  EXPECT_EQ(redis.query({"GET", skeleton_key}).text.rfind("alpha ", 0), 0u);
  EXPECT_EQ(redis.query({"GET", "archipel:home:" + server::claim_player_id(ben_token)}).text,
            "alpha");
  EXPECT_EQ(b.metrics().players_carried.load(), 1);
  EXPECT_EQ(a.metrics().node_links.load(), 1);
  // Nobody takes his name, on either node.
  TestClient eve(b.port()), fay(a.port());
  EXPECT_EQ(hello_result(eve, "ben"), "name_taken");
  EXPECT_EQ(hello_result(fay, "BEN"), "name_taken");

  // The game, Ben's moves going through beta.
  ann.chat("/start");
  ann.expect("state");
  EXPECT_EQ(ben->expect("state")["room"], room);
  std::int64_t to = 2;
  for (TestClient* c : {&ann, ben.get()}) {
    c->send(
        json{{"type", "action"}, {"room", room}, {"action", {{"type", "bet"}, {"side", "high"}}}});
    c->expect_where("patch", [&](const json& m) { return m["to"] == to; });
    ++to;
  }
  // Ann adds (direct), then Ben (carried): each waits for its own patch.
  ann.send(json{{"type", "action"}, {"room", room}, {"action", {{"type", "add"}, {"n", 1}}}});
  ann.expect_where("patch", [](const json& m) { return m["to"] == 4; });
  ben->send(json{{"type", "action"}, {"room", room}, {"action", {{"type", "add"}, {"n", 1}}}});
  ben->expect_where("patch", [](const json& m) { return m["to"] == 5; });

  // What carrying costs: a sync's round trip (the room's state back) from Ben through beta and from
  // Ann straight to alpha, medians of 30 each (under the rate limit's burst), for docs/cluster.md.
  // Printed, not asserted.
  auto median_sync_us = [&](TestClient& c) {
    std::vector<long long> us;
    for (int i = 0; i < 30; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      c.send(json{{"type", "sync"}, {"room", room}});
      c.expect("state");
      us.push_back(std::chrono::duration_cast<std::chrono::microseconds>(
                       std::chrono::steady_clock::now() - t0)
                       .count());
    }
    std::sort(us.begin(), us.end());
    return us[us.size() / 2];
  };
  const auto direct_us = median_sync_us(ann);
  const auto carried_us = median_sync_us(*ben);
  std::printf(
      "[ measured ] sync round trip: direct %lld us, carried through another node %lld us "
      "(x%.2f)\n",
      direct_us, carried_us, static_cast<double>(carried_us) / static_cast<double>(direct_us));

  // Cat, on beta, watches the room: carried too, a spectator's state.
  TestClient cat(b.port());
  ASSERT_EQ(hello_result(cat, "Cat"), "");
  cat.chat("/watch " + std::to_string(room));
  json watched = cat.expect("state");
  EXPECT_EQ(watched["room"], room);
  EXPECT_EQ(watched["version"], 5);

  // Ben's connection drops; he comes back through beta with his token: beta does not know it, reads
  // his home and carries the hello to alpha, which gives him his seat back.
  ben.reset();
  ann.expect_where("room", [](const json& r) { return r["seats"][1]["connected"] == false; });
  TestClient ben_again(b.port());
  ben_again.send(json{{"type", "hello"}, {"token", ben_token}});
  EXPECT_EQ(ben_again.expect("welcome")["name"], "Ben");
  json back = ben_again.expect("state");
  EXPECT_EQ(back["room"], room);
  EXPECT_EQ(back["version"], 5);
  // He plays on from there (the counter is 2: add 2 twice more, Ann then Ben... until the end).
  ann.send(json{{"type", "action"}, {"room", room}, {"action", {{"type", "add"}, {"n", 2}}}});
  ben_again.expect_where("patch", [](const json& m) { return m["to"] == 6; });
  ben_again.send(json{{"type", "action"}, {"room", room}, {"action", {{"type", "add"}, {"n", 2}}}});
  ben_again.expect_where("patch", [](const json& m) { return m["to"] == 7; });

  // Straight to alpha with the same token: the carried connection is replaced, as on one node.
  TestClient ben_direct(a.port());
  ben_direct.send(json{{"type", "hello"}, {"token", ben_token}});
  EXPECT_EQ(ben_direct.expect("welcome")["name"], "Ben");
  EXPECT_EQ(ben_direct.expect("state")["version"], 7);
  ben_again.expect_where("info",
                         [](const json& m) { return m.value("code", "") == "session_replaced"; });

  // An unknown token is refused through beta as on one node, after beta asked Redis.
  TestClient forger(b.port());
  forger.send(json{{"type", "hello"}, {"token", std::string(32, 'f')}});
  forger.expect_error("bad_token");
}

// An adopt is a node's message: from a connection without the cluster's key it is not understood,
// and names nobody.
TEST(ClusterRooms, AnAdoptWithoutTheClustersKeyIsRefused) {
  RedisServer redis;
  ARCHIPEL_NEED_REDIS(redis);
  TestServer a(registry_with_race(), "", node_config(redis, "alpha"));
  TestClient mallory(a.port());
  mallory.send(json{{"type", "adopt"}, {"token", std::string(32, 'b')}, {"name", "Ben"}});
  EXPECT_EQ(mallory.expect("error")["code"], "unknown_type");
  // Not welcomed: a command still asks for a hello first.
  mallory.chat("/who");
  mallory.expect_error("hello_first");
  EXPECT_FALSE(key_exists(redis, "archipel:home:" + server::claim_player_id(std::string(32, 'b'))));
}

// A room's node that cannot be reached: the player is told and stays where they were, in the lobby
// of their own node.
TEST(ClusterRooms, AJoinToANodeThatCannotBeReachedLeavesThePlayerHome) {
  RedisServer redis;
  ARCHIPEL_NEED_REDIS(redis);
  auto config = node_config(redis, "alpha");
  config.node_address = "127.0.0.1:1";  // nothing listens there
  TestServer a(registry_with_race(), "", config);
  TestServer b(registry_with_race(), "", node_config(redis, "beta"));
  TestClient ann(a.port());
  ASSERT_EQ(hello_result(ann, "Ann"), "");
  const auto room = create_room(ann);
  ASSERT_TRUE(eventually([&] { return first_page_lists(b, room); }));
  TestClient ben(b.port());
  ASSERT_EQ(hello_result(ben, "Ben"), "");
  ben.chat("/join " + std::to_string(room));
  ben.expect_error("not_available");
  // Still beta's player: his name is beta's, and beta answers him.
  EXPECT_EQ(redis.query({"GET", "archipel:name:" + protocol::name_skeleton("Ben")})
                .text.rfind("beta ", 0),
            0u);
  ben.chat("/who");
  ben.expect("info");
  EXPECT_EQ(b.metrics().players_carried.load(), 0);
}

TEST(ClusterReady, ReadyzSays503WhileRedisIsDownAnd200Again) {
  RedisServer redis;
  ARCHIPEL_NEED_REDIS(redis);
  TestServer a(registry_with_race(), "", node_config(redis, "alpha"));
  ASSERT_TRUE(eventually([&] { return http_get(a.port(), "/readyz").result_int() == 200; }));
  EXPECT_EQ(http_get(a.port(), "/readyz").body(), "ready\n");
  redis.stop();
  ASSERT_TRUE(eventually([&] { return http_get(a.port(), "/readyz").result_int() == 503; }));
  EXPECT_NE(http_get(a.port(), "/readyz").body().find("Redis"), std::string::npos);
  EXPECT_EQ(http_get(a.port(), "/healthz").result_int(), 200);  // alive all the same
  ASSERT_TRUE(redis.restart()) << redis.why_not();
  EXPECT_TRUE(
      eventually([&] { return http_get(a.port(), "/readyz").result_int() == 200; }, 8000ms));
  // A node alone (no --cluster) is ready with its store.
  TestServer alone(registry_with_race());
  EXPECT_EQ(http_get(alone.port(), "/readyz").result_int(), 200);
}

TEST(ClusterLobby, RoomsComeBackAfterRedisRestartsEmpty) {
  RedisServer redis;
  ARCHIPEL_NEED_REDIS(redis);
  TestServer a(registry_with_race(), "", node_config(redis, "alpha"));
  TestServer b(registry_with_race(), "", node_config(redis, "beta"));
  TestClient ann(a.port());
  ASSERT_EQ(hello_result(ann, "Ann"), "");
  const auto room = create_room(ann);
  ASSERT_TRUE(eventually([&] { return key_exists(redis, "archipel:rooms:alpha"); }));
  ASSERT_TRUE(redis.restart()) << redis.why_not();
  // alpha writes its rooms again at its new connection; beta reads them at its new subscription.
  ASSERT_TRUE(eventually(
      [&] {
        return !redis.query({"HGET", "archipel:rooms:alpha", std::to_string(room)}).nil;
      },
      8000ms));
  EXPECT_TRUE(eventually([&] { return first_page_lists(b, room); }, 8000ms));
}

TEST(ClusterConfig, ParsesRedisUrls) {
  std::string why;
  auto url = server::parse_redis_url("redis://cache.example:6380/3", &why);
  ASSERT_TRUE(url) << why;
  EXPECT_EQ(url->host, "cache.example");
  EXPECT_EQ(url->port, 6380);
  EXPECT_EQ(url->db, 3);
  url = server::parse_redis_url("redis://:s3cret@[::1]", &why);
  ASSERT_TRUE(url) << why;
  EXPECT_EQ(url->host, "::1");
  EXPECT_EQ(url->port, 6379);
  EXPECT_EQ(url->password, "s3cret");
  for (const char* bad :
       {"http://host:6379", "redis://", "redis://host:0", "redis://host:99999", "redis://host:port",
        "redis://host:6379/x", "redis://host:6379/1/2", "redis://user@host", "redis://host:"}) {
    EXPECT_FALSE(server::parse_redis_url(bad, &why)) << bad;
    EXPECT_FALSE(why.empty()) << bad;
  }
}

// The real binary: a bad --cluster URL is a clear error at start, the password not echoed, and a
// non-zero exit, before anything is served.
TEST(ClusterConfig, ABadRedisUrlStopsTheServerAtStart) {
  const fs::path dir =
      fs::temp_directory_path() / ("archipel-badurl-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  for (const std::string url : {"redis://:hunter2@localhost:99999", "rediss://localhost",
                                "redis://:hunter2@localhost:6379/db"}) {
    fs::remove(dir / "err");
    const pid_t pid =
        spawn_program({ARCHIPEL_SERVER_BIN, "--port", "0", "--data", "memory", "--cluster", url},
                      dir / "out", dir / "err");
    ASSERT_GT(pid, 0);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status)) << url;
    EXPECT_NE(WEXITSTATUS(status), 0) << url;
    const std::string err = read_file(dir / "err") + read_file(dir / "out");
    EXPECT_NE(err.find("bad --cluster URL"), std::string::npos) << err;
    EXPECT_EQ(err.find("hunter2"), std::string::npos) << "the password was echoed: " << err;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace archipel::testing
