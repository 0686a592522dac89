// Flags and environment variables of the robustness work (issue 9): durations, origins, SQLite's
// sync mode, the per-player room limit, the store's commit interval; and the store a server uses
// (issue 34): --store's PostgreSQL URL, whose password never reaches a log line; the cluster's
// flags (--cluster and its lease).

#include "server/config.hpp"

#include <cstdlib>
#include <thread>

#include <gtest/gtest.h>

namespace archipel::server {
namespace {

using namespace std::chrono_literals;

std::optional<Config> parse(std::vector<std::string> args, int* exit_code) {
  args.insert(args.begin(), "archipel-server");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return parse_config(static_cast<int>(argv.size()), argv.data(), exit_code);
}

TEST(ParseDuration, ANumberAndAUnit) {
  EXPECT_EQ(parse_duration("90"), 90s);
  EXPECT_EQ(parse_duration("90s"), 90s);
  EXPECT_EQ(parse_duration("250ms"), 250ms);
  EXPECT_EQ(parse_duration("30m"), 30min);
  EXPECT_EQ(parse_duration("24h"), 24h);
  EXPECT_EQ(parse_duration("7d"), 168h);
  EXPECT_EQ(parse_duration("0"), 0ms);
  for (const char* bad :
       {"", "h", "-1h", "1.5h", "1 h", "1w", "10hh", "99999999999999999999", "1000000d"})
    EXPECT_FALSE(parse_duration(bad)) << bad;
}

TEST(Config, DefaultsOfTheRobustnessFlags) {
  int code = 0;
  auto c = parse({}, &code);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->abandon_after, 24h);
  EXPECT_EQ(c->name_grace_seconds, 60);
  EXPECT_TRUE(c->allowed_origins.empty());
  EXPECT_FALSE(c->sqlite_sync_full);
  EXPECT_EQ(c->max_rooms_per_player, 3);
  EXPECT_EQ(c->commit_interval_ms, 2);
}

// One network thread fewer than the cores, never none: the other core is the store writer's and the
// bots'.
TEST(Config, NetworkThreadsDefaultToOneFewerThanTheCores) {
  EXPECT_EQ(threads_for_cores(0), 1);  // unknown
  EXPECT_EQ(threads_for_cores(1), 1);
  EXPECT_EQ(threads_for_cores(2), 1);
  EXPECT_EQ(threads_for_cores(3), 2);
  EXPECT_EQ(threads_for_cores(8), 7);
  EXPECT_EQ(threads_for_cores(65), 64);
  EXPECT_EQ(threads_for_cores(256), 64);  // --threads' own limit
  int code = 0;
  auto c = parse({}, &code);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->threads, threads_for_cores(std::thread::hardware_concurrency()));
  c = parse({"--threads", "3"}, &code);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->threads, 3);
  EXPECT_FALSE(parse({"--threads", "0"}, &code));
}

// The bots' thinking pool (issue 39): one thread unless told, by flag or environment; never zero.
TEST(Config, BotThreads) {
  int code = 0;
  auto c = parse({}, &code);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->bot_threads, 1);
  c = parse({"--bot-threads", "4"}, &code);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->bot_threads, 4);
  ::setenv("ARCHIPEL_BOT_THREADS", "3", 1);
  c = parse({}, &code);
  ::unsetenv("ARCHIPEL_BOT_THREADS");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->bot_threads, 3);
  EXPECT_FALSE(parse({"--bot-threads", "0"}, &code));
}

