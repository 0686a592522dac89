// Bot support for Costa Ruana (GameBotSupport in engine/core/game.hpp).
//
// determinize(view, seat, rng) rebuilds a full State from one seat's client view. Public parts are
// copied; hidden parts are sampled uniformly from what the view allows:
//   - other hands (their sizes are public), others' face-down cards and the draw pile (its size is
//     public): the cards in play minus the seat's hand and face-down cards, the face-up cards and
//     the discards;
//   - other huts: the public total (treasures no longer on an island, minus this round's public
//     awards and the seat's own hut) split at random among the other seats; shown as is once over.
// evaluate(state, seat): the seat's score as it stands (2 a treasure, 1 a native in reserve or
// coming back from a card) plus 2 for each island with treasures it would win now, minus the same
// for the best other seat; the exact final margin once over.

#include <algorithm>

#include "engine/core/json_read.hpp"
#include "engine/costa_ruana/costa_ruana.hpp"

namespace archipel::engine::costa_ruana {
namespace {

int card_id(const Json& face) {
  const int card = components().card_index(read_string(face, "id"));
  require(card >= 0, "unknown card");
  return card;
}

State build(const Json& v, Seat me, Rng& rng) {
  const Components& c = components();
  require(read_string(v, "game") == "costa-ruana", "not a costa-ruana view");
  State s;
  const auto reserves = read_ints(v, "reserves", 0, c.natives_per_player);
  s.num_seats = static_cast<int>(reserves.size());
  const int n = s.num_seats;
  require(n >= 2 && n <= kMaxSeats && me >= 0 && me < n, "seat");
  s.rng = Rng(rng.next());
  s.round = read_int(v, "round", 1, c.rounds);
  s.phase = kPhaseNames.read(v, "step");
  s.shaman = read_int(v, "shaman", 0, n - 1);
  const Json& cond = read_object(v, "conditions");
  const Background tide = kBackgroundNames.read(cond, "tide");
  const Background time = kBackgroundNames.read(cond, "time");
  require(tide == Background::high_tide || tide == Background::low_tide, "a tide face");
  require(time == Background::day || time == Background::night, "a time face");
  s.tide_high = tide == Background::high_tide;
  s.time_day = time == Background::day;
  const Json& islands = read_array(v, "islands");
  require(static_cast<int>(islands.size()) == c.islands_by_players[n], "island count");
  int on_islands = 0, natives_placed = 0;
  for (const auto& ij : islands) {
    Island island;
    island.treasures = read_int(ij, "treasures", 0, 1000);
    on_islands += island.treasures;
    const auto natives = read_ints(ij, "natives", 0, c.island_capacity);
    require(static_cast<int>(natives.size()) == n, "natives by seat");
    std::copy(natives.begin(), natives.end(), island.natives.begin());
    for (int k : natives) natives_placed += k;
    s.islands.push_back(island);
  }
  const auto hands = read_ints(v, "hands", 0, 100);
  const auto awards = read_ints(v, "awards", 0, 1000);
  require(static_cast<int>(hands.size()) == n && static_cast<int>(awards.size()) == n, "by seat");
  s.players.assign(n, PlayerState{});
  for (Seat seat = 0; seat < n; ++seat) {
    s.players[seat].reserve = reserves[seat];
    s.players[seat].awards = awards[seat];
  }
  const Json& you = read_object(v, "you");
  require(read_int(you, "seat", 0, n - 1) == me, "the view is another seat's");
  PlayerState& mine = s.players[me];
  for (const auto& face : read_array(you, "hand")) mine.hand.push_back(card_id(face));
  std::sort(mine.hand.begin(), mine.hand.end());
  require(static_cast<int>(mine.hand.size()) == hands[me], "own hand size");
  mine.hut = read_int(you, "hut", 0, 1000);
  for (const auto& id : read_array(v, "discards")) {
    const int card = components().card_index(as_string(id, "discard"));
    require(card >= 0, "unknown discard");
    s.discards.push_back(card);
  }
  std::vector<int> known = mine.hand;
  known.insert(known.end(), s.discards.begin(), s.discards.end());
  std::vector<int> own_face_down;
  for (const auto& fd : read_array(you, "face_down")) {
    const int card = card_id(field(fd, "card"));
    own_face_down.push_back(card);
  }
  const auto& own_down_list = read_array(you, "face_down");
  for (const auto& pj : read_array(v, "played")) {
    Played p;
    const std::string& slot = read_string(pj, "slot");
    require(slot.size() >= 2, "slot");
    p.by = read_int(pj, "by", 0, n - 1);
    p.to = read_int(pj, "to", 0, n - 1);
    require(slot == std::to_string(p.to + 1) + slot.back(), "slot and seat");
    p.letter = slot.back() - 'a';
    require(p.letter >= 0 && p.letter < 2 * n, "slot letter");
    p.up = read_bool(pj, "up");
    for (int seat : read_ints(pj, "natives", 0, n - 1)) p.natives[seat] = true;
    if (p.up) {
      p.card = card_id(field(pj, "card"));
      known.push_back(p.card);
    } else if (p.by == me) {
      for (std::size_t k = 0; k < own_down_list.size(); ++k)
        if (read_string(own_down_list[k], "slot") == slot) p.card = own_face_down[k];
      require(p.card >= 0, "own face-down card missing");
      known.push_back(p.card);
    }
    s.played.push_back(p);
  }
  // Unseen cards, dealt to the hidden places.
  std::vector<int> unseen;
  for (int card = 0; card < static_cast<int>(c.cards.size()); ++card)
    if (c.cards[card].notches <= n && std::find(known.begin(), known.end(), card) == known.end())
      unseen.push_back(card);
  rng.shuffle(unseen);
  std::size_t next = 0;
  auto take = [&] {
    require(next < unseen.size(), "not enough unseen cards");
    return unseen[next++];
  };
  for (Seat seat = 0; seat < n; ++seat) {
    if (seat == me) continue;
    for (int k = 0; k < hands[seat]; ++k) s.players[seat].hand.push_back(take());
    std::sort(s.players[seat].hand.begin(), s.players[seat].hand.end());
  }
  for (auto& p : s.played)
    if (p.card < 0) p.card = take();
  const int pile = read_int(v, "pile", 0, 100);
  for (int k = 0; k < pile; ++k) s.pile.push_back(take());
  require(next == unseen.size(), "card count");
  // Huts.
  if (v.contains("final")) {
    const auto huts = read_ints(read_object(v, "final"), "huts", 0, 1000);
    require(static_cast<int>(huts.size()) == n, "huts");
    for (Seat seat = 0; seat < n; ++seat) s.players[seat].hut = huts[seat];
  } else {
    const int islands_n = static_cast<int>(s.islands.size());
    int total =
        c.small_islands * c.small_treasures + (islands_n - c.small_islands) * c.large_treasures;
    total -= on_islands + mine.hut;
    for (int a : awards) total -= a;
    require(total >= 0, "treasure count");
    for (int t = 0; t < total; ++t) {
      Seat seat = static_cast<Seat>(rng.below(n - 1));
      if (seat >= me) ++seat;
      ++s.players[seat].hut;
    }
  }
  // Whose turn, and the card being resolved.
  const Seat turn = read_int(v, "turn", -1, n - 1);
  const auto order_of = [&](Seat seat) { return (seat - s.shaman + n) % n; };
  switch (s.phase) {
    case Phase::setup:
      s.turn = natives_placed;
      break;
    case Phase::card_up:
    case Phase::card_down:
    case Phase::native:
      require(turn >= 0, "turn");
      s.turn = order_of(turn);
      break;
    case Phase::resolve: {
      const Json& rj = field(v, "resolving");
      if (rj.is_null()) {
        require(turn >= 0, "turn");
        s.turn = order_of(turn);
      } else {
        Resolving& r = s.resolving;
        r.played = played_index(s, read_string(rj, "slot"));
        require(r.played >= 0, "resolving slot");
        r.appliers = read_ints(rj, "appliers", 0, n - 1);
        r.applier = read_int(rj, "applier", 0, static_cast<int>(r.appliers.size()) - 1);
        r.units_left = read_int(rj, "units_left", 0, 3);
        if (rj.contains("taken")) {
          const Json& tj = read_object(rj, "taken");
          r.taken_owner = read_int(tj, "seat", 0, n - 1);
          r.taken_island = components().island_index(read_string(tj, "island"));
          require(r.taken_island >= 0 && r.taken_island < static_cast<int>(s.islands.size()),
                  "taken island");
        }
        s.turn = order_of(s.played[r.played].to);
      }
      break;
    }
    default:
      s.turn = 0;
  }
  const auto problems = Rules::check_invariants(s);
  require(problems.empty(), problems.empty() ? "" : problems.front());
  return s;
}

/// Score as it stands plus 2 for each island with treasures the seat would win now.
int projected(const State& s, Seat seat) {
  int value = 2 * treasures_of(s, seat) + s.players[seat].reserve + natives_on_cards(s, seat);
  for (const auto& island : s.islands)
    if (island.treasures > 0 && treasure_winner(island, s.num_seats) == seat) value += 2;
  return value;
}

}  // namespace

Result<State> Rules::determinize(const Json& view, Seat seat, Rng& rng) {
  return guard_input("bad_view", "costa-ruana view", [&] { return build(view, seat, rng); });
}

int Rules::evaluate(const State& s, Seat seat) {
  const bool over = s.phase == Phase::over;
  auto value = [&](Seat who) { return over ? score_of(s, who) : projected(s, who); };
  int best_other = -1000000;
  for (Seat other = 0; other < s.num_seats; ++other)
    if (other != seat) best_other = std::max(best_other, value(other));
  return value(seat) - best_other;
}

}  // namespace archipel::engine::costa_ruana
