// The Store contract (server/store.hpp), one suite over the three stores: memory, SQLite and
// PostgreSQL (its server started by the tests, tests/support/postgres_server.hpp). A game comes
// back as it was saved; only running games are restored, in order, with their actions; an action's
// index must be the next of its game's; a group of actions is committed whole, or one by one when
// one of them is bad, so that it fails alone; the store takes calls from several threads at once.
// The durable stores also keep all of it across a reopening.

#include <algorithm>
#include <atomic>
#include <cctype>
#include <thread>

#include <gtest/gtest.h>

#include "protocol/command_parser.hpp"
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
  ASSERT_TRUE(store->finish_game(1, json{{"scores", {1, 2}}}, 1000));
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
  ASSERT_TRUE(store->finish_game(9, json{{"scores", {0, 1}}}, 1000));
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
    ASSERT_TRUE(store->finish_game(3, json{{"scores", {2, 1}}}, 1000));
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

// ---- ratings (docs/ratings.md) ------------------------------------------------------------------

using server::PlayerRating;
using server::Rating;
using server::RatingChange;

const Rating kNew{25.0, 25.0 / 3.0};
// Numbers a store could round: every bit of them must come back.
const Rating kAnnAfter{27.63523138347365, 8.065506316323548};
const Rating kBenAfter{22.36476861652635, 8.065506316323548};

// Ann beats Ben in room 7, both newcomers, at time 1000.
std::vector<RatingChange> first_game() {
  return {RatingChange{"ann", "race", 7, 1, kNew, kAnnAfter, 1000},
          RatingChange{"ben", "race", 7, 2, kNew, kBenAfter, 1000}};
}

void make_accounts(server::Store& store, const std::vector<std::string>& names) {
  for (const auto& name : names) {
    std::string skeleton = name;
    for (char& c : skeleton) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    ASSERT_TRUE(store.create_account(account(name, skeleton), "t-" + skeleton));
  }
}

TEST_P(StoreContract, ARatedGameIsRecordedWithItsHistory) {
  auto store = open();
  make_accounts(*store, {"Ann", "Ben", "Cy"});
  EXPECT_TRUE(store->ratings("race", {"ann", "ben"}).empty()) << "nobody rated yet";
  ASSERT_TRUE(store->record_rating_changes(first_game()));
  auto got = store->ratings("race", {"ann", "ben", "cy"});
  std::sort(got.begin(), got.end(),
            [](const PlayerRating& a, const PlayerRating& b) { return a.skeleton < b.skeleton; });
  EXPECT_EQ(got, (std::vector<PlayerRating>{{"ann", "Ann", "race", kAnnAfter, 1, 1},
                                            {"ben", "Ben", "race", kBenAfter, 1, 0}}))
      << "Cy has no rating: left out";
  EXPECT_TRUE(store->ratings("santa-cruz", {"ann"}).empty()) << "a rating is per game";
  EXPECT_EQ(store->account_ratings("ann"),
            (std::vector<PlayerRating>{{"ann", "Ann", "race", kAnnAfter, 1, 1}}));
  EXPECT_EQ(store->rating_history("ben", 5), std::vector<RatingChange>{first_game()[1]});
}

TEST_P(StoreContract, AGameCountsOnce) {
  auto store = open();
  make_accounts(*store, {"Ann", "Ben"});
  ASSERT_TRUE(store->record_rating_changes(first_game()));
  auto again = first_game();
  again[0].before = kAnnAfter, again[1].before = kBenAfter;  // as if rated from the new numbers
  EXPECT_FALSE(store->record_rating_changes(again)) << "room 7 is counted already";
  EXPECT_EQ(store->account_ratings("ann").at(0).played, 1);
  EXPECT_EQ(store->rating_history("ann", 5).size(), 1u);
}

// All or nothing, and a rating changes only from the numbers it was rated from: a newcomer rated
// meanwhile (Ann, by another game) refuses the whole game, Ben's change included.
TEST_P(StoreContract, ARatingChangesOnlyFromWhatWasRead) {
  auto store = open();
  make_accounts(*store, {"Ann", "Ben", "Cy"});
  ASSERT_TRUE(
      store->record_rating_changes({RatingChange{"ann", "race", 3, 1, kNew, kAnnAfter, 500},
                                    RatingChange{"cy", "race", 3, 2, kNew, kBenAfter, 500}}));
  EXPECT_FALSE(store->record_rating_changes(first_game())) << "Ann is no newcomer now";
  EXPECT_TRUE(store->ratings("race", {"ben"}).empty()) << "Ben's change rolled back";
  EXPECT_TRUE(store->rating_history("ben", 5).empty());
  auto stale = first_game();
  stale[0].before = Rating{25.0, 8.0};
  stale[1].skeleton = "cy", stale[1].before = kBenAfter;
  EXPECT_FALSE(store->record_rating_changes(stale)) << "Ann's numbers are not those";
  EXPECT_EQ(store->ratings("race", {"cy"}).at(0).rating, kBenAfter);
  auto fresh = first_game();
  fresh[0].before = kAnnAfter;
  EXPECT_TRUE(store->record_rating_changes(fresh)) << "from what is there: recorded";
  EXPECT_EQ(store->ratings("race", {"ann"}).at(0).played, 2);
  EXPECT_EQ(store->ratings("race", {"ann"}).at(0).won, 2);
}

