// Bot support (GameBotSupport in engine/core/game.hpp).
//
// determinize(view, seat, rng) reads the seat's view with the same reader as from_json (the view
// is to_json's output without the hidden parts, the seat's own port ships in `you`), then deals the
// unseen things from what the view allows: the tile piles (tiles seen nowhere, by size), other
// seats' port ships and the ship pile (ships seen nowhere: not at a dock, not in the seat's own
// port), and the scholars and bishops left in the box. The result's generator is drawn from `rng`.
// evaluate(state, seat) is the seat's final score as if the game ended now (points, coins,
// colonists, monks, port, ships) minus the best other seat's; solo: minus the 100-point target.

#include <algorithm>

#include "engine/core/json_read.hpp"
#include "engine/santa_maria/santa_maria.hpp"

namespace archipel::engine::santa_maria {
namespace {

State build(const Json& view, Seat me, Rng& rng) {
  const Components& c = components();
  Json v = view;
  v.erase("to_act");
  v.erase("legal");
  State s = read_state(v, false);
  require(me >= 0 && me < s.num_seats, "seat out of range");
  const Json& sizes = read_object(v, "pile_sizes");
  const int doubles = read_int(sizes, "doubles", 0, 15),
            triples = read_int(sizes, "triples", 0, 15);
  const int ships = read_int(sizes, "ships", 0, 34);
  // Tiles seen: offer, discarded, colonies, a tile being put.
  std::vector<bool> seen(c.tiles.size(), false);
  for (int t : s.offer) seen[t] = true;
  for (int t : s.discarded) seen[t] = true;
  for (const Task& t : s.tasks)
    if (t.kind == TaskKind::tile) seen[t.a] = true;
  for (const auto& p : s.players)
    for (const auto& cell : p.grid)
      if (cell.tile >= 0) seen[cell.tile] = true;
  for (int t = 0; t < static_cast<int>(c.tiles.size()); ++t)
    if (!seen[t]) (c.tiles[t].triple ? s.pile_triples : s.pile_doubles).push_back(t);
  require(static_cast<int>(s.pile_doubles.size()) == doubles &&
              static_cast<int>(s.pile_triples.size()) == triples,
          "tile piles do not match the tiles seen");
  rng.shuffle(s.pile_doubles);
  rng.shuffle(s.pile_triples);
  // Ships seen: at the docks and in ports whose ids the view shows.
  std::vector<bool> ship_seen(c.ships.size(), false);
  for (int d : s.docks)
    if (d >= 0) ship_seen[d] = true;
  for (const auto& p : s.players)
    for (const auto& dock : p.port)
      for (int sh : dock)
        if (sh >= 0) ship_seen[sh] = true;
  std::vector<int> unseen;
  for (int sh = 0; sh < static_cast<int>(c.ships.size()); ++sh)
    if (!ship_seen[sh]) unseen.push_back(sh);
  rng.shuffle(unseen);
  std::size_t at = 0;
  for (auto& p : s.players)
    for (auto& dock : p.port)
      for (int& sh : dock)
        if (sh < 0) {
          require(at < unseen.size(), "too many hidden ships");
          sh = unseen[at++];
        }
  require(static_cast<int>(unseen.size() - at) == ships, "ship pile does not match the ships seen");
  s.ship_pile.assign(unseen.begin() + static_cast<long>(at), unseen.end());
  // Scholars and bishops in the box: the ones shown nowhere.
  for (int k = 0; k < static_cast<int>(c.scholars.size()); ++k) {
    const bool shown =
        std::find(s.scholars.begin(), s.scholars.end(), k) != s.scholars.end() ||
        std::any_of(s.lots.begin(), s.lots.end(), [&](const Lot& l) { return l.scholar == k; });
    if (!shown) s.box_scholars.push_back(k);
  }
  for (int k = 0; k < static_cast<int>(c.bishops.size()); ++k)
    if (std::find(s.bishops.begin(), s.bishops.end(), k) == s.bishops.end())
      s.box_bishops.push_back(k);
  s.rng = Rng(rng.next());
  const auto problems = Rules::check_invariants(s);
  require(problems.empty(), problems.empty() ? "" : problems.front());
  return s;
}

}  // namespace

Result<State> Rules::determinize(const Json& view, Seat seat, Rng& rng) {
  return guard_input("bad_view", "santa-maria view", [&] { return build(view, seat, rng); });
}

int Rules::evaluate(const State& s, Seat seat) {
  std::vector<int> totals;
  for (Seat other = 0; other < s.num_seats; ++other)
    totals.push_back(s.phase == Phase::over ? s.final_scores[other].total
                                            : score_final(s, other).total);
  if (s.num_seats == 1) return totals[0] - components().solo_target;
  int best = -1 << 30;
  for (Seat other = 0; other < s.num_seats; ++other)
    if (other != seat) best = std::max(best, totals[other]);
  return totals[seat] - best;
}

}  // namespace archipel::engine::santa_maria
