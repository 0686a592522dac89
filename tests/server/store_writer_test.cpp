// The store's writer thread (server/store_writer.hpp) over each store (memory, SQLite, PostgreSQL):
// games' records and the writes of many rooms committed together, in order per room, each told its
// own result, and the end of a game never written before its last action. The stores' own group
// commit is in store_test.cpp. Nothing here is timed.

#include <atomic>
#include <thread>

#include <gtest/gtest.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include "server/store_writer.hpp"
#include "tests/support/store_kinds.hpp"

namespace archipel::server {
namespace {

using archipel::testing::act;
using archipel::testing::game;
using archipel::testing::StoreKind;
using nlohmann::json;

class StoreWriterOver : public archipel::testing::StoreTest {};

TEST_P(StoreWriterOver, WritesOfManyRoomsAreStoredInOrderAndEachToldItsResult) {
  auto store = open();
  boost::asio::io_context ioc;
  std::vector<std::vector<int>> told(5);  // results by room, in the order the rooms heard them
  std::atomic<int> saved{0};
  {
    StoreWriter writer(*store);
    // Each game's record goes through the writer too (a room's start), queued before its actions.
    for (RoomId r = 1; r <= 4; ++r)
      writer.save_game(game(r), ioc.get_executor(), [&saved](bool s) { saved += s; });
    for (int i = 0; i < 50; ++i)
      for (RoomId r = 1; r <= 4; ++r)
        writer.append_action(
            r, i, act(i % 2, i), ioc.get_executor(), [&ioc, &told, r, i](bool stored) {
              boost::asio::post(ioc,
                                [&told, r, i, stored] { told[r].push_back(stored ? i : -1 - i); });
            });
    ioc.run();  // returns only once every result has been delivered (the writer holds the executor
                // busy)
  }
  EXPECT_EQ(saved, 4);
  for (RoomId r = 1; r <= 4; ++r) {
    std::vector<int> expected(50);
    for (int i = 0; i < 50; ++i) expected[i] = i;
    EXPECT_EQ(told[r], expected) << "room " << r;
    const auto record = store->load_game(r);
    ASSERT_TRUE(record);
    ASSERT_EQ(record->actions.size(), 50u);
    for (int i = 0; i < 50; ++i) EXPECT_EQ(record->actions[i].action["n"], i);
  }
}

TEST_P(StoreWriterOver, AGameIsMarkedOverOnlyAfterItsLastAction) {
  auto store = open();
  ASSERT_TRUE(store->save_game(game(7)));
  boost::asio::io_context ioc;
  std::vector<std::string> order;
  {
    StoreWriter writer(*store);
    auto note = [&](std::string what) {
      return [&ioc, &order, what](bool stored) {
        boost::asio::post(
            ioc, [&order, what, stored] { order.push_back(what + (stored ? "" : " failed")); });
      };
    };
    writer.append_action(7, 0, act(0, 1), ioc.get_executor(), note("a0"));
    writer.append_action(7, 1, act(1, 2), ioc.get_executor(), note("a1"));
    writer.finish_game(7, json{{"scores", {1, 2}}}, 1000, ioc.get_executor(), note("over"));
    ioc.run();
  }
  EXPECT_EQ(order, (std::vector<std::string>{"a0", "a1", "over"}));
  const auto record = store->load_game(7);
  ASSERT_TRUE(record);
  EXPECT_EQ(record->status, "over");
  EXPECT_EQ(record->actions.size(), 2u);
}

// A read queued with the writes sees every write queued before it, and runs on the writer's thread,
// not the caller's; a game the store does not have is read as nullopt.
TEST_P(StoreWriterOver, AReadSeesTheWritesQueuedBeforeIt) {
  auto store = open();
  ASSERT_TRUE(store->save_game(game(3)));
  boost::asio::io_context ioc;
  std::optional<GameRecord> read, missing = GameRecord{};
  std::thread::id read_on;
  {
    StoreWriter writer(*store, std::chrono::milliseconds(5));
    for (int i = 0; i < 3; ++i)
      writer.append_action(3, i, act(i % 2, i), ioc.get_executor(), [](bool) {});
    writer.finish_game(3, json{{"scores", {1, 2}}}, 1000, ioc.get_executor(), [](bool) {});
    writer.load_game(3, ioc.get_executor(), [&](std::optional<GameRecord> record) {
      read_on = std::this_thread::get_id();
      boost::asio::post(
          ioc, [&read, record = std::move(record)]() mutable { read = std::move(record); });
    });
    writer.load_game(99, ioc.get_executor(), [&](std::optional<GameRecord> record) {
      boost::asio::post(
          ioc, [&missing, record = std::move(record)]() mutable { missing = std::move(record); });
    });
    ioc.run();  // returns once both reads have been handed back
  }
  ASSERT_TRUE(read);
  EXPECT_EQ(read->actions.size(), 3u);
  EXPECT_EQ(read->status, "over");
  EXPECT_NE(read_on, std::this_thread::get_id()) << "read on the writer's thread";
  EXPECT_FALSE(missing);
}

// A store that counts the groups it is given, and writes nothing.
struct GroupCountingStore final : Store {
  std::atomic<int> groups{0}, actions{0};
  bool save_game(const GameRecord&) override { return true; }
  bool append_action(RoomId, int, const ActionRecord&) override { return true; }
  std::vector<bool> append_actions(const std::vector<PendingAction>& group) override {
    ++groups;
    actions += static_cast<int>(group.size());
    return std::vector<bool>(group.size(), true);
  }
  bool finish_game(RoomId, const json&, std::int64_t) override { return true; }
  bool abandon_game(RoomId) override { return true; }
  bool set_away_since(RoomId, std::optional<std::int64_t>) override { return true; }
  bool set_seat_play(RoomId, const SeatPlay&) override { return true; }
  std::vector<GameRecord> load_unfinished() override { return {}; }
  std::optional<GameRecord> load_game(RoomId) override { return std::nullopt; }
  std::vector<FinishedGame> finished_games(const std::string&, std::optional<HistoryCursor>,
                                           int) override {
    return {};
  }
  RoomId max_room_id() override { return 0; }
  bool create_account(const AccountRecord&, const std::string&) override { return false; }
  std::optional<AccountRecord> find_account(const std::string&) override { return std::nullopt; }
  std::vector<std::string> account_names() override { return {}; }
  bool add_account_token(const std::string&, const std::string&) override { return false; }
  std::optional<std::string> account_of_token(const std::string&) override { return std::nullopt; }
  bool revoke_token(const std::string&) override { return true; }
  bool revoke_account_tokens(const std::string&) override { return true; }
  std::vector<PlayerRating> ratings(const std::string&, const std::vector<std::string>&) override {
    return {};
  }
  bool record_rating_changes(const std::vector<RatingChange>&) override { return true; }
  std::vector<PlayerRating> top_ratings(const std::string&, int) override { return {}; }
  std::vector<PlayerRating> account_ratings(const std::string&) override { return {}; }
  std::vector<RatingChange> rating_history(const std::string&, int) override { return {}; }
};

// Until `count` reaches `n`, for at most ten seconds (a write never made fails the test instead of
// hanging it).
bool reaches(const std::atomic<int>& count, int n) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (count < n && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
  return count >= n;
}

// With a commit interval, the writes that arrive after a commit wait out the interval and go as one
// group; a write after a quiet spell goes at once, and stopping does not wait. The interval is long
// (a minute) so that no held write can be committed before the checks by chance.
// A task (a rated game, /top) runs on the writer's thread in order: it sees the writes queued
// before it, and the writes queued after it wait for it.
TEST_P(StoreWriterOver, ATaskRunsInOrderWithTheWrites) {
  auto store = open();
  ASSERT_TRUE(store->save_game(game(4)));
  boost::asio::io_context ioc;
  std::size_t seen = 0;
  std::string after_task;
  {
    StoreWriter writer(*store, std::chrono::milliseconds(5));
    writer.append_action(4, 0, act(0, 1), ioc.get_executor(), [](bool) {});
    writer.run_task(
        [&seen](Store& s) {
          seen = s.load_game(4)->actions.size();
          s.save_game(game(5));  // what the task writes, the next write finds
        },
        ioc.get_executor());
    writer.finish_game(5, json{{"scores", {1, 2}}}, 1000, ioc.get_executor(),
                       [&](bool stored) { after_task = stored ? "stored" : "refused"; });
    ioc.run();
  }
  EXPECT_EQ(seen, 1u);
  EXPECT_EQ(after_task, "stored");
}

TEST(StoreWriter, WritesArrivingWithinTheCommitIntervalShareOneCommit) {
  GroupCountingStore store;
  boost::asio::io_context ioc;
  std::atomic<int> told{0};
  auto done = [&told](bool stored) { told += stored; };
  {
    StoreWriter writer(store, std::chrono::minutes(1));
    writer.append_action(1, 0, act(0, 0), ioc.get_executor(), done);  // the first: written at once
    ASSERT_TRUE(reaches(told, 1));
    EXPECT_EQ(store.groups, 1);
    for (int room = 2; room <= 6; ++room)  // within the minute after that commit: held, all five
      writer.append_action(room, 0, act(0, room), ioc.get_executor(), done);
    EXPECT_EQ(store.groups, 1);
    EXPECT_EQ(told, 1);
  }  // stopping: the held writes go now, as one group, without waiting out the minute
  EXPECT_EQ(store.groups, 2);
  EXPECT_EQ(store.actions, 6);
  EXPECT_EQ(told, 6);
}

// Without an interval (the default), the writer never holds a write: each is written once queued,
// the idle writer woken by it.
TEST(StoreWriter, WithoutAnIntervalEveryWriteGoesAtOnce) {
  GroupCountingStore store;
  boost::asio::io_context ioc;
  std::atomic<int> told{0};
  StoreWriter writer(store);
  for (int i = 0; i < 20; ++i) {
    writer.append_action(1, i, act(0, i), ioc.get_executor(),
                         [&told](bool stored) { told += stored; });
    ASSERT_TRUE(reaches(told, i + 1))
        << "write " << i;  // an idle writer must be woken by each write
  }
  EXPECT_EQ(store.groups, 20);
}

INSTANTIATE_TEST_SUITE_P(Stores, StoreWriterOver,
                         ::testing::Values(StoreKind::memory, StoreKind::sqlite,
                                           StoreKind::postgresql),
                         archipel::testing::store_kind_name);

}  // namespace
}  // namespace archipel::server
