#include "engine/core/any_game.hpp"

#include <cctype>

namespace archipel::engine {

std::optional<RuleError> not_your_turn(const std::vector<Seat>& acting, Seat seat) {
  if (seat_acts(acting, seat)) return std::nullopt;
  return acting.empty()
             ? fail("not_your_turn", "the game is over", "la partie est finie")
             : fail("not_your_turn", "it is not your turn to act", "ce n'est pas votre tour");
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

Result<Json> GameInstance::parse_text(Seat seat, std::string_view text) const {
  if (auto refused = not_your_turn(to_act(), seat)) return *std::move(refused);
  const std::string wanted = normalize_move_text(text);
  if (wanted.empty())
    return fail("bad_arguments", "usage: /play <move>; /moves lists the legal ones",
                "usage : /play <coup> ; /moves liste les coups permis");
  for (auto& move : legal(seat))
    if (normalize_move_text(move.text) == wanted) return std::move(move.action);
  return fail(
      "illegal_move", "'" + std::string(text) + "' is not a legal move now; /moves lists them",
      "« " + std::string(text) + " » n'est pas un coup permis maintenant ; /moves les liste");
}

}  // namespace archipel::engine
