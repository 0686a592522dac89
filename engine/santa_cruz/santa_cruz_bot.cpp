// Bot support for Santa Cruz: determinization from a seat's view, and a position evaluation
// (santa_cruz_bot.hpp).

#include "engine/santa_cruz/santa_cruz_bot.hpp"

#include <algorithm>

#include "engine/core/json_read.hpp"

namespace archipel::engine::santa_cruz {
namespace {

int set_of(const Json& letter) {
  if (letter.is_null()) return -1;
  const int set = components().set_index(as_string(letter, "a set"));
  require(set >= 0, "unknown set");
  return set;
}

int card_of(const Json& ref) {
  const int card = components().card_index(read_string(ref, "id"));
  require(card >= 0, "unknown score card");
  return card;
}

// A view's count array (construction cards, buildings) of exactly N entries.
template <std::size_t N>
std::array<int, N> counts(const Json& player, std::string_view key) {
  const std::vector<int> values = read_ints(player, key, 0, 99);
  require(values.size() == N, std::string(key) + " needs " + std::to_string(N) + " counts");
  std::array<int, N> out{};
  std::copy(values.begin(), values.end(), out.begin());
  return out;
}

State build(const Json& v, Seat me, Rng& rng) {
  const Components& c = components();
  require(read_string(v, "game") == "santa-cruz", "not a santa-cruz view");
  State s;
  const Json& players = read_array(v, "players");
  s.num_seats = static_cast<int>(players.size());
  require(s.num_seats >= 2 && s.num_seats <= 4 && me >= 0 && me < s.num_seats, "seat");
  const int n = s.num_seats;
  s.rules = kVariantNames.read(v, "rules");
  s.rng = Rng(rng.next());
  s.round = read_int(v, "round", 1, 2);
  s.phase = kPhaseNames.read(v, "phase");
  s.order = read_ints(v, "order", 0, n - 1);
  s.turn = 0;
  if (v.at("turn").is_number_integer() && (s.phase == Phase::landing || s.phase == Phase::play)) {
    const auto it = std::find(s.order.begin(), s.order.end(), v.at("turn").get<Seat>());
    require(it != s.order.end(), "turn not in order");
    s.turn = static_cast<int>(it - s.order.begin());
  }

  // Players: public counts; the track order gives the arrival order.
  s.players.assign(n, PlayerState{});
  const auto track = read_ints(v, "track", 0, n - 1);
  require(static_cast<int>(track.size()) == n, "track");
  for (int i = 0; i < n; ++i) s.players.at(track[i]).arrival = i + 1;
  s.clock = n;
  std::vector<char> card_known(c.score_cards.size(), 0);
  for (Seat seat = 0; seat < n; ++seat) {
    const Json& pj = players[seat];
    PlayerState& p = s.players[seat];
    p.score = read_int(pj, "score", -100000, 100000);
    p.set = set_of(field(pj, "set"));
    p.cards_left = counts<kCardKinds>(pj, "cards_left");
    p.cards_played = counts<kCardKinds>(pj, "cards_played");
    for (const auto& ref : read_array(pj, "score_cards_played")) {
      p.played.push_back(card_of(ref));
      card_known[p.played.back()] = 1;
    }
    p.supply = counts<kBuildingTypes>(pj, "buildings_left");
    p.removed = counts<kBuildingTypes>(pj, "buildings_removed");
    p.must_discard = read_bool(pj, "must_discard");
  }
  const Json& you = read_object(v, "you");
  PlayerState& mine = s.players[me];
  for (const auto& ref : read_array(you, "hand")) mine.hand.push_back(card_of(ref));
  for (const auto& ref : read_array(you, "discarded")) mine.discarded.push_back(card_of(ref));
  for (int card : mine.hand) card_known[card] = 1;
  for (int card : mine.discarded) card_known[card] = 1;
  std::vector<int> birds_left(c.birds.size());
  for (std::size_t b = 0; b < c.birds.size(); ++b) birds_left[b] = c.birds[b].count;
  for (const auto& name : read_strings(you, "birds")) {
    const int b = c.species_index(name);
    require(b >= 0 && birds_left[b] > 0, "bird species");
    mine.birds.push_back(b);
    --birds_left[b];
  }

  // Piles on the table (round-2 choice).
  if (v.contains("piles")) {
    for (const auto& pj : read_array(v, "piles")) {
      Pile pile;
      pile.set = set_of(field(pj, "set"));
      pile.from = read_int(pj, "from", 0, n - 1);
      pile.taken_by = field(pj, "taken_by").is_null() ? -1 : read_int(pj, "taken_by", 0, n - 1);
      if (pj.contains("score_cards"))
        for (const auto& ref : read_array(pj, "score_cards")) {
          pile.score_cards.push_back(card_of(ref));
          card_known[pile.score_cards.back()] = 1;
        }
      s.piles.push_back(std::move(pile));
    }
    s.pick_order = read_ints(v, "pick_order", 0, n - 1);
    s.pick = static_cast<int>(std::count_if(s.piles.begin(), s.piles.end(),
                                            [](const Pile& p) { return p.taken_by >= 0; }));
  }
  if (!field(v, "pending_double").is_null()) {
    const Json& pending = read_object(v, "pending_double");
    const CardKind kind = kCardKindNames.read(pending, "kind");
    require(kind != CardKind::double_turn, "pending_double kind");
    s.double_kind = static_cast<int>(kind);
    s.double_left = read_int(pending, "builds_left", 1, 2);
  }
  if (!field(v, "privilege").is_null()) s.privilege_used = read_bool(field(v, "privilege"), "used");

  // Board: revealed tiles are matched by their view text; face-down sites get tiles from the unseen
  // pool.
  const Json& board = read_object(v, "board");
  const Json& buildings = read_object(v, "buildings");
  std::vector<char> tile_used(c.tiles.size(), 0);
  s.sites.assign(c.sites.size(), SiteState{});
  std::vector<int> face_down;
  for (std::size_t i = 0; i < c.sites.size(); ++i) {
    const std::string& code = read_string(board, c.sites[i].id);
    SiteState& st = s.sites[i];
    if (buildings.contains(c.sites[i].id))
      st.owners = read_ints(buildings, c.sites[i].id, 0, n - 1);
    if (code == c.sites[i].face_down_code) {
      face_down.push_back(static_cast<int>(i));
      continue;
    }
    for (std::size_t t = 0; t < c.tiles.size() && st.tile < 0; ++t)
      if (!tile_used[t] && c.tiles[t].kind == c.sites[i].kind && c.tiles[t].view_code == code) {
        st.tile = static_cast<int>(t);
        tile_used[t] = 1;
      }
    require(st.tile >= 0, "no tile matches a revealed site");
    st.revealed = true;
  }
  for (SiteKind kind : {SiteKind::coast, SiteKind::land, SiteKind::volcano}) {
    std::vector<int> pool;
    for (std::size_t t = 0; t < c.tiles.size(); ++t)
      if (!tile_used[t] && c.tiles[t].kind == kind) pool.push_back(static_cast<int>(t));
    rng.shuffle(pool);
    for (int site : face_down)
      if (c.sites[site].kind == kind) {
        require(!pool.empty(), "not enough unseen tiles");
        s.sites[site].tile = pool.back();
        pool.pop_back();
      }
    s.unused_tiles.insert(s.unused_tiles.end(), pool.begin(), pool.end());
  }
  std::sort(s.unused_tiles.begin(), s.unused_tiles.end());

  // Score cards: other hands and the set-aside pile from the unseen cards; the rest are others'
  // discards.
  std::vector<int> unseen;
  for (std::size_t card = 0; card < c.score_cards.size(); ++card)
    if (!card_known[card]) unseen.push_back(static_cast<int>(card));
  rng.shuffle(unseen);
  for (Seat seat = 0; seat < n; ++seat) {
    if (seat == me) continue;
    const int count = read_int(players[seat], "score_cards_left", 0, 16);
    for (int k = 0; k < count; ++k) {
      require(!unseen.empty(), "not enough unseen score cards");
      s.players[seat].hand.push_back(unseen.back());
      unseen.pop_back();
    }
  }
  const int set_aside = read_int(v, "score_cards_set_aside", 0, 16);
  for (int k = 0; k < set_aside; ++k) {
    require(!unseen.empty(), "not enough unseen score cards");
    s.score_pile.push_back(unseen.back());
    unseen.pop_back();
  }
  for (Seat seat = (me + 1) % n; !unseen.empty(); seat = (seat + 1) % n) {
    if (seat == me) continue;
    s.players[seat].discarded.push_back(unseen.back());
    unseen.pop_back();
  }
  for (auto& p : s.players) {
    std::sort(p.hand.begin(), p.hand.end());
    std::sort(p.discarded.begin(), p.discarded.end());
  }

  // Bird chips: others' chips and the pile from the chips not in the seat's own birds.
  std::vector<int> chips;
  for (std::size_t b = 0; b < birds_left.size(); ++b)
    chips.insert(chips.end(), birds_left[b], static_cast<int>(b));
  rng.shuffle(chips);
  for (Seat seat = 0; seat < n; ++seat) {
    if (seat == me) continue;
    const int count = read_int(players[seat], "birds", 0, 22);
    for (int k = 0; k < count; ++k) {
      require(!chips.empty(), "not enough bird chips");
      s.players[seat].birds.push_back(chips.back());
      chips.pop_back();
    }
  }
  const int pile = read_int(v, "bird_chips_left", 0, 22);
  require(static_cast<int>(chips.size()) >= pile, "not enough bird chips");
  chips.resize(static_cast<std::size_t>(pile));
  s.bird_pile = std::move(chips);
  return s;
}

int potential(const State& s, Seat seat) {
  const PlayerState& p = s.players[seat];
  int value = p.score * 4;
  for (int card : p.hand) value += std::max(0, card_points(s, card, seat)) * 3;
  // Unplayed construction cards are future buildings: a little each.
  for (int k : p.cards_left) value += k * 2;
  return value;
}

}  // namespace

Result<State> Rules::determinize(const Json& view, Seat seat, Rng& rng) {
  return guard_input("bad_view", "santa-cruz view", [&] { return build(view, seat, rng); });
}

int Rules::evaluate(const State& s, Seat seat) {
  if (s.phase == Phase::over) {
    int best_other = -1000000;
    for (Seat other = 0; other < s.num_seats; ++other)
      if (other != seat) best_other = std::max(best_other, s.players[other].score);
    return (s.players[seat].score - best_other) * 4;
  }
  int best_other = -1000000;
  for (Seat other = 0; other < s.num_seats; ++other)
    if (other != seat) best_other = std::max(best_other, potential(s, other));
  return potential(s, seat) - best_other;
}

}  // namespace archipel::engine::santa_cruz
