// One test per worked example and rule of the French rule book of Costa Ruana, named for it. The
// book's three players are Antoine (seat 0, the shaman), Marie (1) and Serge (2).

#include "engine/costa_ruana/costa_ruana.hpp"

#include <functional>

#include <gtest/gtest.h>

#include "tests/engine/costa_ruana/position.hpp"

namespace archipel::testing::costa_ruana {
namespace {

constexpr Seat kAntoine = 0, kMarie = 1, kSerge = 2;

// Figure 2's table: Antoine's Place 2 (night) before himself (1a); Marie's Remove 1 (day) before
// Serge (3a); Serge's Place 3 (high tide) before himself (3b); face down: Antoine's Move a native
// (night) before himself (1b), Marie's Move treasure (day) before herself (2a), Serge's Remove 1
// (high tide) before Antoine (1c); natives: Antoine and Marie on 1b, Serge on 3b.
// Figure 2's cards laid, up to the native step; `before` changes the position before the first
// card.
cr::State figure2_cards_laid(const std::function<void(cr::State&)>& before = {}) {
  auto s = fresh(3, kAntoine);
  place_setup(s, {"I1", "I2", "I3"});
  give(s, kAntoine, {"CR07", "CR12"});
  give(s, kMarie, {"CR03", "CR05"});
  give(s, kSerge, {"CR14", "CR15"});
  s.tide_high = true;  // High tide + Day: flipping the time card gives Figure 3's Night + High tide
  s.time_day = true;
  if (before) before(s);
  play(s, kAntoine, "up p2-night 1");
  play(s, kMarie, "up r1-day 3");
  play(s, kSerge, "up p3-high 3");
  play(s, kAntoine, "down mn-night 1");
  play(s, kMarie, "down mt-day 2");
  play(s, kSerge, "down r1-high 1");
  return s;
}

cr::State figure2() {
  auto s = figure2_cards_laid();
  play(s, kAntoine, "native 1b");
  play(s, kMarie, "native 1b");
  play(s, kSerge, "native 3b");
  return s;
}

TEST(CostaRuanaExamples, Figure2Plays) {
  auto s = fresh(3, kAntoine);
  place_setup(s, {"I1", "I2", "I3"});
  give(s, kAntoine, {"CR07", "CR12"});
  give(s, kMarie, {"CR03", "CR05"});
  give(s, kSerge, {"CR14", "CR15"});
  ASSERT_EQ(s.phase, cr::Phase::card_up);
  EXPECT_EQ(acting(s), kAntoine);  // the shaman first
  play(s, kAntoine, "up p2-night 1");
  auto events = play(s, kMarie, "up r1-day 3");  // before another player
  ASSERT_EQ(of_type(events, "card").size(), 1u);
  EXPECT_EQ(of_type(events, "card")[0]["slot"], "3a");
  play(s, kSerge, "up p3-high 3");
  EXPECT_EQ(s.phase, cr::Phase::card_down);
  EXPECT_EQ(acting(s), kAntoine);
  play(s, kAntoine, "down mn-night 1");
  play(s, kMarie, "down mt-day 2");
  events = play(s, kSerge, "down r1-high 1");
  // A face-down card's event names its slot, never its id.
  EXPECT_FALSE(of_type(events, "card")[0].contains("card"));
  EXPECT_EQ(of_type(events, "card")[0]["slot"], "1c");
  EXPECT_EQ(s.phase, cr::Phase::native);
  // Any played card, face up or down, before anyone; or pass.
  EXPECT_EQ(texts(s, kAntoine),
            (std::vector<std::string>{"native 1a", "native 1b", "native 1c", "native 2a",
                                      "native 3a", "native 3b", "pass"}));
  play(s, kAntoine, "native 1b");
  play(s, kMarie, "native 1b");
  play(s, kSerge, "native 3b");
  EXPECT_EQ(s.phase, cr::Phase::flip);
  EXPECT_EQ(acting(s), kAntoine);
  EXPECT_EQ(s.players[kAntoine].reserve, 10 - 3 - 1);  // natives on cards are not in reserve
  EXPECT_EQ(cr::natives_on_cards(s, kMarie), 1);
  EXPECT_TRUE(cr::Rules::check_invariants(s).empty());
}

TEST(CostaRuanaExamples, Figure3NightAndHighTide) {
  auto s = figure2();
  EXPECT_EQ(texts(s, kAntoine), (std::vector<std::string>{"flip tide", "flip time"}));
  auto events = play(s, kAntoine, "flip time");
  EXPECT_TRUE(s.tide_high);
  EXPECT_FALSE(s.time_day);
  // Every face-down card is revealed; the day cards (Marie's two) are discarded, their natives
  // home.
  EXPECT_EQ(of_type(events, "reveal").size(), 3u);
  auto discards = of_type(events, "discard");
  ASSERT_EQ(discards.size(), 2u);
  std::vector<std::string> slots{discards[0]["slot"], discards[1]["slot"]};
  std::sort(slots.begin(), slots.end());
  EXPECT_EQ(slots, (std::vector<std::string>{"2a", "3a"}));
  for (const auto& p : s.played) EXPECT_TRUE(p.up);
  EXPECT_EQ(s.played.size(), 4u);  // 1a, 1b, 1c, 3b stay with their natives
  EXPECT_EQ(s.phase, cr::Phase::resolve);
}

TEST(CostaRuanaExamples, Figure4Resolution) {
  auto s = figure2();
  play(s, kAntoine, "flip time");
  // Antoine: Remove 1 (1c) first, then Place 2 (1a), then Move a native (1b) for himself, again for
  // his own native, then for Marie's.
  ASSERT_EQ(acting(s), kAntoine);
  ASSERT_NE(s.resolving.played, -1);
  EXPECT_EQ(cr::slot_name(s.played[s.resolving.played]), "1c");
  play(s, kAntoine, "remove I1");
  EXPECT_EQ(cr::slot_name(s.played[s.resolving.played]), "1a");
  play(s, kAntoine, "place I4");
  play(s, kAntoine, "place I4");
  EXPECT_EQ(cr::slot_name(s.played[s.resolving.played]), "1b");
  EXPECT_EQ(s.resolving.appliers, (std::vector<Seat>{kAntoine, kAntoine, kMarie}));
  play(s, kAntoine, "take 2 I2");
  play(s, kAntoine, "to I5");
  EXPECT_EQ(acting(s), kAntoine);  // his own native on the card: once more
  play(s, kAntoine, "take 3 I3");
  play(s, kAntoine, "to I5");
  EXPECT_EQ(acting(s), kMarie);  // Marie copies the card
  play(s, kMarie, "take 1 I4");
  play(s, kMarie, "to I6");
  // Marie has no card: Serge places 3, then 3 more (his own native on his card).
  ASSERT_EQ(acting(s), kSerge);
  EXPECT_EQ(cr::slot_name(s.played[s.resolving.played]), "3b");
  EXPECT_EQ(s.resolving.appliers, (std::vector<Seat>{kSerge, kSerge}));
  int placed = 0;
  for (int k = 0; k < 6; ++k)
    placed += static_cast<int>(of_type(play(s, kSerge, "place I6"), "place").size());
  EXPECT_EQ(placed, 6);
  // Serge had 10 - 3 - 1 = 6 in reserve: all placed; his native came home with the card, and one
  // more for each treasure he then took.
  EXPECT_EQ(s.players[kSerge].reserve, 1 + s.players[kSerge].awards);
  EXPECT_TRUE(s.played.empty());
  EXPECT_EQ(s.round, 2);  // treasures collected, next round prepared
}

TEST(CostaRuanaExamples, Figure5ConflictIsland) {
  // First island: only natives in conflict (2-2): no treasure, nobody goes home.
  auto s = fresh(3, kAntoine);
  place_setup(s, {"I1", "I1", "I2"});
  clear_islands(s);
  put(s, kAntoine, "I1", 2);
  put(s, kMarie, "I1", 2);
  const int before = s.islands[island("I1")].treasures;
  auto events = finish_round(s);
  EXPECT_EQ(s.islands[island("I1")].treasures, before);
  EXPECT_EQ(s.islands[island("I1")].natives[kAntoine], 2);
  EXPECT_EQ(s.islands[island("I1")].natives[kMarie], 2);
  EXPECT_TRUE(of_type(events, "award").empty());
}

TEST(CostaRuanaExamples, TreasureMajority) {
  auto s = fresh(3, kAntoine);
  place_setup(s, {"I1", "I1", "I2"});
  clear_islands(s);
  put(s, kAntoine, "I1", 3);
  put(s, kMarie, "I1", 1);
  put(s, kSerge, "I2", 1);  // alone: more than everyone else
  const int t1 = s.islands[island("I1")].treasures, t2 = s.islands[island("I2")].treasures;
  auto events = finish_round(s);
  EXPECT_EQ(s.islands[island("I1")].treasures, t1 - 1);     // one treasure an island
  EXPECT_EQ(s.islands[island("I1")].natives[kAntoine], 2);  // one of his natives goes home
  EXPECT_EQ(s.islands[island("I2")].treasures, t2 - 1);
  EXPECT_EQ(s.islands[island("I2")].natives[kSerge], 0);
  EXPECT_EQ(s.players[kAntoine].awards, 1);
  EXPECT_EQ(s.players[kSerge].awards, 1);
  EXPECT_EQ(s.players[kAntoine].reserve, 10 - 2);
  EXPECT_EQ(of_type(events, "award").size(), 2u);
}

TEST(CostaRuanaExamples, TiesCancel) {
  cr::Island isl;
  isl.treasures = 5;
  isl.natives = {1, 1, 0, 0, 0, 0};
  EXPECT_EQ(cr::treasure_winner(isl, 3), -1);
  isl.natives = {2, 2, 0, 0, 0, 0};
  EXPECT_EQ(cr::treasure_winner(isl, 3), -1);
  isl.natives = {1, 1, 1, 0, 0, 0};
  EXPECT_EQ(cr::treasure_winner(isl, 3), -1);
  isl.natives = {3, 2, 2, 0, 0, 0};  // the 3 is not tied
  EXPECT_EQ(cr::treasure_winner(isl, 3), 0);
}

TEST(CostaRuanaExamples, TwoTiesOnOneIsland) {
  // 2-2-1-1: two conflicts, nobody takes a treasure, nobody goes home.
  auto s = fresh(4, 0);
  place_setup(s, {"I1", "I2", "I3", "I4"});
  clear_islands(s);
  put(s, 0, "I1", 2);
  put(s, 1, "I1", 2);
  put(s, 2, "I1", 1);
  put(s, 3, "I1", 1);
  const int before = s.islands[island("I1")].treasures;
  auto events = finish_round(s);
  EXPECT_TRUE(of_type(events, "award").empty());
  EXPECT_EQ(s.islands[island("I1")].treasures, before);
  EXPECT_EQ(cr::island_total(s.islands[island("I1")]), 6);
}

TEST(CostaRuanaExamples, LoneNativeTakes) {
  cr::Island isl;
  isl.treasures = 4;
  isl.natives = {2, 2, 1, 0, 0, 0};
  EXPECT_EQ(cr::treasure_winner(isl, 4), 2);
  isl.natives = {3, 3, 1, 0, 0, 0};
  EXPECT_EQ(cr::treasure_winner(isl, 4), 2);
  isl.natives = {2, 2, 2, 1, 0, 0};
  EXPECT_EQ(cr::treasure_winner(isl, 4), 3);
  // Through a round: the lone native takes the treasure and goes home.
  auto s = fresh(4, 0);
  place_setup(s, {"I1", "I2", "I3", "I4"});
  clear_islands(s);
  put(s, 0, "I2", 2);
  put(s, 1, "I2", 2);
  put(s, 2, "I2", 2);
  put(s, 3, "I2", 1);
  finish_round(s);
  EXPECT_EQ(s.players[3].awards, 1);
  EXPECT_EQ(s.islands[island("I2")].natives[3], 0);
  EXPECT_EQ(s.islands[island("I2")].natives[0], 2);
}

TEST(CostaRuanaExamples, EmptyIsland) {
  // No treasure left: nobody takes anything, nobody goes home.
  auto s = fresh(3, kAntoine);
  place_setup(s, {"I1", "I1", "I2"});
  clear_islands(s);
  auto& i1 = s.islands[island("I1")];
  s.islands[island("I2")].treasures += i1.treasures;  // conserved: moved, not removed
  i1.treasures = 0;
  put(s, kAntoine, "I1", 3);
  auto events = finish_round(s);
  EXPECT_TRUE(of_type(events, "award").empty());
  EXPECT_EQ(s.islands[island("I1")].natives[kAntoine], 3);
  EXPECT_EQ(s.players[kAntoine].awards, 0);
}

TEST(CostaRuanaExamples, Figure6MarieBecomesShaman) {
  // Antoine 1, Marie 1, Serge 3: the nearest of the fewest after the last shaman (Antoine) is
  // Marie.
  auto s = fresh(3, kAntoine);
  place_setup(s, {"I1", "I2", "I3"});
  clear_islands(s);
  int handed = 5;  // as if handed out this round: 1 + 1 + 3
  for (auto& isl : s.islands) {
    const int off = std::min(isl.treasures, handed);
    isl.treasures -= off;
    handed -= off;
  }
  s.players[kAntoine].awards = 1;
  s.players[kMarie].awards = 1;
  s.players[kSerge].awards = 3;
  EXPECT_EQ(cr::next_shaman(s), kMarie);
  auto events = finish_round(s);
  EXPECT_EQ(s.shaman, kMarie);
  EXPECT_EQ(s.phase, cr::Phase::shaman);
  EXPECT_EQ(acting(s), kMarie);
  // The last shaman comes last among the tied: Antoine and Serge with 0, shaman Antoine -> Serge.
  s.players[kAntoine].awards = 0;
  s.players[kMarie].awards = 2;
  s.players[kSerge].awards = 0;
  s.shaman = kAntoine;
  EXPECT_EQ(cr::next_shaman(s), kSerge);
  s.players[kSerge].awards = 1;
  EXPECT_EQ(cr::next_shaman(s), kAntoine);
}

// A position in the resolve step: `id` laid face up before `to` (natives of `copiers` on it), the
// Condition cards showing its background; then resolution starts. Other seats have no card.
cr::State resolving(int seats, const std::string& id, Seat to, std::vector<Seat> copiers = {}) {
  auto s = fresh(seats, 0);
  std::vector<std::string> at(seats, "I1");
  for (Seat seat = 0; seat < seats; ++seat) at[seat] = "I" + std::to_string(seat + 1);
  place_setup(s, at);
  give(s, 0, {id});
  const cr::Card& c = cr::components().cards[card(id)];
  s.tide_high = c.background != cr::Background::low_tide;
  s.time_day = c.background != cr::Background::night;
  play(s, 0, "up " + c.name + " " + std::to_string(to + 1));
  while (s.phase == cr::Phase::card_up) play(s, acting(s), texts(s, acting(s)).front());
  // Face-down cards: the rest of each hand's first card, laid before seat 0... kept out of the way
  // by discarding them: the example needs one card on the table.
  while (s.phase == cr::Phase::card_down) {
    const Seat seat = acting(s);
    play(s, seat, texts(s, seat).front());
  }
  while (s.phase == cr::Phase::native) {
    const Seat seat = acting(s);
    const bool copies = std::find(copiers.begin(), copiers.end(), seat) != copiers.end();
    play(s, seat, copies ? "native " + std::to_string(to + 1) + "a" : "pass");
  }
  return s;
}

// Keeps only the card in slot `slot` on the table (the others go to the discards, their natives
// home), then flips so that it stays active and resolution starts.
void only(cr::State& s, const std::string& slot) {
  for (int i = static_cast<int>(s.played.size()) - 1; i >= 0; --i)
    if (cr::slot_name(s.played[i]) != slot) {
      for (Seat seat = 0; seat < s.num_seats; ++seat)
        if (s.played[i].natives[seat]) ++s.players[seat].reserve;
      s.discards.push_back(s.played[i].card);
      s.played.erase(s.played.begin() + i);
    }
  const cr::Background b = cr::components().cards[s.played.front().card].background;
  // Flip the card that does not show this background's pair, so it stays active.
  const bool tide = b == cr::Background::high_tide || b == cr::Background::low_tide;
  play(s, s.shaman, tide ? "flip time" : "flip tide");
}

TEST(CostaRuanaExamples, PlaceThreeWithTwoInReserve) {
  auto s = resolving(3, "CR14", kMarie);  // Place 3 (high tide) before Marie
  put(s, kMarie, "I3", 5);                // 10 - 3 on I2 - 5 on I3: two left in reserve
  ASSERT_EQ(s.players[kMarie].reserve, 2);
  only(s, "2a");
  ASSERT_EQ(acting(s), kMarie);
  play(s, kMarie, "place I5");
  ASSERT_EQ(acting(s), kMarie);
  auto events = play(s, kMarie, "place I5");
  // Only two placed: the card is done (and the round ends: each treasure taken sends one home).
  EXPECT_FALSE(of_type(events, "discard").empty());
  int award_on_i5 = 0;
  for (const auto& e : of_type(events, "award")) award_on_i5 += e["island"] == "I5";
  EXPECT_EQ(award_on_i5, 1);  // alone there: she takes its treasure
  EXPECT_EQ(s.islands[island("I5")].natives[kMarie], 2 - award_on_i5);
  EXPECT_EQ(s.players[kMarie].reserve, s.players[kMarie].awards);
  EXPECT_TRUE(s.played.empty());
  EXPECT_TRUE(cr::Rules::check_invariants(s).empty());
}

TEST(CostaRuanaExamples, PlaceTwoMeansTwo) {
  auto s = resolving(3, "CR07", kSerge);  // Place 2 (night) before Serge
  only(s, "3a");
  ASSERT_EQ(acting(s), kSerge);
  // No pass: the effect is compulsory.
  for (const auto& t : texts(s, kSerge)) EXPECT_EQ(t.substr(0, 6), "place ");
  play(s, kSerge, "place I1");
  ASSERT_EQ(acting(s), kSerge);
  play(s, kSerge, "place I2");
  EXPECT_EQ(s.islands[island("I1")].natives[kSerge] + s.islands[island("I2")].natives[kSerge], 2);
  EXPECT_TRUE(s.played.empty());
}

TEST(CostaRuanaExamples, RemoveMoreThanPlaced) {
  auto s = resolving(3, "CR10", kMarie);  // Remove 3 (night) before Marie
  only(s, "2a");
  // Marie has 3 natives on I2 from the set-up; move two of them home first: one left.
  s.islands[island("I2")].natives[kMarie] -= 2;
  s.players[kMarie].reserve += 2;
  ASSERT_EQ(acting(s), kMarie);
  EXPECT_EQ(texts(s, kMarie), (std::vector<std::string>{"remove I2"}));
  play(s, kMarie, "remove I2");
  // She had only one on the islands: it went home and the card is done.
  EXPECT_EQ(cr::natives_on_islands(s, kMarie), 0);
  EXPECT_TRUE(s.played.empty());
}

// "Le joueur récupère sur une île le nombre d'habitants indiqué ... Vous pouvez récupérer les
// habitants de n'importe quelle île. Il n'y a pas de restriction en ce qui concerne le nombre
// d'habitants récupérés sur une même île." The book's second and third sentences decide its first:
// a Remove takes each native from any island (issue 37 asked for this position). Marie's three
// natives on three islands: Remove 3 takes one from each, one at a time, then the card is done.
TEST(CostaRuanaExamples, RemoveFromThreeIslands) {
  auto s = resolving(3, "CR10", kMarie);  // Remove 3 (night) before Marie
  only(s, "2a");
  // Marie has 3 natives on I2 from the set-up: move one to I4 and one to I5.
  s.islands[island("I2")].natives[kMarie] -= 2;
  s.islands[island("I4")].natives[kMarie] += 1;
  s.islands[island("I5")].natives[kMarie] += 1;
  const int reserve = s.players[kMarie].reserve;
  ASSERT_EQ(acting(s), kMarie);
  EXPECT_EQ(texts(s, kMarie), (std::vector<std::string>{"remove I2", "remove I4", "remove I5"}));
  play(s, kMarie, "remove I4");
  ASSERT_EQ(acting(s), kMarie);
  EXPECT_EQ(texts(s, kMarie), (std::vector<std::string>{"remove I2", "remove I5"}));
  play(s, kMarie, "remove I2");
  ASSERT_EQ(acting(s), kMarie);
  play(s, kMarie, "remove I5");
  EXPECT_EQ(cr::natives_on_islands(s, kMarie), 0);
  EXPECT_EQ(s.players[kMarie].reserve, reserve + 3);
  EXPECT_TRUE(s.played.empty());
  EXPECT_TRUE(cr::Rules::check_invariants(s).empty());
}

// The native step with an empty reserve (never reached in 950 refereed games): "les habitants déjà
// placés sur des cartes jouées ne font pas partie de la réserve", so a player with none in reserve
// has nothing to lay on a card: the step passes her by (nothing to choose, so nothing to ask) and
// the game goes on with the next player.
TEST(CostaRuanaExamples, NativeStepWithAnEmptyReserve) {
  auto s = figure2_cards_laid([](cr::State& t) {
    put(t, kMarie, "I4", 4);
    put(t, kMarie, "I5", t.players[kMarie].reserve);
  });
  ASSERT_EQ(s.players[kMarie].reserve, 0);
  ASSERT_EQ(s.phase, cr::Phase::native);
  play(s, kAntoine, "native 1b");
  EXPECT_EQ(acting(s), kSerge);
  EXPECT_TRUE(texts(s, kMarie).empty());
  auto refused = s;
  EXPECT_FALSE(cr::Rules::apply(refused, kMarie, Json{{"type", "native"}, {"slot", "1b"}}).ok());
  play(s, kSerge, "native 3b");
  EXPECT_EQ(s.phase, cr::Phase::flip);
  EXPECT_EQ(s.players[kMarie].reserve, 0);
  EXPECT_TRUE(cr::Rules::check_invariants(s).empty());
}

TEST(CostaRuanaExamples, TreasureStackOfTen) {
  auto s = resolving(3, "CR11", kAntoine);  // Move 1 treasure (night) before Antoine
  only(s, "1a");
  // Put nine treasures on I1 and leave one on I2 (moved between islands: conserved).
  auto& i1 = s.islands[island("I1")];
  auto& i2 = s.islands[island("I2")];
  auto& i3 = s.islands[island("I3")];
  i3.treasures += i1.treasures + i2.treasures - 10;
  i1.treasures = 9;
  i2.treasures = 1;
  ASSERT_EQ(acting(s), kAntoine);
  // The last treasure of an island, onto a stack of nine.
  auto events = play(s, kAntoine, "treasure I2 I1");
  ASSERT_EQ(of_type(events, "treasure").size(), 1u);
  // Then the round's treasures: Antoine, alone on I1, takes one of the ten; Marie, alone on I2,
  // finds it empty and keeps her natives there.
  EXPECT_EQ(s.islands[island("I1")].treasures, 9);
  EXPECT_EQ(s.islands[island("I2")].treasures, 0);
  EXPECT_EQ(s.islands[island("I2")].natives[kMarie], 3);
  EXPECT_EQ(s.players[kMarie].awards, 0);
}

TEST(CostaRuanaExamples, NativesOnCardsNotInReserve) {
  // Place 3 before Marie with Marie's own native on it: her reserve lacks that native.
  auto s = resolving(3, "CR08", kMarie, {kMarie});  // Place 3 (night)
  only(s, "2a");
  // Leave her one native in reserve (others to I5), one on the card, three on I2 from set-up.
  put(s, kMarie, "I5", 5);
  ASSERT_EQ(s.players[kMarie].reserve, 1);
  ASSERT_EQ(acting(s), kMarie);
  auto events = play(s, kMarie, "place I6");
  // One placed (the native on the card is not in reserve); then her copy: nothing left to place,
  // the card is done and the native comes home (then one more for each treasure she takes).
  EXPECT_EQ(of_type(events, "place").size(), 1u);
  EXPECT_FALSE(of_type(events, "discard").empty());
  EXPECT_TRUE(s.played.empty());
  EXPECT_EQ(s.players[kMarie].reserve, 1 + s.players[kMarie].awards);
  EXPECT_TRUE(cr::Rules::check_invariants(s).empty());
}

TEST(CostaRuanaExamples, SevenNativeCap) {
  // Set-up: after seven natives on I1 it is no longer offered.
  auto s = fresh(4, 0);
  for (int k = 0; k < 7; ++k) play(s, acting(s), "place I1");
  EXPECT_EQ(cr::island_total(s.islands[island("I1")]), 7);
  for (const auto& t : texts(s, acting(s))) EXPECT_NE(t, "place I1");
  // Placing natives: not onto a full island.
  auto placing = resolving(2, "CR13", 0);  // Place 1 (high tide) before seat 0
  put(placing, 1, "I1", 4);                // I1: 3 + 4
  only(placing, "1a");
  ASSERT_EQ(acting(placing), 0);
  ASSERT_FALSE(texts(placing, 0).empty());
  for (const auto& t : texts(placing, 0)) EXPECT_NE(t, "place I1");
  // Moving a native: never onto a full island.
  auto moving = resolving(2, "CR06", 1);  // Move a native (day) before seat 1
  put(moving, 1, "I2", 4);                // I2: 3 + 4
  only(moving, "2a");
  ASSERT_EQ(acting(moving), 1);
  play(moving, 1, "take 1 I1");
  ASSERT_FALSE(texts(moving, 1).empty());
  for (const auto& t : texts(moving, 1)) EXPECT_NE(t, "to I2");
  EXPECT_TRUE(cr::Rules::check_invariants(moving).empty());
}

TEST(CostaRuanaExamples, LastRoundDrawsOne) {
  auto s = fresh(3, 0);
  place_setup(s, {"I1", "I2", "I3"});
  const int pile = static_cast<int>(s.pile.size());
  EXPECT_EQ(pile, 36 - 15);
  for (int round = 1; round <= 4; ++round) {
    // Play the round's two cards each, then end the round.
    while (s.phase == cr::Phase::card_up || s.phase == cr::Phase::card_down)
      play(s, acting(s), texts(s, acting(s)).front());
    while (s.phase == cr::Phase::native) play(s, acting(s), "pass");
    // Every played card to the discards, then the treasures and draws.
    for (const auto& p : s.played) s.discards.push_back(p.card);
    s.played.clear();
    finish_round(s);
    ASSERT_EQ(s.phase, cr::Phase::shaman);
    for (const auto& p : s.players) EXPECT_EQ(p.hand.size(), round < 4 ? 5u : 4u) << round;
    play(s, acting(s), "keep");
  }
  EXPECT_EQ(s.round, 5);
  EXPECT_TRUE(s.pile.empty());  // 5 + 2 + 2 + 2 + 1 = 12 cards a player
}

TEST(CostaRuanaExamples, ShamanHandsOver) {
  auto s = fresh(3, 0);
  place_setup(s, {"I1", "I2", "I3"});
  s.played.clear();
  finish_round(s);
  const Seat shaman = s.shaman;
  ASSERT_EQ(acting(s), shaman);
  const auto options = texts(s, shaman);
  EXPECT_EQ(options.front(), "keep");
  // Another player only.
  EXPECT_EQ(options.size(), 3u);
  for (const auto& t : options) EXPECT_NE(t, "shaman " + std::to_string(shaman + 1));
  const Seat named = (shaman + 2) % 3;
  play(s, shaman, "shaman " + std::to_string(named + 1));
  EXPECT_EQ(s.shaman, named);
  EXPECT_EQ(s.phase, cr::Phase::card_up);
  EXPECT_EQ(acting(s), named);  // and the named player may not refuse: no step for it
}

TEST(CostaRuanaExamples, ScoreAndTreasureTieBreak) {
  auto s = fresh(3, 0);
  place_setup(s, {"I1", "I2", "I3"});
  // 2 a treasure + 1 a native in reserve (none for natives on islands).
  s.phase = cr::Phase::over;
  int handed = 0;
  auto hand_out = [&](Seat seat, int n) {
    s.players[seat].hut = n;
    handed += n;
  };
  hand_out(0, 3);  // 6 + 7 = 13
  hand_out(1, 2);  // 4 + 7 = 11 ... with two more natives home: 13, fewer treasures
  hand_out(2, 3);  // 6 + 7 = 13
  s.islands[island("I2")].natives[1] -= 2;
  s.players[1].reserve += 2;
  for (auto& isl : s.islands) {
    const int off = std::min(isl.treasures, handed);
    isl.treasures -= off;
    handed -= off;
  }
  EXPECT_EQ(cr::score_of(s, 0), 13);
  EXPECT_EQ(cr::score_of(s, 1), 13);
  EXPECT_EQ(cr::score_of(s, 2), 13);
  auto outcome = cr::Rules::outcome(s);
  ASSERT_TRUE(outcome.has_value());
  // Seats 0 and 2 (3 treasures) share first place; seat 1 (2 treasures) is third.
  EXPECT_EQ(outcome->places, (std::vector<int>{1, 3, 1}));
  EXPECT_EQ(outcome->ranking, (std::vector<Seat>{0, 2, 1}));
  EXPECT_TRUE(cr::Rules::check_invariants(s).empty());
}

}  // namespace
}  // namespace archipel::testing::costa_ruana
