#pragma once
// Handing an absent player's seat to a bot (issue 12, point 7): the vote's rules, apart from the
// room so they are tested without sockets. Only the play of a seat is handed over, never the seat:
// the person keeps it and takes it back with /join. Plain data in, a decision out; the room does
// the rest (the bot, the store, the messages).

#include <optional>
#include <string>
#include <vector>

#include "protocol/errors.hpp"

namespace archipel::server {

/// What the vote needs to know of one seat now.
struct SeatPresence {
  std::string name;
  bool person = false;         // a person sits there (not a bot seated by /addbot)
  bool present = false;        // that person is connected to the room
  bool handed_over = false;    // a bot plays the seat for its person
  bool may_hand_over = false;  // away for --handover-after, or out of time on the turn clock
  /// Away and not yet: when (Unix ms) --handover-after will have passed, for the others' countdown.
  std::int64_t hand_over_at_ms = 0;
  bool out_of_time =
      false;  // the turn clock's bank is spent (server/turn_clock.hpp): present or not
};

/// The vote on each seat: the seats that voted to hand it over, in order.
struct HandoverVotes {
  std::vector<std::vector<int>> by_target;  // one list per seat
};

/// The seats whose vote a handover of `target` needs: every other seated person present.
std::vector<int> handover_voters(const std::vector<SeatPresence>& seats, int target);

struct HandoverDecision {
  std::optional<protocol::Error> refused;  // set: nothing changed
  bool hand_over = false;  // the vote is complete (or the host alone decided): hand it now
  int votes = 0;           // votes for `target` so far (after this one)
  int needed = 0;          // votes the handover needs
};

/// Seat `voter` votes to hand seat `target` to a bot. `host_alone`: the voter is the host and
/// nobody has moved yet, so their word is enough (the seat's person must still be away, but need
/// not have been away long). On a complete vote the votes for `target` are cleared.
HandoverDecision vote_handover(HandoverVotes& votes, const std::vector<SeatPresence>& seats,
                               int voter, int target, bool host_alone);

/// Forgets the votes on `target` (its person is back, or the seat was handed over or given back)
/// and the votes `target`'s person cast.
void forget_votes(HandoverVotes& votes, int target);

/// The seat named by `who`: a seat number from 1, or a seated player's name (exact). -1 if none.
int seat_named(const std::vector<SeatPresence>& seats, const std::string& who);

}  // namespace archipel::server
