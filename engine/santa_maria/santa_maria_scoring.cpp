// Final scoring (the rule book's "Fin de la partie / décompte final") and the six bishops' goals,
// with the solo goals. Pure functions of the state: evaluate() calls score_final as the game goes.

#include <algorithm>

#include "engine/santa_maria/santa_maria.hpp"

namespace archipel::engine::santa_maria {
namespace {

const CellDef* def_at(const PlayerState& p, int cell) {
  return p.grid[cell].def < 0 ? nullptr : &components().cell_defs[p.grid[cell].def];
}

bool line_complete(const PlayerState& p, int line) {
  for (int c : line_cells(line))
    if (p.grid[c].def < 0) return false;
  return true;
}

// Road cells in chains touching the town hall (a chain carries on only from road to road).
std::array<bool, kCells> roads_from_town_hall(const PlayerState& p) {
  std::array<bool, kCells> seen{};
  if (p.town_hall_cell < 0) return seen;
  std::vector<int> stack;
  for (int n : neighbours(p.town_hall_cell)) {
    const CellDef* d = def_at(p, n);
    if (d && d->terrain == Terrain::road && !seen[n]) {
      seen[n] = true;
      stack.push_back(n);
    }
  }
  while (!stack.empty()) {
    const int c = stack.back();
    stack.pop_back();
    for (int n : neighbours(c)) {
      const CellDef* d = def_at(p, n);
      if (d && d->terrain == Terrain::road && !seen[n]) {
        seen[n] = true;
        stack.push_back(n);
      }
    }
  }
  return seen;
}

int cap(int points) {
  return std::min(points, components().bishop_cap);
}

int square_points(const PlayerState& p) {
  int best = 0;
  for (int k = kSize; k >= 1 && best == 0; --k)
    for (int r = 0; r + k <= kSize && best == 0; ++r)
      for (int c = 0; c + k <= kSize && best == 0; ++c) {
        bool full = true;
        for (int i = 0; i < k && full; ++i)
          for (int j = 0; j < k && full; ++j) full = p.grid[(r + i) * kSize + c + j].def >= 0;
        if (full) best = k;
      }
  int points = 0;
  for (const auto& [side, value] : components().square_points)
    if (best >= side) points = std::max(points, value);
  return points;
}

int cities_points(const PlayerState& p) {
  if (p.town_hall_cell < 0) return 0;
  const auto roads = roads_from_town_hall(p);
  int cities = 0;
  for (int c = 0; c < kCells; ++c) {
    const CellDef* d = def_at(p, c);
    if (!d || d->terrain != Terrain::city) continue;
    bool linked = false;
    for (int n : neighbours(c)) linked = linked || n == p.town_hall_cell || roads[n];
    cities += linked;
  }
  return cap(cities * components().per_city);
}

int colonists_linked_points(const PlayerState& p) {
  const auto roads = roads_from_town_hall(p);
  int colonists = 0;
  for (int c = 0; c < kCells; ++c)
    if (roads[c]) colonists += def_at(p, c)->colonists;
  return cap(colonists * components().per_colonist);
}

int area_points(const PlayerState& p) {
  std::array<bool, kCells> seen{};
  int best = 0;
  for (int start = 0; start < kCells; ++start) {
    const CellDef* d = def_at(p, start);
    if (seen[start] || !d) continue;
    const Terrain t = d->terrain;
    if (t != Terrain::farm && t != Terrain::forest && t != Terrain::mountain) continue;
    int size = 0;
    std::vector<int> stack{start};
    seen[start] = true;
    while (!stack.empty()) {
      const int c = stack.back();
      stack.pop_back();
      ++size;
      for (int n : neighbours(c)) {
        const CellDef* dn = def_at(p, n);
        if (!seen[n] && dn && dn->terrain == t) {
          seen[n] = true;
          stack.push_back(n);
        }
      }
    }
    best = std::max(best, size);
  }
  return cap(best * components().per_area_cell);
}

int diversity_points(const PlayerState& p) {
  int lines = 0;
  for (int line = 0; line < 2 * kSize; ++line) {
    bool farm = false, forest = false, mountain = false, city = false;
    for (int c : line_cells(line)) {
      const CellDef* d = def_at(p, c);
      if (!d) continue;
      farm = farm || d->terrain == Terrain::farm;
      forest = forest || d->terrain == Terrain::forest;
      mountain = mountain || d->terrain == Terrain::mountain;
      city = city || d->terrain == Terrain::city;
    }
    lines += farm && forest && mountain && city;
  }
  return cap(lines * components().per_diverse_line);
}

}  // namespace

int colonist_points(const PlayerState& p) {
  int points = 0;
  for (int line = 0; line < 2 * kSize; ++line) {
    if (!line_complete(p, line)) continue;
    for (int c : line_cells(line)) points += def_at(p, c)->colonists;
  }
  return points;
}

int port_columns(const PlayerState& p) {
  std::size_t fewest = p.port[0].size();
  for (const auto& dock : p.port) fewest = std::min(fewest, dock.size());
  return static_cast<int>(fewest);
}

bool one_terrain_line(const PlayerState& p) {
  for (int line = 0; line < 2 * kSize; ++line) {
    const auto cells = line_cells(line);
    const CellDef* first = def_at(p, cells[0]);
    if (!first || !first->building()) continue;
    bool same = true;
    for (int c : cells) {
      const CellDef* d = def_at(p, c);
      same = same && d && d->terrain == first->terrain;
    }
    if (same) return true;
  }
  return false;
}

int bishop_goal_points(const State& s, Seat seat, Goal goal) {
  const PlayerState& p = s.players[seat];
  switch (goal) {
    case Goal::square:
      return square_points(p);
    case Goal::dock: {
      std::size_t most = 0;
      for (const auto& dock : p.port) most = std::max(most, dock.size());
      return cap(static_cast<int>(most) * components().per_ship);
    }
    case Goal::cities:
      return cities_points(p);
    case Goal::colonists:
      return colonists_linked_points(p);
    case Goal::area:
      return area_points(p);
    case Goal::diversity:
      return diversity_points(p);
  }
  return 0;
}

FinalScore score_final(const State& s, Seat seat) {
  const Components& c = components();
  const PlayerState& p = s.players[seat];
  FinalScore f;
  f.before = p.points;
  int coins = p.coins;
  for (int r = 0; r < kResources; ++r) coins += p.res[r] * c.sell[r];
  f.coins = coins / c.coins_per_point;
  f.colonists = colonist_points(p);
  for (int k = 0; k < static_cast<int>(s.scholars.size()); ++k)
    if (s.monk_spaces[k] & (1u << seat)) f.scholars += c.scholars[s.scholars[k]].points;
  for (int k = 0; k < static_cast<int>(s.bishops.size()); ++k)
    if (s.monk_spaces[3 + k] & (1u << seat)) {
      f.bishops -= c.bishop_penalty;
      f.bishop_goals += bishop_goal_points(s, seat, c.bishops[s.bishops[k]].goal);
    }
  f.port = port_columns(p) * c.per_port_column;
  for (const auto& dock : p.port)
    for (int ship : dock) f.ships += c.ships[ship].points;
  f.total =
      f.before + f.coins + f.colonists + f.scholars + f.bishops + f.bishop_goals + f.port + f.ships;
  if (s.num_seats == 1) {
    if (f.colonists >= c.solo_colonists) f.goals.push_back("communism");
    if (port_columns(p) >= c.solo_columns) f.goals.push_back("capitalism");
    if (f.bishop_goals >= c.solo_bishops) f.goals.push_back("theocracy");
    if (one_terrain_line(p)) f.goals.push_back("capracracy");
    if (f.total >= c.solo_democracy) f.goals.push_back("democracy");
    if (f.total >= c.solo_utopia) f.goals.push_back("utopia");
  }
  return f;
}

std::vector<ScorePart> score_parts(const State& s, Seat seat) {
  const FinalScore& f = s.final_scores.at(seat);
  const int conquistadors = s.players[seat].conquistador_points;
  return {
      {"conquistadors", {"Conquistador track", "Piste Conquistador"}, conquistadors, ""},
      {"game_points",
       {"Other points during the game", "Autres points gagnés en cours de partie"},
       f.before - conquistadors,
       ""},
      {"coins", {"Resources and coins", "Ressources et Pièces"}, f.coins, ""},
      {"colonists", {"Colonists", "Colons"}, f.colonists, ""},
      {"scholars", {"Scholars", "Savants"}, f.scholars, ""},
      {"bishops",
       {"Bishops promoted (−2 points each)", "Évêques promus (−2 points chacun)"},
       f.bishops,
       ""},
      {"bishop_goals", {"Bishops' goals", "Objectifs des Évêques"}, f.bishop_goals, ""},
      {"ports", {"Ports", "Ports"}, f.port, ""},
      {"ships", {"Ship tiles", "Tuiles Navire"}, f.ships, ""},
  };
}

}  // namespace archipel::engine::santa_maria
