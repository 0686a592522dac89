// A room in-process, without sockets: recording clients, a store that can fail or watch the order of things.

#include "server/room.hpp"

#include <gtest/gtest.h>

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

// Wraps the memory store; can refuse appends, and records how many patches clients had seen at each append.
struct WatchingStore : Store {
  std::unique_ptr<Store> inner = make_memory_store();
  bool fail_appends = false;
  std::function<int()> patches_seen;
  std::vector<int> patches_at_append;
  bool save_game(const GameRecord& g) override { return inner->save_game(g); }
  bool append_action(RoomId r, int i, const ActionRecord& a) override {
    if (patches_seen) patches_at_append.push_back(patches_seen());
    return !fail_appends && inner->append_action(r, i, a);
  }
  bool finish_game(RoomId r, const json& o) override { return inner->finish_game(r, o); }
  bool abandon_game(RoomId r) override { return inner->abandon_game(r); }
  bool set_away_since(RoomId r, std::optional<std::int64_t> ms) override { return inner->set_away_since(r, ms); }
  bool set_seat_play(RoomId r, const SeatPlay& p) override { return inner->set_seat_play(r, p); }
  std::vector<GameRecord> load_unfinished() override { return inner->load_unfinished(); }
  std::optional<GameRecord> load_game(RoomId r) override { return inner->load_game(r); }
  RoomId max_room_id() override { return inner->max_room_id(); }
};

struct NullObserver : RoomObserver {
  void room_changed(const protocol::RoomInfo&) override {}
  void seat_changed(const std::string&, RoomId, bool) override {}
  void room_closed(RoomId) override {}
  void bot_requested(RoomId, const std::string&) override {}
  void rematch_requested(RoomId, const engine::GameSpec&, const engine::Options&, const std::vector<Member>&,
                         const std::string&) override {}
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
    room_ = std::make_shared<Room>(ioc_.get_executor(), 1, spec, engine::Options{{"target", "10"}}, context_, observer_);
    room_->join(Member{"ta", "Ann", ann_, false}, std::nullopt);
    room_->join(Member{"tb", "Ben", ben_, false}, std::nullopt);
    room_->start("ta");
    run();
  }
  void run() {
    ioc_.restart();
    ioc_.run();
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

// While one move is on its way to the store the next waits; both are stored in order, then applied in order,
// each checked against the state the other left.
TEST_F(RoomTest, MovesArrivingTogetherAreStoredAndAppliedInOrder) {
  room_->action("ta", json{{"type", "bet"}, {"side", "high"}});
  room_->action("tb", json{{"type", "bet"}, {"side", "low"}});
  room_->action("tb", json{{"type", "bet"}, {"side", "low"}});  // Ben has already bet: refused once it is its turn
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
  room_->action("ta", json{{"type", "bet"}, {"side", "high"}});  // the same move goes through once storage is back
  run();
  EXPECT_EQ(ann_->last("patch")["to"], 2);
}

TEST_F(RoomTest, ABroadcastIsSerializedOnceAndSharedByEveryone) {
  auto watcher = std::make_shared<RecordingClient>(3);
  room_->watch(Member{"tw", "Wes", watcher, false});
  run();
  room_->say("ta", "hi");
  run();
  EXPECT_EQ(ben_->last("chat")["text"], "hi");
  EXPECT_EQ(watcher->last("chat")["text"], "hi");
  EXPECT_EQ(ann_->raw.back().get(), watcher->raw.back().get()) << "each recipient got its own copy";
  EXPECT_EQ(ben_->raw.back().get(), watcher->raw.back().get());
  EXPECT_EQ(watcher->last("state")["seat"], nullptr);
}

}  // namespace
}  // namespace archipel::server
