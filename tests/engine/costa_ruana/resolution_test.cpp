// Resolution details the book states without a worked example: the order within a kind is the
// player's, a card acts for its player then for the natives on it clockwise from that player, and
// the effects leave no way out (no pass).

#include "engine/costa_ruana/costa_ruana.hpp"

#include <gtest/gtest.h>

#include "tests/engine/costa_ruana/position.hpp"

namespace archipel::testing::costa_ruana {
namespace {

// 4 players, shaman seat 0, set-up natives on I1..I4; the round's cards as given (face up, laid in
// order by seats 0..3 for the face-up step, then the face-down step), Night + High tide after the
// flip of the time card. `natives[seat]`: the slot its native goes on ("" to pass).
cr::State table(const std::vector<std::string>& up, const std::vector<std::string>& down,
                const std::vector<std::string>& natives) {
  auto s = fresh(4, 0, 5);
  place_setup(s, {"I1", "I2", "I3", "I4"});
  for (Seat seat = 0; seat < 4; ++seat) {
    const auto card_of = [](const std::string& play) { return play.substr(0, play.find(' ')); };
    give(s, seat, {card_of(up[seat]), card_of(down[seat])});
  }
  s.tide_high = true;
  s.time_day = true;
  auto name = [](const std::string& play) {
    const std::string id = play.substr(0, play.find(' '));
    return cr::components().cards[card(id)].name + play.substr(play.find(' '));
  };
  for (Seat seat = 0; seat < 4; ++seat) play(s, seat, "up " + name(up[seat]));
  for (Seat seat = 0; seat < 4; ++seat) play(s, seat, "down " + name(down[seat]));
  for (Seat seat = 0; seat < 4; ++seat)
    play(s, seat, natives[seat].empty() ? "pass" : "native " + natives[seat]);
  play(s, 0, "flip time");
  return s;
}

TEST(CostaRuanaResolution, SameKindPlayerChooses) {
  // Before seat 1: Place 2 (night, CR07) as 2a and Place 3 (high tide, CR14) as 2b; seat 1 resolves
  // first with no card before seat 0. Night cards elsewhere are Move a native (CR12 / CR30).
  auto s = table({"CR07 2", "CR14 2", "CR12 4", "CR30 4"}, {"CR03 3", "CR05 3", "CR01 3", "CR27 3"},
                 {"", "", "", ""});
  ASSERT_EQ(s.phase, cr::Phase::resolve);
  ASSERT_EQ(acting(s), 1);
  EXPECT_EQ(s.resolving.played, -1);
  EXPECT_EQ(texts(s, 1), (std::vector<std::string>{"resolve 2a", "resolve 2b"}));
  // Another player's card is refused by name, and changes nothing.
  const std::string before = cr::Rules::to_json(s).dump();
  auto r = cr::Rules::apply(s, 1, Json{{"type", "resolve"}, {"slot", "4a"}});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "costa_ruana.not_before_you");
  EXPECT_EQ(cr::Rules::to_json(s).dump(), before);
  play(s, 1, "resolve 2b");
  EXPECT_EQ(cr::slot_name(s.played[s.resolving.played]), "2b");
  EXPECT_EQ(s.resolving.units_left, 3);
}

TEST(CostaRuanaResolution, CopiesGoClockwiseFromTheCardsPlayer) {
  // Move a native (night, CR12) before seat 2 (3a) with natives of every seat on it: seat 2 moves,
  // then seat 2 again (its own native), then 3, 0, 1.
  auto s = table({"CR01 1", "CR03 2", "CR12 3", "CR05 4"}, {"CR02 1", "CR04 2", "CR06 3", "CR27 4"},
                 {"3a", "3a", "3a", "3a"});
  ASSERT_EQ(s.phase, cr::Phase::resolve);
  // Day cards were discarded: only 3a is left.
  ASSERT_EQ(s.played.size(), 1u);
  EXPECT_EQ(s.resolving.appliers, (std::vector<Seat>{2, 2, 3, 0, 1}));
  std::vector<Seat> movers;
  while (s.phase == cr::Phase::resolve) {
    const Seat seat = acting(s);
    movers.push_back(seat);
    // No pass while resolving: every choice moves a native.
    for (const auto& t : texts(s, seat)) EXPECT_EQ(t.substr(0, 5), "take ");
    play(s, seat, texts(s, seat).front());
    play(s, seat, texts(s, seat).front());
  }
  EXPECT_EQ(movers, (std::vector<Seat>{2, 2, 3, 0, 1}));
  EXPECT_TRUE(cr::Rules::check_invariants(s).empty());
}

TEST(CostaRuanaResolution, KindsInTheBooksOrder) {
  // Before seat 0: Move a native (night, CR12), Place 1 (high, CR13), Remove 2 (night, CR09), Move
  // treasure (night, CR11): resolved treasure, remove, place, move native, whatever the slots.
  auto s = table({"CR12 1", "CR13 1", "CR09 1", "CR11 1"}, {"CR03 2", "CR05 2", "CR01 2", "CR27 2"},
                 {"", "", "", ""});
  // One candidate of the first kind: it starts at once, and the later kinds wait their turn.
  ASSERT_EQ(acting(s), 0);
  ASSERT_NE(s.resolving.played, -1);
  EXPECT_EQ(cr::slot_name(s.played[s.resolving.played]), "1d");
  std::vector<std::string> kinds;
  while (s.phase == cr::Phase::resolve) {
    const Seat seat = acting(s);
    ASSERT_EQ(seat, 0);
    const std::string kind = std::string(
        cr::kKindNames.name(cr::components().effect_of(s.played[s.resolving.played].card).kind));
    if (kinds.empty() || kinds.back() != kind) kinds.push_back(kind);
    play(s, seat, texts(s, seat).front());
  }
  EXPECT_EQ(kinds, (std::vector<std::string>{"move_treasure", "remove", "place", "move_native"}));
}

}  // namespace
}  // namespace archipel::testing::costa_ruana
