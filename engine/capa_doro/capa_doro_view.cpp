// The state as JSON: the public part (the view, the same for every viewer), the full state (the
// public part plus the hidden orders and the generator) and the static board and catalogue.
// public_json() and read_public() are inverse, so from_json() and determinize() share one reader.

#include "engine/capa_doro/capa_doro.hpp"
#include "engine/core/json_object.hpp"
#include "engine/core/json_read.hpp"

namespace archipel::engine::capa_doro {
namespace {

Json by_colour(const std::array<int, kColours>& values) {
  Json j = Json::object();
  for (int c = 0; c < kColours; ++c) j[colour_name(c)] = values[c];
  return j;
}

std::array<int, kColours> read_by_colour(const Json& j, std::string_view key, int hi) {
  const Json& o = read_object(j, key);
  std::array<int, kColours> out{};
  for (int c = 0; c < kColours; ++c) out[c] = read_int(o, colour_name(c), 0, hi);
  return out;
}

Json cell_json(const Cell& cell) {
  if (cell.empty()) return nullptr;
  Json j{{"token", std::string(kTokenKindNames.name(cell.kind))}, {"bales", cell.bales}};
  if (cell.kind == TokenKind::seat) j["seat"] = cell.owner;
  return j;
}

Cell read_cell(const Json& j, int num_seats) {
  if (j.is_null()) return Cell{};
  Cell cell;
  cell.kind = kTokenKindNames.read(j, "token");
  cell.bales = static_cast<std::int8_t>(read_int(j, "bales", 0, components().growth_capacity));
  cell.owner = cell.kind == TokenKind::seat
                   ? static_cast<std::int8_t>(read_int(j, "seat", 0, num_seats - 1))
                   : static_cast<std::int8_t>(kNoToken);
  return cell;
}

Json card_ids(const std::vector<int>& cards, bool events) {
  Json j = Json::array();
  for (int card : cards)
    j.push_back(events ? components().events[card].id : components().cigars[card].id);
  return j;
}

int read_cigar(const Json& v) {
  const int card = components().cigar_index(as_string(v, "cigar card"));
  require(card >= 0, "unknown cigar card");
  return card;
}

int read_event(const Json& v) {
  const std::string& id = as_string(v, "event card");
  for (std::size_t i = 0; i < components().events.size(); ++i)
    if (components().events[i].id == id) return static_cast<int>(i);
  bad_input("unknown event card '" + id + "'");
}

std::vector<int> read_cigars(const Json& j, std::string_view key) {
  std::vector<int> out;
  for (const auto& v : read_array(j, key)) out.push_back(read_cigar(v));
  return out;
}

std::vector<int> read_events(const Json& j, std::string_view key) {
  std::vector<int> out;
  for (const auto& v : read_array(j, key)) out.push_back(read_event(v));
  return out;
}

// The public view's two big keys, each rebuilt after a move only when its part of the state changed
// (view_sections.hpp). Row id -> [seed, growth, harvest].
void rows_section(const State& s, Json& j) {
  const Components& c = components();
  Json& rows = j["rows"];
  rows = Json::object();
  for (std::size_t r = 0; r < s.rows.size(); ++r) {
    Json& cells = rows[c.rows[r].id];
    for (const Cell& cell : s.rows[r]) cells.push_back(cell_json(cell));
  }
}
bool same_rows(const State& a, const State& b) {
  return a.rows == b.rows;
}

// One entry per seat, built alone after a move that changed that seat alone (view_sections.hpp).
std::size_t player_count(const State& s) {
  return s.players.size();
}
bool player_entry(const State& s, std::size_t seat, Json& out) {
  const PlayerState& p = s.players[seat];
  Json slots = Json::array();
  for (const auto& slot : p.slots)
    slots.push_back({{"cards", card_ids(slot.cards, false)}, {"top_done", slot.top_done}});
  out = {{"coins", p.coins},
         {"points", p.points},
         {"stock", by_colour(p.stock)},
         {"plantations", p.supply},
         {"cigars", std::move(slots)}};
  return true;
}
bool same_player(const State& a, const State& b, std::size_t seat) {
  return a.players[seat] == b.players[seat];
}

constexpr ViewSection<State> kSections[] = {
    {"rows", rows_section, same_rows},
    {"players", nullptr, nullptr, player_count, player_entry, same_player, nullptr},
};

}  // namespace

std::span<const ViewSection<State>> Rules::view_sections() {
  return kSections;
}

// Everything public but the sections: rebuilt after every move.
Json Rules::public_view_core(const State& s) {
  const Components& c = components();
  Json j;
  j["events"] = s.events_on;
  j["phase"] = std::string(kPhaseNames.name(s.phase));
  j["first"] = s.first;
  j["active"] = s.active;
  j["placed"] = s.placed;
  j["die"] = s.die;
  j["round"] = s.round;
  j["markets"] = by_colour(s.market);
  // Derived, for clients. An empty market has nothing to sell you, so no buy price (null), not a
  // price of 0 that a board would print.
  Json buy = Json::object();
  std::array<int, kColours> sell{};
  for (int colour = 0; colour < kColours; ++colour) {
    buy[colour_name(colour)] = s.market[colour] > 0 ? Json(buy_price(s, colour)) : Json(nullptr);
    sell[colour] = sell_price(s, colour);
  }
  j["buy_prices"] = std::move(buy);
  j["sell_prices"] = by_colour(sell);
  j["junk"] = by_colour(s.junk);
  std::array<int, kColours + 1> bag{};
  for (auto item : s.bag) ++bag[item];
  Json bag_json = by_colour({bag[0], bag[1], bag[2], bag[3]});
  bag_json["beetle"] = bag[kBeetle];
  j["bag"] = bag_json;
  j["beetles"] = {{"pending", s.beetles_pending}, {"gone", s.beetles_gone}};
  j["eat"] = s.eat_seat >= 0 ? object_of("seat", s.eat_seat, "left", s.eat_left) : Json(nullptr);
  j["customs"] = s.customs >= 0 ? Json(c.continents[s.customs].id) : Json(nullptr);
  j["neutral_supply"] = s.neutral_supply;
  j["event_pile"] = s.event_pile.size();
  j["events_played"] = card_ids(s.events_played, true);
  j["pending_event"] = s.pending_event >= 0 ? Json(c.events[s.pending_event].id) : Json(nullptr);
  j["b_pile"] = s.b_pile.size();
  j["c_pile"] = s.c_pile.size();
  j["action"] = std::string(kActionKindNames.name(s.action));
  Json sown = Json::array();
  for (int r : s.sown_rows) sown.push_back(c.rows[r].id);
  j["sown_rows"] = std::move(sown);
  Json bought = Json::array(), sold = Json::array();
  for (int colour : s.bought) bought.push_back(colour_name(colour));
  for (int colour : s.sold) sold.push_back(colour_name(colour));
  j["bought"] = std::move(bought);
  j["sold"] = std::move(sold);
  j["end"] = std::string(kEndReasonNames.name(s.end));
  return j;
}

// The public view (everything: nothing is private), which read_public() reads back.
Json public_json(const State& s) {
  return sectioned_public_view<Rules>(s);
}

void read_public(State& s, const Json& j) {
  const Components& c = components();
  s.events_on = read_bool(j, "events");
  s.phase = kPhaseNames.read(j, "phase");
  const Json& players = read_array(j, "players");
  s.num_seats = static_cast<int>(players.size());
  require(s.num_seats >= 2 && s.num_seats <= kMaxSeats, "2 to 4 players");
  s.first = read_int(j, "first", 0, s.num_seats - 1);
  s.active = read_int(j, "active", 0, s.num_seats - 1);
  s.placed = read_int(j, "placed", 0, 2 * s.num_seats);
  s.die = read_int(j, "die", 0, c.die_faces);
  // A state stored before the round was shown has none: 0, as in set-up (no rule reads it).
  s.round = j.contains("round") ? read_int(j, "round", 0, 100000) : 0;
  const Json& rows = read_object(j, "rows");
  require(rows.size() == c.rows.size(), "one entry per row");
  s.rows.assign(c.rows.size(), Row{});
  for (std::size_t r = 0; r < c.rows.size(); ++r) {
    const Json& cells = read_array(rows, c.rows[r].id);
    require(cells.size() == kColumns, "three cells a row");
    for (int col = 0; col < kColumns; ++col) s.rows[r][col] = read_cell(cells[col], s.num_seats);
  }
  s.market = read_by_colour(j, "markets", c.market_spaces);
  s.junk = read_by_colour(j, "junk", c.total_bales);
  const Json& beetles = read_object(j, "beetles");
  s.beetles_pending = read_int(beetles, "pending", 0, c.beetles);
  s.beetles_gone = read_int(beetles, "gone", 0, c.beetles);
  const Json& eat = field(j, "eat");
  s.eat_seat = eat.is_null() ? -1 : read_int(eat, "seat", 0, s.num_seats - 1);
  s.eat_left = eat.is_null() ? 0 : read_int(eat, "left", 0, c.total_bales);
  const Json& customs = field(j, "customs");
  s.customs = customs.is_null() ? -1 : c.continent_index(as_string(customs, "customs"));
  require(customs.is_null() || s.customs >= 0, "customs: unknown continent");
  s.neutral_supply = read_int(j, "neutral_supply", 0, c.neutral_tokens);
  s.events_played = read_events(j, "events_played");
  const Json& pending = field(j, "pending_event");
  s.pending_event = pending.is_null() ? -1 : read_event(pending);
  s.players.assign(s.num_seats, PlayerState{});
  for (int seat = 0; seat < s.num_seats; ++seat) {
    const Json& pj = players[seat];
    PlayerState& p = s.players[seat];
    p.coins = read_int(pj, "coins", 0, 100000);
    p.points = read_int(pj, "points", 0, 1000);
    p.stock = read_by_colour(pj, "stock", c.total_bales);
    p.supply = read_int(pj, "plantations", 0, c.plantations[s.num_seats]);
    for (const auto& slot : read_array(pj, "cigars")) {
      Slot sl;
      sl.cards = read_cigars(slot, "cards");
      require(!sl.cards.empty() && sl.cards.size() <= 3, "a cigar slot holds 1 to 3 cards");
      sl.top_done = read_bool(slot, "top_done");
      p.slots.push_back(std::move(sl));
    }
  }
  s.action = kActionKindNames.read(j, "action");
  s.sown_rows.clear();
  for (const auto& v : read_array(j, "sown_rows")) {
    const int r = c.row_index(as_string(v, "sown row"));
    require(r >= 0, "unknown sown row");
    s.sown_rows.push_back(r);
  }
  // A state stored before the one-way trade reading has neither list: nothing traded yet in its
  // action.
  auto colours = [&](const char* key, std::vector<int>& out) {
    out.clear();
    if (!j.contains(key)) return;
    for (const auto& v : read_array(j, key)) {
      const auto colour = kColourNames.parse(as_string(v, key));
      require(colour.has_value(), std::string("unknown colour in ") + key);
      out.push_back(static_cast<int>(*colour));
    }
  };
  colours("bought", s.bought);
  colours("sold", s.sold);
  s.end = kEndReasonNames.read(j, "end");
  // Whose move it is must make sense for the phase.
  require(s.phase != Phase::event_choice || s.pending_event >= 0,
          "an event choice without an event");
  if (s.phase == Phase::event_choice) {
    const Effect e = c.events[s.pending_event].effect;
    require(e == Effect::hurricane || e == Effect::customs || e == Effect::fallow ||
                e == Effect::smuggler,
            "the waiting event needs no choice");
  }
  require(static_cast<int>(s.sown_rows.size()) <= c.sow_cap[s.num_seats], "too many rows sown");
  require(s.phase != Phase::eat || (s.eat_seat >= 0 && s.eat_left > 0),
          "an eat step without a target");
  require(s.phase != Phase::beetle || s.beetles_pending > 0, "a beetle step without a beetle");
  require((s.phase == Phase::over) == (s.end != EndReason::none), "end reason and phase disagree");
}

Json Rules::view(const State& s, Viewer viewer) {
  return split_view<Rules>(s, viewer);
}

// Nothing in Capa d'Oro is seen by one player only: the whole view is public (the piles' order is
// hidden from everyone).
Json Rules::public_view(const State& s) {
  return public_json(s);
}
Json Rules::private_view(const State&, Seat) {
  return Json::object();
}

Json Rules::static_data(const State&) {
  const Components& c = components();
  Json continents = Json::array();
  for (int k = 0; k < kColours; ++k) {
    const Continent& cont = c.continents[k];
    Json rows = Json::array();
    for (int r = cont.first_row; r < cont.first_row + cont.rows; ++r) rows.push_back(c.rows[r].id);
    continents.push_back({{"id", cont.id},
                          {"name", cont.name},
                          {"code", cont.code},
                          {"colour", colour_name(k)},
                          {"cost", cont.cost},
                          {"prices", cont.prices},
                          {"overflow", cont.overflow},
                          {"bales", cont.bales},
                          {"rows", rows}});
  }
  Json cigars = Json::array();
  for (const auto& card : c.cigars) {
    Json recipe = Json::object();
    for (int k = 0; k < kColours; ++k) recipe[colour_name(k)] = card.recipe[k];
    cigars.push_back({{"id", card.id},
                      {"level", std::string(kLevelNames.name(card.level))},
                      {"recipe", recipe},
                      {"coins", card.coins},
                      {"points", card.points}});
  }
  // The catalogue (static, the same for every game): where each card lies is never here.
  Json events = Json::array();
  for (const auto& e : c.events)
    events.push_back(
        {{"id", e.id}, {"name", e.name}, {"effect", std::string(kEffectNames.name(e.effect))}});
  return {{"board",
           {{"continents", continents},
            {"market_spaces", c.market_spaces},
            {"win_points", c.win_points},
            {"columns", {"seed", "growth", "harvest"}}}},
          {"cigars", cigars},
          {"events", events}};
}

Json Rules::to_json(const State& s) {
  Json j = public_json(s);
  Json bag = Json::array();
  for (auto item : s.bag) bag.push_back(static_cast<int>(item));
  j["hidden"] = {{"bag", bag},
                 {"event_pile", card_ids(s.event_pile, true)},
                 {"a_box", card_ids(s.a_box, false)},
                 {"b_pile", card_ids(s.b_pile, false)},
                 {"c_pile", card_ids(s.c_pile, false)},
                 {"rng", s.rng.to_json()}};
  return j;
}

Result<State> Rules::from_json(const Json& j) {
  return guard_input("bad_state", "capa-doro state", [&] {
    State s;
    read_public(s, j);
    const Json& hidden = read_object(j, "hidden");
    for (int item : read_ints(hidden, "bag", 0, kBeetle))
      s.bag.push_back(static_cast<std::uint8_t>(item));
    s.event_pile = read_events(hidden, "event_pile");
    s.a_box = read_cigars(hidden, "a_box");
    s.b_pile = read_cigars(hidden, "b_pile");
    s.c_pile = read_cigars(hidden, "c_pile");
    require(s.rng.from_json(field(hidden, "rng")), "rng: malformed");
    // The public counts must agree with the hidden lists.
    require(read_int(j, "event_pile", 0, 100) == static_cast<int>(s.event_pile.size()),
            "event pile size");
    require(read_int(j, "b_pile", 0, 100) == static_cast<int>(s.b_pile.size()), "B pile size");
    require(read_int(j, "c_pile", 0, 100) == static_cast<int>(s.c_pile.size()), "C pile size");
    std::array<int, kColours + 1> bag{};
    for (auto item : s.bag) ++bag[item];
    const Json& counts = read_object(j, "bag");
    for (int c = 0; c < kColours; ++c)
      require(read_int(counts, colour_name(c), 0, 200) == bag[c], "bag counts");
    require(read_int(counts, "beetle", 0, 200) == bag[kBeetle], "bag counts");
    const auto problems = check_invariants(s);
    require(problems.empty(), problems.empty() ? "" : problems.front());
    return s;
  });
}

}  // namespace archipel::engine::capa_doro
