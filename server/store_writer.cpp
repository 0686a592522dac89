#include "server/store_writer.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>

namespace archipel::server {

StoreWriter::StoreWriter(Store& store, std::chrono::milliseconds commit_interval)
    : store_(store), commit_interval_(commit_interval), thread_([this] { run(); }) {}

StoreWriter::~StoreWriter() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void StoreWriter::save_game(GameRecord record, boost::asio::any_io_executor waiting, Done done) {
  queue(Write{Save{std::move(record)}, boost::asio::make_work_guard(waiting), std::move(done)});
}

void StoreWriter::append_action(RoomId room, int index, ActionRecord action,
                                boost::asio::any_io_executor waiting, Done done) {
  queue(Write{Append{PendingAction{room, index, std::move(action)}},
              boost::asio::make_work_guard(waiting), std::move(done)});
}

void StoreWriter::finish_game(RoomId room, nlohmann::json outcome, std::int64_t ended_ms,
                              boost::asio::any_io_executor waiting, Done done) {
  queue(Write{Finish{room, std::move(outcome), ended_ms}, boost::asio::make_work_guard(waiting),
              std::move(done)});
}

void StoreWriter::abandon_game(RoomId room, boost::asio::any_io_executor waiting, Done done) {
  queue(Write{Abandon{room}, boost::asio::make_work_guard(waiting), std::move(done)});
}

void StoreWriter::set_away_since(RoomId room, std::optional<std::int64_t> unix_ms,
                                 boost::asio::any_io_executor waiting, Done done) {
  queue(Write{MarkAway{room, unix_ms}, boost::asio::make_work_guard(waiting), std::move(done)});
}

void StoreWriter::set_seat_play(RoomId room, SeatPlay play, boost::asio::any_io_executor waiting,
                                Done done) {
  queue(Write{SetSeatPlay{room, std::move(play)}, boost::asio::make_work_guard(waiting),
              std::move(done)});
}

void StoreWriter::load_game(RoomId room, boost::asio::any_io_executor waiting, Loaded loaded) {
  queue(Write{Load{room, std::move(loaded)}, boost::asio::make_work_guard(waiting), [](bool) {}});
}

void StoreWriter::run_task(Task task, boost::asio::any_io_executor waiting) {
  queue(Write{RunTask{std::move(task)}, boost::asio::make_work_guard(waiting), [](bool) {}});
}

void StoreWriter::queue(Write write) {
  bool idle;
  {
    std::lock_guard lock(mutex_);
    queued_.push_back(std::move(write));
    idle = idle_;
  }
  if (idle)
    wake_.notify_one();  // else it is writing, or waiting out the interval: it takes this one next
}

void StoreWriter::run() {
  std::chrono::steady_clock::time_point last_commit{};
  for (;;) {
    std::deque<Write> batch;
    {
      std::unique_lock lock(mutex_);
      idle_ = true;
      wake_.wait(lock, [this] { return stopping_ || !queued_.empty(); });
      idle_ = false;
      if (queued_.empty()) return;  // stopping, and everything written
      // At most one commit per interval: a write that comes soon after the last commit waits out
      // the rest of the interval, and the writes of other rooms arriving meanwhile share its
      // commit. A write after a quiet spell goes at once. Stopping cuts the wait short.
      wake_.wait_until(lock, last_commit + commit_interval_, [this] { return stopping_; });
      batch.swap(queued_);
    }
    write_batch(batch);
    last_commit = std::chrono::steady_clock::now();
  }
}

// Consecutive appends go to the store as one group (one transaction in SqliteStore); any other
// write is made in its place in the order, so a game is never marked over (or abandoned) before its
// last action.
void StoreWriter::write_batch(std::deque<Write>& batch) {
  std::size_t i = 0;
  while (i < batch.size()) {
    if (auto* t = std::get_if<RunTask>(&batch[i].what)) {  // says nothing of the store's health
      try {
        t->task(store_);
      } catch (const std::exception& e) {  // a bug: logged, and the writer goes on
        spdlog::error("event=store_task_failed error=\"{}\"", e.what());
      }
      batch[i].guard.reset();
      ++i;
      continue;
    }
    if (!std::holds_alternative<Append>(batch[i].what)) {
      const bool stored = std::visit(
          [this](const auto& w) {
            using W = std::decay_t<decltype(w)>;
            if constexpr (std::is_same_v<W, Save>)
              return store_.save_game(w.record);
            else if constexpr (std::is_same_v<W, Finish>)
              return store_.finish_game(w.room, w.outcome, w.ended_ms);
            else if constexpr (std::is_same_v<W, Abandon>)
              return store_.abandon_game(w.room);
            else if constexpr (std::is_same_v<W, MarkAway>)
              return store_.set_away_since(w.room, w.since);
            else if constexpr (std::is_same_v<W, SetSeatPlay>)
              return store_.set_seat_play(w.room, w.play);
            else if constexpr (std::is_same_v<W, Load>) {
              w.loaded(store_.load_game(w.room));
              return true;
            } else
              return false;  // appends are grouped below
          },
          batch[i].what);
      failing_ = !stored;
      batch[i].done(stored);
      batch[i].guard.reset();
      ++i;
      continue;
    }
    std::size_t end = i;
    std::vector<PendingAction> group;
    while (end < batch.size() && std::holds_alternative<Append>(batch[end].what))
      group.push_back(std::get<Append>(batch[end++].what).action);
    const auto stored = store_.append_actions(group);
    failing_ = stored.size() != group.size() ||
               std::find(stored.begin(), stored.end(), false) != stored.end();
    for (std::size_t k = i; k < end; ++k) {
      batch[k].done(k - i < stored.size() && stored[k - i]);
      batch[k].guard.reset();
    }
    i = end;
  }
}

}  // namespace archipel::server
