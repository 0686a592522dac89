// A room in-process, without sockets: recording clients, a store that can fail or watch the order
// of things.

#include "server/room.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <future>

#include "tests/support/race_game.hpp"

namespace archipel::server {
namespace {

using nlohmann::json;

struct RecordingClient : Client {
  explicit RecordingClient(std::uint64_t id) : id_(id) {}
  void send(Frame frame) override {
    frames.push_back(json::parse(*frame));
    raw.push_back(std::move(frame));
  }
  void close() override { closed = true; }
  std::uint64_t id() const override { return id_; }
  int count(const std::string& type) const {
    int n = 0;
    for (const auto& f : frames) n += f.value("type", "") == type;
    return n;
  }
  /// The index of the first frame of `type` (frames.size() if none): the order things arrived in.
  std::size_t first(const std::string& type) const {
    for (std::size_t i = 0; i < frames.size(); ++i)
      if (frames[i].value("type", "") == type) return i;
    return frames.size();
  }
  json last(const std::string& type) const {
    for (auto it = frames.rbegin(); it != frames.rend(); ++it)
      if (it->value("type", "") == type) return *it;
    return json();
  }
  std::uint64_t id_;
  std::vector<json> frames;
  std::vector<Frame> raw;
  bool closed = false;
};

// Wraps the memory store; can refuse appends, and records how many patches clients had seen at each
// append.
struct WatchingStore : Store {
  std::unique_ptr<Store> inner = make_memory_store();
  bool fail_appends = false;
  std::function<int()> patches_seen;
  std::vector<int> patches_at_append;
  std::function<void()>
      before_save;        // runs on the writer's thread before a game's record is written
  int saves_to_fail = 0;  // the next saves of a game's record fail
  bool save_game(const GameRecord& g) override {
    if (before_save) before_save();
    if (saves_to_fail > 0) return --saves_to_fail, false;
    return inner->save_game(g);
  }
  bool append_action(RoomId r, int i, const ActionRecord& a) override {
    if (patches_seen) patches_at_append.push_back(patches_seen());
    return !fail_appends && inner->append_action(r, i, a);
  }
  bool finish_game(RoomId r, const json& o, std::int64_t at) override {
    return inner->finish_game(r, o, at);
  }
  bool abandon_game(RoomId r) override { return inner->abandon_game(r); }
  bool set_away_since(RoomId r, std::optional<std::int64_t> ms) override {
    return inner->set_away_since(r, ms);
  }
  bool set_seat_play(RoomId r, const SeatPlay& p) override { return inner->set_seat_play(r, p); }
  std::vector<GameRecord> load_unfinished() override { return inner->load_unfinished(); }
  std::function<void()>
      before_load;  // runs on the writer's thread before each read (a test can hold it there)
  std::optional<GameRecord> load_game(RoomId r) override {
    if (before_load) before_load();
    return inner->load_game(r);
  }
  std::vector<server::FinishedGame> finished_games(const std::string& s,
                                                   std::optional<server::HistoryCursor> after,
                                                   int limit) override {
    return inner->finished_games(s, after, limit);
  }
  RoomId max_room_id() override { return inner->max_room_id(); }
  bool create_account(const AccountRecord& a, const std::string& t) override {
    return inner->create_account(a, t);
  }
  std::optional<AccountRecord> find_account(const std::string& s) override {
    return inner->find_account(s);
  }
  std::vector<std::string> account_names() override { return inner->account_names(); }
  bool add_account_token(const std::string& s, const std::string& t) override {
    return inner->add_account_token(s, t);
  }
  std::optional<std::string> account_of_token(const std::string& t) override {
    return inner->account_of_token(t);
  }
  bool revoke_token(const std::string& t) override { return inner->revoke_token(t); }
  bool revoke_account_tokens(const std::string& s) override {
    return inner->revoke_account_tokens(s);
  }
  std::vector<PlayerRating> ratings(const std::string& game,
                                    const std::vector<std::string>& skeletons) override {
    return inner->ratings(game, skeletons);
  }
  bool record_rating_changes(const std::vector<RatingChange>& changes) override {
    return inner->record_rating_changes(changes);
  }
  std::vector<PlayerRating> top_ratings(const std::string& game, int limit) override {
    return inner->top_ratings(game, limit);
  }
  std::vector<PlayerRating> account_ratings(const std::string& skeleton) override {
    return inner->account_ratings(skeleton);
  }
  std::vector<RatingChange> rating_history(const std::string& skeleton, int limit) override {
    return inner->rating_history(skeleton, limit);
  }
};

struct NullObserver : RoomObserver {
  void room_changed(const protocol::RoomInfo&) override {}
  void seat_changed(const std::string&, RoomId, bool) override {}
  void room_closed(RoomId) override {}
  void bot_requested(RoomId, const std::string&) override {}
  void rematch_requested(RoomId, const engine::GameSpec&, const engine::Options&,
                         const std::vector<Member>&, const std::string&) override {}
  void rematch_accepted(const std::string&, RoomId, RoomId, int) override {}
};

class RoomTest : public ::testing::Test {
 protected:
  void SetUp() override {
    context_.registry = &testing::registry_with_race();
    context_.store = &store_;
    context_.writer = &writer_;
    context_.metrics = metrics_;
    context_.new_seed = [] { return 5; };
    const auto& spec = *context_.registry->find("race")->spec;
    room_ = std::make_shared<Room>(ioc_.get_executor(), 1, spec, engine::Options{{"target", "10"}},
                                   context_, observer_);
    room_->join(Member{"ta", "Ann", ann_, false}, std::nullopt);
    room_->join(Member{"tb", "Ben", ben_, false}, std::nullopt);
    room_->command("ta", protocol::cmd::Start{});
    run();
  }
  void run() {
    ioc_.restart();
    ioc_.run();
  }
  /// Room 2, of the same game, with `cora` (its host, token "tc") and `dan` ("td") seated; not
  /// started.
  std::shared_ptr<Room> second_room(const ClientPtr& cora, const ClientPtr& dan) {
    const auto& spec = *context_.registry->find("race")->spec;
    auto room = std::make_shared<Room>(ioc_.get_executor(), 2, spec,
                                       engine::Options{{"target", "10"}}, context_, observer_);
    room->join(Member{"tc", "Cora", cora, false}, std::nullopt);
    room->join(Member{"td", "Dan", dan, false}, std::nullopt);
    run();
    return room;
  }