// The leaderboard ranks by ordinal (mu - 3 sigma), not by mu: Cy's mu is the highest but so is
// his uncertainty. Equal ordinals go by skeleton; the limit is a page.
TEST_P(StoreContract, TheTopIsByOrdinal) {
  auto store = open();
  make_accounts(*store, {"Ann", "Ben", "Cy", "Dee"});
  const std::vector<std::pair<std::string, Rating>> after = {
      {"ann", {30.0, 2.0}},   // ordinal 24
      {"ben", {27.0, 1.0}},   // 24: after Ann by skeleton
      {"cy", {35.0, 5.0}},    // 20
      {"dee", {28.0, 0.5}}};  // 26.5
  RoomId room = 1;
  for (const auto& [who, rating] : after)
    ASSERT_TRUE(
        store->record_rating_changes({RatingChange{who, "race", room++, 1, kNew, rating, 100}}));
  auto names = [](const std::vector<PlayerRating>& top) {
    std::vector<std::string> out;
    for (const auto& r : top) out.push_back(r.name);
    return out;
  };
  EXPECT_EQ(names(store->top_ratings("race", 20)),
            (std::vector<std::string>{"Dee", "Ann", "Ben", "Cy"}));
  EXPECT_EQ(names(store->top_ratings("race", 2)), (std::vector<std::string>{"Dee", "Ann"}));
  EXPECT_TRUE(store->top_ratings("santa-cruz", 20).empty());
}

TEST_P(StoreContract, TheHistoryIsNewestFirst) {
  auto store = open();
  make_accounts(*store, {"Ann"});
  Rating r = kNew;
  for (int game = 1; game <= 5; ++game) {
    const Rating next{r.mu + 1.0, r.sigma - 0.5};
    // Room 4 ends before room 3: the order is the games' ends.
    const std::int64_t at = game == 3 ? 4500 : game * 1000;
    ASSERT_TRUE(store->record_rating_changes({RatingChange{"ann", "race", game, 1, r, next, at}}));
    r = next;
  }
  std::vector<RoomId> rooms;
  for (const auto& c : store->rating_history("ann", 3)) rooms.push_back(c.room);
  EXPECT_EQ(rooms, (std::vector<RoomId>{5, 3, 4}));
  EXPECT_EQ(store->account_ratings("ann").at(0).rating, r);
  EXPECT_EQ(store->account_ratings("ann").at(0).played, 5);
}

TEST_P(DurableStoreContract, RatingsSurviveAReopeningBitForBit) {
  {
    auto store = open();
    make_accounts(*store, {"Ann", "Ben"});
    ASSERT_TRUE(store->record_rating_changes(first_game()));
  }
  auto store = open();
  EXPECT_EQ(store->account_ratings("ann"),
            (std::vector<PlayerRating>{{"ann", "Ann", "race", kAnnAfter, 1, 1}}));
  EXPECT_EQ(store->rating_history("ben", 1), std::vector<RatingChange>{first_game()[1]});
  auto next = first_game();  // rated again from the numbers read back: they are exactly those
  next[0].room = next[1].room = 8;
  next[0].before = kAnnAfter, next[1].before = kBenAfter;
  EXPECT_TRUE(store->record_rating_changes(next));
}

// ---- a player's history (docs/protocol.md, "A player's games") ----------------------------------

using server::FinishedGame;
using server::HistoryCursor;

std::vector<RoomId> rooms_of(const std::vector<FinishedGame>& games) {
  std::vector<RoomId> out;
  for (const auto& g : games) out.push_back(g.room);
  return out;
}

// Ann's finished games, the ends out of the rooms' order: room 3 ended before room 2, rooms 2 and
// 4 in the same millisecond (the higher room first). Room 6 was abandoned, room 7 is running: not
// hers to list. Room 8 is Cy's and a bot's.
void finish_anns_games(server::Store& store) {
  const std::vector<std::pair<RoomId, std::int64_t>> ends = {
      {1, 1000}, {2, 3000}, {3, 2000}, {4, 3000}, {5, 4000}};
  for (const auto& [room, ended] : ends) {
    ASSERT_TRUE(store.save_game(game(room)));
    ASSERT_TRUE(store.append_action(room, 0, act(0, 2)));
    ASSERT_TRUE(store.finish_game(
        room,
        json{{"scores", {10, static_cast<int>(room)}}, {"ranking", {0, 1}}, {"places", {1, 2}}},
        ended));
  }
  for (RoomId room : {6, 7}) ASSERT_TRUE(store.save_game(game(room)));
  ASSERT_TRUE(store.abandon_game(6));
  GameRecord cy = game(8);
  cy.seats = {SeatRecord{"Cy", "tc"}, SeatRecord{"Greedy 2", "", true, "greedy"}};
  ASSERT_TRUE(store.save_game(cy));
  ASSERT_TRUE(store.finish_game(8, json{{"scores", {1, 0}}}, 5000));
}

