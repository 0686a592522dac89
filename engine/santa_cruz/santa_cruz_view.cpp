// Everything that leaves the state: the per-viewer views, the full-state JSON (and its validating
// parser), and the list of secrets. One file to audit for leaks: anything hidden (santa_cruz.hpp,
// "Hidden information") is written only by view() under an explicit viewer check, or by to_json()
// (the full state, never sent).

#include <algorithm>

#include "engine/core/json_object.hpp"
#include "engine/core/json_read.hpp"
#include "engine/santa_cruz/santa_cruz.hpp"

namespace archipel::engine::santa_cruz {
namespace {

Json card_ref(int card) {
  const ScoreCard& c = components().score_cards[card];
  return object_of("id", c.id, "name", c.name);
}

Json card_refs(const std::vector<int>& cards) {
  Json j = Json::array();
  j.get_ref<Json::array_t&>().reserve(cards.size());
  for (int c : cards) j.push_back(card_ref(c));
  return j;
}

// One's own score cards, each with what it would give every seat if played now (issue 12: the
// hand's preview).
Json hand_with_preview(const State& s, const std::vector<int>& hand) {
  Json j = Json::array();
  if (hand.empty()) return j;
  j.get_ref<Json::array_t&>().reserve(hand.size());
  const HeldSites held = held_sites(s);
  for (int c : hand) {
    Json ref = card_ref(c);
    ref["preview"] = card_points_by_seat(s, c, held);
    j.push_back(std::move(ref));
  }
  return j;
}

Json seat_or_null(Seat seat) {
  return seat >= 0 ? Json(seat) : Json(nullptr);
}

Json bird_species(const std::vector<int>& birds) {
  Json j = Json::array();
  for (int b : birds) j.push_back(components().birds[b].name);
  return j;
}

// --- Reading the full state back (from_json): the shared checked readers (json_read.hpp) throw
// BadInput, which from_json turns into a "bad_state" RuleError at one place.

std::vector<int> read_seats(const Json& j, std::string_view key, int n) {
  return read_ints(j, key, 0, n - 1);
}

template <class F>
std::vector<int> read_ids(const Json& j, std::string_view key, F&& lookup) {
  std::vector<int> out;
  for (const auto& id : read_strings(j, key)) {
    const int index = lookup(id);
    require(index >= 0, std::string(key) + ": unknown id " + id);
    out.push_back(index);
  }
  return out;
}

std::vector<int> card_ids(const Json& j, std::string_view key) {
  return read_ids(j, key, [](const std::string& id) { return components().card_index(id); });
}

// The full state packs the bulky parts: a site is "<tile id>[*<owner seats>]" ("*" when revealed),
// bird chips are a string of species digits, counts are arrays in enum order.
std::string site_code(const SiteState& st) {
  std::string code = components().tiles[st.tile].id;
  if (st.revealed) code += '*';
  for (Seat owner : st.owners) code += static_cast<char>('0' + owner);
  return code;
}

std::string bird_code(const std::vector<int>& birds) {
  std::string code;
  for (int b : birds) code += static_cast<char>('0' + b);
  return code;
}

std::vector<int> parse_birds(const std::string& code) {
  std::vector<int> out;
  for (char ch : code) {
    const int b = ch - '0';
    require(b >= 0 && b < static_cast<int>(components().birds.size()), "bird species");
    out.push_back(b);
  }
  return out;
}

template <std::size_t N>
std::array<int, N> read_counts(const Json& j, std::string_view key) {
  const std::vector<int> counts = read_ints(j, key, 0, 99);
  require(counts.size() == N, std::string(key) + " needs " + std::to_string(N) + " counts");
  std::array<int, N> out{};
  std::copy(counts.begin(), counts.end(), out.begin());
  return out;
}

Json card_id_list(const std::vector<int>& cards) {
  Json j = Json::array();
  for (int c : cards) j.push_back(components().score_cards[c].id);
  return j;
}

bool is_permutation_of_seats(const std::vector<int>& v, int n) {
  if (static_cast<int>(v.size()) != n) return false;
  std::vector<int> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < n; ++i)
    if (sorted[i] != i) return false;
  return true;
}

State parse_state(const Json& j) {
  require(read_string(j, "game") == "santa-cruz", "not a santa-cruz state");
  const Components& c = components();
  State s;
  s.num_seats = read_int(j, "num_seats", 2, 4);
  const int n = s.num_seats;
  s.rules = kVariantNames.read(j, "rules");
  require(s.rng.from_json(field(j, "rng")), "rng");
  s.round = read_int(j, "round", 1, 2);
  s.phase = kPhaseNames.read(j, "phase");
  s.order = read_seats(j, "order", n);
  require(is_permutation_of_seats(s.order, n), "order must list every seat once");
  s.turn = read_int(j, "turn", 0, n - 1);

  // Sites and tiles: every tile exactly once, on a site of its kind or unused.
  std::vector<int> tile_uses(c.tiles.size(), 0);
  const Json& sites = read_array(j, "sites");
  require(sites.size() == c.sites.size(), "sites: one per site");
  for (std::size_t i = 0; i < c.sites.size(); ++i) {
    const std::string& code = as_string(sites[i], "a site");
    const auto star = code.find('*');
    SiteState st;
    st.tile = c.tile_index(code.substr(0, star));
    require(st.tile >= 0 && c.tiles[st.tile].kind == c.sites[i].kind,
            "site tile of the wrong kind");
    ++tile_uses[st.tile];
    st.revealed = star != std::string::npos;
    if (st.revealed)
      for (char ch : code.substr(star + 1)) {
        const int owner = ch - '0';
        require(owner >= 0 && owner < n, "site owner");
        st.owners.push_back(owner);
      }
    require(st.owners.size() <= 2, "at most two buildings on a site");
    require(st.owners.size() < 2 || st.owners[0] != st.owners[1],
            "two buildings of one seat on a site");
    s.sites.push_back(std::move(st));
  }
  s.unused_tiles =
      read_ids(j, "unused_tiles", [&](const std::string& id) { return c.tile_index(id); });
  for (int t : s.unused_tiles) ++tile_uses[t];
  require(std::all_of(tile_uses.begin(), tile_uses.end(), [](int u) { return u == 1; }),
          "every tile exactly once");

  std::vector<int> card_uses(c.score_cards.size(), 0);
  auto use_cards = [&](const std::vector<int>& cards) {
    for (int card : cards) ++card_uses[card];
  };
  const Json& players = read_array(j, "players");
  require(static_cast<int>(players.size()) == n, "players: one per seat");
  std::vector<int> set_uses(c.sets.size(), 0);
  for (const auto& pj : players) {
    PlayerState p;
    p.score = read_int(pj, "score", -100000, 100000);
    p.arrival = read_int(pj, "arrival", 0, 1 << 30);
    const std::string& set = read_string(pj, "set");
    p.set = set.empty() ? -1 : c.set_index(set);
    require(set.empty() || p.set >= 0, "unknown set");
    if (p.set >= 0) ++set_uses[p.set];
    p.cards_left = read_counts<kCardKinds>(pj, "cards_left");
    p.cards_played = read_counts<kCardKinds>(pj, "cards_played");
    p.hand = card_ids(pj, "hand");
    p.played = card_ids(pj, "played");
    p.discarded = card_ids(pj, "discarded");
    use_cards(p.hand);
    use_cards(p.played);
    use_cards(p.discarded);
    p.birds = parse_birds(read_string(pj, "birds"));
    p.supply = read_counts<kBuildingTypes>(pj, "supply");
    p.removed = read_counts<kBuildingTypes>(pj, "removed");
    p.must_discard = read_bool(pj, "must_discard");
    p.building_points = read_int(pj, "building_points", -100000, 100000);
    for (const auto& entry : read_array(pj, "card_points")) {
      require(entry.is_array() && entry.size() == 2, "card_points: [card, points] pairs");
      const int card = c.card_index(as_string(entry[0], "card_points card"));
      require(card >= 0, "card_points: unknown score card");
      p.card_points.emplace_back(card, as_int(entry[1], "card_points points", -100000, 100000));
    }
    s.players.push_back(std::move(p));
  }
  require(std::all_of(set_uses.begin(), set_uses.end(), [](int u) { return u <= 1; }),
          "a set held twice");
  s.score_pile = card_ids(j, "score_pile");
  use_cards(s.score_pile);
  s.bird_pile = parse_birds(read_string(j, "bird_pile"));
  const Json& piles = read_array(j, "piles");
  require(piles.size() <= c.sets.size(), "piles: at most one per set");
  for (const auto& pj : piles) {
    Pile pile;
    pile.set = c.set_index(read_string(pj, "set"));
    require(pile.set >= 0, "pile set");
    pile.from = read_int(pj, "from", 0, n - 1);
    pile.score_cards = card_ids(pj, "score_cards");
    pile.taken_by = read_int(pj, "taken_by", -1, n - 1);
    if (pile.taken_by < 0) use_cards(pile.score_cards);
    s.piles.push_back(std::move(pile));
  }
  require(std::all_of(card_uses.begin(), card_uses.end(), [](int u) { return u <= 1; }),
          "a score card held twice");
  s.pick_order = read_seats(j, "pick_order", n);
  require(s.pick_order.empty() || is_permutation_of_seats(s.pick_order, n), "pick_order");
  s.pick = read_int(j, "pick", 0, n);
  const std::string& kind = read_string(j, "double_kind");
  s.double_kind = -1;
  if (!kind.empty()) {
    auto k = card_kind_from(kind);
    require(k && *k != CardKind::double_turn, "double_kind");
    s.double_kind = static_cast<int>(*k);
  }
  s.double_left = read_int(j, "double_left", 0, 2);
  require((s.double_kind >= 0) == (s.double_left > 0), "double_kind and double_left disagree");
  s.privilege_used = read_bool(j, "privilege_used");
  s.clock = read_int(j, "clock", 0, 1 << 30);

  // The phase must name someone who can act.
  if (s.phase == Phase::choose_pile)
    require(static_cast<int>(s.pick_order.size()) == n && s.pick < n && !s.piles.empty(),
            "choose_pile state");
  if (s.phase == Phase::choose_set)
    require(std::any_of(s.players.begin(), s.players.end(),
                        [](const PlayerState& p) { return p.set < 0; }),
            "choose_set state without a chooser");
  if (s.phase == Phase::play || s.phase == Phase::landing)
    for (const auto& p : s.players) require(p.set >= 0, "a player without a set in a round");
  if (s.phase == Phase::play) {
    const PlayerState& p = s.players[s.order[s.turn]];
    int cards = static_cast<int>(p.hand.size());
    for (int k : p.cards_left) cards += k;
    require(cards > 0 || s.double_kind >= 0, "the player to act has no cards");
  }
  require(s.double_kind < 0 || s.phase == Phase::play, "a pending double outside the play phase");
  if (s.phase == Phase::discard)
    require(std::any_of(s.players.begin(), s.players.end(),
                        [](const PlayerState& p) { return p.must_discard; }),
            "discard state without a discarder");
  return s;
}

}  // namespace

