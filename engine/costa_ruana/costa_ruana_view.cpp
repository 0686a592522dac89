// What each viewer sees (view, static_data), the full state as JSON (to_json / from_json), what is
// hidden from whom (secrets) and the hidden-information scramble: one file to audit for leaks.

#include <algorithm>

#include "engine/core/json_object.hpp"
#include "engine/core/json_read.hpp"
#include "engine/costa_ruana/costa_ruana.hpp"

namespace archipel::engine::costa_ruana {
namespace {

Json card_face(int card) {
  const Card& c = components().cards[card];
  return object_of("id", c.id, "name", c.name, "effect", components().effects[c.effect].code,
                   "background", std::string(kBackgroundNames.name(c.background)));
}

Json id_list(const std::vector<int>& cards) {
  Json out = Json::array();
  for (int card : cards) out.push_back(components().cards[card].id);
  return out;
}

Json seats_on(const Played& p, int num_seats) {
  Json out = Json::array();
  for (Seat seat = 0; seat < num_seats; ++seat)
    if (p.natives[seat]) out.push_back(seat);
  return out;
}

int card_of(const Json& v, std::string_view what) {
  const int card = components().card_index(as_string(v, what));
  require(card >= 0, std::string(what) + ": unknown card");
  return card;
}

std::vector<int> card_list(const Json& j, std::string_view key) {
  std::vector<int> out;
  for (const auto& v : read_array(j, key)) out.push_back(card_of(v, key));
  return out;
}

State parse_state(const Json& j) {
  const Components& c = components();
  require(read_string(j, "game") == "costa-ruana", "not a costa-ruana state");
  State s;
  s.num_seats = read_int(j, "num_seats", 2, kMaxSeats);
  const int n = s.num_seats;
  require(s.rng.from_json(field(j, "rng")), "bad \"rng\"");
  s.round = read_int(j, "round", 1, c.rounds);
  s.phase = kPhaseNames.read(j, "phase");
  s.shaman = read_int(j, "shaman", 0, n - 1);
  s.turn = read_int(j, "turn", 0, c.setup_natives * n);
  s.tide_high = read_bool(j, "tide_high");
  s.time_day = read_bool(j, "time_day");
  const Json& islands = read_array(j, "islands");
  require(static_cast<int>(islands.size()) == c.islands_by_players[n], "island count");
  for (const auto& ij : islands) {
    Island island;
    island.treasures = read_int(ij, "treasures", 0, 1000);
    const auto natives = read_ints(ij, "natives", 0, c.island_capacity);
    require(static_cast<int>(natives.size()) == n, "natives by seat");
    std::copy(natives.begin(), natives.end(), island.natives.begin());
    s.islands.push_back(island);
  }
  const Json& players = read_array(j, "players");
  require(static_cast<int>(players.size()) == n, "one player a seat");
  for (const auto& pj : players) {
    PlayerState p;
    p.hand = card_list(pj, "hand");
    require(std::is_sorted(p.hand.begin(), p.hand.end()), "a hand is sorted");
    p.reserve = read_int(pj, "reserve", 0, c.natives_per_player);
    p.hut = read_int(pj, "hut", 0, 1000);
    p.awards = read_int(pj, "awards", 0, 1000);
    s.players.push_back(std::move(p));
  }
  s.pile = card_list(j, "pile");
  s.discards = card_list(j, "discards");
  for (const auto& pj : read_array(j, "played")) {
    Played p;
    p.card = card_of(field(pj, "card"), "played card");
    p.by = read_int(pj, "by", 0, n - 1);
    p.to = read_int(pj, "to", 0, n - 1);
    p.letter = read_int(pj, "letter", 0, 2 * n);
    p.up = read_bool(pj, "up");
    for (int seat : read_ints(pj, "natives", 0, n - 1)) p.natives[seat] = true;
    require(s.played.empty() || s.played.back().to < p.to ||
                (s.played.back().to == p.to && s.played.back().letter < p.letter),
            "played cards in slot order");
    s.played.push_back(p);
  }
  const Json& rj = read_object(j, "resolving");
  Resolving& r = s.resolving;
  r.played = read_int(rj, "played", -1, static_cast<int>(s.played.size()) - 1);
  r.appliers = read_ints(rj, "appliers", 0, n - 1);
  r.applier = read_int(rj, "applier", 0, n);
  r.units_left = read_int(rj, "units_left", 0, 3);
  r.taken_owner = read_int(rj, "taken_owner", -1, n - 1);
  r.taken_island = read_int(rj, "taken_island", -1, static_cast<int>(s.islands.size()) - 1);
  require((r.taken_owner < 0) == (r.taken_island < 0), "a taken native has an owner and an island");
  require(r.taken_owner < 0 || s.islands[r.taken_island].natives[r.taken_owner] > 0,
          "the taken native is on its island");
  if (r.played >= 0) {
    require(s.phase == Phase::resolve, "a card is resolved only in the resolve step");
    require(r.applier < static_cast<int>(r.appliers.size()), "the applier");
  }
  if (s.phase != Phase::setup) require(s.turn <= n, "\"turn\" out of range");
  const auto problems = Rules::check_invariants(s);
  require(problems.empty(), problems.empty() ? "" : problems.front());
  // A stored state is always settled: someone must act, or the game is over.
  const auto acting = Rules::to_act(s);
  require(s.phase == Phase::over ||
              (!acting.empty() && !Rules::legal_actions(s, acting.front()).empty()),
          "nobody can act in this state");
  return s;
}

}  // namespace

Json Rules::static_data(const State& s) {
  const Components& c = components();
  Json islands = Json::array();
  for (std::size_t i = 0; i < s.islands.size(); ++i) islands.push_back(c.islands[i]);
  // The cards in play by kind: effect code, background, how many (no ids).
  std::map<std::pair<int, int>, int> counts;
  for (const auto& card : c.cards)
    if (card.notches <= s.num_seats) ++counts[{card.effect, static_cast<int>(card.background)}];
  Json catalog = Json::array();
  for (const auto& [key, count] : counts) {
    const Effect& e = c.effects[key.first];
    catalog.push_back(Json{
        {"effect", e.code},
        {"kind", std::string(kKindNames.name(e.kind))},
        {"amount", e.amount},
        {"title", e.title},
        {"background", std::string(kBackgroundNames.name(static_cast<Background>(key.second)))},
        {"count", count}});
  }
  Json colours = Json::array();
  for (int seat = 0; seat < s.num_seats; ++seat) colours.push_back(c.colours[seat]);
  return Json{{"islands", std::move(islands)},
              {"capacity", c.island_capacity},
              {"rounds", c.rounds},
              {"catalog", std::move(catalog)},
              {"colours", std::move(colours)}};
}

Json Rules::view(const State& s, Viewer viewer) {
  return split_view<Rules>(s, viewer);
}

Json Rules::public_view(const State& s) {
  return sectioned_public_view<Rules>(s);
}

namespace {

// The public view's two big keys (view_sections.hpp): the islands, one entry per island, each built
// alone after a move that changed it; the cards on the table, rebuilt whole after a move that
// changed them.
std::size_t island_count(const State& s) {
  return s.islands.size();
}
bool island_entry(const State& s, std::size_t i, Json& out) {
  const Island& island = s.islands[i];
  out = object_of("id", components().islands[i], "treasures", island.treasures, "natives",
                  std::vector<int>(island.natives.begin(), island.natives.begin() + s.num_seats));
  return true;
}
bool same_island(const State& a, const State& b, std::size_t i) {
  return a.islands[i] == b.islands[i];
}

void played_section(const State& s, Json& v) {
  const int n = s.num_seats;
  Json played = Json::array();
  for (const auto& p : s.played) {
    Json pj{{"slot", slot_name(p)},
            {"by", p.by},
            {"to", p.to},
            {"up", p.up},
            {"natives", seats_on(p, n)}};
    if (p.up)
      pj["card"] = card_face(p.card);
    else
      pj["card"] = "face_down";
    played.push_back(std::move(pj));
  }
  v["played"] = std::move(played);
}
bool same_played(const State& a, const State& b) {
  return a.played == b.played;
}

constexpr ViewSection<State> kSections[] = {
    {"islands", nullptr, nullptr, island_count, island_entry, same_island, nullptr},
    {"played", played_section, same_played},
};

// The face-down cards `seat` laid, as its private part shows them (slot and card).
bool same_face_down(const State& a, const State& b, Seat seat) {
  auto mine = [seat](const Played& p) { return !p.up && p.by == seat; };
  auto x = a.played.begin(), y = b.played.begin();
  for (;;) {
    x = std::find_if(x, a.played.end(), mine);
    y = std::find_if(y, b.played.end(), mine);
    if (x == a.played.end() || y == b.played.end())
      return x == a.played.end() && y == b.played.end();
    if (x->card != y->card || x->to != y->to || x->letter != y->letter)
      return false;  // the card and its slot
    ++x, ++y;
  }
}

}  // namespace

std::span<const ViewSection<State>> Rules::view_sections() {
  return kSections;
}

bool Rules::private_unchanged(const State& a, const State& b, Seat seat) {
  const PlayerState &x = a.players.at(seat), &y = b.players.at(seat);
  return x.hand == y.hand && x.hut == y.hut && same_face_down(a, b, seat);
}

// Everything public but the sections: small, rebuilt after every move.
Json Rules::public_view_core(const State& s) {
  const Components& c = components();
  const int n = s.num_seats;
  const bool over = s.phase == Phase::over;
  Json v;
  v["game"] = "costa-ruana";
  v["round"] = s.round;
  v["step"] = std::string(kPhaseNames.name(s.phase));
  const auto acting = to_act(s);
  v["turn"] = acting.empty() ? -1 : acting.front();
  v["shaman"] = s.shaman;
  v["conditions"] = object_of("tide", std::string(kBackgroundNames.name(tide_face(s))), "time",
                              std::string(kBackgroundNames.name(time_face(s))));
  Json reserves = Json::array(), hands = Json::array(), awards = Json::array();
  for (const auto& p : s.players) {
    reserves.push_back(p.reserve);
    hands.push_back(static_cast<int>(p.hand.size()));
    awards.push_back(p.awards);
  }
  v["reserves"] = std::move(reserves);
  v["hands"] = std::move(hands);
  v["awards"] = std::move(awards);
  v["pile"] = static_cast<int>(s.pile.size());
  v["discards"] = id_list(s.discards);
  const Resolving& r = s.resolving;
  if (s.phase == Phase::resolve && r.played >= 0) {
    Json rj{{"slot", slot_name(s.played[r.played])},
            {"appliers", r.appliers},
            {"applier", r.applier},
            {"seat", r.appliers[r.applier]},
            {"units_left", r.units_left}};
    if (r.taken_owner >= 0)
      rj["taken"] = object_of("seat", r.taken_owner, "island", c.islands[r.taken_island]);
    v["resolving"] = std::move(rj);
  } else {
    v["resolving"] = nullptr;
  }
  if (over) {
    const Outcome o = *outcome(s);
    Json huts = Json::array(), treasures = Json::array();
    for (Seat seat = 0; seat < n; ++seat) {
      huts.push_back(s.players[seat].hut);
      treasures.push_back(treasures_of(s, seat));
    }
    v["final"] = Json{{"huts", std::move(huts)},
                      {"treasures", std::move(treasures)},
                      {"scores", o.scores},
                      {"places", o.places}};
  }
  return v;
}

// What only `seat` sees: its hand, its own face-down cards, its hut.
Json Rules::private_view(const State& s, Seat seat) {
  if (seat < 0 || seat >= s.num_seats) return Json::object();
  const PlayerState& me = s.players[seat];
  Json hand = Json::array();
  for (int card : me.hand) hand.push_back(card_face(card));
  Json face_down = Json::array();
  for (const auto& p : s.played)
    if (!p.up && p.by == seat)
      face_down.push_back(object_of("slot", slot_name(p), "card", card_face(p.card)));
  return object_of("you", object_of("seat", seat, "hand", std::move(hand), "face_down",
                                    std::move(face_down), "hut", me.hut));
}

Json Rules::to_json(const State& s) {
  Json j;
  j["game"] = "costa-ruana";
  j["num_seats"] = s.num_seats;
  j["rng"] = s.rng.to_json();
  j["round"] = s.round;
  j["phase"] = std::string(kPhaseNames.name(s.phase));
  j["shaman"] = s.shaman;
  j["turn"] = s.turn;
  j["tide_high"] = s.tide_high;
  j["time_day"] = s.time_day;
  Json islands = Json::array();
  for (const auto& island : s.islands)
    islands.push_back(Json{{"treasures", island.treasures},
                           {"natives", std::vector<int>(island.natives.begin(),
                                                        island.natives.begin() + s.num_seats)}});
  j["islands"] = std::move(islands);
  Json players = Json::array();
  for (const auto& p : s.players)
    players.push_back(Json{
        {"hand", id_list(p.hand)}, {"reserve", p.reserve}, {"hut", p.hut}, {"awards", p.awards}});
  j["players"] = std::move(players);
  j["pile"] = id_list(s.pile);
  j["discards"] = id_list(s.discards);
  Json played = Json::array();
  for (const auto& p : s.played)
    played.push_back(Json{{"card", components().cards[p.card].id},
                          {"by", p.by},
                          {"to", p.to},
                          {"letter", p.letter},
                          {"up", p.up},
                          {"natives", seats_on(p, s.num_seats)}});
  j["played"] = std::move(played);
  const Resolving& r = s.resolving;
  j["resolving"] = Json{{"played", r.played},           {"appliers", r.appliers},
                        {"applier", r.applier},         {"units_left", r.units_left},
                        {"taken_owner", r.taken_owner}, {"taken_island", r.taken_island}};
  return j;
}

Result<State> Rules::from_json(const Json& j) {
  return guard_input("bad_state", "costa-ruana state", [&] { return parse_state(j); });
}

std::vector<Secret> Rules::secrets(const State& s) {
  const Components& c = components();
  std::vector<Secret> out;
  for (Seat seat = 0; seat < s.num_seats; ++seat)
    for (int card : s.players[seat].hand) out.push_back(Secret{c.cards[card].id, seat});
  for (const auto& p : s.played)
    if (!p.up) out.push_back(Secret{c.cards[p.card].id, p.by});
  for (int card : s.pile) out.push_back(Secret{c.cards[card].id, std::nullopt});
  return out;
}

State Rules::scramble_hidden(const State& s, Viewer viewer, Rng& rng) {
  State out = s;
  const Seat me = viewer.is_spectator() ? -1 : viewer.seat;
  // Cards the viewer cannot see: other hands, others' face-down cards, the pile. Dealt again in the
  // same places and numbers.
  std::vector<int> pool;
  for (Seat seat = 0; seat < s.num_seats; ++seat)
    if (seat != me)
      pool.insert(pool.end(), s.players[seat].hand.begin(), s.players[seat].hand.end());
  for (const auto& p : s.played)
    if (!p.up && p.by != me) pool.push_back(p.card);
  pool.insert(pool.end(), s.pile.begin(), s.pile.end());
  rng.shuffle(pool);
  std::size_t next = 0;
  for (Seat seat = 0; seat < s.num_seats; ++seat) {
    if (seat == me) continue;
    for (int& card : out.players[seat].hand) card = pool[next++];
    std::sort(out.players[seat].hand.begin(), out.players[seat].hand.end());
  }
  for (auto& p : out.played)
    if (!p.up && p.by != me) p.card = pool[next++];
  for (int& card : out.pile) card = pool[next++];
  // Other huts: the same total, split at random (until the end, when huts are shown).
  if (s.phase != Phase::over) {
    std::vector<Seat> others;
    int total = 0;
    for (Seat seat = 0; seat < s.num_seats; ++seat)
      if (seat != me) {
        others.push_back(seat);
        total += s.players[seat].hut;
        out.players[seat].hut = 0;
      }
    for (int t = 0; t < total; ++t) ++out.players[others[rng.below(others.size())]].hut;
  }
  return out;
}

}  // namespace archipel::engine::costa_ruana
