// The Store contract (server/store.hpp), one suite over the three stores: memory, SQLite and
// PostgreSQL (its server started by the tests, tests/support/postgres_server.hpp). A game comes
// back as it was saved; only running games are restored, in order, with their actions; an action's
// index must be the next of its game's; a group of actions is committed whole, or one by one when
// one of them is bad, so that it fails alone; the store takes calls from several threads at once.
// The durable stores also keep all of it across a reopening.

#include <atomic>
#include <thread>

#include <gtest/gtest.h>

#include "server/store.hpp"
#include "tests/support/store_kinds.hpp"

namespace archipel::testing {
namespace {

using nlohmann::json;
using server::ActionRecord;
using server::GameRecord;
using server::PendingAction;
using server::RoomId;
using server::SeatPlay;
using server::SeatRecord;

// Every field set, and values a store could mangle: the largest seed (no SQL integer holds it), a
// bot seat, text beyond ASCII and a NUL character in an action (JSON text "\u0000", which
// PostgreSQL's jsonb would refuse).
GameRecord full_game(RoomId id) {
  GameRecord g = game(id);
  g.game = "santa-cruz";
  g.options = {{"variant", "advanced"}, {"target", "12"}};
  g.seed = 18'446'744'073'709'551'615u;
  g.seats = {SeatRecord{"Zoé", "tz"}, SeatRecord{"Greedy 2", "", true, "greedy"}};
  g.host = "tz";
  g.play = SeatPlay{{"", "search"}, json{{"banks_ms", {60000, 45000}}, {"since_ms", 1234}}};
  return g;
}

std::vector<RoomId> ids(const std::vector<GameRecord>& games) {
  std::vector<RoomId> out;
  for (const auto& g : games) out.push_back(g.id);
  return out;
}

void expect_same_game(const GameRecord& got, const GameRecord& saved) {
  EXPECT_EQ(got.id, saved.id);
  EXPECT_EQ(got.game, saved.game);
  EXPECT_EQ(got.options, saved.options);
  EXPECT_EQ(got.seed, saved.seed);
  ASSERT_EQ(got.seats.size(), saved.seats.size());
  for (std::size_t i = 0; i < got.seats.size(); ++i) {
    EXPECT_EQ(got.seats[i].name, saved.seats[i].name) << "seat " << i;
    EXPECT_EQ(got.seats[i].token, saved.seats[i].token) << "seat " << i;
    EXPECT_EQ(got.seats[i].bot, saved.seats[i].bot) << "seat " << i;
    EXPECT_EQ(got.seats[i].strategy, saved.seats[i].strategy) << "seat " << i;
  }
  EXPECT_EQ(got.host, saved.host);
  EXPECT_EQ(got.play, saved.play);
}

const std::vector<ActionRecord> kOddActions = {
    ActionRecord{0, json{{"type", "say"}, {"text", "été ☀ \u00e9"}}},
    ActionRecord{1, json{{"type", "say"}, {"text", std::string("a\0b", 3)}}},
    ActionRecord{0, json{{"type", "add"}, {"n", -7}}},
};

class StoreContract : public StoreTest {};
class DurableStoreContract : public StoreTest {};

TEST_P(StoreContract, AbandonedAndFinishedGamesAreNotLoaded) {
  auto store = open();
  for (RoomId id : {1, 2, 3}) ASSERT_TRUE(store->save_game(game(id)));
  ASSERT_TRUE(store->append_action(2, 0, ActionRecord{0, json{{"type", "bet"}, {"side", "high"}}}));
  ASSERT_TRUE(store->finish_game(1, json{{"scores", {1, 2}}}));
  ASSERT_TRUE(store->abandon_game(2));
  EXPECT_EQ(ids(store->load_unfinished()), std::vector<RoomId>{3});
  const auto abandoned = store->load_game(2);
  ASSERT_TRUE(abandoned);
  EXPECT_EQ(abandoned->status, "abandoned");
  EXPECT_FALSE(abandoned->outcome);
  EXPECT_EQ(abandoned->actions.size(), 1u);  // its moves stay for /log
  const auto finished = store->load_game(1);
  ASSERT_TRUE(finished);
  EXPECT_EQ(finished->status, "over");
  EXPECT_EQ(finished->outcome, json({{"scores", {1, 2}}}));
  EXPECT_EQ(store->max_room_id(), 3);

  ASSERT_TRUE(store->set_away_since(3, 1'700'000'000'123));
  EXPECT_EQ(store->load_unfinished().at(0).away_since, 1'700'000'000'123);
  ASSERT_TRUE(store->set_away_since(3, std::nullopt));
  EXPECT_FALSE(store->load_unfinished().at(0).away_since);
}

TEST_P(StoreContract, AGameComesBackAsItWasSaved) {
  auto store = open();
  const GameRecord saved = full_game(7);
  ASSERT_TRUE(store->save_game(saved));
  for (std::size_t i = 0; i < kOddActions.size(); ++i)
    ASSERT_TRUE(store->append_action(7, static_cast<int>(i), kOddActions[i])) << i;
  const auto got = store->load_game(7);
  ASSERT_TRUE(got);
  expect_same_game(*got, saved);
  EXPECT_EQ(got->status, "playing");
  EXPECT_FALSE(got->outcome);
  EXPECT_FALSE(got->away_since);
  ASSERT_EQ(got->actions.size(), kOddActions.size());
  for (std::size_t i = 0; i < kOddActions.size(); ++i) {
    EXPECT_EQ(got->actions[i].seat, kOddActions[i].seat) << i;
    EXPECT_EQ(got->actions[i].action, kOddActions[i].action) << i;
  }
  EXPECT_FALSE(store->load_game(8)) << "a game never saved";
}

TEST_P(StoreContract, WhoPlaysEachSeatIsReplaced) {
  auto store = open();
  ASSERT_TRUE(store->save_game(full_game(4)));
  const SeatPlay handed{{"greedy", ""}, json()};
  ASSERT_TRUE(store->set_seat_play(4, handed));
  EXPECT_EQ(store->load_game(4)->play, handed);
  EXPECT_EQ(store->load_unfinished().at(0).play, handed);
}

// Index 0 first, then each the next: one already stored, one past the next, or one of a game never
// saved fails, and changes nothing.
TEST_P(StoreContract, AnActionIndexMustBeTheNext) {
  auto store = open();
  ASSERT_TRUE(store->save_game(game(1)));
  EXPECT_FALSE(store->append_action(1, 1, act(0, 1))) << "a first action must be index 0";
  EXPECT_TRUE(store->append_action(1, 0, act(0, 10)));
  EXPECT_FALSE(store->append_action(1, 0, act(1, 11))) << "index 0 is taken";
  EXPECT_FALSE(store->append_action(1, 2, act(1, 12))) << "index 1 comes first";
  EXPECT_TRUE(store->append_action(1, 1, act(1, 13)));
  EXPECT_FALSE(store->append_action(99, 0, act(0, 1))) << "game 99 was never saved";
  const auto record = store->load_game(1);
  ASSERT_TRUE(record);
  ASSERT_EQ(record->actions.size(), 2u);
  EXPECT_EQ(record->actions[0].action["n"], 10);
  EXPECT_EQ(record->actions[1].action["n"], 13);
  EXPECT_FALSE(store->load_game(99));
}

// A group that cannot be committed (here one write reuses an index) is written one by one: the bad
// write fails alone, the others of the group are stored and told so.
TEST_P(StoreContract, AFailedGroupFailsOnlyItsBadWrite) {
  auto store = open();
  ASSERT_TRUE(store->save_game(game(1)));
  ASSERT_TRUE(store->save_game(game(2)));
  ASSERT_TRUE(store->append_action(1, 0, act(0, 9)));
  const auto stored =
      store->append_actions({PendingAction{2, 0, act(0, 1)}, PendingAction{1, 0, act(0, 5)},
                             PendingAction{2, 1, act(1, 2)}});
  EXPECT_EQ(stored, (std::vector<bool>{true, false, true}));
  EXPECT_EQ(store->load_game(2)->actions.size(), 2u);
  ASSERT_EQ(store->load_game(1)->actions.size(), 1u);
  EXPECT_EQ(store->load_game(1)->actions[0].action["n"], 9);
}

TEST_P(StoreContract, AGroupOfManyRoomsIsStoredWhole) {
  auto store = open();
  for (RoomId r = 1; r <= 3; ++r) ASSERT_TRUE(store->save_game(game(r)));
  std::vector<PendingAction> group;
  for (int i = 0; i < 20; ++i)
    for (RoomId r = 1; r <= 3; ++r)
      group.push_back(PendingAction{r, i, act(i % 2, i * 10 + static_cast<int>(r))});
  EXPECT_EQ(store->append_actions(group), std::vector<bool>(60, true));
  for (RoomId r = 1; r <= 3; ++r) {
    const auto record = store->load_game(r);
    ASSERT_TRUE(record);
    ASSERT_EQ(record->actions.size(), 20u);
    for (int i = 0; i < 20; ++i) EXPECT_EQ(record->actions[i].action["n"], i * 10 + r);
  }
}

// Restore reads the running games in the order of their ids, each with its actions in order.
TEST_P(StoreContract, RunningGamesComeInOrderWithTheirActions) {
  auto store = open();
  EXPECT_TRUE(store->load_unfinished().empty());
  EXPECT_EQ(store->max_room_id(), 0);
  for (RoomId id : {5, 2, 9, 3}) ASSERT_TRUE(store->save_game(game(id)));
  for (RoomId id : {5, 2, 9, 3})
    for (int i = 0; i < static_cast<int>(id); ++i)
      ASSERT_TRUE(store->append_action(id, i, act(i % 2, i)));
  ASSERT_TRUE(store->finish_game(9, json{{"scores", {0, 1}}}));
  const auto running = store->load_unfinished();
  EXPECT_EQ(ids(running), (std::vector<RoomId>{2, 3, 5}));
  for (const auto& g : running) {
    ASSERT_EQ(g.actions.size(), static_cast<std::size_t>(g.id)) << "game " << g.id;
    for (int i = 0; i < static_cast<int>(g.id); ++i)
      EXPECT_EQ(g.actions[i].action["n"], i) << "game " << g.id;
  }
  EXPECT_EQ(store->max_room_id(), 9);
}

// Rooms write through the writer thread while the lobby and rooms read: the store takes calls from
// several threads at once, and loses none.
TEST_P(StoreContract, CallsFromManyThreadsAtOnce) {
  auto store = open();
  constexpr int kRooms = 4, kActions = 30;
  for (RoomId r = 1; r <= kRooms; ++r) ASSERT_TRUE(store->save_game(game(r)));
  std::atomic<int> stored{0}, read{0};
  std::vector<std::thread> threads;
  for (RoomId r = 1; r <= kRooms; ++r)
    threads.emplace_back([&, r] {
      for (int i = 0; i < kActions; ++i) stored += store->append_action(r, i, act(i % 2, i));
    });
  threads.emplace_back([&] {
    for (int i = 0; i < kActions; ++i) read += store->load_game(1 + i % kRooms).has_value();
  });
  for (auto& t : threads) t.join();
  EXPECT_EQ(stored, kRooms * kActions);
  EXPECT_EQ(read, kActions);
  for (RoomId r = 1; r <= kRooms; ++r)
    EXPECT_EQ(store->load_game(r)->actions.size(), std::size_t{kActions});
}

TEST_P(DurableStoreContract, AGameComesBackAfterAReopening) {
  const GameRecord saved = full_game(7);
  {
    auto store = open();
    ASSERT_TRUE(store->save_game(saved));
    for (std::size_t i = 0; i < kOddActions.size(); ++i)
      ASSERT_TRUE(store->append_action(7, static_cast<int>(i), kOddActions[i]));
    ASSERT_TRUE(store->save_game(game(3)));
    ASSERT_TRUE(store->finish_game(3, json{{"scores", {2, 1}}}));
  }
  auto store = open();
  const auto running = store->load_unfinished();
  ASSERT_EQ(ids(running), std::vector<RoomId>{7});
  expect_same_game(running[0], saved);
  ASSERT_EQ(running[0].actions.size(), kOddActions.size());
  for (std::size_t i = 0; i < kOddActions.size(); ++i)
    EXPECT_EQ(running[0].actions[i].action, kOddActions[i].action);
  EXPECT_EQ(store->load_game(3)->outcome, json({{"scores", {2, 1}}}));
  EXPECT_EQ(store->max_room_id(), 7);
  EXPECT_TRUE(store->append_action(7, static_cast<int>(kOddActions.size()), act(1, 1)))
      << "the log goes on";
}

TEST_P(DurableStoreContract, AwaySinceSurvivesAReopening) {
  {
    auto store = open();
    ASSERT_TRUE(store->save_game(game(4)));
    ASSERT_TRUE(store->set_away_since(4, 42));
  }
  auto store = open();
  ASSERT_EQ(store->load_unfinished().size(), 1u);
  EXPECT_EQ(store->load_unfinished()[0].away_since, 42);
}

TEST_P(DurableStoreContract, AGroupSurvivesAReopening) {
  {
    auto store = open();
    ASSERT_TRUE(store->save_game(game(3)));
    std::vector<PendingAction> group;
    for (int i = 0; i < 20; ++i) group.push_back(PendingAction{3, i, act(i % 2, i)});
    EXPECT_EQ(store->append_actions(group), std::vector<bool>(20, true));
  }
  EXPECT_EQ(open()->load_game(3)->actions.size(), 20u);  // as after a restart: all twenty are there
}

// ---- accounts ----------------------------------------------------------------------------------

server::AccountRecord account(const std::string& name, const std::string& skeleton) {
  return server::AccountRecord{name, skeleton, "$argon2id$v=19$m=8,t=1,p=1$c2FsdA$aGFzaA", 1234};
}

TEST_P(StoreContract, AnAccountComesBackWithItsFirstToken) {
  auto store = open();
  EXPECT_FALSE(store->find_account("zoe"));
  ASSERT_TRUE(store->create_account(account("Zoé", "zoe"), "t1"));
  EXPECT_EQ(store->find_account("zoe"), account("Zoé", "zoe"));
  EXPECT_EQ(store->account_of_token("t1"), "zoe");
  EXPECT_FALSE(store->account_of_token("t2"));
  EXPECT_EQ(store->account_names(), std::vector<std::string>{"Zoé"});
}

TEST_P(StoreContract, ASkeletonHoldsOneAccountOnly) {
  auto store = open();
  ASSERT_TRUE(store->create_account(account("Zoe", "zoe"), "t1"));
  EXPECT_FALSE(store->create_account(account("ZOE", "zoe"), "t2")) << "a look-alike";
  EXPECT_EQ(store->find_account("zoe")->name, "Zoe") << "the first account unchanged";
  EXPECT_FALSE(store->account_of_token("t2")) << "the refused account's token bound to nothing";
}

TEST_P(StoreContract, TokensAreBoundAndRevokedOneByOneOrAll) {
  auto store = open();
  ASSERT_TRUE(store->create_account(account("Ann", "ann"), "a1"));
  ASSERT_TRUE(store->create_account(account("Ben", "ben"), "b1"));
  EXPECT_FALSE(store->add_account_token("nobody", "x1")) << "no such account";
  EXPECT_FALSE(store->account_of_token("x1"));
  ASSERT_TRUE(store->add_account_token("ann", "a2"));
  ASSERT_TRUE(store->add_account_token("ann", "a3"));
  ASSERT_TRUE(store->revoke_token("a2"));
  EXPECT_FALSE(store->account_of_token("a2"));
  EXPECT_EQ(store->account_of_token("a3"), "ann");
  ASSERT_TRUE(store->revoke_account_tokens("ann"));
  EXPECT_FALSE(store->account_of_token("a1"));
  EXPECT_FALSE(store->account_of_token("a3"));
  EXPECT_EQ(store->account_of_token("b1"), "ben") << "another account's token untouched";
  EXPECT_TRUE(store->find_account("ann")) << "the account stays, only its tokens go";
}

TEST_P(DurableStoreContract, AccountsAndTokensSurviveAReopening) {
  {
    auto store = open();
    ASSERT_TRUE(store->create_account(account("Ann", "ann"), "a1"));
    ASSERT_TRUE(store->add_account_token("ann", "a2"));
    ASSERT_TRUE(store->revoke_token("a1"));
  }
  auto store = open();
  EXPECT_EQ(store->find_account("ann"), account("Ann", "ann"));
  EXPECT_FALSE(store->account_of_token("a1"));
  EXPECT_EQ(store->account_of_token("a2"), "ann");
}

INSTANTIATE_TEST_SUITE_P(Stores, StoreContract,
                         ::testing::Values(StoreKind::memory, StoreKind::sqlite,
                                           StoreKind::postgresql),
                         store_kind_name);
INSTANTIATE_TEST_SUITE_P(Stores, DurableStoreContract,
                         ::testing::Values(StoreKind::sqlite, StoreKind::postgresql),
                         store_kind_name);

}  // namespace
}  // namespace archipel::testing