Json Rules::static_data(const State&) {
  return components().static_data;
}

Json Rules::view(const State& s, Viewer viewer) {
  return split_view<Rules>(s, viewer);
}

Json Rules::public_view(const State& s) {
  return sectioned_public_view<Rules>(s);
}

namespace {

// The public view's three big keys, each made of entries (a site, a seat) built alone: after a move
// only the entries whose part of the state changed are rebuilt (view_sections.hpp).

std::size_t site_count(const State&) {
  return components().sites.size();
}
std::string_view site_name(const State&, std::size_t i) {
  return components().sites[i].id;
}

// A site is "<kind> face_down" or "<kind> <building> <points>[ <resource>][ +<fish bonus>][ bird]".
bool board_entry(const State& s, std::size_t i, Json& out) {
  const SiteState& st = s.sites[i];
  out = st.revealed ? components().tiles[st.tile].view_code : components().sites[i].face_down_code;
  return true;
}
bool same_site(const State& a, const State& b, std::size_t i) {
  return a.sites[i].revealed == b.sites[i].revealed && a.sites[i].tile == b.sites[i].tile;
}

// The seats that built on a site, a site without buildings left out.
bool buildings_entry(const State& s, std::size_t i, Json& out) {
  if (s.sites[i].owners.empty()) return false;
  out = s.sites[i].owners;
  return true;
}
bool same_owners(const State& a, const State& b, std::size_t i) {
  return a.sites[i].owners == b.sites[i].owners;
}

// Counts are arrays: construction cards in the order ship, river, road, double; buildings in the
// order house, church, lighthouse.
std::size_t seat_count(const State& s) {
  return static_cast<std::size_t>(s.num_seats);
}
bool player_entry(const State& s, std::size_t seat, Json& pj) {
  const Components& c = components();
  const PlayerState& p = s.players[seat];
  pj = Json::object();
  pj["seat"] = static_cast<Seat>(seat);
  pj["score"] = p.score;
  pj["set"] = p.set >= 0 ? Json(c.sets[p.set].letter) : Json(nullptr);
  pj["cards_left"] = p.cards_left;
  pj["cards_played"] = p.cards_played;
  pj["score_cards_left"] = p.hand.size();
  pj["score_cards_played"] = card_refs(p.played);
  pj["birds"] = p.birds.size();
  pj["buildings_left"] = p.supply;
  pj["buildings_removed"] = p.removed;
  pj["must_discard"] = p.must_discard;
  return true;
}
bool same_player(const State& a, const State& b, std::size_t seat) {
  return a.players[seat] == b.players[seat];
}

constexpr ViewSection<State> kSections[] = {
    {"board", nullptr, nullptr, site_count, board_entry, same_site, site_name},
    {"buildings", nullptr, nullptr, site_count, buildings_entry, same_owners, site_name},
    {"players", nullptr, nullptr, seat_count, player_entry, same_player, nullptr},
};

}  // namespace