  net::io_context ioc_;
  std::shared_ptr<Metrics> metrics_ = std::make_shared<Metrics>();
  WatchingStore store_;
  StoreWriter writer_{store_};
  std::shared_ptr<NullObserver> observer_ = std::make_shared<NullObserver>();
  RoomContext context_;
  std::shared_ptr<RecordingClient> ann_ = std::make_shared<RecordingClient>(1);
  std::shared_ptr<RecordingClient> ben_ = std::make_shared<RecordingClient>(2);
  std::shared_ptr<Room> room_;
};

TEST_F(RoomTest, EachActionIsStoredBeforeAnyoneSeesItsResult) {
  ASSERT_EQ(ann_->count("state"), 1);
  store_.patches_seen = [this] { return ann_->count("patch") + ben_->count("patch"); };
  room_->action("ta", json{{"type", "bet"}, {"side", "high"}});
  run();
  room_->action("tb", json{{"type", "bet"}, {"side", "low"}});
  run();
  ASSERT_EQ(store_.patches_at_append, (std::vector<int>{0, 2}));
  EXPECT_EQ(ann_->count("patch"), 2);
  EXPECT_EQ(store_.load_game(1)->actions.size(), 2u);
}

// While one move is on its way to the store the next waits; both are stored in order, then applied
// in order, each checked against the state the other left.
TEST_F(RoomTest, MovesArrivingTogetherAreStoredAndAppliedInOrder) {
  room_->action("ta", json{{"type", "bet"}, {"side", "high"}});
  room_->action("tb", json{{"type", "bet"}, {"side", "low"}});
  room_->action("tb", json{{"type", "bet"},
                           {"side", "low"}});  // Ben has already bet: refused once it is its turn
  run();
  const auto record = store_.load_game(1);
  ASSERT_TRUE(record);
  ASSERT_EQ(record->actions.size(), 2u);
  EXPECT_EQ(record->actions[0].seat, 0);
  EXPECT_EQ(record->actions[1].seat, 1);
  EXPECT_EQ(ann_->count("patch"), 2);
  EXPECT_EQ(ann_->last("patch")["to"], 3);
  EXPECT_EQ(ben_->count("error"), 1);
}

TEST_F(RoomTest, AStorageFailureRejectsTheMoveAndChangesNothing) {
  store_.fail_appends = true;
  room_->action("ta", json{{"type", "bet"}, {"side", "high"}});
  run();
  EXPECT_EQ(ann_->last("error")["code"], "storage_failed");
  EXPECT_EQ(ann_->count("patch"), 0);
  EXPECT_EQ(ben_->count("patch"), 0);
  store_.fail_appends = false;
  room_->sync("ta");
  run();
  EXPECT_EQ(ann_->last("state")["version"], 1);
  EXPECT_EQ(ann_->last("state")["view"]["seats"][0]["has_bet"], false);
  room_->action("ta", json{{"type", "bet"},
                           {"side", "high"}});  // the same move goes through once storage is back
  run();
  EXPECT_EQ(ann_->last("patch")["to"], 2);
}

TEST_F(RoomTest, ABroadcastIsSerializedOnceAndSharedByEveryone) {
  auto watcher = std::make_shared<RecordingClient>(3);
  room_->watch(Member{"tw", "Wes", watcher, false});
  run();
  room_->command("ta", protocol::cmd::Say{"hi"});
  run();
  EXPECT_EQ(ben_->last("chat")["text"], "hi");
  EXPECT_EQ(watcher->last("chat")["text"], "hi");
  EXPECT_EQ(ann_->raw.back().get(), watcher->raw.back().get()) << "each recipient got its own copy";
  EXPECT_EQ(ben_->raw.back().get(), watcher->raw.back().get());
  EXPECT_EQ(watcher->last("state")["seat"], nullptr);
}

// A game's record is written on the store's thread: the room's strand does not wait on the disk,
// and what comes meanwhile (a chat line, an option changed, a question) waits for the start, then
// runs in order, on the game that began.
TEST_F(RoomTest, AStartIsStoredOffTheStrandAndWhatComesMeanwhileWaitsForIt) {
  auto cora = std::make_shared<RecordingClient>(3);
  auto dan = std::make_shared<RecordingClient>(4);
  auto room = second_room(cora, dan);

  std::promise<void> saving, release;
  auto released = release.get_future().share();
  std::atomic<bool> save_went_on{false};
  store_.before_save = [&saving, &save_went_on, released] {
    saving.set_value();
    released.wait_for(
        std::chrono::seconds(5));  // a strand that waited on the store would be stuck here
    save_went_on = true;
  };
  const int dan_infos = dan->count("info");
  room->command("tc", protocol::cmd::Start{});
  ioc_.restart();
  ioc_.poll();  // the start asks the writer to store the record; the strand goes on
  ASSERT_EQ(saving.get_future().wait_for(std::chrono::seconds(10)), std::future_status::ready);
  EXPECT_FALSE(save_went_on) << "the room's strand waited for the store";
  room->command("tc", protocol::cmd::Say{"good luck"});
  room->command("tc", protocol::cmd::Option{"target", "20"});
  room->command("td", protocol::cmd::Moves{});
  ioc_.restart();
  ioc_.poll();
  EXPECT_EQ(cora->count("state"), 0) << "nobody hears of a game before its record is stored";
  EXPECT_EQ(cora->count("chat"), 0) << "held behind the start";
  EXPECT_EQ(dan->count("info"), dan_infos) << "held behind the start";

  release.set_value();
  run();
  store_.before_save = nullptr;
  ASSERT_EQ(cora->count("state"), 1);
  ASSERT_EQ(dan->count("state"), 1);
  EXPECT_EQ(cora->last("chat")["text"], "good luck");
  EXPECT_EQ(cora->last("error")["code"], "already_started") << "the option came after the start";
  EXPECT_NE(dan->last("info")["text"].get<std::string>().find("bet"), std::string::npos)
      << "Dan's moves are the started game's: " << dan->last("info");
  EXPECT_LT(cora->first("state"), cora->first("chat")) << "the held line comes after the start";
  const auto record = store_.load_game(2);
  ASSERT_TRUE(record);
  EXPECT_EQ(record->seats.size(), 2u);
  EXPECT_EQ(record->options.at("target"), "10") << "the option came after the record, not into it";
}

// A start whose record cannot be stored leaves the room waiting, with an error to the host; a
// /start held behind it starts the game, and what came after that /start waits for its record in
// turn.
TEST_F(RoomTest, AStartThatCannotBeStoredLeavesTheRoomWaitingAndAHeldStartWaitsAgain) {
  auto cora = std::make_shared<RecordingClient>(3);
  auto dan = std::make_shared<RecordingClient>(4);
  auto room = second_room(cora, dan);

  store_.saves_to_fail = 1;
  std::promise<void> saving, release;
  auto released = release.get_future().share();
  bool first = true;
  store_.before_save = [&saving, &first, released] {
    if (!std::exchange(first, false)) return;
    saving.set_value();
    released.wait_for(std::chrono::seconds(5));
  };
  room->command("tc", protocol::cmd::Start{});
  ioc_.restart();
  ioc_.poll();
  ASSERT_EQ(saving.get_future().wait_for(std::chrono::seconds(10)), std::future_status::ready);
  room->command("tc", protocol::cmd::Start{});
  room->command("tc", protocol::cmd::Say{"now"});
  ioc_.restart();
  ioc_.poll();
  release.set_value();
  run();
  store_.before_save = nullptr;

  ASSERT_EQ(cora->count("error"), 1);
  EXPECT_EQ(cora->last("error")["code"], "storage_failed");
  ASSERT_EQ(cora->count("state"), 1) << "the held /start started the game";
  EXPECT_LT(cora->first("error"), cora->first("state"));
  EXPECT_LT(cora->first("state"), cora->first("chat"))
      << "the line after the second /start waited for its record";
  EXPECT_EQ(dan->count("state"), 1);
  ASSERT_TRUE(store_.load_game(2));
}

// A replay request waits for the record, read on the store's thread. If the room closes meanwhile,
// the request is answered all the same, and the read coming back to a room that is gone does
// nothing.
TEST_F(RoomTest, AReplayRequestWaitingForTheRecordIsAnsweredWhenTheRoomCloses) {
  const std::vector<std::pair<std::string, json>> moves{
      {"ta", json{{"type", "bet"}, {"side", "high"}}},
      {"tb", json{{"type", "bet"}, {"side", "low"}}},
      {"ta", json{{"type", "add"}, {"n", 2}}},
      {"tb", json{{"type", "add"}, {"n", 2}}},
      {"ta", json{{"type", "add"}, {"n", 2}}},
      {"tb", json{{"type", "add"}, {"n", 2}}},
      {"ta", json{{"type", "add"}, {"n", 2}}}};
  for (const auto& [token, action] : moves) {
    room_->action(token, action);
    run();
  }
  ASSERT_EQ(ann_->count("over"), 1);

  std::promise<void> reading, release;
  auto released = release.get_future().share();
  store_.before_load = [&reading, released] {
    reading.set_value();
    released.wait();
  };
  auto reader = std::make_shared<RecordingClient>(3);
  room_->replay(reader, 0, false, false);
  ioc_.restart();
  ioc_.poll();  // the request reaches the room, which asks the writer for the record
  ASSERT_EQ(reading.get_future().wait_for(std::chrono::seconds(10)), std::future_status::ready);
  EXPECT_EQ(reader->frames.size(), 0u);

  room_.reset();  // the room closes while the record is being read
  ASSERT_EQ(reader->count("error"), 1);
  EXPECT_EQ(reader->last("error")["code"], "no_such_room");
  EXPECT_NE(reader->last("error")["message"].get<std::string>().find("closed"), std::string::npos);

  release.set_value();
  run();
  EXPECT_EQ(reader->frames.size(), 1u) << "nothing more once the record comes back";
}

}  // namespace
}  // namespace archipel::server
