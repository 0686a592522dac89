#include "engine/core/any_game.hpp"

#include <atomic>
#include <cctype>

#include "engine/core/json_object.hpp"

namespace archipel::engine {

std::uint64_t new_instance_id() {
  static std::atomic<std::uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

std::string normalize_move_text(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  return out;
}

Json GameInstance::client_view(Viewer viewer) const {
  Json v = GameInstance::private_part(viewer);  // the whole view and `to_act`, whether the game splits it or not
  v[kLegalKey] = legal_json(viewer);
  return v;
}

Json GameInstance::private_client_view(Viewer viewer) const {
  Json v = private_part(viewer);
  v[kLegalKey] = legal_json(viewer);
  return v;
}

Json GameInstance::private_part(Viewer viewer) const {
  Json v = view(viewer);
  v["to_act"] = to_act();
  return v;
}

Json GameInstance::legal_json(Viewer viewer) const {
  Json legal_moves = Json::array();
  if (acts(viewer)) {
    auto moves = legal(viewer.seat);
    legal_moves.get_ref<Json::array_t&>().reserve(moves.size());
    for (auto& move : moves)
      legal_moves.push_back(object_of("action", std::move(move.action), "text", std::move(move.text)));
  }
  return legal_moves;
}

Result<Json> GameInstance::parse_text(Seat seat, std::string_view text) const {
  auto acting = to_act();
  if (std::find(acting.begin(), acting.end(), seat) == acting.end())
    return acting.empty() ? fail("not_your_turn", "the game is over", "la partie est finie")
                          : fail("not_your_turn", "it is not your turn to act", "ce n'est pas votre tour");
  const std::string wanted = normalize_move_text(text);
  if (wanted.empty())
    return fail("bad_arguments", "usage: /play <move>; /moves lists the legal ones",
                "usage : /play <coup> ; /moves liste les coups permis");
  for (auto& move : legal(seat))
    if (normalize_move_text(move.text) == wanted) return std::move(move.action);
  return fail("illegal_move", "'" + std::string(text) + "' is not a legal move now; /moves lists them",
              "« " + std::string(text) + " » n'est pas un coup permis maintenant ; /moves les liste");
}

}  // namespace archipel::engine
