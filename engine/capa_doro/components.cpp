// The component model: components.json (embedded at build time by archipel_add_game) parsed once
// into plain structs with the json_read.hpp readers. Bad embedded data is a programmer error: it
// throws on first use (the engine tests parse it first thing); it is never read from disk.

#include <algorithm>
#include <stdexcept>

#include "engine/capa_doro/capa_doro.hpp"
#include "engine/core/json_read.hpp"

namespace archipel::engine::capa_doro {
namespace {

std::array<int, kMaxSeats + 1> by_count(const Json& j, std::string_view key) {
  const Json& o = read_object(j, key);
  std::array<int, kMaxSeats + 1> out{};
  for (int n = 2; n <= kMaxSeats; ++n) out[n] = read_int(o, std::to_string(n), 1, 20);
  return out;
}

int value_of(const Json& j, std::string_view key, int lo, int hi) {
  return read_int(read_object(j, key), "value", lo, hi);
}

Components parse_components() {
  const Json j = Json::parse(components_json_text());
  Components c;
  c.market_spaces = value_of(j, "market_spaces", 1, 20);
  for (const auto& item : read_array(j, "continents")) {
    Continent k;
    k.id = read_string(item, "id");
    k.name = read_string(item, "name");
    k.code = read_string(item, "code");
    k.rows = read_int(item, "rows", 1, 9);
    k.cost = read_int(item, "cost", 0, 20);
    k.prices = read_ints(item, "prices", 0, 50);
    require(static_cast<int>(k.prices.size()) == c.market_spaces, "continent " + k.id + ": prices");
    k.overflow = read_int(item, "overflow", 0, 50);
    k.start_stock = read_int(item, "start_stock", 0, c.market_spaces);
    k.bales = read_int(item, "bales", 0, 100);
    const Colour colour = kColourNames.read(item, "colour");
    require(static_cast<int>(colour) == static_cast<int>(c.continents.size()),
            "continents must be listed in colour order");
    k.first_row = static_cast<int>(c.rows.size());
    for (int r = 1; r <= k.rows; ++r)
      c.rows.push_back(RowInfo{k.code + std::to_string(r), static_cast<int>(c.continents.size())});
    c.total_bales += k.bales;
    c.continents.push_back(std::move(k));
  }
  require(static_cast<int>(c.continents.size()) == kColours, "four continents");
  c.beetles = value_of(j, "beetles", 0, 50);
  c.plantations = by_count(j, "plantations_per_player");
  c.sow_cap = by_count(j, "sow_cap");
  c.start_coins = value_of(j, "start_coins", 0, 100);
  c.cigars_per_player = value_of(j, "cigars_per_player", 1, 3);
  c.win_points = value_of(j, "win_points", 1, 500);
  c.neutral_tokens = value_of(j, "neutral_tokens", 0, 50);
  c.empty_harvest_coins = value_of(j, "empty_harvest_coins", 0, 20);
  c.growth_capacity = value_of(j, "growth_capacity", 1, 9);
  c.die_faces = value_of(j, "die_faces", 1, 20);
  c.good_rains_draw = value_of(j, "good_rains_draw", 0, 20);
  for (const auto& item : read_array(j, "cigars")) {
    Cigar card;
    card.id = read_string(item, "id");
    card.level = kLevelNames.read(item, "level");
    const Json& recipe = read_object(item, "recipe");
    for (int colour = 0; colour < kColours; ++colour)
      card.recipe[colour] = read_int(recipe, kColourNames.name(static_cast<Colour>(colour)), 0, 20);
    card.coins = read_int(item, "coins", 0, 50);
    card.points = read_int(item, "points", 0, 60);
    c.cigars.push_back(std::move(card));
  }
  for (const auto& item : read_array(j, "events")) {
    EventCard e;
    e.id = read_string(item, "id");
    e.name = read_string(item, "name");
    e.effect = kEffectNames.read(item, "effect");
    c.events.push_back(std::move(e));
  }
  return c;
}

}  // namespace

const Components& components() {
  static const Components parsed = [] {
    auto result =
        guard_input("bad_data", "capa-doro components.json", [] { return parse_components(); });
    if (!result.ok()) throw std::logic_error(result.error().message);
    return std::move(result).value();
  }();
  return parsed;
}

int Components::row_index(std::string_view id) const {
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (rows[i].id == id) return static_cast<int>(i);
  return -1;
}

int Components::cigar_index(std::string_view id) const {
  for (std::size_t i = 0; i < cigars.size(); ++i)
    if (cigars[i].id == id) return static_cast<int>(i);
  return -1;
}

int Components::continent_index(std::string_view id) const {
  for (std::size_t i = 0; i < continents.size(); ++i)
    if (continents[i].id == id) return static_cast<int>(i);
  return -1;
}

std::vector<int> Components::cigars_of(Level level) const {
  std::vector<int> out;
  for (std::size_t i = 0; i < cigars.size(); ++i)
    if (cigars[i].level == level) out.push_back(static_cast<int>(i));
  return out;
}

}  // namespace archipel::engine::capa_doro
