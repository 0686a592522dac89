#include "server/seat_handover.hpp"

#include <algorithm>

namespace archipel::server {

using protocol::ErrorCode;
using protocol::make_error;

std::vector<int> handover_voters(const std::vector<SeatPresence>& seats, int target) {
  std::vector<int> voters;
  for (int i = 0; i < static_cast<int>(seats.size()); ++i)
    if (i != target && seats[i].person && seats[i].present) voters.push_back(i);
  return voters;
}

HandoverDecision vote_handover(HandoverVotes& votes, const std::vector<SeatPresence>& seats,
                               int voter, int target, bool host_alone) {
  HandoverDecision d;
  const auto refuse = [&](std::string en, std::string fr) {
    d.refused = make_error(ErrorCode::handover_refused, std::move(en), std::move(fr));
    return d;
  };
  const int n = static_cast<int>(seats.size());
  votes.by_target.resize(static_cast<std::size_t>(n));
  if (voter < 0 || voter >= n || !seats[voter].person)
    return refuse("only the seated players can hand a seat to a bot",
                  "seuls les joueurs assis peuvent confier une place à un robot");
  if (target < 0 || target >= n) return refuse("nobody sits there", "personne n'est assis là");
  const SeatPresence& t = seats[target];
  if (target == voter) return refuse("you play your own seat", "vous jouez votre propre place");
  if (!t.person) return refuse(t.name + " is a bot already", t.name + " est déjà un robot");
  if (t.handed_over)
    return refuse("a bot already plays for " + t.name, "un robot joue déjà pour " + t.name);
  if (t.present && !t.out_of_time) return refuse(t.name + " is here", t.name + " est là");
  if (!host_alone && !t.may_hand_over)
    return refuse(t.name + " has not been away long enough",
                  t.name + " n'est pas absent depuis assez longtemps");
  auto& cast = votes.by_target[target];
  if (std::find(cast.begin(), cast.end(), voter) != cast.end())
    return refuse("you have voted already", "vous avez déjà voté");
  cast.push_back(voter);
  const auto voters = handover_voters(seats, target);
  // Only the votes of people present now count: one who left since voting no longer holds the vote
  // up.
  d.needed = host_alone ? 1 : static_cast<int>(voters.size());
  d.votes = static_cast<int>(std::count_if(cast.begin(), cast.end(), [&](int s) {
    return std::find(voters.begin(), voters.end(), s) != voters.end();
  }));
  d.hand_over = host_alone || d.votes >= d.needed;
  if (d.hand_over) cast.clear();
  return d;
}

void forget_votes(HandoverVotes& votes, int target) {
  if (target < 0) return;
  if (target < static_cast<int>(votes.by_target.size())) votes.by_target[target].clear();
  for (auto& cast : votes.by_target) std::erase(cast, target);
}

int seat_named(const std::vector<SeatPresence>& seats, const std::string& who) {
  if (!who.empty() &&
      std::all_of(who.begin(), who.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
      who.size() < 4) {
    const int n = std::stoi(who);
    return n >= 1 && n <= static_cast<int>(seats.size()) ? n - 1 : -1;
  }
  for (int i = 0; i < static_cast<int>(seats.size()); ++i)
    if (seats[i].name == who) return i;
  return -1;
}

}  // namespace archipel::server