std::span<const ViewSection<State>> Rules::view_sections() {
  return kSections;
}

// The hand's preview reads the sites (their tiles and buildings) and every seat's number of birds
// (card_points); the rest is the seat's own cards and birds.
bool Rules::private_unchanged(const State& a, const State& b, Seat seat) {
  if (a.sites != b.sites) return false;
  for (std::size_t i = 0; i < a.players.size() && i < b.players.size(); ++i)
    if (a.players[i].birds.size() != b.players[i].birds.size()) return false;
  const PlayerState &x = a.players.at(seat), &y = b.players.at(seat);
  return x.hand == y.hand && x.birds == y.birds && x.discarded == y.discarded;
}

// Everything public but the sections: small, rebuilt after every move.
Json Rules::public_view_core(const State& s) {
  const Components& c = components();
  const bool over = s.phase == Phase::over;
  Json v;
  v["game"] = "santa-cruz";
  v["rules"] = to_string(s.rules);
  v["round"] = s.round;
  v["phase"] = to_string(s.phase);
  v["turn"] = seat_or_null(current_seat(s));
  v["order"] = s.order;
  v["track"] = track_order(s);
  v["score_cards_set_aside"] = s.score_pile.size();
  v["bird_chips_left"] = s.bird_pile.size();
  v["pending_double"] = s.double_kind >= 0
                            ? object_of("kind", to_string(static_cast<CardKind>(s.double_kind)),
                                        "builds_left", s.double_left)
                            : Json(nullptr);
  const Seat last = last_player(s);
  v["privilege"] = last >= 0 ? object_of("seat", last, "used", s.privilege_used) : Json(nullptr);
  if (s.phase == Phase::choose_set) {
    Json sets = Json::array();
    for (int set = 0; set < static_cast<int>(c.sets.size()); ++set) {
      Seat holder = -1;
      for (Seat seat = 0; seat < s.num_seats; ++seat)
        if (s.players[seat].set == set) holder = seat;
      sets.push_back(Json{{"set", c.sets[set].letter}, {"taken_by", seat_or_null(holder)}});
    }
    v["sets"] = std::move(sets);
  }
  if (s.phase == Phase::choose_pile) {
    Json piles = Json::array();
    for (const auto& pile : s.piles) {
      Json pj{{"set", c.sets[pile.set].letter},
              {"from", pile.from},
              {"taken_by", seat_or_null(pile.taken_by)},
              {"score_card_count", pile.score_cards.size()}};
      // A pile on the table is public; once taken its cards are in a hand.
      if (pile.taken_by < 0) pj["score_cards"] = card_refs(pile.score_cards);
      piles.push_back(std::move(pj));
    }
    v["piles"] = std::move(piles);
    v["pick_order"] = s.pick_order;
  }

  if (over) {
    Json birds = Json::array();
    for (const auto& p : s.players) birds.push_back(bird_species(p.birds));
    v["final"] = Json{{"birds", std::move(birds)}, {"places", final_standing(s).places}};
  }
  return v;
}

