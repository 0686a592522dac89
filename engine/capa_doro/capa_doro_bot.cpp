// Bot support (engine/core/game.hpp, GameBotSupport).
//
// determinize(view, seat, rng): every public part is read back from the view (the same reader as
// from_json); the hidden orders are sampled: the bag from its counts by kind, the event pile from
// the events not played, the B and C piles from the cards in no slot, the A box likewise; a new
// generator drawn from `rng`, so the true game's future rolls are not revealed.
// evaluate(state, seat): points, plus what the seat's stock, plantations and coins are worth toward
// its open recipes, minus the best other seat's; the exact point margin once the game is over.

#include <algorithm>

#include "engine/capa_doro/capa_doro.hpp"
#include "engine/core/json_read.hpp"

namespace archipel::engine::capa_doro {
namespace {

// Projected points, in hundredths: made cigars; for each open card, the share of its recipe held,
// first from the stock, then (discounted by how far they are from the stock) from the bales on the
// seat's plantations; what is left of both is still worth something (a later card needs it, a
// market buys it); the plantations themselves (they will be yielded bales); coins (they buy bales
// and plantations). Before issue 37 only points, stock and coins counted: a sowing looked like
// coins thrown away, the bots never grew tobacco, and no game reached the book's 60 points.
constexpr std::array<int, kColumns> kBoardBaleWeight{30, 50, 80};  // % of a stock bale, by column
constexpr std::array<int, kColumns> kPlantationWorth{45, 45, 0};   // a growing token's future bales
constexpr int kSpareBaleWorth = 35;  // a bale no open recipe needs: above a full market's 2 coins
constexpr int kCoinWorth = 15;

int projected(const State& s, Seat seat) {
  const Components& c = components();
  const PlayerState& p = s.players[seat];
  int value = p.points * 100;
  // The seat's bales on the board, by colour and column.
  std::array<std::array<int, kColumns>, kColours> board{};
  for (std::size_t r = 0; r < s.rows.size(); ++r)
    for (int col = 0; col < kColumns; ++col) {
      const Cell& cell = s.rows[r][static_cast<std::size_t>(col)];
      if (cell.kind != TokenKind::seat || cell.owner != seat) continue;
      board[static_cast<std::size_t>(c.rows[r].continent)][static_cast<std::size_t>(col)] +=
          cell.bales;
      value += kPlantationWorth[static_cast<std::size_t>(col)];
    }
  std::array<int, kColours> left = p.stock;
  for (const auto& slot : p.slots) {
    if (slot.top_done || slot.cards.empty()) continue;
    const Cigar& card = c.cigars[slot.cards.back()];
    int need = 0, have = 0;  // have: in hundredths of a bale
    for (int k = 0; k < kColours; ++k) {
      need += card.recipe[k];
      int missing = card.recipe[k];
      const int used = std::min(left[k], missing);
      have += used * 100;
      left[k] -= used;
      missing -= used;
      for (int col = kColumns - 1; col >= 0 && missing > 0; --col) {  // nearest the stock first
        int& on_board = board[static_cast<std::size_t>(k)][static_cast<std::size_t>(col)];
        const int from_board = std::min(on_board, missing);
        have += from_board * kBoardBaleWeight[static_cast<std::size_t>(col)];
        on_board -= from_board;
        missing -= from_board;
      }
    }
    if (need > 0) value += card.points * 60 * have / (need * 100);
  }
  for (int k = 0; k < kColours; ++k) {
    value += left[k] * kSpareBaleWorth;
    for (int col = 0; col < kColumns; ++col)
      value += board[static_cast<std::size_t>(k)][static_cast<std::size_t>(col)] * kSpareBaleWorth *
               kBoardBaleWeight[static_cast<std::size_t>(col)] / 100;
  }
  value += p.coins * kCoinWorth;
  return value;
}

}  // namespace

Result<State> Rules::determinize(const Json& view, Seat seat, Rng& rng) {
  auto state = guard_input("bad_view", "capa-doro view", [&] {
    State s;
    read_public(s, view);
    require(seat >= 0 && seat < s.num_seats, "seat out of range");
    const Components& c = components();
    const Json& bag = read_object(view, "bag");
    for (int k = 0; k <= kColours; ++k) {
      const int n = read_int(
          bag, k < kColours ? std::string(kColourNames.name(static_cast<Colour>(k))) : "beetle", 0,
          c.total_bales + c.beetles);
      for (int i = 0; i < n; ++i) s.bag.push_back(static_cast<std::uint8_t>(k));
    }
    std::vector<int> in_slots(c.cigars.size(), 0);
    for (const auto& p : s.players)
      for (const auto& slot : p.slots)
        for (int card : slot.cards) ++in_slots[card];
    for (std::size_t i = 0; i < c.cigars.size(); ++i) {
      if (in_slots[i]) continue;
      const Level level = c.cigars[i].level;
      (level == Level::a   ? s.a_box
       : level == Level::b ? s.b_pile
                           : s.c_pile)
          .push_back(static_cast<int>(i));
    }
    if (s.events_on)
      for (std::size_t i = 0; i < c.events.size(); ++i)
        if (std::find(s.events_played.begin(), s.events_played.end(), static_cast<int>(i)) ==
            s.events_played.end())
          s.event_pile.push_back(static_cast<int>(i));
    require(read_int(view, "event_pile", 0, 100) == static_cast<int>(s.event_pile.size()),
            "event pile size");
    require(read_int(view, "b_pile", 0, 100) == static_cast<int>(s.b_pile.size()), "B pile size");
    require(read_int(view, "c_pile", 0, 100) == static_cast<int>(s.c_pile.size()), "C pile size");
    rng.shuffle(s.bag);
    rng.shuffle(s.event_pile);
    rng.shuffle(s.b_pile);
    rng.shuffle(s.c_pile);
    s.rng = Rng(rng.next());
    const auto problems = check_invariants(s);
    require(problems.empty(), problems.empty() ? "" : problems.front());
    return s;
  });
  return state;
}

int Rules::evaluate(const State& s, Seat seat) {
  if (s.phase == Phase::over) {
    int best_other = -1000000;
    for (Seat o = 0; o < s.num_seats; ++o)
      if (o != seat) best_other = std::max(best_other, s.players[o].points);
    return s.players[seat].points - best_other;
  }
  int best_other = -1000000000;
  for (Seat o = 0; o < s.num_seats; ++o)
    if (o != seat) best_other = std::max(best_other, projected(s, o));
  return (projected(s, seat) - best_other) / 100;
}

}  // namespace archipel::engine::capa_doro
