// Lobby (server/lobby.hpp): the replay of a finished game no room holds any more, read from the
// store (server/stored_replays.hpp). The record is read on the store's writer thread (a network
// thread never waits on the disk) and the replay is built back here, on the lobby's strand; the
// answers are those a room gives (replay_answer), so a client cannot tell where a step came from.
#include <spdlog/spdlog.h>

#include "server/lobby.hpp"
#include "server/lobby_errors.hpp"

namespace archipel::server {

using protocol::ErrorCode;
using protocol::make_error;

void Lobby::stored_replay(const ClientPtr& client, const protocol::ReplayRequest& request,
                          bool as_text) {
  if (ReplayCursor* open = stored_replays_.find(request.room))
    return send_stored_step(client, request.room, *open, request, as_text);
  if (!stored_replays_.wait(request.room, StoredReplays::Wanted{client, request, as_text})) return;
  context_.writer->load_game(
      request.room, strand_,
      [self = shared_from_this(), room = request.room](std::optional<GameRecord> record) {
        self->post([room, record = std::move(record)](Lobby& lobby) mutable {
          lobby.stored_record_read(room, std::move(record));
        });
      });
}

void Lobby::stored_record_read(RoomId room, std::optional<GameRecord> record) {
  const auto waiting = stored_replays_.take_waiting(room);
  const std::string id = std::to_string(room);
  std::optional<protocol::Error> refused;
  if (!record) {
    refused = no_game_in(room);
  } else if (record->status == "playing") {
    // Held by another server of a cluster, or a room created since the request: not over yet.
    refused =
        make_error(ErrorCode::not_over, "the game in room " + id + " is not over: no replay yet",
                   "la partie de la salle " + id + " n'est pas finie : pas encore de rejeu");
  } else if (record->status != "over") {
    refused =
        make_error(ErrorCode::no_such_room,
                   "the game in room " + id + " was abandoned: it has no result and no replay",
                   "la partie de la salle " + id + " a été abandonnée : ni résultat ni rejeu");
  }
  if (!refused) {
    auto opened = ReplayCursor::open(*context_.registry, std::move(*record));
    if (opened.ok()) {
      stored_replays_.keep(room, std::move(opened).value());
    } else {
      // A record that does not replay is a bug (logged); said as for a game the server does not
      // have.
      spdlog::error("event=replay_failed room={} reason=\"{}\"", room, opened.error().message);
      refused =
          make_error(ErrorCode::no_such_room, "the game in room " + id + " cannot be replayed",
                     "la partie de la salle " + id + " ne se rejoue pas");
    }
  }
  for (const auto& w : waiting) {
    // Found again for each: a step that does not replay drops the cursor.
    ReplayCursor* cursor = refused ? nullptr : stored_replays_.find(room);
    if (cursor)
      send_stored_step(w.client, room, *cursor, w.request, w.as_text);
    else
      send_error(w.client, refused ? *refused : no_game_in(room));
  }
}

void Lobby::send_stored_step(const ClientPtr& client, RoomId room, ReplayCursor& cursor,
                             const protocol::ReplayRequest& request, bool as_text) {
  auto shown = cursor.go_to(request.step);
  if (!shown.ok()) {
    if (shown.error().rule == "out_of_range")
      return send_error(client, make_error(ErrorCode::bad_arguments, shown.error().message,
                                           shown.error().message_fr));
    spdlog::error("event=replay_failed room={} step={} reason=\"{}\"", room, request.step,
                  shown.error().message);
    stored_replays_.drop(room);
    const std::string id = std::to_string(room);
    return send_error(client, make_error(ErrorCode::no_such_room,
                                         "the game in room " + id + " cannot be replayed",
                                         "la partie de la salle " + id + " ne se rejoue pas"));
  }
  client->send(make_frame(
      replay_answer(room, cursor.game(), shown.value(), cursor.names(), client->lang(), as_text,
                    request.static_data ? cursor.static_data() : nlohmann::json(nullptr))));
}

}  // namespace archipel::server
