// The invariants of a Santa Cruz state (Rules::check_invariants), checked by the conformance
// harness after every step: every component in exactly one place, counts within their bounds, and
// the bookkeeping the rules rely on (arrival stamps for the table tie-break, the privilege, a
// double).

#include <algorithm>
#include <numeric>

#include "engine/santa_cruz/santa_cruz.hpp"

namespace archipel::engine::santa_cruz {
namespace {

class Problems {
 public:
  void require(bool ok, std::string what) {
    if (!ok) list_.push_back(std::move(what));
  }
  std::vector<std::string> take() { return std::move(list_); }

 private:
  std::vector<std::string> list_;
};

std::string seat_name(Seat seat) {
  return "seat " + std::to_string(seat);
}

void check_tiles(const State& s, Problems& problems) {
  const Components& c = components();
  std::vector<int> uses(c.tiles.size(), 0);
  int shared_sites = 0;
  for (std::size_t i = 0; i < s.sites.size(); ++i) {
    const SiteState& site = s.sites[i];
    const std::string& id = c.sites[i].id;
    if (site.tile < 0 || site.tile >= static_cast<int>(c.tiles.size())) {
      problems.require(false, id + " holds no tile");
      continue;
    }
    ++uses[site.tile];
    problems.require(c.tiles[site.tile].kind == c.sites[i].kind,
                     id + " holds a tile of another kind");
    problems.require(site.owners.empty() || site.revealed, id + " has a building but is face down");
    problems.require(site.owners.size() <= 2, id + " has more than two buildings");
    if (site.owners.size() == 2) {
      ++shared_sites;
      problems.require(site.owners[0] != site.owners[1], id + " has two buildings of one seat");
    }
  }
  for (int t : s.unused_tiles) ++uses[t];
  for (std::size_t t = 0; t < uses.size(); ++t)
    problems.require(uses[t] == 1, "tile " + c.tiles[t].id + " is in " + std::to_string(uses[t]) +
                                       " places, not 1");
  // Sites are cleared between rounds and the privilege is used once a round.
  problems.require(shared_sites <= 1, "more than one shared site");
  problems.require(shared_sites == 0 || s.privilege_used, "a shared site but the privilege unused");
}

void check_buildings(const State& s, Problems& problems) {
  const Components& c = components();
  std::vector<std::array<int, kBuildingTypes>> on_board(s.num_seats,
                                                        std::array<int, kBuildingTypes>{});
  for (const auto& site : s.sites)
    for (Seat owner : site.owners)
      if (owner >= 0 && owner < s.num_seats && site.tile >= 0)
        ++on_board[owner][static_cast<int>(c.tiles[site.tile].building)];
  for (Seat seat = 0; seat < s.num_seats; ++seat) {
    const PlayerState& p = s.players[seat];
    for (int b = 0; b < kBuildingTypes; ++b) {
      problems.require(p.supply[b] >= 0 && p.removed[b] >= 0,
                       seat_name(seat) + ": a negative building count");
      problems.require(on_board[seat][b] + p.supply[b] + p.removed[b] == c.buildings[b],
                       seat_name(seat) + ": " + to_string(static_cast<BuildingType>(b)) +
                           "s on the board, in supply and removed do not add up to " +
                           std::to_string(c.buildings[b]));
    }
  }
}

void check_birds(const State& s, Problems& problems) {
  const Components& c = components();
  std::vector<int> chips(c.birds.size(), 0);
  auto count = [&](const std::vector<int>& species) {
    for (int b : species)
      if (b >= 0 && b < static_cast<int>(chips.size())) ++chips[b];
  };
  count(s.bird_pile);
  for (const auto& p : s.players) count(p.birds);
  for (std::size_t b = 0; b < c.birds.size(); ++b)
    problems.require(chips[b] == c.birds[b].count, std::to_string(chips[b]) + " " +
                                                       c.birds[b].name + " chips, not " +
                                                       std::to_string(c.birds[b].count));
}

void check_score_cards(const State& s, Problems& problems) {
  const Components& c = components();
  std::vector<int> uses(c.score_cards.size(), 0);
  auto count = [&](const std::vector<int>& cards) {
    for (int card : cards) ++uses[card];
  };
  for (const auto& p : s.players) {
    count(p.hand);
    count(p.played);
    count(p.discarded);
    problems.require(std::is_sorted(p.hand.begin(), p.hand.end()), "a hand out of order");
    problems.require(
        static_cast<int>(p.discarded.size()) <= (s.round == 2 ? c.round_two_discard : 0),
        "too many discards");
  }
  count(s.score_pile);
  for (const auto& pile : s.piles) {
    if (pile.taken_by < 0) {
      count(pile.score_cards);
      continue;
    }
    // A taken pile's cards are public knowledge of its taker: in hand, discarded or played again.
    const PlayerState& taker = s.players[pile.taken_by];
    for (int card : pile.score_cards) {
      auto in = [card](const std::vector<int>& cards) {
        return std::find(cards.begin(), cards.end(), card) != cards.end();
      };
      problems.require(in(taker.hand) || in(taker.discarded) || in(taker.played),
                       c.score_cards[card].id + " left its pile's taker");
    }
  }
  for (std::size_t card = 0; card < uses.size(); ++card)
    problems.require(uses[card] == 1, "score card " + c.score_cards[card].id + " is in " +
                                          std::to_string(uses[card]) + " places, not 1");
}

void check_players(const State& s, Problems& problems) {
  const Components& c = components();
  std::vector<int> arrivals;
  for (Seat seat = 0; seat < s.num_seats; ++seat) {
    const PlayerState& p = s.players[seat];
    arrivals.push_back(p.arrival);
    problems.require(p.arrival >= 1 && p.arrival <= s.clock,
                     seat_name(seat) + ": arrival after the clock");
    if (p.set < 0) {
      problems.require(p.cards_left == std::array<int, kCardKinds>{} &&
                           p.cards_played == std::array<int, kCardKinds>{},
                       seat_name(seat) + ": construction cards without a set");
      continue;
    }
    for (int k = 0; k < kCardKinds; ++k)
      problems.require(
          p.cards_left[k] >= 0 && p.cards_left[k] + p.cards_played[k] == c.sets[p.set].cards[k],
          seat_name(seat) + ": construction cards left and played are not set " +
              c.sets[p.set].letter);
  }
  // The table tie-break needs every marker's arrival to differ.
  std::sort(arrivals.begin(), arrivals.end());
  problems.require(std::adjacent_find(arrivals.begin(), arrivals.end()) == arrivals.end(),
                   "two markers arrived at the same time");
}

void check_flow(const State& s, Problems& problems) {
  problems.require((s.double_kind >= 0) == (s.double_left > 0),
                   "double kind and builds left disagree");
  problems.require(s.double_kind < 0 || s.phase == Phase::play, "a pending double outside play");
  problems.require(s.double_left <= 2, "a double with more than two builds");
  std::vector<Seat> order = s.order;
  std::sort(order.begin(), order.end());
  std::vector<Seat> seats(s.num_seats);
  std::iota(seats.begin(), seats.end(), 0);
  problems.require(order == seats, "the turn order does not list every seat once");
  if (s.phase == Phase::landing || s.phase == Phase::play || s.phase == Phase::discard) {
    std::vector<int> sets;
    for (const auto& p : s.players) sets.push_back(p.set);
    std::sort(sets.begin(), sets.end());
    problems.require(
        sets.front() >= 0 && std::adjacent_find(sets.begin(), sets.end()) == sets.end(),
        "a round without one distinct set per seat");
  }
}

}  // namespace

std::vector<std::string> Rules::check_invariants(const State& s) {
  Problems problems;
  if (static_cast<int>(s.players.size()) != s.num_seats ||
      s.sites.size() != components().sites.size()) {
    problems.require(false, "players or sites missing");
    return problems.take();
  }
  check_tiles(s, problems);
  check_buildings(s, problems);
  check_birds(s, problems);
  check_score_cards(s, problems);
  check_players(s, problems);
  check_flow(s, problems);
  return problems.take();
}

}  // namespace archipel::engine::santa_cruz
