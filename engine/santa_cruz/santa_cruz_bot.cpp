// Bot support for Santa Cruz: determinization from a seat's view, and a position evaluation (santa_cruz_bot.hpp).

#include "engine/santa_cruz/santa_cruz_bot.hpp"

#include <algorithm>

namespace archipel::engine::santa_cruz {
namespace {

struct BadView {
  std::string what;
};

void need(bool ok, const char* what) {
  if (!ok) throw BadView{what};
}

int set_of(const Json& letter) {
  if (letter.is_null()) return -1;
  const int set = components().set_index(letter.get<std::string>());
  need(set >= 0, "unknown set");
  return set;
}

int card_of(const Json& ref) {
  const int card = components().card_index(ref.at("id").get<std::string>());
  need(card >= 0, "unknown score card");
  return card;
}

template <std::size_t N>
std::array<int, N> counts(const Json& arr) {
  need(arr.is_array() && arr.size() == N, "count array");
  std::array<int, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = arr[i].get<int>();
  return out;
}

Phase phase_of(const std::string& name) {
  for (Phase p : {Phase::choose_set, Phase::landing, Phase::play, Phase::choose_pile, Phase::discard, Phase::over})
    if (to_string(p) == name) return p;
  throw BadView{"unknown phase"};
}

State build(const Json& v, Seat me, Rng& rng) {
  const Components& c = components();
  need(v.is_object() && v.value("game", "") == "santa-cruz", "not a santa-cruz view");
  State s;
  const Json& players = v.at("players");
  s.num_seats = static_cast<int>(players.size());
  need(s.num_seats >= 2 && s.num_seats <= 4 && me >= 0 && me < s.num_seats, "seat");
  const int n = s.num_seats;
  s.rules = v.at("rules").get<std::string>() == "table" ? Variant::table : Variant::online;
  s.rng = Rng(rng.next());
  s.round = v.at("round").get<int>();
  s.phase = phase_of(v.at("phase").get<std::string>());
  s.order = v.at("order").get<std::vector<Seat>>();
  s.turn = 0;
  if (v.at("turn").is_number_integer() && (s.phase == Phase::landing || s.phase == Phase::play)) {
    const auto it = std::find(s.order.begin(), s.order.end(), v.at("turn").get<Seat>());
    need(it != s.order.end(), "turn not in order");
    s.turn = static_cast<int>(it - s.order.begin());
  }

  // Players: public counts; the track order gives the arrival order.
  s.players.assign(n, PlayerState{});
  const auto track = v.at("track").get<std::vector<Seat>>();
  need(static_cast<int>(track.size()) == n, "track");
  for (int i = 0; i < n; ++i) s.players.at(track[i]).arrival = i + 1;
  s.clock = n;
  std::vector<char> card_known(c.score_cards.size(), 0);
  for (Seat seat = 0; seat < n; ++seat) {
    const Json& pj = players[seat];
    PlayerState& p = s.players[seat];
    p.score = pj.at("score").get<int>();
    p.set = set_of(pj.at("set"));
    p.cards_left = counts<kCardKinds>(pj.at("cards_left"));
    p.cards_played = counts<kCardKinds>(pj.at("cards_played"));
    for (const auto& ref : pj.at("score_cards_played")) {
      p.played.push_back(card_of(ref));
      card_known[p.played.back()] = 1;
    }
    p.supply = counts<kBuildingTypes>(pj.at("buildings_left"));
    p.removed = counts<kBuildingTypes>(pj.at("buildings_removed"));
    p.must_discard = pj.at("must_discard").get<bool>();
  }
  const Json& you = v.at("you");
  PlayerState& mine = s.players[me];
  for (const auto& ref : you.at("hand")) mine.hand.push_back(card_of(ref));
  for (const auto& ref : you.at("discarded")) mine.discarded.push_back(card_of(ref));
  for (int card : mine.hand) card_known[card] = 1;
  for (int card : mine.discarded) card_known[card] = 1;
  std::vector<int> birds_left(c.birds.size());
  for (std::size_t b = 0; b < c.birds.size(); ++b) birds_left[b] = c.birds[b].count;
  for (const auto& name : you.at("birds")) {
    const int b = c.species_index(name.get<std::string>());
    need(b >= 0 && birds_left[b] > 0, "bird species");
    mine.birds.push_back(b);
    --birds_left[b];
  }

  // Piles on the table (round-2 choice).
  if (v.contains("piles")) {
    for (const auto& pj : v.at("piles")) {
      Pile pile;
      pile.set = set_of(pj.at("set"));
      pile.from = pj.at("from").get<Seat>();
      pile.taken_by = pj.at("taken_by").is_null() ? -1 : pj.at("taken_by").get<Seat>();
      if (pj.contains("score_cards"))
        for (const auto& ref : pj.at("score_cards")) {
          pile.score_cards.push_back(card_of(ref));
          card_known[pile.score_cards.back()] = 1;
        }
      s.piles.push_back(std::move(pile));
    }
    s.pick_order = v.at("pick_order").get<std::vector<Seat>>();
    s.pick = static_cast<int>(std::count_if(s.piles.begin(), s.piles.end(),
                                            [](const Pile& p) { return p.taken_by >= 0; }));
  }
  if (!v.at("pending_double").is_null()) {
    const auto kind = card_kind_from(v.at("pending_double").at("kind").get<std::string>());
    need(kind.has_value(), "pending_double kind");
    s.double_kind = static_cast<int>(*kind);
    s.double_left = v.at("pending_double").at("builds_left").get<int>();
  }
  if (!v.at("privilege").is_null()) s.privilege_used = v.at("privilege").at("used").get<bool>();

  // Board: revealed tiles are matched by their view text; face-down sites get tiles from the unseen pool.
  const Json& board = v.at("board");
  const Json& buildings = v.at("buildings");
  std::vector<char> tile_used(c.tiles.size(), 0);
  s.sites.assign(c.sites.size(), SiteState{});
  std::vector<int> face_down;
  for (std::size_t i = 0; i < c.sites.size(); ++i) {
    const std::string& code = board.at(c.sites[i].id).get_ref<const std::string&>();
    SiteState& st = s.sites[i];
    if (buildings.contains(c.sites[i].id)) st.owners = buildings.at(c.sites[i].id).get<std::vector<Seat>>();
    if (code == c.sites[i].face_down_code) {
      face_down.push_back(static_cast<int>(i));
      continue;
    }
    for (std::size_t t = 0; t < c.tiles.size() && st.tile < 0; ++t)
      if (!tile_used[t] && c.tiles[t].kind == c.sites[i].kind && c.tiles[t].view_code == code) {
        st.tile = static_cast<int>(t);
        tile_used[t] = 1;
      }
    need(st.tile >= 0, "no tile matches a revealed site");
    st.revealed = true;
  }
  for (SiteKind kind : {SiteKind::coast, SiteKind::land, SiteKind::volcano}) {
    std::vector<int> pool;
    for (std::size_t t = 0; t < c.tiles.size(); ++t)
      if (!tile_used[t] && c.tiles[t].kind == kind) pool.push_back(static_cast<int>(t));
    rng.shuffle(pool);
    for (int site : face_down)
      if (c.sites[site].kind == kind) {
        need(!pool.empty(), "not enough unseen tiles");
        s.sites[site].tile = pool.back();
        pool.pop_back();
      }
    s.unused_tiles.insert(s.unused_tiles.end(), pool.begin(), pool.end());
  }
  std::sort(s.unused_tiles.begin(), s.unused_tiles.end());

  // Score cards: other hands and the set-aside pile from the unseen cards; the rest are others' discards.
  std::vector<int> unseen;
  for (std::size_t card = 0; card < c.score_cards.size(); ++card)
    if (!card_known[card]) unseen.push_back(static_cast<int>(card));
  rng.shuffle(unseen);
  for (Seat seat = 0; seat < n; ++seat) {
    if (seat == me) continue;
    const int count = players[seat].at("score_cards_left").get<int>();
    for (int k = 0; k < count; ++k) {
      need(!unseen.empty(), "not enough unseen score cards");
      s.players[seat].hand.push_back(unseen.back());
      unseen.pop_back();
    }
  }
  const int set_aside = v.at("score_cards_set_aside").get<int>();
  for (int k = 0; k < set_aside; ++k) {
    need(!unseen.empty(), "not enough unseen score cards");
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
  for (std::size_t b = 0; b < birds_left.size(); ++b) chips.insert(chips.end(), birds_left[b], static_cast<int>(b));
  rng.shuffle(chips);
  for (Seat seat = 0; seat < n; ++seat) {
    if (seat == me) continue;
    const int count = players[seat].at("birds").get<int>();
    for (int k = 0; k < count; ++k) {
      need(!chips.empty(), "not enough bird chips");
      s.players[seat].birds.push_back(chips.back());
      chips.pop_back();
    }
  }
  const int pile = v.at("bird_chips_left").get<int>();
  need(static_cast<int>(chips.size()) >= pile, "not enough bird chips");
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
  try {
    return build(view, seat, rng);
  } catch (const BadView& e) {
    return fail("bad_view", "santa-cruz view: " + e.what);
  } catch (const Json::exception& e) {
    return fail("bad_view", std::string("santa-cruz view: ") + e.what());
  }
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
