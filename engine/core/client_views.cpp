#include "engine/core/client_views.hpp"

#include <atomic>
#include <utility>

#include "engine/core/json_object.hpp"

namespace archipel::engine {

std::uint64_t new_instance_id() {
  static std::atomic<std::uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

Json client_view(const GameInstance& game, Viewer viewer) {
  // The whole view and `to_act`, whether the game splits its view or not: built from the contract
  // alone.
  Json v = game.view(viewer);
  v["to_act"] = game.to_act();
  v[kLegalKey] = legal_json(game, viewer);
  return v;
}

Json legal_json(const GameInstance& game, Viewer viewer) {
  Json legal_moves = Json::array();
  if (game.acts(viewer)) {
    auto moves = game.legal(viewer.seat);
    legal_moves.get_ref<Json::array_t&>().reserve(moves.size());
    for (auto& move : moves)
      legal_moves.push_back(
          object_of("action", std::move(move.action), "text", std::move(move.text)));
  }
  return legal_moves;
}

Json private_client_view(const GameInstance& game, Viewer viewer) {
  Json v = game.client_views().private_part(viewer);
  v[kLegalKey] = legal_json(game, viewer);
  return v;
}

}  // namespace archipel::engine