TEST(Config, FlagsAndEnvironment) {
  int code = 0;
  auto c = parse({"--abandon-after", "90m", "--name-grace", "5", "--allowed-origins",
                  "https://a.example,https://b.example", "--sqlite-sync", "full",
                  "--max-rooms-per-player", "7", "--commit-interval", "0"},
                 &code);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->abandon_after, 90min);
  EXPECT_EQ(c->name_grace_seconds, 5);
  EXPECT_EQ(c->allowed_origins,
            (std::vector<std::string>{"https://a.example", "https://b.example"}));
  EXPECT_TRUE(c->sqlite_sync_full);
  EXPECT_EQ(c->max_rooms_per_player, 7);
  EXPECT_EQ(c->commit_interval_ms, 0);

  ::setenv("ARCHIPEL_ABANDON_AFTER", "2d", 1);
  ::setenv("ARCHIPEL_SQLITE_SYNC", "full", 1);
  ::setenv("ARCHIPEL_ALLOWED_ORIGINS", "https://c.example,https://d.example", 1);
  ::setenv("ARCHIPEL_COMMIT_INTERVAL", "10", 1);
  auto e = parse({}, &code);
  ::unsetenv("ARCHIPEL_COMMIT_INTERVAL");
  ::unsetenv("ARCHIPEL_ABANDON_AFTER");
  ::unsetenv("ARCHIPEL_SQLITE_SYNC");
  ::unsetenv("ARCHIPEL_ALLOWED_ORIGINS");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->abandon_after, 48h);
  EXPECT_TRUE(e->sqlite_sync_full);
  EXPECT_EQ(e->allowed_origins,
            (std::vector<std::string>{"https://c.example", "https://d.example"}));
  EXPECT_EQ(e->commit_interval_ms, 10);

  ::testing::internal::CaptureStderr();
  ::testing::internal::CaptureStdout();
  EXPECT_FALSE(parse({"--abandon-after", "soon"}, &code));
  EXPECT_FALSE(parse({"--sqlite-sync", "off"}, &code));
  EXPECT_FALSE(parse({"--commit-interval", "-1"}, &code));
  ::testing::internal::GetCapturedStdout();
  ::testing::internal::GetCapturedStderr();
  EXPECT_NE(code, 0);
}

TEST(Config, TheStoreIsAPostgresqlUrlOrTheDataFolder) {
  int code = 0;
  auto c = parse({}, &code);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->store, "");
  EXPECT_EQ(store_description(*c), "sqlite:data/archipel.sqlite3");
  c = parse({"--data", "memory"}, &code);
  ASSERT_TRUE(c);
  EXPECT_EQ(store_description(*c), "memory");
  c = parse({"--store", "postgresql://archipel@db.example:5432/games"}, &code);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->store, "postgresql://archipel@db.example:5432/games");
  EXPECT_EQ(store_description(*c), "postgresql://archipel@db.example:5432/games");

  ::setenv("ARCHIPEL_STORE", "postgres://archipel:hunter2@db/games", 1);
  auto e = parse({}, &code);
  ::unsetenv("ARCHIPEL_STORE");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->store, "postgres://archipel:hunter2@db/games");
  EXPECT_EQ(store_description(*e), "postgres://archipel:***@db/games");

  // Anything else is refused at start, and the message does not repeat the value (it may hold a
  // password).
  for (const char* bad : {"sqlite", "mysql://archipel:hunter2@db/games", "host=db password=hunter2",
                          "postgresql:/x"}) {
    ::testing::internal::CaptureStderr();
    ::testing::internal::CaptureStdout();
    EXPECT_FALSE(parse({"--store", bad}, &code)) << bad;
    const std::string said =
        ::testing::internal::GetCapturedStderr() + ::testing::internal::GetCapturedStdout();
    EXPECT_NE(code, 0) << bad;
    EXPECT_NE(said.find("--store"), std::string::npos) << said;
    EXPECT_EQ(said.find("hunter2"), std::string::npos) << said;
  }
}