// What only `seat` sees: its hand of score cards, the species of its bird chips, its discards.
Json Rules::private_view(const State& s, Seat seat) {
  if (seat < 0 || seat >= s.num_seats) return Json::object();
  const PlayerState& p = s.players[seat];
  return object_of("you", object_of("seat", seat, "hand", hand_with_preview(s, p.hand), "birds",
                                    bird_species(p.birds), "discarded", card_refs(p.discarded)));
}

Json Rules::to_json(const State& s) {
  const Components& c = components();
  Json j;
  j["game"] = "santa-cruz";
  j["num_seats"] = s.num_seats;
  j["rules"] = to_string(s.rules);
  j["rng"] = s.rng.to_json();
  j["round"] = s.round;
  j["phase"] = to_string(s.phase);
  j["order"] = s.order;
  j["turn"] = s.turn;
  Json sites = Json::array();
  for (const auto& st : s.sites) sites.push_back(site_code(st));
  j["sites"] = std::move(sites);
  Json unused = Json::array();
  for (int t : s.unused_tiles) unused.push_back(c.tiles[t].id);
  j["unused_tiles"] = std::move(unused);
  Json players = Json::array();
  for (const auto& p : s.players) {
    Json pj = Json::object();
    pj["score"] = p.score;
    pj["arrival"] = p.arrival;
    pj["set"] = p.set >= 0 ? c.sets[p.set].letter : std::string();
    pj["cards_left"] = p.cards_left;
    pj["cards_played"] = p.cards_played;
    pj["hand"] = card_id_list(p.hand);
    pj["played"] = card_id_list(p.played);
    pj["discarded"] = card_id_list(p.discarded);
    pj["birds"] = bird_code(p.birds);
    pj["supply"] = p.supply;
    pj["removed"] = p.removed;
    pj["must_discard"] = p.must_discard;
    pj["building_points"] = p.building_points;
    Json card_points = Json::array();
    for (const auto& [card, points] : p.card_points)
      card_points.push_back(Json{c.score_cards[card].id, points});
    pj["card_points"] = std::move(card_points);
    players.push_back(std::move(pj));
  }
  j["players"] = std::move(players);
  j["score_pile"] = card_id_list(s.score_pile);
  j["bird_pile"] = bird_code(s.bird_pile);
  Json piles = Json::array();
  for (const auto& pile : s.piles)
    piles.push_back(Json{{"set", c.sets[pile.set].letter},
                         {"from", pile.from},
                         {"score_cards", card_id_list(pile.score_cards)},
                         {"taken_by", pile.taken_by}});
  j["piles"] = std::move(piles);
  j["pick_order"] = s.pick_order;
  j["pick"] = s.pick;
  j["double_kind"] =
      s.double_kind >= 0 ? to_string(static_cast<CardKind>(s.double_kind)) : std::string();
  j["double_left"] = s.double_left;
  j["privilege_used"] = s.privilege_used;
  j["clock"] = s.clock;
  return j;
}