// Two pages of two, in order (by end time, then room), a last shorter page, and a page past the end
// that is empty. Each game comes with its seats (no token read out) and its outcome.
TEST_P(StoreContract, AHistoryIsPagedNewestFirst) {
  auto store = open();
  finish_anns_games(*store);
  ASSERT_FALSE(HasFatalFailure());
  const auto first = store->finished_games("ann", std::nullopt, 2);
  EXPECT_EQ(rooms_of(first), (std::vector<RoomId>{5, 4}));
  const auto second = store->finished_games("ann", HistoryCursor{3000, 4}, 2);
  EXPECT_EQ(rooms_of(second), (std::vector<RoomId>{2, 3})) << "room 2 ended with room 4";
  EXPECT_EQ(rooms_of(store->finished_games("ann", HistoryCursor{2000, 3}, 2)),
            std::vector<RoomId>{1});
  EXPECT_TRUE(store->finished_games("ann", HistoryCursor{1000, 1}, 2).empty()) << "past the end";
  EXPECT_EQ(rooms_of(store->finished_games("ben", std::nullopt, 10)),
            (std::vector<RoomId>{5, 4, 2, 3, 1}));
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(first[0].game, "race");
  EXPECT_EQ(first[0].ended_ms, 4000);
  ASSERT_EQ(first[0].seats.size(), 2u);
  EXPECT_EQ(first[0].seats[0].name, "Ann");
  EXPECT_EQ(first[0].seats[1].name, "Ben");
  EXPECT_TRUE(first[0].seats[0].token.empty()) << "a listing reads no token";
  EXPECT_EQ(first[0].outcome["scores"], json({10, 5}));
  EXPECT_EQ(first[0].outcome["places"], json({1, 2}));
}

TEST_P(StoreContract, AHistoryListsPeopleNotBotsAndOnlyGamesOver) {
  auto store = open();
  finish_anns_games(*store);
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_TRUE(store->finished_games("nobody", std::nullopt, 10).empty()) << "a player with none";
  EXPECT_EQ(rooms_of(store->finished_games("cy", std::nullopt, 10)), std::vector<RoomId>{8});
  EXPECT_TRUE(store->finished_games(protocol::name_skeleton("Greedy 2"), std::nullopt, 10).empty())
      << "a bot has none";
  const auto anns = rooms_of(store->finished_games("ann", std::nullopt, 10));
  EXPECT_EQ(anns.size(), 5u);
  for (RoomId not_over : {6, 7, 8})
    EXPECT_EQ(std::count(anns.begin(), anns.end(), not_over), 0) << "room " << not_over;
}

// Names are found by their skeleton (protocol::name_skeleton), as accounts are: "A_nn" played as a
// look-alike of Ann. A game finished again is listed once, at its new end.
TEST_P(StoreContract, AHistoryFindsLookAlikesAndAGameFinishedAgainOnce) {
  auto store = open();
  GameRecord g = game(1);
  g.seats[0].name = "A_nn";
  ASSERT_TRUE(store->save_game(g));
  ASSERT_TRUE(store->finish_game(1, json{{"scores", {1, 2}}}, 1000));
  ASSERT_TRUE(store->save_game(game(2)));
  ASSERT_TRUE(store->finish_game(2, json{{"scores", {1, 2}}}, 2000));
  EXPECT_EQ(rooms_of(store->finished_games("ann", std::nullopt, 10)), (std::vector<RoomId>{2, 1}));
  ASSERT_TRUE(store->finish_game(1, json{{"scores", {1, 2}}}, 3000));
  const auto again = store->finished_games("ann", std::nullopt, 10);
  EXPECT_EQ(rooms_of(again), (std::vector<RoomId>{1, 2}));
  EXPECT_EQ(again.at(0).ended_ms, 3000);
}

TEST_P(DurableStoreContract, AHistorySurvivesAReopening) {
  {
    auto store = open();
    finish_anns_games(*store);
    ASSERT_FALSE(HasFatalFailure());
  }
  auto store = open();
  EXPECT_EQ(rooms_of(store->finished_games("ann", HistoryCursor{4000, 5}, 3)),
            (std::vector<RoomId>{4, 2, 3}));
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
