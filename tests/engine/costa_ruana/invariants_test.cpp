// The per-game hooks of the conformance harness (tests/support/playout.hpp): seeded random games in
// which, after every step, each seat has its 10 natives, treasures and cards are conserved; and the
// hidden-information checks: what a seat may not know (another hut, hand, face-down card, the pile)
// can change without changing that seat's or a spectator's view by a single byte.

#include "engine/costa_ruana/costa_ruana.hpp"

#include <cstdlib>

#include <gtest/gtest.h>

#include "engine/core/game_of.hpp"
#include "engine/core/registry.hpp"
#include "tests/engine/costa_ruana/position.hpp"
#include "tests/support/playout.hpp"

namespace archipel::testing::costa_ruana {
namespace {

void check_conservation(const engine::GameInstance& game, const std::vector<Json>&) {
  const auto* typed = dynamic_cast<const engine::GameOf<cr::Rules>*>(&game);
  ASSERT_NE(typed, nullptr);
  const cr::State& s = typed->state();
  for (const auto& problem : cr::Rules::check_invariants(s)) ADD_FAILURE() << problem;
  // The same counts, written out here so the check does not rest on the engine's own code alone.
  int treasures = 0;
  for (const auto& isl : s.islands) treasures += isl.treasures;
  for (Seat seat = 0; seat < s.num_seats; ++seat) {
    int natives = s.players[seat].reserve;
    for (const auto& isl : s.islands) natives += isl.natives[seat];
    for (const auto& p : s.played) natives += p.natives[seat] ? 1 : 0;
    EXPECT_EQ(natives, 10) << "seat " << seat;
    treasures += s.players[seat].hut + s.players[seat].awards;
  }
  const int islands = static_cast<int>(s.islands.size());
  EXPECT_EQ(treasures, 2 * 4 + (islands - 2) * 5);
  std::size_t cards = s.pile.size() + s.discards.size() + s.played.size();
  for (const auto& p : s.players) cards += p.hand.size();
  EXPECT_EQ(cards, static_cast<std::size_t>(12 * s.num_seats));
}

TEST(CostaRuanaInvariants, PiecesAndCardsConservedInRandomGames) {
  const char* env = std::getenv("ARCHIPEL_PLAYOUTS");
  // Each game here also runs every harness check, so a few per player count are enough by default.
  const int games = env ? std::max(1, std::atoi(env) / 20) : 1;
  for (int seats = 2; seats <= 6; ++seats)
    for (int i = 0; i < games; ++i) {
      auto result = run_playout(engine::default_registry(), PlayoutConfig{"costa-ruana", seats, {}},
                                7000 + i, check_conservation);
      ASSERT_TRUE(result.ended);
      EXPECT_GT(result.scrambles_changed, 0);
      if (HasFailure()) return;
    }
}

// A position in mid-round with huts filled, a face-down card on the table and a pile.
cr::State mid_round() {
  auto s = fresh(4, 0, 11);
  place_setup(s, {"I1", "I2", "I3", "I4"});
  // As if earlier rounds had paid out: treasures from the islands into the huts.
  s.islands[0].treasures -= 3;
  s.players[1].hut = 2;
  s.players[2].hut = 1;
  while (s.phase == cr::Phase::card_up || s.phase == cr::Phase::card_down)
    play(s, acting(s), texts(s, acting(s)).back());
  return s;
}

TEST(CostaRuanaHidden, AnotherHutDoesNotShow) {
  auto s = mid_round();
  ASSERT_TRUE(cr::Rules::check_invariants(s).empty());
  auto other = s;
  other.players[1].hut = 0;  // seat 1's two treasures go to seat 2's hut: same total
  other.players[2].hut = 3;
  for (Seat viewer : {-1, 0, 3}) {
    EXPECT_EQ(cr::Rules::view(s, engine::Viewer{viewer}).dump(),
              cr::Rules::view(other, engine::Viewer{viewer}).dump())
        << viewer;
  }
  // The owners see their own.
  EXPECT_NE(cr::Rules::view(s, engine::Viewer::of(1)).dump(),
            cr::Rules::view(other, engine::Viewer::of(1)).dump());
  EXPECT_EQ(cr::Rules::view(s, engine::Viewer::of(2))["you"]["hut"], 1);
}

TEST(CostaRuanaHidden, HandsFaceDownCardsAndPileDoNotShow) {
  auto s = mid_round();
  ASSERT_EQ(s.phase, cr::Phase::native);
  const Json spectator = cr::Rules::view(s, engine::Viewer::spectator());
  int face_down = 0;
  for (const auto& p : s.played) face_down += !p.up;
  EXPECT_EQ(face_down, 4);  // one face up and one face down each
  for (Seat seat = 0; seat < 4; ++seat) {
    const Json v = cr::Rules::view(s, engine::Viewer::of(seat));
    for (const auto& secret : cr::Rules::secrets(s)) {
      const bool may = secret.known_to && *secret.known_to == seat;
      EXPECT_EQ(contains_string(v, secret.token), may) << seat << " " << secret.token;
      EXPECT_FALSE(contains_string(spectator, secret.token)) << secret.token;
    }
    // Own face-down cards are listed under "you".
    int own_down = 0;
    for (const auto& p : s.played) own_down += !p.up && p.by == seat;
    EXPECT_EQ(static_cast<int>(v["you"]["face_down"].size()), own_down);
  }
  for (const auto& pj : spectator["played"]) {
    if (!pj["up"].get<bool>()) {
      EXPECT_EQ(pj["card"], "face_down");
    }
  }
  // Scrambling what seat 0 cannot know leaves its view byte-identical and changes the state.
  engine::Rng rng(5);
  auto scrambled = cr::Rules::scramble_hidden(s, engine::Viewer::of(0), rng);
  EXPECT_EQ(cr::Rules::view(scrambled, engine::Viewer::of(0)).dump(),
            cr::Rules::view(s, engine::Viewer::of(0)).dump());
  EXPECT_NE(cr::Rules::to_json(scrambled).dump(), cr::Rules::to_json(s).dump());
  EXPECT_TRUE(cr::Rules::check_invariants(scrambled).empty());
  EXPECT_EQ(scrambled.players[0].hand, s.players[0].hand);
}

TEST(CostaRuanaHidden, HutsShownAtTheEnd) {
  auto s = cr::Rules::setup(3, {}, 4).value();
  engine::Rng chooser(1);
  while (s.phase != cr::Phase::over) {
    const Seat seat = acting(s);
    auto legal = cr::Rules::legal_actions(s, seat);
    ASSERT_TRUE(cr::Rules::apply(s, seat, legal[chooser.below(legal.size())]).ok());
  }
  const Json v = cr::Rules::view(s, engine::Viewer::spectator());
  ASSERT_TRUE(v.contains("final"));
  for (Seat seat = 0; seat < 3; ++seat) {
    EXPECT_EQ(v["final"]["huts"][seat], s.players[seat].hut);
    EXPECT_EQ(v["final"]["scores"][seat], cr::score_of(s, seat));
  }
}

}  // namespace
}  // namespace archipel::testing::costa_ruana
