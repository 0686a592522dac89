// The component model: components.json (embedded at build time by archipel_add_game) parsed once
// into plain structs through the shared checked readers. Bad embedded data is a programmer error
// and throws on first use (the unit tests parse it first thing); it is never read from disk.

#include <stdexcept>

#include "engine/core/json_read.hpp"
#include "engine/costa_ruana/costa_ruana.hpp"

namespace archipel::engine::costa_ruana {
namespace {

Components parse() {
  const Json j = Json::parse(components_json_text());
  Components c;
  for (const auto& e : read_array(j, "effects")) {
    Effect effect;
    effect.code = read_string(e, "code");
    effect.kind = kKindNames.read(e, "kind");
    effect.amount = read_int(e, "amount", 1, 3);
    effect.title = read_string(e, "title");
    c.effects.push_back(std::move(effect));
  }
  for (const auto& e : read_array(j, "cards")) {
    Card card;
    card.id = read_string(e, "id");
    const std::string& code = read_string(e, "effect");
    card.effect = -1;
    for (std::size_t i = 0; i < c.effects.size(); ++i)
      if (c.effects[i].code == code) card.effect = static_cast<int>(i);
    require(card.effect >= 0, card.id + ": unknown effect " + code);
    card.background = kBackgroundNames.read(e, "background");
    card.notches = read_int(e, "notches", 2, kMaxSeats);
    read_string(e, "status");
    card.name = code + "-" + std::string(kBackgroundShort.name(card.background));
    require(c.card_ids.emplace(card.id, static_cast<int>(c.cards.size())).second,
            "duplicate card " + card.id);
    c.cards.push_back(std::move(card));
  }
  c.islands = read_strings(j, "islands");
  for (std::size_t i = 0; i < c.islands.size(); ++i)
    require(c.island_ids.emplace(c.islands[i], static_cast<int>(i)).second, "duplicate island");
  const Json& by_players = read_object(j, "islands_by_players");
  for (int n = 2; n <= kMaxSeats; ++n)
    c.islands_by_players[n] =
        read_int(by_players, std::to_string(n), 3, static_cast<int>(c.islands.size()));
  c.island_capacity = read_int(j, "island_capacity", 1, 100);
  const Json& treasures = read_object(j, "treasures");
  c.small_islands = read_int(treasures, "small_islands", 0, 3);
  c.small_treasures = read_int(treasures, "small", 0, 10);
  c.large_treasures = read_int(treasures, "large", 0, 10);
  c.natives_per_player = read_int(j, "natives_per_player", 1, 20);
  c.setup_natives = read_int(j, "setup_natives", 0, 10);
  c.hand_size = read_int(j, "hand_size", 2, 10);
  c.rounds = read_int(j, "rounds", 1, 10);
  c.draws = read_ints(j, "draws", 0, 10);
  require(static_cast<int>(c.draws.size()) == c.rounds - 1, "one draw count between rounds");
  c.colours = read_strings(j, "colours");
  require(static_cast<int>(c.colours.size()) == kMaxSeats, "six colours");
  return c;
}

}  // namespace

int Components::card_index(std::string_view id) const {
  auto it = card_ids.find(id);
  return it == card_ids.end() ? -1 : it->second;
}

int Components::island_index(std::string_view id) const {
  auto it = island_ids.find(id);
  return it == island_ids.end() ? -1 : it->second;
}

const Components& components() {
  static const Components parsed = [] {
    try {
      return parse();
    } catch (const BadInput& e) {
      throw std::logic_error("costa-ruana components.json: " + e.what);
    }
  }();
  return parsed;
}

}  // namespace archipel::engine::costa_ruana
