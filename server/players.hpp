#pragma once
// The players the lobby knows: each by resume token, by connection and by name, every lookup O(1).
// A name is looked up by its skeleton (protocol::name_skeleton), so "Victim", "VICTIM" and
// "Vlctim." are one name. Lives on the lobby's strand; not thread-safe by itself.

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "protocol/messages.hpp"
#include "server/client.hpp"

namespace archipel::server {

using protocol::RoomId;

struct Player {
  std::string token;
  std::string name;
  ClientPtr client;            // null while disconnected
  std::optional<RoomId> room;  // the seat the room confirmed (seat_changed)
  std::optional<RoomId>
      pending_join;                // a join or create sent to a room, not yet confirmed or refused
  std::optional<RoomId> watching;  // spectating
  bool bot = false;                // seated by /addbot; its client is a bot's
  std::string strategy;            // the bot's strategy
  std::optional<RoomId> linked;    // the room its connection is linked to (RoomLink), as last told
  std::vector<RoomId> indexed_in;  // the rooms Players::update_places last filed the player under
  std::vector<RoomId> created;     // rooms this player opened with /create (pruned at each /create)
  std::uint64_t drops = 0;  // connections lost so far: a name-grace timer acts on its own drop only
  /// The name is an account's (docs/protocol.md, "Accounts"). A registered player is resumed only
  /// by one of the account's tokens (credentials), never by `token`, which stays the player's id
  /// inside the server (its seats' records) and is a credential only while the account keeps it.
  bool registered = false;
  bool registering = false;              // a register on its way to the accounts' thread
  std::vector<std::string> credentials;  // a registered player's tokens known here (not revoked)
  std::string credential;  // the token the current connection came with ("" for a guest: `token`)
  /// The token this connection resumes with: what welcome tells the client.
  const std::string& resume_token() const { return credential.empty() ? token : credential; }
  /// Where the player's table talk and room commands go: the seat, else the room being joined, else
  /// the one watched.
  std::optional<RoomId> present_in() const {
    return room ? room : pending_join ? pending_join : watching;
  }
};

class Players {
 public:
  Player* by_token(const std::string& token);
  /// The player a client's resume token brings back: a guest by its token, a registered player by
  /// one of its account's tokens known here.
  Player* by_credential(const std::string& token);
  /// Binds `token` to the registered `player` (an account's token).
  void add_credential(Player& player, const std::string& token);
  /// Revokes `token` here; returns whether it was one.
  bool revoke_credential(const std::string& token);
  /// Revokes every token of `player`'s account known here.
  void revoke_credentials(Player& player);
  Player* by_client(const ClientPtr& client);
  /// The player whose name has the same skeleton as `name`, if any.
  Player* by_name(const std::string& name);

  /// A new player; the name must be free (by_name returned null).
  Player& add(const std::string& token, const std::string& name);
  void rename(Player& player, const std::string& name);
  /// Binds a connection to the player (replacing any earlier one in the index). The new connection
  /// is linked to no room and in no lobby index until update_lobby().
  void attach(Player& player, ClientPtr client);
  /// Forgets the player's connection (the player stays, e.g. seated while away).
  void detach(Player& player);
  void erase(const std::string& token);

  /// Files the player under the rooms it is in (seat, join on its way, watching) and its connection
  /// in the lobby index when connected and in no room (Player::present_in). Call after anything
  /// that changes these.
  void update_places(Player& player);
  /// The tokens of the players filed under `room` (a copy: `f` may erase players).
  std::vector<std::string> in_room(RoomId room) const;
  /// Every connection in the lobby (for broadcasts): O(lobby clients), not O(players).
  template <class F>
  void for_each_in_lobby(F&& f) {
    for (auto& [id, client] : in_lobby_) f(client);
  }
  std::size_t in_lobby() const { return in_lobby_.size(); }

  template <class F>
  void for_each(F&& f) {
    for (auto& [token, player] : by_token_) f(player);
  }
  std::size_t size() const { return by_token_.size(); }
  std::size_t connected() const { return by_client_.size(); }
  void clear();

 private:
  std::unordered_map<std::string, Player> by_token_;
  std::unordered_map<std::uint64_t, std::string> by_client_;    // client id -> token
  std::unordered_map<std::string, std::string> by_name_;        // name skeleton -> token
  std::unordered_map<std::string, std::string> by_credential_;  // account token -> player token
  std::unordered_map<std::uint64_t, ClientPtr>
      in_lobby_;  // client id -> connection, for those in no room
  std::unordered_map<RoomId, std::unordered_set<std::string>>
      by_room_;  // room -> tokens of those in it
};

}  // namespace archipel::server