// Issue 34, first step: the cluster's flags. Off by default; the URL, the node id and the lease
// checked at start, with refusals that say what is wrong without quoting a password.
TEST(Config, TheClusterFlagsAndTheirVariables) {
  int code = 0;
  auto c = parse({}, &code);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->cluster, "");
  EXPECT_EQ(c->node_id, "");
  EXPECT_EQ(c->cluster_lease, 5s);
  EXPECT_EQ(c->cluster_heartbeat, 1s);

  c = parse({"--cluster", "redis://cache:6380/2", "--node-id", "node-a.1", "--cluster-lease",
             "1500ms", "--cluster-heartbeat", "250ms"},
            &code);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->cluster, "redis://cache:6380/2");
  EXPECT_EQ(c->node_id, "node-a.1");
  EXPECT_EQ(c->cluster_lease, 1500ms);
  EXPECT_EQ(c->cluster_heartbeat, 250ms);

  ::setenv("ARCHIPEL_CLUSTER", "redis://:hunter2@cache", 1);
  ::setenv("ARCHIPEL_NODE_ID", "b", 1);
  auto e = parse({}, &code);
  ::unsetenv("ARCHIPEL_CLUSTER");
  ::unsetenv("ARCHIPEL_NODE_ID");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->cluster, "redis://:hunter2@cache");
  EXPECT_EQ(e->node_id, "b");

  const std::vector<std::vector<std::string>> bad = {
      {"--cluster", "redis://:hunter2@cache:99999"},
      {"--cluster", "postgresql://:hunter2@cache"},
      {"--node-id", "a node"},
      {"--node-id", std::string(65, 'n')},
      {"--cluster-lease", "50ms"},
      {"--cluster-lease", "2s", "--cluster-heartbeat", "2s"},
  };
  for (const auto& args : bad) {
    ::testing::internal::CaptureStderr();
    ::testing::internal::CaptureStdout();
    EXPECT_FALSE(parse(args, &code)) << args[0] << " " << args[1];
    const std::string said =
        ::testing::internal::GetCapturedStderr() + ::testing::internal::GetCapturedStdout();
    EXPECT_NE(code, 0) << args[1];
    EXPECT_NE(said.find(args[0]), std::string::npos) << said;
    EXPECT_EQ(said.find("hunter2"), std::string::npos) << said;
  }
}

TEST(Config, APasswordInTheStoreUrlIsMasked) {
  EXPECT_EQ(without_password("postgresql://archipel:s3cret@db:5432/games"),
            "postgresql://archipel:***@db:5432/games");
  EXPECT_EQ(without_password("postgresql://archipel@db/games"), "postgresql://archipel@db/games");
  EXPECT_EQ(without_password("postgresql://db/games"), "postgresql://db/games");
  EXPECT_EQ(without_password("postgresql://:s3cret@db/games"), "postgresql://:***@db/games");
  EXPECT_EQ(without_password("postgresql://db/games?user=archipel&password=s3cret&sslmode=require"),
            "postgresql://db/games?user=archipel&password=***&sslmode=require");
  EXPECT_EQ(without_password("postgresql://a:s3cret@db/games?password=other"),
            "postgresql://a:***@db/games?password=***");
  // An '@' after the host is not a user part (libpq reads the user up to the first '@' before any
  // '/').
  EXPECT_EQ(without_password("postgresql://db/games?application_name=a@b"),
            "postgresql://db/games?application_name=a@b");
  // libpq's messages may quote the URL, or a piece of it.
  EXPECT_EQ(
      without_password_in("invalid token \"s3cret\" in 'postgresql://a:s3cret@db/x?password=p2'",
                          "postgresql://a:s3cret@db/x?password=p2"),
      "invalid token \"***\" in 'postgresql://a:***@db/x?password=***'");
  EXPECT_EQ(without_password_in("no password here", "postgresql://a@db/x"), "no password here");
  EXPECT_TRUE(is_postgresql_url("postgresql://db/games"));
  EXPECT_TRUE(is_postgresql_url("postgres://db/games"));
  EXPECT_FALSE(is_postgresql_url("postgresql:db"));
  EXPECT_FALSE(is_postgresql_url("data"));
}

}  // namespace
}  // namespace archipel::server
