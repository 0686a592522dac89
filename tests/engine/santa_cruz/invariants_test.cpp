// The per-game invariant hook of the conformance harness (tests/support/playout.hpp): seeded random
// games in which, after every step, buildings, tiles, bird chips and cards are conserved.

#include "engine/santa_cruz/santa_cruz.hpp"

#include <algorithm>
#include <cstdlib>

#include <gtest/gtest.h>

#include "engine/core/any_game.hpp"
#include "engine/core/registry.hpp"
#include "tests/support/playout.hpp"

namespace archipel::testing {
namespace {

namespace sc = engine::santa_cruz;
using engine::Seat;

void check_conservation(const engine::GameInstance& game, const std::vector<engine::Json>&) {
  const auto* typed = dynamic_cast<const engine::GameOf<sc::Rules>*>(&game);
  ASSERT_NE(typed, nullptr);
  const sc::State& s = typed->state();
  const auto& c = sc::components();

  // Buildings: on the board + in supply + removed by an eruption = 8/3/2 per player.
  std::vector<std::array<int, 3>> count(s.num_seats, std::array<int, 3>{});
  for (const auto& site : s.sites)
    for (Seat owner : site.owners) ++count[owner][static_cast<int>(c.tiles[site.tile].building)];
  for (Seat seat = 0; seat < s.num_seats; ++seat)
    for (int b = 0; b < 3; ++b)
      EXPECT_EQ(count[seat][b] + s.players[seat].supply[b] + s.players[seat].removed[b],
                c.buildings[b])
          << "seat " << seat << " building " << b;

  // Tiles: every tile once, on a site of its kind or unused.
  std::vector<int> tiles(c.tiles.size(), 0);
  for (std::size_t i = 0; i < s.sites.size(); ++i) {
    ++tiles[s.sites[i].tile];
    EXPECT_EQ(c.tiles[s.sites[i].tile].kind, c.sites[i].kind);
    if (!s.sites[i].owners.empty()) {
      EXPECT_TRUE(s.sites[i].revealed);
    }
  }
  for (int t : s.unused_tiles) ++tiles[t];
  EXPECT_TRUE(std::all_of(tiles.begin(), tiles.end(), [](int n) { return n == 1; }));

  // Bird chips: pile + collected = the components' split per species.
  std::vector<int> birds(c.birds.size(), 0);
  for (int b : s.bird_pile) ++birds[b];
  for (const auto& p : s.players)
    for (int b : p.birds) ++birds[b];
  for (std::size_t b = 0; b < c.birds.size(); ++b) EXPECT_EQ(birds[b], c.birds[b].count);

  // Score cards: hands + played + discarded + set aside + untaken piles = all 16, each once.
  std::vector<int> cards(c.score_cards.size(), 0);
  for (const auto& p : s.players) {
    for (int x : p.hand) ++cards[x];
    for (int x : p.played) ++cards[x];
    for (int x : p.discarded) ++cards[x];
  }
  for (int x : s.score_pile) ++cards[x];
  for (const auto& pile : s.piles)
    if (pile.taken_by < 0)
      for (int x : pile.score_cards) ++cards[x];
  EXPECT_TRUE(std::all_of(cards.begin(), cards.end(), [](int n) { return n == 1; }));

  // Construction cards: left + played = the chosen set, whenever a set is held.
  for (const auto& p : s.players) {
    if (p.set < 0) continue;
    for (int k = 0; k < 4; ++k) {
      EXPECT_EQ(p.cards_left[k] + p.cards_played[k], c.sets[p.set].cards[k]);
    }
  }
}

TEST(SantaCruzInvariants, PiecesAndCardsConservedInRandomGames) {
  const char* env = std::getenv("ARCHIPEL_PLAYOUTS");
  // Each game here also runs every harness check, so a few per configuration are enough by default.
  const int games = env ? std::max(1, std::atoi(env) / 30) : 6;
  for (int seats = 2; seats <= 4; ++seats)
    for (const char* rules : {"online", "table"})
      for (int i = 0; i < games; ++i) {
        auto result = run_playout(engine::default_registry(),
                                  PlayoutConfig{"santa-cruz", seats, {{"rules", rules}}}, 5000 + i,
                                  check_conservation);
        ASSERT_TRUE(result.ended);
        if (HasFailure()) return;
      }
}

}  // namespace
}  // namespace archipel::testing
