// The rules: set-up, who acts, the legal moves (one checker, why_illegal, behind both
// legal_actions and apply), the growth phase (die, draws, yield, ripening, events, beetles), the
// four actions, development, the end, the outcome and the invariant and scramble hooks.

#include "engine/capa_doro/capa_doro.hpp"

#include <algorithm>
#include <numeric>

#include "engine/core/json_read.hpp"

namespace archipel::engine::capa_doro {
namespace {

const std::string& row_id(int row) {
  return components().rows[row].id;
}
int continent_of(int row) {
  return components().rows[row].continent;
}
bool central_america(int row) {
  return continent_of(row) == kColours - 1;
}
int row_cost(int row) {
  return components().continents[continent_of(row)].cost;
}

RuleError refuse(const std::string& reason, const std::string& message,
                 const std::string& message_fr) {
  return fail("capa_doro." + reason, message, message_fr);
}

// A step of the game as a French refusal names it (the rule book's words: semence, croissance,
// coléoptère).
std::string phase_fr(Phase p) {
  switch (p) {
    case Phase::start_seed:
      return "de la mise en place (colonne de semence)";
    case Phase::start_grow:
      return "de la mise en place (colonne de croissance)";
    case Phase::roll:
      return "du lancer de dé";
    case Phase::event_choice:
      return "de la carte d'événement";
    case Phase::beetle:
      return "du coléoptère";
    case Phase::eat:
      return "du coléoptère qui mange";
    case Phase::action:
      return "des actions";
    case Phase::over:
      return "de la fin de partie";
  }
  return "?";
}

/// The seat placing the set-up plantation number `placed`: clockwise from the first player, then
/// counter-clockwise from the last.
Seat setup_seat(const State& s, int placed) {
  const int n = s.num_seats;
  const int step = placed < n ? placed : 2 * n - 1 - placed;
  return (s.first + step) % n;
}

bool has_harvest_token(const State& s, Seat seat) {
  for (const auto& row : s.rows) {
    const Cell& c = row[static_cast<int>(Column::harvest)];
    if (c.kind == TokenKind::seat && c.owner == seat) return true;
  }
  return false;
}

int stock_total(const PlayerState& p) {
  return std::accumulate(p.stock.begin(), p.stock.end(), 0);
}

int top_card(const Slot& slot) {
  return slot.cards.empty() ? -1 : slot.cards.back();
}

/// The slot whose face-up (unfinished) top card is `card`, or -1.
int slot_with_open(const PlayerState& p, int card) {
  for (std::size_t i = 0; i < p.slots.size(); ++i)
    if (!p.slots[i].top_done && top_card(p.slots[i]) == card) return static_cast<int>(i);
  return -1;
}

bool can_pay(const PlayerState& p, int card) {
  const auto& recipe = components().cigars[card].recipe;
  for (int c = 0; c < kColours; ++c)
    if (p.stock[c] < recipe[c]) return false;
  return true;
}

/// Puts an item back into the bag at a random place (the book: the bag is mixed).
void into_bag(State& s, int item) {
  const auto at = static_cast<std::ptrdiff_t>(s.rng.below(s.bag.size() + 1));
  s.bag.insert(s.bag.begin() + at, static_cast<std::uint8_t>(item));
}

/// A bale that goes to a market: the next free space, the junk pile if the market is full.
void to_market(State& s, int colour) {
  if (s.market[colour] < components().market_spaces)
    ++s.market[colour];
  else
    ++s.junk[colour];
}

/// A token leaving the board (out of the harvest column by a shift): its owner harvests it.
void leave_board(State& s, const Cell& cell, int row, std::vector<Json>& events) {
  if (cell.kind == TokenKind::neutral) {
    ++s.neutral_supply;
    events.push_back({{"type", "token_out"}, {"row", row_id(row)}, {"token", "neutral"}});
  } else if (cell.kind == TokenKind::creneau) {
    events.push_back({{"type", "token_out"}, {"row", row_id(row)}, {"token", "creneau"}});
  } else {
    PlayerState& p = s.players[cell.owner];
    const int colour = continent_of(row);
    p.stock[colour] += cell.bales;
    const int coins = cell.bales == 0 ? components().empty_harvest_coins : 0;
    p.coins += coins;
    ++p.supply;
    events.push_back({{"type", "harvested"},
                      {"seat", cell.owner},
                      {"row", row_id(row)},
                      {"colour", colour_name(colour)},
                      {"bales", cell.bales},
                      {"coins", coins}});
  }
}

bool any_empty_seed(const State& s) {
  for (const auto& row : s.rows)
    if (row[0].empty()) return true;
  return false;
}

bool opponent_has_bale(const State& s, Seat seat) {
  for (Seat o = 0; o < s.num_seats; ++o)
    if (o != seat && stock_total(s.players[o]) > 0) return true;
  return false;
}

void draw_items(State& s, int count, std::vector<Json>& events);
void start_turn(State& s, std::vector<Json>& events);

/// Whether `colour` is in one of the action's trade lists (State::bought, State::sold).
bool traded(const std::vector<int>& colours, int colour) {
  return std::find(colours.begin(), colours.end(), colour) != colours.end();
}

/// Resolves the event card just drawn; true when it waits for the active player's choice.
bool resolve_event(State& s, int card, std::vector<Json>& events) {
  const Components& c = components();
  switch (c.events[card].effect) {
    case Effect::good_rains:
      draw_items(s, c.good_rains_draw, events);
      return false;
    case Effect::hurricane:
    case Effect::customs:
      return true;
    case Effect::fallow:
      return any_empty_seed(s);
    case Effect::smuggler:
      return opponent_has_bale(s, s.active);
    case Effect::drought:
      for (std::size_t r = 0; r < s.rows.size(); ++r) {
        Cell& g = s.rows[r][1];
        if (g.kind == TokenKind::seat && g.owner >= 0 && g.bales > 0) {
          --g.bales;
          ++s.junk[continent_of(static_cast<int>(r))];
        }
      }
      return false;
    case Effect::free_trade:
      s.customs = -1;
      for (auto& p : s.players) p.coins += 1;
      return false;
    case Effect::tax:
      for (auto& p : s.players) p.coins -= p.coins / 5;
      return false;
    case Effect::subsidy:
      for (auto& p : s.players) p.coins += 2;
      return false;
    case Effect::export_boom:
      for (int colour = 0; colour < kColours; ++colour) {
        const int gone = std::min(2, s.market[colour]);
        s.market[colour] -= gone;
        s.junk[colour] += gone;
      }
      return false;
    case Effect::recycling:
      for (int colour = 0; colour < kColours; ++colour) {
        for (int i = 0; i < s.junk[colour]; ++i) into_bag(s, colour);
        s.junk[colour] = 0;
      }
      return false;
    case Effect::early_ripening:
      for (std::size_t r = 0; r < s.rows.size(); ++r) {
        const Cell& g = s.rows[r][1];
        if (!g.empty() && g.bales >= 2) shift_row(s, static_cast<int>(r), events);
      }
      return false;
    case Effect::cigar_fair:
      for (auto& p : s.players) p.coins += finished_cards(p);
      return false;
  }
  return false;
}

/// The top event card: drawn, shown, resolved. An empty pile is rebuilt from the played cards.
bool draw_event(State& s, std::vector<Json>& events) {
  if (s.event_pile.empty()) {
    if (s.events_played.empty()) return false;
    s.event_pile = s.events_played;
    s.events_played.clear();
    s.rng.shuffle(s.event_pile);
    events.push_back({{"type", "events_reshuffled"}});
  }
  const int card = s.event_pile.back();
  s.event_pile.pop_back();
  s.events_played.push_back(card);
  const EventCard& e = components().events[card];
  events.push_back({{"type", "event"},
                    {"seat", s.active},
                    {"card", e.id},
                    {"name", e.name},
                    {"effect", std::string(kEffectNames.name(e.effect))}});
  if (!resolve_event(s, card, events)) return false;
  s.pending_event = card;
  return true;
}

/// Draws up to `count` items, then places the bales (board order); beetles wait to be placed.
void draw_items(State& s, int count, std::vector<Json>& events) {
  std::array<int, kColours + 1> drawn{};
  for (int i = 0; i < count && !s.bag.empty(); ++i) {
    ++drawn[s.bag.back()];
    s.bag.pop_back();
  }
  Json items = Json::object();
  for (int colour = 0; colour < kColours; ++colour) items[colour_name(colour)] = drawn[colour];
  items["beetle"] = drawn[kBeetle];
  events.push_back({{"type", "draw"}, {"seat", s.active}, {"items", items}});
  for (int colour = 0; colour < kColours; ++colour)
    for (int i = 0; i < drawn[colour]; ++i) place_bale(s, colour, events);
  s.beetles_pending += drawn[kBeetle];
}

void start_action(State& s) {
  s.phase = Phase::action;
  s.action = ActionKind::none;
  s.sown_rows.clear();
  s.bought.clear();
  s.sold.clear();
}

/// After the yield and any event: beetles, then the action.
void after_growth(State& s) {
  if (s.beetles_pending > 0)
    s.phase = Phase::beetle;
  else
    start_action(s);
}

/// Eats on its own while the choice is no choice (one colour left, or everything goes).
void auto_eat(State& s, std::vector<Json>& events) {
  PlayerState& p = s.players[s.eat_seat];
  while (s.eat_left > 0) {
    const int total = stock_total(p);
    if (total == 0) {
      s.eat_left = 0;
      break;
    }
    int colours = 0, first = -1;
    for (int c = 0; c < kColours; ++c)
      if (p.stock[c] > 0) {
        ++colours;
        if (first < 0) first = c;
      }
    if (colours > 1 && s.eat_left < total) return;  // the roller chooses
    --p.stock[first];
    ++s.junk[first];
    --s.eat_left;
    events.push_back({{"type", "eaten"}, {"seat", s.eat_seat}, {"colour", colour_name(first)}});
  }
}

void after_beetle(State& s) {
  s.eat_seat = -1;
  after_growth(s);
}

/// Phase 3: a B on each A made this turn, a C on each B; then the next player.
void end_turn(State& s, std::vector<Json>& events) {
  PlayerState& p = s.players[s.active];
  for (auto& slot : p.slots) {
    if (!slot.top_done) continue;
    const Level level = components().cigars[top_card(slot)].level;
    std::vector<int>* pile = level == Level::a   ? &s.b_pile
                             : level == Level::b ? &s.c_pile
                                                 : nullptr;
    if (pile == nullptr || pile->empty()) continue;
    slot.cards.push_back(pile->back());
    pile->pop_back();
    slot.top_done = false;
    events.push_back({{"type", "develop"},
                      {"seat", s.active},
                      {"card", components().cigars[slot.cards.back()].id}});
  }
  s.action = ActionKind::none;
  s.sown_rows.clear();
  s.bought.clear();
  s.sold.clear();
  s.active = (s.active + 1) % s.num_seats;
  start_turn(s, events);
}

void start_turn(State& s, std::vector<Json>& events) {
  if (!bag_has_bale(s)) {
    s.phase = Phase::over;
    s.end = EndReason::tobacco;
    events.push_back({{"type", "game_over"}, {"reason", "tobacco"}});
    return;
  }
  if (s.active == s.first) ++s.round;
  s.phase = Phase::roll;
}

bool action_open(const State& s, ActionKind kind) {
  return s.action == ActionKind::none || s.action == kind;
}

/// Ends the action when nothing but done is left.
void maybe_end_action(State& s, std::vector<Json>& events) {
  const auto moves = legal_moves(s, s.active);
  if (moves.size() == 1 && moves[0].type == MoveType::done) end_turn(s, events);
}

void sow_token(State& s, int row, Cell token, std::vector<Json>& events) {
  if (!s.rows[row][0].empty()) {
    shift_row(s, row, events);
    // Semer: "Si par cette action une plantation est poussée dans la colonne de récolte, le joueur
    // récolte tout de suite et place cette plantation dans son magasin." The token the push moved
    // into the harvest column is harvested at once (the one already there left the board with the
    // shift). It is harvested for its owner, as every harvest is (Récolter takes only "les
    // plantations de sa couleur"), and the owner's colour says whose stock the plantation goes to.
    // A token that reaches the harvest column by ripening still waits for Récolter.
    Cell& pushed_in = s.rows[row][static_cast<int>(Column::harvest)];
    if (!pushed_in.empty()) {
      const Cell in = pushed_in;
      pushed_in = Cell{};
      leave_board(s, in, row, events);
    }
  }
  s.rows[row][0] = token;
  s.sown_rows.push_back(row);
  s.action = ActionKind::sow;
}

}  // namespace

// ------------------------------------------------------------------------------------------------
// Helpers

YieldSpot yield_spot(const State& s, int continent) {
  const Continent& k = components().continents[continent];
  // "D'abord dans la deuxième colonne": first the growth column, where the tobacco is fewest.
  // "D'abord" (first) implies a next place, and the book names no place for a player's yield but
  // a plantation: the next is the other column that grows, the seed column. The market takes only
  // what no plantation of the continent can hold (as a neutral plantation's yield, "revient au
  // marché").
  for (const Column column : {Column::growth, Column::seed}) {
    const int col = static_cast<int>(column);
    const int room =
        column == Column::growth ? components().growth_capacity : components().growth_capacity - 1;
    int best = -1;
    for (int r = k.first_row; r < k.first_row + k.rows; ++r) {
      const Cell& cell = s.rows[r][col];
      if (cell.empty() || cell.bales >= room) continue;
      if (best < 0 || cell.bales < s.rows[best][col].bales) best = r;
    }
    if (best >= 0) return {best, column};
  }
  return {};
}

void place_bale(State& s, int colour, std::vector<Json>& events) {
  const YieldSpot spot = yield_spot(s, colour);
  if (spot.row < 0) {
    to_market(s, colour);
    events.push_back({{"type", "yield"}, {"colour", colour_name(colour)}, {"to", "market"}});
    return;
  }
  Cell& cell = s.rows[spot.row][static_cast<int>(spot.column)];
  ++cell.bales;
  // A neutral token or the creneau only counts the bale: it goes to the market (§9, §12).
  if (cell.kind != TokenKind::seat) to_market(s, colour);
  Json event{{"type", "yield"}, {"colour", colour_name(colour)}, {"to", row_id(spot.row)}};
  if (spot.column == Column::seed) event["column"] = "seed";
  events.push_back(std::move(event));
  if (spot.column == Column::growth && cell.bales >= components().growth_capacity)
    shift_row(s, spot.row, events);
}

void shift_row(State& s, int row, std::vector<Json>& events) {
  Row& r = s.rows[row];
  const Cell out = r[2];
  r[2] = r[1];
  r[1] = r[0];
  r[0] = Cell{};
  events.push_back({{"type", "shift"}, {"row", row_id(row)}});
  if (!out.empty()) leave_board(s, out, row, events);
}

int buy_price(const State& s, int colour) {
  const int k = s.market[colour];
  return k > 0 ? components().continents[colour].prices[k - 1] : 0;
}

int sell_price(const State& s, int colour) {
  const int k = s.market[colour];
  const Continent& c = components().continents[colour];
  return k < components().market_spaces ? c.prices[k] : c.overflow;
}

int finished_cards(const PlayerState& p) {
  int n = 0;
  for (const auto& slot : p.slots)
    n += static_cast<int>(slot.cards.size()) - (slot.top_done || slot.cards.empty() ? 0 : 1);
  return n;
}

int bales_on_board(const State& s, int colour) {
  int n = 0;
  const Continent& k = components().continents[colour];
  for (int r = k.first_row; r < k.first_row + k.rows; ++r)
    for (const Cell& c : s.rows[r])
      if (c.kind == TokenKind::seat && c.owner >= 0) n += c.bales;
  return n;
}

bool bag_has_bale(const State& s) {
  return std::any_of(s.bag.begin(), s.bag.end(), [](std::uint8_t item) { return item != kBeetle; });
}

Outcome final_standing(const State& s) {
  std::vector<int> scores, money;
  for (const auto& p : s.players) {
    scores.push_back(p.points);
    money.push_back(-p.coins);  // lower first: more money ranks first
  }
  return outcome_by_score(scores, money);
}

// ------------------------------------------------------------------------------------------------
// Moves

Json move_json(const Move& m) {
  Json j{{"type", std::string(kMoveTypeNames.name(m.type))}};
  switch (m.type) {
    case MoveType::seed:
    case MoveType::grow:
    case MoveType::fallow:
    case MoveType::sow:
    case MoveType::neutral:
      j["row"] = row_id(m.row);
      break;
    case MoveType::beetle:
      if (m.row >= 0) {
        j["row"] = row_id(m.row);
        j["column"] = std::string(kColumnNames.name(static_cast<Column>(m.column)));
      } else {
        j["stock"] = m.seat;
      }
      break;
    case MoveType::eat:
    case MoveType::buy:
    case MoveType::sell:
      j["colour"] = colour_name(m.colour);
      break;
    case MoveType::hurricane:
    case MoveType::customs:
      j["continent"] = components().continents[m.colour].id;
      break;
    case MoveType::smuggle:
      j["seat"] = m.seat;
      j["colour"] = colour_name(m.colour);
      break;
    case MoveType::cigar:
      j["card"] = components().cigars[m.card].id;
      break;
    case MoveType::roll:
    case MoveType::harvest:
    case MoveType::done:
      break;
  }
  return j;
}

Result<Move> parse_move(const Json& action) {
  return guard_input("capa_doro.bad_action", "action", [&] {
    Move m;
    m.type = kMoveTypeNames.read(action, "type");
    auto row = [&] {
      const int r = components().row_index(read_string(action, "row"));
      require(r >= 0, "\"row\": no such row (AS1-AS5, SA1-SA4, AF1-AF3, CA1-CA2)");
      return r;
    };
    auto colour = [&] { return static_cast<int>(kColourNames.read(action, "colour")); };
    switch (m.type) {
      case MoveType::seed:
      case MoveType::grow:
      case MoveType::fallow:
      case MoveType::sow:
      case MoveType::neutral:
        m.row = row();
        break;
      case MoveType::beetle:
        if (action.contains("stock")) {
          m.seat = read_int(action, "stock", 0, kMaxSeats - 1);
        } else {
          m.row = row();
          m.column = static_cast<int>(kColumnNames.read(action, "column"));
        }
        break;
      case MoveType::eat:
      case MoveType::buy:
      case MoveType::sell:
        m.colour = colour();
        break;
      case MoveType::hurricane:
      case MoveType::customs:
        m.colour = components().continent_index(read_string(action, "continent"));
        require(m.colour >= 0, "\"continent\": no such continent");
        break;
      case MoveType::smuggle:
        m.seat = read_int(action, "seat", 0, kMaxSeats - 1);
        m.colour = colour();
        break;
      case MoveType::cigar:
        m.card = components().cigar_index(read_string(action, "card"));
        require(m.card >= 0, "\"card\": no such cigar card");
        break;
      case MoveType::roll:
      case MoveType::harvest:
      case MoveType::done:
        break;
    }
    return m;
  });
}

std::optional<RuleError> why_illegal(const State& s, Seat seat, const Move& m) {
  if (s.phase == Phase::over) return refuse("game_over", "the game is over", "la partie est finie");
  if (seat != s.active)
    return refuse("not_your_turn", "it is not your turn", "ce n'est pas votre tour");
  const Components& c = components();
  const PlayerState& me = s.players[seat];
  auto phase_is = [&](Phase p) -> std::optional<RuleError> {
    if (s.phase == p) return std::nullopt;
    return refuse("wrong_phase",
                  "that move belongs to the " + std::string(kPhaseNames.name(p)) +
                      " step; now is " + std::string(kPhaseNames.name(s.phase)),
                  "ce coup est celui de l'étape " + phase_fr(p) + " ; c'est maintenant l'étape " +
                      phase_fr(s.phase));
  };
  auto event_is = [&](Effect e) -> std::optional<RuleError> {
    if (auto bad = phase_is(Phase::event_choice)) return bad;
    if (c.events[s.pending_event].effect != e)
      return refuse(
          "wrong_event", "the event waiting is " + c.events[s.pending_event].name,
          "la carte d'événement en attente est " + event_title(c.events[s.pending_event]).fr);
    return std::nullopt;
  };
  auto in_action = [&](ActionKind kind) -> std::optional<RuleError> {
    if (auto bad = phase_is(Phase::action)) return bad;
    if (!action_open(s, kind))
      return refuse("one_action",
                    "one action a turn: you are already doing another one (done ends it)",
                    "une action par tour : vous en faites déjà une autre (done la termine)");
    return std::nullopt;
  };
  auto sowing = [&](int row) -> std::optional<RuleError> {
    if (auto bad = in_action(ActionKind::sow)) return bad;
    if (static_cast<int>(s.sown_rows.size()) >= c.sow_cap[s.num_seats])
      return refuse(
          "sow_limit", "you may sow " + std::to_string(c.sow_cap[s.num_seats]) + " a turn",
          "vous pouvez semer " + std::to_string(c.sow_cap[s.num_seats]) + " fois par tour");
    if (std::find(s.sown_rows.begin(), s.sown_rows.end(), row) != s.sown_rows.end())
      return refuse("row_sown", "one sowing per row a turn",
                    "on ne sème qu'une fois par ligne et par tour");
    return std::nullopt;
  };
  switch (m.type) {
    case MoveType::seed:
    case MoveType::grow: {
      if (auto bad = phase_is(m.type == MoveType::seed ? Phase::start_seed : Phase::start_grow))
        return bad;
      if (central_america(m.row))
        return refuse("central_america", "no start plantation in Central America",
                      "pas de plantation de départ en Amérique centrale");
      if (!s.rows[m.row][m.type == MoveType::seed ? 0 : 1].empty())
        return refuse("space_taken", "that space is taken", "cette case est occupée");
      if (me.coins < row_cost(m.row))
        return refuse("no_money", "you cannot pay for that plantation",
                      "vous ne pouvez pas payer cette plantation");
      return std::nullopt;
    }
    case MoveType::roll:
      return phase_is(Phase::roll);
    case MoveType::beetle: {
      if (auto bad = phase_is(Phase::beetle)) return bad;
      if (m.row >= 0) {
        const Cell& cell = s.rows[m.row][m.column];
        if (cell.kind != TokenKind::seat || cell.owner < 0)
          return refuse(
              "no_plantation", "a beetle goes on a player's plantation or an opponent's stock",
              "un coléoptère va sur la plantation d'un joueur ou dans le magasin d'un adversaire");
        return std::nullopt;
      }
      if (m.seat >= s.num_seats)
        return refuse("no_such_seat", "no such seat", "ce joueur n'existe pas");
      if (m.seat == seat)
        return refuse("own_stock", "a beetle goes in an opponent's stock, not yours",
                      "un coléoptère va dans le magasin d'un adversaire, pas dans le vôtre");
      return std::nullopt;
    }
    case MoveType::eat:
      if (auto bad = phase_is(Phase::eat)) return bad;
      if (s.players[s.eat_seat].stock[m.colour] == 0)
        return refuse("no_bale", "no such bale in that stock",
                      "pas de balle de cette couleur dans ce magasin");
      return std::nullopt;
    case MoveType::hurricane:
      return event_is(Effect::hurricane);
    case MoveType::customs:
      return event_is(Effect::customs);
    case MoveType::fallow:
      if (auto bad = event_is(Effect::fallow)) return bad;
      if (!s.rows[m.row][0].empty())
        return refuse("space_taken", "the creneau goes on an empty seed space",
                      "le carreau créneau va sur une case de semence vide");
      return std::nullopt;
    case MoveType::smuggle:
      if (auto bad = event_is(Effect::smuggler)) return bad;
      if (m.seat >= s.num_seats || m.seat == seat)
        return refuse("no_such_seat", "name an opponent", "désignez un adversaire");
      if (s.players[m.seat].stock[m.colour] == 0)
        return refuse("no_bale", "no such bale in that stock",
                      "pas de balle de cette couleur dans ce magasin");
      return std::nullopt;
    case MoveType::harvest:
      if (auto bad = in_action(ActionKind::none)) return bad;
      if (s.action != ActionKind::none)
        return refuse("one_action", "one action a turn", "une action par tour");
      if (!has_harvest_token(s, seat))
        return refuse("nothing_to_harvest", "no plantation of yours in a harvest column",
                      "aucune de vos plantations n'est dans une colonne de récolte");
      return std::nullopt;
    case MoveType::sow:
      if (auto bad = sowing(m.row)) return bad;
      if (me.supply == 0)
        return refuse("no_plantations", "you have no plantation left",
                      "il ne vous reste plus de plantation");
      if (me.coins < row_cost(m.row))
        return refuse("no_money", "you cannot pay for that plantation",
                      "vous ne pouvez pas payer cette plantation");
      return std::nullopt;
    case MoveType::neutral:
      if (s.num_seats != 2)
        return refuse("two_players_only", "neutral tokens are for two players",
                      "les plantations neutres ne servent qu'à deux joueurs");
      if (auto bad = sowing(m.row)) return bad;
      if (s.neutral_supply == 0)
        return refuse("no_plantations", "no neutral token left",
                      "il ne reste plus de plantation neutre");
      return std::nullopt;
    case MoveType::buy:
      if (auto bad = in_action(ActionKind::trade)) return bad;
      if (s.customs == m.colour)
        return refuse("customs", "the customs tile closes that market",
                      "le carreau douane ferme ce marché");
      if (s.market[m.colour] == 0)
        return refuse("market_empty", "that market is empty", "ce marché est vide");
      if (traded(s.sold, m.colour))
        return refuse(
            "trade_back", "you sold that colour in this trade: buying it back would change nothing",
            "vous avez vendu cette couleur dans ce commerce : la racheter ne changerait rien");
      if (me.coins < buy_price(s, m.colour))
        return refuse("no_money", "you cannot pay for that bale",
                      "vous ne pouvez pas payer cette balle");
      return std::nullopt;
    case MoveType::sell:
      if (auto bad = in_action(ActionKind::trade)) return bad;
      if (s.customs == m.colour)
        return refuse("customs", "the customs tile closes that market",
                      "le carreau douane ferme ce marché");
      if (me.stock[m.colour] == 0)
        return refuse("no_bale", "you have no such bale",
                      "vous n'avez pas de balle de cette couleur");
      if (traded(s.bought, m.colour))
        return refuse(
            "trade_back",
            "you bought that colour in this trade: selling it back would change nothing",
            "vous avez acheté cette couleur dans ce commerce : la revendre ne changerait rien");
      return std::nullopt;
    case MoveType::cigar:
      if (auto bad = in_action(ActionKind::cigars)) return bad;
      if (slot_with_open(me, m.card) < 0)
        return refuse("not_your_card", "that cigar is not face up before you",
                      "cette carte cigare n'est pas face visible devant vous");
      if (!can_pay(me, m.card))
        return refuse("recipe_incomplete",
                      "a cigar is made in one go: you lack bales for its recipe",
                      "un cigare se fait en une fois : il vous manque des balles pour sa recette");
      return std::nullopt;
    case MoveType::done:
      return phase_is(Phase::action);
  }
  return refuse("bad_action", "unknown action", "action inconnue");
}

std::vector<Move> legal_moves(const State& s, Seat seat) {
  std::vector<Move> out;
  if (s.phase == Phase::over || seat != s.active) return out;
  const int rows = static_cast<int>(s.rows.size());
  auto offer = [&](Move m) {
    if (!why_illegal(s, seat, m)) out.push_back(m);
  };
  auto each_row = [&](MoveType type) {
    for (int r = 0; r < rows; ++r) offer(Move{type, r});
  };
  auto each_colour = [&](MoveType type) {
    for (int c = 0; c < kColours; ++c) offer(Move{type, -1, -1, -1, c});
  };
  switch (s.phase) {
    case Phase::start_seed:
      each_row(MoveType::seed);
      break;
    case Phase::start_grow:
      each_row(MoveType::grow);
      break;
    case Phase::roll:
      out.push_back(Move{MoveType::roll});
      break;
    case Phase::beetle:
      for (int r = 0; r < rows; ++r)
        for (int col = 0; col < kColumns; ++col) offer(Move{MoveType::beetle, r, col});
      for (Seat o = 0; o < s.num_seats; ++o) offer(Move{MoveType::beetle, -1, -1, o});
      break;
    case Phase::eat:
      each_colour(MoveType::eat);
      break;
    case Phase::event_choice:
      switch (components().events[s.pending_event].effect) {
        case Effect::hurricane:
          each_colour(MoveType::hurricane);
          break;
        case Effect::customs:
          each_colour(MoveType::customs);
          break;
        case Effect::fallow:
          each_row(MoveType::fallow);
          break;
        case Effect::smuggler:
          for (Seat o = 0; o < s.num_seats; ++o)
            for (int c = 0; c < kColours; ++c) offer(Move{MoveType::smuggle, -1, -1, o, c});
          break;
        default:
          break;
      }
      break;
    case Phase::action: {
      offer(Move{MoveType::harvest});
      each_row(MoveType::sow);
      if (s.num_seats == 2) each_row(MoveType::neutral);
      each_colour(MoveType::buy);
      each_colour(MoveType::sell);
      for (const auto& slot : s.players[seat].slots)
        if (!slot.top_done && !slot.cards.empty())
          offer(Move{MoveType::cigar, -1, -1, -1, -1, slot.cards.back()});
      out.push_back(Move{MoveType::done});
      break;
    }
    case Phase::over:
      break;
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// Contract

const GameSpec& Rules::spec() {
  static const GameSpec spec{"capa-doro",
                             "Capa d'Oro",
                             2,
                             4,
                             {{"events",
                               {"on", "off"},
                               "on",
                               {"Events", "Événements"},
                               {"on: event cards on a rolled 1; off: the strategic variant (a "
                                "rolled 1 only draws one item)",
                                "on : une carte d'événement sur un 1 au dé ; off : la variante "
                                "stratégique (un 1 au dé ne tire qu'un élément de la tabatière)"},
                               0,
                               0,
                               {{"on", "avec"}, {"off", "sans (variante stratégique)"}}}}};
  return spec;
}

Result<State> Rules::setup(int num_seats, const Options& options, std::uint64_t seed) {
  if (num_seats < 2 || num_seats > kMaxSeats)
    return fail("seat_count", "Capa d'Oro is for 2 to 4 players",
                "Capa d'Oro se joue de 2 à 4 joueurs");
  const Components& c = components();
  State s;
  s.num_seats = num_seats;
  const auto events = options.find("events");
  if (events == options.end() || events->second == "on")
    s.events_on = true;
  else if (events->second == "off")
    s.events_on = false;
  else
    return fail("bad_option", "option events takes on|off", "l'option events vaut on ou off");
  s.rng = Rng(seed);
  s.rows.assign(c.rows.size(), Row{});
  for (int colour = 0; colour < kColours; ++colour) {
    const Continent& k = c.continents[colour];
    s.market[colour] = k.start_stock;
    for (int i = k.start_stock; i < k.bales; ++i)
      s.bag.push_back(static_cast<std::uint8_t>(colour));
  }
  for (int i = 0; i < c.beetles; ++i) s.bag.push_back(kBeetle);
  s.rng.shuffle(s.bag);
  std::vector<int> a_cards = c.cigars_of(Level::a);
  s.rng.shuffle(a_cards);
  s.players.resize(num_seats);
  for (auto& p : s.players) {
    p.coins = c.start_coins;
    p.supply = c.plantations[num_seats];
    for (int i = 0; i < c.cigars_per_player; ++i) {
      p.slots.push_back(Slot{{a_cards.back()}, false});
      a_cards.pop_back();
    }
  }
  std::sort(a_cards.begin(), a_cards.end());
  s.a_box = a_cards;
  s.b_pile = c.cigars_of(Level::b);
  s.rng.shuffle(s.b_pile);
  s.c_pile = c.cigars_of(Level::c);
  s.rng.shuffle(s.c_pile);
  if (s.events_on) {
    s.event_pile.resize(c.events.size());
    std::iota(s.event_pile.begin(), s.event_pile.end(), 0);
    s.rng.shuffle(s.event_pile);
  }
  s.neutral_supply = num_seats == 2 ? c.neutral_tokens : 0;
  s.first = static_cast<Seat>(s.rng.below(static_cast<std::uint64_t>(num_seats)));
  s.active = s.first;
  s.phase = Phase::start_seed;
  return s;
}

std::vector<Seat> Rules::to_act(const State& s) {
  if (s.phase == Phase::over) return {};
  return {s.active};
}

std::vector<Json> Rules::legal_actions(const State& s, Seat seat) {
  std::vector<Json> out;
  for (const Move& m : legal_moves(s, seat)) out.push_back(move_json(m));
  return out;
}

Result<std::vector<Json>> Rules::apply(State& s, Seat seat, const Json& action) {
  auto parsed = parse_move(action);
  if (!parsed.ok()) {
    // The reader's reason names a JSON field; a malformed action comes from a program, not from a
    // person's /play (parse_text builds well-formed ones), so the French keeps the field's
    // technical wording.
    RuleError error = parsed.error();
    error.message_fr = "action mal formée (" + error.message + ")";
    return error;
  }
  const Move m = parsed.value();
  if (auto bad = why_illegal(s, seat, m)) return *bad;
  const Components& c = components();
  std::vector<Json> events;
  PlayerState& me = s.players[seat];
  // The move as the log shows it: "seat" is the mover (a smuggle's opponent becomes "from").
  Json done_event = move_json(m);
  if (m.type == MoveType::smuggle) done_event["from"] = m.seat;
  done_event["move"] = done_event["type"];
  done_event["type"] = "move";
  done_event["seat"] = seat;
  switch (m.type) {
    case MoveType::seed:
    case MoveType::grow: {
      me.coins -= row_cost(m.row);
      --me.supply;
      s.rows[m.row][m.type == MoveType::seed ? 0 : 1] =
          Cell{static_cast<std::int8_t>(seat), TokenKind::seat, 0};
      events.push_back(done_event);
      ++s.placed;
      if (s.placed == s.num_seats) s.phase = Phase::start_grow;
      if (s.placed == 2 * s.num_seats) {
        s.active = s.first;
        start_turn(s, events);
      } else {
        s.active = setup_seat(s, s.placed);
      }
      break;
    }
    case MoveType::roll: {
      s.die = 1 + static_cast<int>(s.rng.below(static_cast<std::uint64_t>(c.die_faces)));
      events.push_back({{"type", "roll"}, {"seat", seat}, {"value", s.die}});
      draw_items(s, s.die, events);
      if (s.die == 1 && s.events_on && draw_event(s, events)) {
        s.phase = Phase::event_choice;
        break;
      }
      after_growth(s);
      break;
    }
    case MoveType::beetle: {
      events.push_back(done_event);
      --s.beetles_pending;
      ++s.beetles_gone;
      if (m.row >= 0) {
        Cell& cell = s.rows[m.row][m.column];
        const int eaten = beetle_bite(cell.bales);
        cell.bales = static_cast<std::int8_t>(cell.bales - eaten);
        s.junk[continent_of(m.row)] += eaten;
        events.push_back({{"type", "eaten_on_board"}, {"row", row_id(m.row)}, {"bales", eaten}});
        after_growth(s);
      } else {
        s.eat_seat = m.seat;
        s.eat_left = beetle_bite(stock_total(s.players[m.seat]));
        auto_eat(s, events);
        if (s.eat_left > 0)
          s.phase = Phase::eat;
        else
          after_beetle(s);
      }
      break;
    }
    case MoveType::eat: {
      PlayerState& victim = s.players[s.eat_seat];
      --victim.stock[m.colour];
      ++s.junk[m.colour];
      --s.eat_left;
      events.push_back(
          {{"type", "eaten"}, {"seat", s.eat_seat}, {"colour", colour_name(m.colour)}});
      auto_eat(s, events);
      if (s.eat_left == 0) after_beetle(s);
      break;
    }
    case MoveType::hurricane: {
      events.push_back(done_event);
      const Continent& k = c.continents[m.colour];
      for (int r = k.first_row; r < k.first_row + k.rows; ++r) {
        Cell& g = s.rows[r][1];
        if (g.kind == TokenKind::seat && g.owner >= 0) {
          s.junk[m.colour] += g.bales;
          g.bales = 0;
        }
      }
      s.pending_event = -1;
      after_growth(s);
      break;
    }
    case MoveType::customs:
      events.push_back(done_event);
      s.customs = m.colour;
      s.pending_event = -1;
      after_growth(s);
      break;
    case MoveType::fallow: {
      events.push_back(done_event);
      for (auto& row : s.rows)
        for (auto& cell : row)
          if (cell.kind == TokenKind::creneau) cell = Cell{};
      s.rows[m.row][0] = Cell{kNoToken, TokenKind::creneau, 0};
      s.pending_event = -1;
      after_growth(s);
      break;
    }
    case MoveType::smuggle:
      events.push_back(done_event);
      --s.players[m.seat].stock[m.colour];
      ++me.stock[m.colour];
      s.pending_event = -1;
      after_growth(s);
      break;
    case MoveType::harvest: {
      events.push_back(done_event);
      for (int r = 0; r < static_cast<int>(s.rows.size()); ++r) {
        Cell& h = s.rows[r][2];
        if (h.kind == TokenKind::seat && h.owner == seat) {
          const Cell out = h;
          h = Cell{};
          leave_board(s, out, r, events);
        }
      }
      end_turn(s, events);
      break;
    }
    case MoveType::sow:
      events.push_back(done_event);
      me.coins -= row_cost(m.row);
      --me.supply;
      sow_token(s, m.row, Cell{static_cast<std::int8_t>(seat), TokenKind::seat, 0}, events);
      maybe_end_action(s, events);
      break;
    case MoveType::neutral:
      events.push_back(done_event);
      --s.neutral_supply;
      sow_token(s, m.row, Cell{kNoToken, TokenKind::neutral, 0}, events);
      maybe_end_action(s, events);
      break;
    case MoveType::buy: {
      const int price = buy_price(s, m.colour);
      done_event["coins"] = price;
      events.push_back(done_event);
      me.coins -= price;
      --s.market[m.colour];
      ++me.stock[m.colour];
      if (!traded(s.bought, m.colour)) s.bought.push_back(m.colour);
      s.action = ActionKind::trade;
      maybe_end_action(s, events);
      break;
    }
    case MoveType::sell: {
      const int price = sell_price(s, m.colour);
      done_event["coins"] = price;
      done_event["to"] = s.market[m.colour] < c.market_spaces ? "market" : "junk";
      events.push_back(done_event);
      // Only a sale onto the market can be undone by a purchase (the bale back off the same space
      // at the same price); a sale into a full market goes to the junk pile and is not listed.
      if (s.market[m.colour] < c.market_spaces && !traded(s.sold, m.colour))
        s.sold.push_back(m.colour);
      to_market(s, m.colour);
      me.coins += price;
      --me.stock[m.colour];
      s.action = ActionKind::trade;
      maybe_end_action(s, events);
      break;
    }
    case MoveType::cigar: {
      const Cigar& card = c.cigars[m.card];
      done_event["coins"] = card.coins;
      done_event["points"] = card.points;
      events.push_back(done_event);
      for (int colour = 0; colour < kColours; ++colour) {
        me.stock[colour] -= card.recipe[colour];
        for (int i = 0; i < card.recipe[colour]; ++i) into_bag(s, colour);
      }
      me.coins += card.coins;
      me.points += card.points;
      me.slots[slot_with_open(me, m.card)].top_done = true;
      s.action = ActionKind::cigars;
      if (me.points >= c.win_points) {
        s.phase = Phase::over;
        s.end = EndReason::sixty;
        events.push_back({{"type", "game_over"}, {"reason", "sixty"}, {"seat", seat}});
        break;
      }
      maybe_end_action(s, events);
      break;
    }
    case MoveType::done:
      events.push_back(done_event);
      end_turn(s, events);
      break;
  }
  return events;
}

std::optional<Outcome> Rules::outcome(const State& s) {
  return outcome_when_over(s, s.phase == Phase::over, final_standing, score_parts);
}

std::vector<ScorePart> score_parts(const State& s, Seat seat) {
  std::vector<ScorePart> parts{
      {"cigars_a", {"Cigars of category A", "Cigares de catégorie A"}, 0, ""},
      {"cigars_b", {"Cigars of category B", "Cigares de catégorie B"}, 0, ""},
      {"cigars_c", {"Cigars of category C", "Cigares de catégorie C"}, 0, ""}};
  for (const Slot& slot : s.players[seat].slots)
    for (std::size_t i = 0; i < slot.cards.size(); ++i) {
      const bool finished =
          i + 1 < slot.cards.size() || slot.top_done;  // the cards below the top are made
      const Cigar& cigar = components().cigars[slot.cards[i]];
      if (finished) parts[static_cast<int>(cigar.level)].points += cigar.points;
    }
  return parts;
}

std::vector<Secret> Rules::secrets(const State& s) {
  std::vector<Secret> out;
  for (int e : s.event_pile) out.push_back(Secret{components().events[e].id, std::nullopt});
  for (int card : s.b_pile) out.push_back(Secret{components().cigars[card].id, std::nullopt});
  for (int card : s.c_pile) out.push_back(Secret{components().cigars[card].id, std::nullopt});
  return out;
}

std::vector<std::string> Rules::check_invariants(const State& s) {
  const Components& c = components();
  std::vector<std::string> problems;
  // Bales: bag + markets + junk + stocks + player plantations = the supply, colour by colour.
  std::array<int, kColours + 1> in_bag{};
  for (auto item : s.bag) ++in_bag[item];
  int all_bales = 0;
  for (int colour = 0; colour < kColours; ++colour) {
    int n = in_bag[colour] + s.market[colour] + s.junk[colour] + bales_on_board(s, colour);
    for (const auto& p : s.players) n += p.stock[colour];
    all_bales += n;
    if (n != c.continents[colour].bales)
      problems.push_back(colour_name(colour) + " bales: " + std::to_string(n) + " instead of " +
                         std::to_string(c.continents[colour].bales));
    if (s.market[colour] < 0 || s.market[colour] > c.market_spaces)
      problems.push_back("market out of range");
  }
  if (all_bales != c.total_bales) problems.push_back("bales not conserved");
  if (in_bag[kBeetle] + s.beetles_pending + s.beetles_gone != c.beetles)
    problems.push_back("beetles not conserved");
  // Tokens: supply + board = the allowance; one creneau at most; growth bales below capacity.
  std::vector<int> tokens(s.num_seats, 0);
  int neutral = 0, creneau = 0;
  for (const auto& row : s.rows)
    for (int col = 0; col < kColumns; ++col) {
      const Cell& cell = row[col];
      if (cell.bales < 0 || cell.bales > c.growth_capacity)
        problems.push_back("bales on a token out of range");
      if (col == 1 && cell.bales >= c.growth_capacity)
        problems.push_back("a full growth plantation did not ripen");
      if (col == 0 && cell.bales >= c.growth_capacity)
        problems.push_back("a seed plantation holds more than it has room for");
      if (cell.kind == TokenKind::neutral) ++neutral;
      if (cell.kind == TokenKind::creneau) ++creneau;
      if (cell.kind == TokenKind::seat && cell.owner >= 0) {
        if (cell.owner >= s.num_seats)
          problems.push_back("token of no seat");
        else
          ++tokens[cell.owner];
      }
    }
  for (Seat seat = 0; seat < s.num_seats; ++seat) {
    const PlayerState& p = s.players[seat];
    if (tokens[seat] + p.supply != c.plantations[s.num_seats])
      problems.push_back("plantations of seat " + std::to_string(seat) + " not conserved");
    for (int colour = 0; colour < kColours; ++colour)
      if (p.stock[colour] < 0) problems.push_back("negative stock");
    if (p.coins < 0) problems.push_back("negative coins");
  }
  if (neutral + s.neutral_supply != (s.num_seats == 2 ? c.neutral_tokens : 0))
    problems.push_back("neutral tokens not conserved");
  if (creneau > 1) problems.push_back("more than one creneau tile");
  // Cigar cards: each exactly once among slots, the box and the B and C piles.
  std::vector<int> seen(c.cigars.size(), 0);
  for (const auto& p : s.players) {
    if (static_cast<int>(p.slots.size()) != c.cigars_per_player)
      problems.push_back("wrong number of cigar slots");
    for (const auto& slot : p.slots)
      for (int card : slot.cards) ++seen[card];
  }
  for (int card : s.a_box) ++seen[card];
  for (int card : s.b_pile) ++seen[card];
  for (int card : s.c_pile) ++seen[card];
  for (std::size_t i = 0; i < seen.size(); ++i)
    if (seen[i] != 1)
      problems.push_back("cigar card " + c.cigars[i].id + " seen " + std::to_string(seen[i]) +
                         " times");
  // Event cards: each once in the pile or the played cards (none at all with events off).
  std::vector<int> events(c.events.size(), 0);
  for (int e : s.event_pile) ++events[e];
  for (int e : s.events_played) ++events[e];
  for (std::size_t i = 0; i < events.size(); ++i)
    if (events[i] != (s.events_on ? 1 : 0))
      problems.push_back("event card " + c.events[i].id + " not conserved");
  return problems;
}

State Rules::scramble_hidden(const State& s, Viewer, Rng& rng) {
  // Nothing is private to a seat: every viewer is blind to the same orders.
  State out = s;
  rng.shuffle(out.bag);
  rng.shuffle(out.event_pile);
  rng.shuffle(out.b_pile);
  rng.shuffle(out.c_pile);
  return out;
}

}  // namespace archipel::engine::capa_doro
