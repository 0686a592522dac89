// Expert: single-observer information-set Monte Carlo tree search (SO-ISMCTS; Cowling, Powley and
// Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012, algorithm 3).
//
// Why ISMCTS rather than deeper flat search: `search` spends every playout on a random
// continuation, so it cannot tell a move that only pays off after a good follow-up from one that
// never does. A tree over *actions* (not states) lets the statistics of the follow-ups accumulate
// across determinizations, which is what makes the paper's bots strong in hidden-information card
// games.
//
// Each playout draws a fresh determinization from the seat's view only (GameEntry::determinize), so
// hidden information and future chance events are sampled anew every time and never read from the
// true state. A node is keyed by the seat that moves into it and the move's canonical JSON: the
// same move of the same seat in two determinizations is the same node. Because a move legal in one
// determinization may not be in another, UCB counts a child's *availability* (how often it could
// have been chosen) instead of its parent's visits (the paper's section IV-B). Each node keeps the
// reward of the seat that moved into it, so every seat of a multiplayer game plays its own best
// moves in the tree (the paper's "each player maximises its own reward").
#include <chrono>
#include <cmath>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include "bots/strategy_impl.hpp"
#include "engine/core/registry.hpp"

namespace archipel::bots {
namespace expert_search {

// Random plies after the tree's leaf before the evaluation decides, as `search` plays: measured in
// Santa Cruz at 100 playouts a move against `search` at 100 iterations, 4 plies won 30% of 30
// games, 10 plies 35% of 20, 20 plies 50% of 30; the evaluation alone reads a position less well
// than a few random turns played out.
constexpr int kExpertPlayoutDepth = 20;
// UCB1's constant for rewards in [0, 1]; 0.7 is the paper's value for its card games.
constexpr double kExpertExploration = 0.7;

struct Node {
  engine::Seat mover = -1;  // the seat whose move led here (-1: the root)
  std::string move;         // that move, as canonical JSON
  double reward = 0;        // the mover's summed reward over the playouts through this node
  int visits = 0;
  int available = 0;  // the playouts in which this move was legal when its parent was reached
  std::vector<std::size_t> children;                  // in order of expansion (determinism)
  std::unordered_map<std::string, std::size_t> find;  // "seat move" -> child (lookup only)
};

// A point margin (the game's evaluation) as a reward in (0, 1); a finished game is a win, loss or
// draw. The same scale as `search`, so the two differ only in how they spend their playouts.
double seat_reward(const engine::GameInstance& game, engine::Seat seat) {
  const int eval = game.evaluate(seat).value_or(0);
  if (game.over()) return eval > 0 ? 1.0 : eval < 0 ? 0.0 : 0.5;
  return 1.0 / (1.0 + std::exp(-eval / 20.0));
}

std::string node_key(engine::Seat seat, const engine::Json& move) {
  return std::to_string(seat) + ' ' + move.dump();
}

}  // namespace expert_search

std::size_t ExpertStrategy::choose(const std::string& game_id, const nlohmann::json& view,
                                   engine::Seat seat, engine::Rng& rng) {
  using namespace expert_search;
  last_playouts_ = 0;
  const std::size_t n = legal_count(view);
  if (n == 1) return 0;
  const engine::GameEntry* entry = engine::default_registry().find(game_id);
  if (!entry || !entry->determinize) return static_cast<std::size_t>(rng.below(n));
  const auto start = now_();
  const auto budget = std::chrono::milliseconds(options_.think_ms);
  const int playouts = options_.iterations > 0 ? options_.iterations : kDefaultPlayouts;

  std::vector<Node> tree(1);
  std::vector<std::size_t> path;
  std::vector<std::size_t> untried;
  std::vector<std::size_t> child_of_move;
  for (int it = 0; it < playouts; ++it) {
    // Stop a little before the budget: choosing and answering take some of it too.
    if (options_.think_ms > 0 && now_() - start >= budget * 9 / 10) break;
    auto world = entry->determinize(view, seat, rng);
    if (!world.ok()) break;  // a view the sampler refuses: no playout can be drawn from it
    engine::GameInstance& game = *world.value();
    const int seats = game.num_seats();

    // Selection and expansion: down the tree while every legal move has a child, then one new node.
    path.assign(1, 0);
    std::size_t node = 0;
    bool expanded = false;
    while (!expanded && !game.over()) {
      // The root is this seat's decision; below it, seats that act together move in seat order.
      const engine::Seat actor = node == 0 ? seat : game.to_act().front();
      const auto moves = game.legal_actions(actor);
      if (moves.empty()) break;
      untried.clear();
      child_of_move.assign(moves.size(), 0);
      for (std::size_t i = 0; i < moves.size(); ++i) {
        const auto found = tree[node].find.find(node_key(actor, moves[i]));
        if (found == tree[node].find.end()) {
          untried.push_back(i);
        } else {
          child_of_move[i] = found->second;
          ++tree[found->second].available;
        }
      }
      std::size_t pick = 0;
      std::size_t next = 0;
      if (!untried.empty()) {
        pick = untried[static_cast<std::size_t>(rng.below(untried.size()))];
        next = tree.size();
        Node child;
        child.mover = actor;
        child.move = moves[pick].dump();
        child.available = 1;
        tree[node].find.emplace(node_key(actor, moves[pick]), next);
        tree[node].children.push_back(next);
        tree.push_back(std::move(child));
        expanded = true;
      } else {
        double best = -std::numeric_limits<double>::infinity();
        for (std::size_t i = 0; i < moves.size(); ++i) {
          const Node& c = tree[child_of_move[i]];
          const double ucb =
              c.reward / c.visits +
              kExpertExploration * std::sqrt(std::log(static_cast<double>(c.available)) / c.visits);
          if (ucb > best) {
            best = ucb;
            pick = i;
          }
        }
        next = child_of_move[pick];
      }
      if (!game.apply(actor, moves[pick]).ok()) break;  // an engine bug: score what we have
      path.push_back(next);
      node = next;
    }

    // Playout: random moves for every seat, then the evaluation.
    for (int depth = 0; depth < kExpertPlayoutDepth && !game.over(); ++depth) {
      const auto acting = game.to_act();
      const engine::Seat actor = acting[static_cast<std::size_t>(rng.below(acting.size()))];
      const auto moves = game.legal_actions(actor);
      if (moves.empty()) break;
      if (!game.apply(actor, moves[static_cast<std::size_t>(rng.below(moves.size()))]).ok()) break;
    }
    std::vector<double> rewards(static_cast<std::size_t>(seats), 0.0);
    for (engine::Seat s = 0; s < seats; ++s)
      rewards[static_cast<std::size_t>(s)] = seat_reward(game, s);

    // Backpropagation: each node is credited with the reward of the seat that moved into it.
    for (const std::size_t on_path : path) {
      Node& visited = tree[on_path];
      ++visited.visits;
      if (visited.mover >= 0 && visited.mover < seats)
        visited.reward += rewards[static_cast<std::size_t>(visited.mover)];
    }
    ++last_playouts_;
  }

  // The most visited root move (ties: the better mean, then the first expanded), found in the
  // view's own list by its canonical JSON.
  const Node* chosen = nullptr;
  for (const std::size_t c : tree[0].children) {
    const Node& child = tree[c];
    if (!chosen || child.visits > chosen->visits ||
        (child.visits == chosen->visits &&
         child.reward * chosen->visits > chosen->reward * child.visits))
      chosen = &child;
  }
  if (chosen)
    for (std::size_t i = 0; i < n; ++i)
      if (view["legal"][i]["action"].dump() == chosen->move) return i;
  return static_cast<std::size_t>(rng.below(n));
}

}  // namespace archipel::bots