Result<State> Rules::from_json(const Json& j) {
  return guard_input("bad_state", "santa-cruz state", [&] { return parse_state(j); });
}

std::vector<Secret> Rules::secrets(const State& s) {
  const Components& c = components();
  std::vector<Secret> out;
  for (const auto& st : s.sites)
    if (!st.revealed) out.push_back(Secret{c.tiles[st.tile].id, std::nullopt});
  for (int t : s.unused_tiles) out.push_back(Secret{c.tiles[t].id, std::nullopt});
  // A card that came with a round-2 pile is public knowledge (public_holder), wherever in the
  // taker's hand or discards it is; every other card in a hand or among the discards is its
  // holder's alone.
  for (Seat seat = 0; seat < s.num_seats; ++seat) {
    for (const auto* cards : {&s.players[seat].hand, &s.players[seat].discarded})
      for (int card : *cards)
        if (public_holder(s, card) < 0) out.push_back(Secret{c.score_cards[card].id, seat});
  }
  for (int card : s.score_pile) out.push_back(Secret{c.score_cards[card].id, std::nullopt});
  return out;
}

State Rules::scramble_hidden(const State& s, Viewer viewer, Rng& rng) {
  const Components& c = components();
  State out = s;
  auto hidden_from_viewer = [&](Seat seat) { return viewer.is_spectator() || seat != viewer.seat; };

  // Face-down tiles among the face-down sites of their kind and the unused tiles.
  for (SiteKind kind : {SiteKind::coast, SiteKind::land, SiteKind::volcano}) {
    std::vector<int> sites, tiles;
    for (std::size_t i = 0; i < c.sites.size(); ++i)
      if (c.sites[i].kind == kind && !s.sites[i].revealed) {
        sites.push_back(static_cast<int>(i));
        tiles.push_back(s.sites[i].tile);
      }
    std::vector<int> unused;
    for (int t : s.unused_tiles)
      if (c.tiles[t].kind == kind) tiles.push_back(t);
    rng.shuffle(tiles);
    for (std::size_t i = 0; i < sites.size(); ++i) out.sites[sites[i]].tile = tiles[i];
    for (std::size_t i = sites.size(); i < tiles.size(); ++i) unused.push_back(tiles[i]);
    std::erase_if(out.unused_tiles, [&](int t) { return c.tiles[t].kind == kind; });
    out.unused_tiles.insert(out.unused_tiles.end(), unused.begin(), unused.end());
  }
  std::sort(out.unused_tiles.begin(), out.unused_tiles.end());

  // Score cards: other seats' secret hand cards and discards and the set-aside pile are one pool.
  // Public pile cards stay with their taker, though between hand and discards they may move.
  std::vector<int> pool = s.score_pile;
  for (Seat seat = 0; seat < s.num_seats; ++seat) {
    if (!hidden_from_viewer(seat)) continue;
    for (const auto* cards : {&s.players[seat].hand, &s.players[seat].discarded})
      for (int card : *cards)
        if (public_holder(s, card) < 0) pool.push_back(card);
  }
  rng.shuffle(pool);
  for (Seat seat = 0; seat < s.num_seats; ++seat) {
    if (!hidden_from_viewer(seat)) continue;
    PlayerState& p = out.players[seat];
    std::vector<int> cards;
    for (const auto* held : {&p.hand, &p.discarded})
      for (int card : *held)
        if (public_holder(s, card) == seat) cards.push_back(card);
    const std::size_t hand = p.hand.size(), total = hand + p.discarded.size();
    while (cards.size() < total) {
      cards.push_back(pool.back());
      pool.pop_back();
    }
    rng.shuffle(cards);
    p.hand.assign(cards.begin(), cards.begin() + static_cast<std::ptrdiff_t>(hand));
    p.discarded.assign(cards.begin() + static_cast<std::ptrdiff_t>(hand), cards.end());
    std::sort(p.hand.begin(), p.hand.end());
    std::sort(p.discarded.begin(), p.discarded.end());
  }
  out.score_pile = std::move(pool);

  // Bird chips: other seats' species and the face-down pile, until the end reveals them all.
  if (s.phase != Phase::over) {
    std::vector<int> chips = s.bird_pile;
    for (Seat seat = 0; seat < s.num_seats; ++seat)
      if (hidden_from_viewer(seat))
        chips.insert(chips.end(), s.players[seat].birds.begin(), s.players[seat].birds.end());
    rng.shuffle(chips);
    for (Seat seat = 0; seat < s.num_seats; ++seat)
      if (hidden_from_viewer(seat))
        for (int& chip : out.players[seat].birds) {
          chip = chips.back();
          chips.pop_back();
        }
    out.bird_pile = std::move(chips);
  }
  // The generator only shuffled the set-up, but its state is nobody's business either.
  out.rng = Rng(rng.next());
  return out;
}

}  // namespace archipel::engine::santa_cruz
