// One named test per rule of the book, per §14 reading of the component reference (capa_doro.hpp,
// docs/games/capa-doro.md) and per event card: the book has no worked example, so each test builds
// the smallest position that shows the rule and checks what it changes.

#include <set>

#include <gtest/gtest.h>

#include "tests/engine/capa_doro/position.hpp"

namespace archipel::testing::capa_doro {
namespace {

using cd::Column;
using cd::Phase;
using cd::TokenKind;
constexpr int kOrange = 0, kGrey = 1, kBrown = 2, kGold = 3;

int coins(const cd::State& s, Seat seat) {
  return s.players[seat].coins;
}
int stock(const cd::State& s, Seat seat, int c) {
  return s.players[seat].stock[c];
}

/// Plays an event card straight after a rolled 1 that draws one orange bale.
cd::State with_event(const std::string& id, int seats = 3) {
  cd::State s = blank(seats);
  const auto& events = cd::components().events;
  int card = -1;
  for (std::size_t i = 0; i < events.size(); ++i)
    if (events[i].id == id) card = static_cast<int>(i);
  EXPECT_GE(card, 0);
  s.event_pile.erase(std::find(s.event_pile.begin(), s.event_pile.end(), card));
  s.event_pile.push_back(card);
  return s;
}

void roll_one(cd::State& s, std::vector<int> draws = {kOrange}) {
  next_draws(s, draws);
  force_die(s, 1);
  must(s, 0, {{"type", "roll"}});
}

// ---- Option and set-up (§5)

TEST(CapaDoroRules, OptionEventsOnByDefault) {
  const auto& spec = cd::Rules::spec();
  EXPECT_EQ(spec.id, "capa-doro");
  EXPECT_EQ(spec.min_players, 2);
  EXPECT_EQ(spec.max_players, 4);
  ASSERT_EQ(spec.options.size(), 1u);
  EXPECT_EQ(spec.options[0].key, "events");
  EXPECT_EQ(spec.options[0].default_value, "on");
  EXPECT_FALSE(cd::Rules::setup(2, {{"events", "maybe"}}, 1).ok());
  EXPECT_FALSE(cd::Rules::setup(5, {}, 1).ok());
}

TEST(CapaDoroRules, SetupMarketsBagCoinsAndCards) {
  for (int n = 2; n <= 4; ++n) {
    const cd::State s = cd::Rules::setup(n, {{"events", "on"}}, 3).value();
    EXPECT_EQ(s.market, (std::array<int, 4>{8, 6, 5, 4}));
    std::array<int, 5> bag{};
    for (auto item : s.bag) ++bag[item];
    EXPECT_EQ(bag, (std::array<int, 5>{32, 26, 19, 12, 8}));
    EXPECT_EQ(s.b_pile.size(), 12u);
    EXPECT_EQ(s.c_pile.size(), 12u);
    EXPECT_EQ(s.event_pile.size(), 16u);
    EXPECT_EQ(static_cast<int>(s.a_box.size()), 12 - 3 * n);
    for (const auto& p : s.players) {
      EXPECT_EQ(p.coins, 15);
      EXPECT_EQ(p.points, 0);
      EXPECT_EQ(p.supply, n == 2 ? 8 : n == 3 ? 7 : 6);
      ASSERT_EQ(p.slots.size(), 3u);
      for (const auto& slot : p.slots) {
        ASSERT_EQ(slot.cards.size(), 1u);
        EXPECT_EQ(cd::components().cigars[slot.cards[0]].level, cd::Level::a);
        EXPECT_FALSE(slot.top_done);
      }
    }
    EXPECT_EQ(s.neutral_supply, n == 2 ? 16 : 0);
    expect_sound(s);
  }
}

TEST(CapaDoroRules, RandomFirstPlayer) {
  std::set<Seat> firsts;
  for (std::uint64_t seed = 0; seed < 40; ++seed)
    firsts.insert(cd::Rules::setup(4, {}, seed)->first);
  EXPECT_EQ(firsts.size(), 4u);
}

TEST(CapaDoroRules, StartSeedClockwiseThenGrowCounterClockwise) {
  cd::State s = cd::Rules::setup(3, {}, 5).value();
  s.first = 1;
  s.active = 1;
  std::vector<Seat> order;
  const char* rows[] = {"AS1", "AS2", "SA1", "AF1", "AF2", "AF3"};
  for (int i = 0; i < 6; ++i) {
    order.push_back(s.active);
    must(s, s.active, {{"type", i < 3 ? "seed" : "grow"}, {"row", rows[i]}});
  }
  EXPECT_EQ(order, (std::vector<Seat>{1, 2, 0, 0, 2, 1}));
  EXPECT_EQ(s.phase, Phase::roll);
  EXPECT_EQ(s.active, 1);
  // Each paid its two plantations: seat 1 Asia (2) + Africa (4); seat 0 South America (3) + Africa
  // (4).
  EXPECT_EQ(coins(s, 1), 15 - 2 - 4);
  EXPECT_EQ(coins(s, 0), 15 - 3 - 4);
  EXPECT_EQ(cell(s, "AS1", Column::seed).owner, 1);
  EXPECT_EQ(cell(s, "AF3", Column::growth).owner, 1);
  expect_sound(s);
}

TEST(CapaDoroRules, StartNeverCentralAmerica) {
  cd::State s = cd::Rules::setup(2, {}, 5).value();
  EXPECT_EQ(refused(s, s.active, {{"type", "seed"}, {"row", "CA1"}}), "capa_doro.central_america");
  EXPECT_EQ(cd::Rules::legal_actions(s, s.active).size(), 12u);
}

// ---- Growth (§6.1)

TEST(CapaDoroRules, RollDrawsThatManyItems) {
  cd::State s = blank(3, false);
  put(s, "AS1", Column::growth, 1);
  put(s, "AS2", Column::growth, 2);
  next_draws(s, {kOrange, kOrange, kGrey, kBrown});
  const std::size_t before = s.bag.size();
  force_die(s, 4);
  must(s, 0, {{"type", "roll"}});
  EXPECT_EQ(s.die, 4);
  EXPECT_EQ(s.bag.size(), before - 4);
  EXPECT_EQ(cell(s, "AS1", Column::growth).bales, 1);
  EXPECT_EQ(cell(s, "AS2", Column::growth).bales, 1);
  EXPECT_EQ(s.market[kGrey], 7);  // no growth plantation in South America: to its market
  EXPECT_EQ(s.market[kBrown], 6);
  EXPECT_EQ(s.phase, Phase::action);
  expect_sound(s);
}

TEST(CapaDoroRules, DrawsAllWhenTheBagHoldsFewer) {
  cd::State s = blank(2, false);
  // Empty the bag but for two grey bales (the rest set aside in the junk pile).
  for (auto item : s.bag)
    if (item == cd::kBeetle)
      ++s.beetles_gone;
    else
      ++s.junk[item];
  s.bag.clear();
  s.junk[kGrey] -= 2;
  s.bag = {kGrey, kGrey};
  force_die(s, 6);
  must(s, 0, {{"type", "roll"}});
  EXPECT_TRUE(s.bag.empty());
  EXPECT_EQ(s.market[kGrey], 8);
  expect_sound(s);
}

TEST(CapaDoroRules, YieldToFewestThenUpper) {
  cd::State s = blank(3, false);
  put(s, "AS1", Column::growth, 1, 1);
  put(s, "AS2", Column::growth, 2, 0);
  put(s, "AS3", Column::growth, 0, 0);
  next_draws(s, {kOrange, kOrange, kOrange});
  force_die(s, 3);
  must(s, 0, {{"type", "roll"}});
  // Fewest: AS2 and AS3 (0): the upper AS2 first, then AS3, then all tie at 1: the upper AS1.
  EXPECT_EQ(cell(s, "AS1", Column::growth).bales, 2);
  EXPECT_EQ(cell(s, "AS2", Column::growth).bales, 1);
  EXPECT_EQ(cell(s, "AS3", Column::growth).bales, 1);
  expect_sound(s);
}

TEST(CapaDoroRules, YieldGoesInBoardOrderOneBaleAtATime) {
  cd::State s = blank(3, false);
  put(s, "AF1", Column::growth, 1, 2);
  put(s, "AS1", Column::growth, 2, 2);
  next_draws(s, {kBrown, kOrange});  // drawn brown first, placed orange (Asia) first
  force_die(s, 2);
  auto events = must(s, 0, {{"type", "roll"}});
  std::vector<std::string> yields;
  for (const auto& e : events)
    if (e["type"] == "yield") yields.push_back(e["colour"]);
  EXPECT_EQ(yields, (std::vector<std::string>{"orange", "brown"}));
}

TEST(CapaDoroRules, ThirdBaleShiftsRow) {
  cd::State s = blank(3, false);
  put(s, "SA2", Column::seed, 2);
  put(s, "SA2", Column::growth, 1, 2);
  put(s, "SA2", Column::harvest, 0, 3);
  next_draws(s, {kGrey, kBrown});
  force_die(s, 2);
  must(s, 0, {{"type", "roll"}});
  EXPECT_TRUE(cell(s, "SA2", Column::seed).empty());
  EXPECT_EQ(cell(s, "SA2", Column::growth).owner, 2);
  EXPECT_EQ(cell(s, "SA2", Column::growth).bales, 0);
  EXPECT_EQ(cell(s, "SA2", Column::harvest).owner, 1);
  EXPECT_EQ(cell(s, "SA2", Column::harvest).bales, 3);
  EXPECT_EQ(stock(s, 0, kGrey), 3);  // the token pushed out is harvested for its owner
  EXPECT_EQ(s.players[0].supply, 7);
  expect_sound(s);
}

TEST(CapaDoroRules, EmptyTokenLeavingPaysTwoCoins) {
  cd::State s = blank(3, false);
  put(s, "AF1", Column::growth, 1, 2);
  put(s, "AF1", Column::harvest, 2, 0);
  next_draws(s, {kBrown});
  force_die(s, 1);
  must(s, 0, {{"type", "roll"}});
  EXPECT_EQ(coins(s, 2), 17);
  EXPECT_EQ(s.players[2].supply, 7);
}

TEST(CapaDoroRules, EventOnRolledOne) {
  cd::State s = with_event("E11");
  roll_one(s);
  EXPECT_EQ(s.events_played.size(), 1u);
  EXPECT_EQ(s.event_pile.size(), 15u);
  for (Seat seat = 0; seat < 3; ++seat) EXPECT_EQ(coins(s, seat), 17);
  EXPECT_EQ(s.market[kOrange], 9);  // and the one item drawn
}

TEST(CapaDoroRules, StrategicVariantRolledOneOnlyDrawsOne) {
  cd::State s = blank(3, false);
  EXPECT_TRUE(s.event_pile.empty());
  const std::size_t before = s.bag.size();
  roll_one(s);
  EXPECT_EQ(s.bag.size(), before - 1);
  EXPECT_TRUE(s.events_played.empty());
  EXPECT_EQ(s.phase, Phase::action);
}

// ---- Beetles (§6.1, §10)

TEST(CapaDoroRules, BeetleHalfRoundedUp) {
  EXPECT_EQ(cd::beetle_bite(3), 2);
  EXPECT_EQ(cd::beetle_bite(2), 1);
  EXPECT_EQ(cd::beetle_bite(1), 1);
  EXPECT_EQ(cd::beetle_bite(0), 0);
  EXPECT_EQ(cd::beetle_bite(5), 3);
  // On the board: a harvest plantation of 3 loses 2, a growth one of 1 loses 1.
  cd::State s = blank(3, false);
  put(s, "AS1", Column::harvest, 1, 3);
  put(s, "SA1", Column::growth, 2, 1);
  next_draws(s, {cd::kBeetle, cd::kBeetle, cd::kBeetle});
  force_die(s, 3);
  must(s, 0, {{"type", "roll"}});
  EXPECT_EQ(s.phase, Phase::beetle);
  must(s, 0, {{"type", "beetle"}, {"row", "AS1"}, {"column", "harvest"}});
  EXPECT_EQ(cell(s, "AS1", Column::harvest).bales, 1);
  EXPECT_EQ(s.junk[kOrange], 2);
  must(s, 0, {{"type", "beetle"}, {"row", "SA1"}, {"column", "growth"}});
  EXPECT_EQ(cell(s, "SA1", Column::growth).bales, 0);
  // In a stock of 5: 3 eaten, the roller picks them.
  give(s, 1, "orange", 2);
  give(s, 1, "grey", 3);
  must(s, 0, {{"type", "beetle"}, {"stock", 1}});
  EXPECT_EQ(s.phase, Phase::eat);
  EXPECT_EQ(s.eat_left, 3);
  must(s, 0, {{"type", "eat"}, {"colour", "orange"}});
  must(s, 0, {{"type", "eat"}, {"colour", "orange"}});
  // Only grey left: the last bale goes on its own.
  EXPECT_EQ(stock(s, 1, kGrey), 2);
  EXPECT_EQ(stock(s, 1, kOrange), 0);
  EXPECT_EQ(s.phase, Phase::action);
  EXPECT_EQ(s.beetles_gone, 3);
  expect_sound(s);
}

TEST(CapaDoroRules, BeetleAnyPlantationOrOpponentStock) {
  cd::State s = blank(3, false);
  put(s, "AS1", Column::seed, 0);
  put(s, "CA1", Column::harvest, 2, 1);
  next_draws(s, {cd::kBeetle});
  force_die(s, 1);
  must(s, 0, {{"type", "roll"}});
  EXPECT_EQ(refused(s, 0, {{"type", "beetle"}, {"stock", 0}}), "capa_doro.own_stock");
  EXPECT_EQ(refused(s, 0, {{"type", "beetle"}, {"row", "AS2"}, {"column", "seed"}}),
            "capa_doro.no_plantation");
  // Legal: the two plantations (own included), then the two opponents' stocks.
  EXPECT_EQ(cd::Rules::legal_actions(s, 0).size(), 4u);
  must(s, 0, {{"type", "beetle"}, {"row", "AS1"}, {"column", "seed"}});
  EXPECT_EQ(s.phase, Phase::action);
}

// §6.1 "sur une plantation à choix", read as a player's plantation only (readings table in
// docs/games/capa-doro.md): a neutral token's or the créneau's bales already went to the market.
TEST(CapaDoroRules, BeetleRefusedOnNeutralOrCreneau) {
  cd::State s = blank(2, false);
  put(s, "AS1", Column::growth, 0, 1, TokenKind::neutral);
  s.rows[row("AF1")][2] = cd::Cell{cd::kNoToken, TokenKind::creneau, 2};
  put(s, "SA1", Column::seed, 1);
  next_draws(s, {cd::kBeetle});
  force_die(s, 1);
  must(s, 0, {{"type", "roll"}});
  ASSERT_EQ(s.phase, Phase::beetle);
  for (const Json& action : {Json{{"type", "beetle"}, {"row", "AS1"}, {"column", "growth"}},
                             Json{{"type", "beetle"}, {"row", "AF1"}, {"column", "harvest"}}}) {
    const std::string before = cd::Rules::to_json(s).dump();
    auto r = act(s, 0, action);
    ASSERT_FALSE(r.ok()) << action.dump();
    EXPECT_EQ(r.error().rule, "capa_doro.no_plantation") << action.dump();
    EXPECT_EQ(cd::Rules::to_json(s).dump(), before) << action.dump();
  }
  // Only seat 1's plantation and seat 1's stock are offered.
  EXPECT_EQ(cd::Rules::legal_actions(s, 0),
            (std::vector<Json>{{{"type", "beetle"}, {"row", "SA1"}, {"column", "seed"}},
                               {{"type", "beetle"}, {"stock", 1}}}));
  EXPECT_EQ(cell(s, "AS1", Column::growth).bales, 1);
  EXPECT_EQ(cell(s, "AF1", Column::harvest).bales, 2);
  EXPECT_EQ(s.beetles_pending, 1);
  expect_sound(s);
}

// ---- Actions (§6.2)

TEST(CapaDoroRules, HarvestTakesEveryOwnHarvestToken) {
  cd::State s = at_action();
  put(s, "AS1", Column::harvest, 0, 2);
  put(s, "AF2", Column::harvest, 0, 0);
  put(s, "SA1", Column::harvest, 1, 3);
  must(s, 0, {{"type", "harvest"}});
  EXPECT_EQ(stock(s, 0, kOrange), 2);
  EXPECT_EQ(coins(s, 0), 17);
  EXPECT_EQ(s.players[0].supply, 7);
  EXPECT_TRUE(cell(s, "AS1", Column::harvest).empty());
  EXPECT_EQ(cell(s, "SA1", Column::harvest).owner, 1);  // not yours: stays
  EXPECT_EQ(s.active, 1);
  EXPECT_EQ(s.phase, Phase::roll);
  expect_sound(s);
}

TEST(CapaDoroRules, HarvestNeedsAHarvestToken) {
  cd::State s = at_action();
  put(s, "AS1", Column::growth, 0, 2);
  EXPECT_EQ(refused(s, 0, {{"type", "harvest"}}), "capa_doro.nothing_to_harvest");
}

// Semer (issue 37, reading 2): "Si par cette action une plantation est poussée dans la colonne de
// récolte, le joueur récolte tout de suite et place cette plantation dans son magasin." The growth
// token the push moves into the harvest column is harvested at once (for its owner), and the one
// already there, pushed out, too: the harvest column is left empty.
TEST(CapaDoroRules, ReadingSowPushIntoHarvestHarvestsAtOnce) {
  cd::State s = at_action();
  put(s, "AS3", Column::seed, 1);
  put(s, "AS3", Column::growth, 2, 1);
  put(s, "AS3", Column::harvest, 1, 2);
  const auto events = must(s, 0, {{"type", "sow"}, {"row", "AS3"}});
  EXPECT_EQ(cell(s, "AS3", Column::seed).owner, 0);
  EXPECT_EQ(cell(s, "AS3", Column::growth).owner, 1);
  EXPECT_TRUE(cell(s, "AS3", Column::harvest).empty());
  EXPECT_EQ(stock(s, 2, kOrange), 1);  // pushed into the harvest column: harvested at once
  EXPECT_EQ(s.players[2].supply, 7);   // and the plantation back to its owner (7 at 3 players)
  EXPECT_EQ(stock(s, 1, kOrange), 2);  // pushed out of it: harvested as before
  EXPECT_EQ(stock(s, 0, kOrange), 0);  // the sower harvests nobody's tokens
  EXPECT_EQ(coins(s, 0), 13);
  std::vector<int> harvested_for;
  for (const auto& e : events)
    if (e["type"] == "harvested") harvested_for.push_back(e["seat"].get<int>());
  EXPECT_EQ(harvested_for, (std::vector<int>{1, 2}));
  // An empty token pushed in pays its owner 2 coins, as any empty plantation harvested.
  put(s, "SA1", Column::seed, 1);
  put(s, "SA1", Column::growth, 2, 0);
  must(s, 0, {{"type", "sow"}, {"row", "SA1"}});
  EXPECT_EQ(coins(s, 2), 17);
  EXPECT_TRUE(cell(s, "SA1", Column::harvest).empty());
  expect_sound(s);
}

// The same words make a plantation that ripens into the harvest column (no sowing: the growth
// phase's shift) wait for Récolter, as before: only "cette action" (Semer) harvests at once.
TEST(CapaDoroRules, ReadingRipenedTokenWaitsForTheHarvestAction) {
  cd::State s = blank(3, false);
  put(s, "AS2", Column::growth, 1, 2);
  next_draws(s, {kOrange});
  force_die(s, 1);
  must(s, 0, {{"type", "roll"}});
  EXPECT_EQ(cell(s, "AS2", Column::harvest).owner, 1);
  EXPECT_EQ(cell(s, "AS2", Column::harvest).bales, 3);
  EXPECT_EQ(stock(s, 1, kOrange), 0);
  expect_sound(s);
}

// Semer, "le joueur récolte tout de suite" (readings table in docs/games/capa-doro.md): the token
// pushed out is harvested for its owner, never for the sowing player: its bales, or 2 coins if
// empty.
TEST(CapaDoroRules, PushedOutTokenIsHarvestedForItsOwner) {
  cd::State s = at_action(3);
  put(s, "AS3", Column::seed, 2);
  put(s, "AS3", Column::harvest, 1, 2);
  put(s, "AF1", Column::seed, 1);
  put(s, "AF1", Column::harvest, 2, 0);
  auto events = must(s, 0, {{"type", "sow"}, {"row", "AS3"}});
  EXPECT_EQ(stock(s, 1, kOrange), 2);  // seat 1's bales to seat 1...
  EXPECT_EQ(stock(s, 0, kOrange), 0);  // ...not to the sower
  EXPECT_EQ(s.players[1].supply, 6);   // and the token back to seat 1's supply
  EXPECT_EQ(coins(s, 1), 15);
  const auto more = must(s, 0, {{"type", "sow"}, {"row", "AF1"}});
  events.insert(events.end(), more.begin(), more.end());
  EXPECT_EQ(coins(s, 2), 17);          // an empty token: 2 coins to its owner...
  EXPECT_EQ(coins(s, 0), 15 - 2 - 4);  // ...the sower only pays his two sowings
  EXPECT_EQ(s.players[2].supply, 6);
  EXPECT_EQ(s.players[0].stock, (std::array<int, 4>{}));
  EXPECT_EQ(s.players[0].supply, 5);
  std::vector<int> harvested_for;
  for (const auto& e : events)
    if (e["type"] == "harvested") harvested_for.push_back(e["seat"].get<int>());
  EXPECT_EQ(harvested_for, (std::vector<int>{1, 2}));
  EXPECT_EQ(cell(s, "AS3", Column::growth).owner, 2);
  EXPECT_EQ(cell(s, "AF1", Column::growth).owner, 1);
  expect_sound(s);
}

TEST(CapaDoroRules, SowUpToTwoOneRowPerTurn) {
  cd::State s = at_action(3);
  must(s, 0, {{"type", "sow"}, {"row", "AS1"}});
  EXPECT_EQ(refused(s, 0, {{"type", "sow"}, {"row", "AS1"}}), "capa_doro.row_sown");
  must(s, 0, {{"type", "sow"}, {"row", "CA1"}});  // Central America is open during play
  EXPECT_EQ(coins(s, 0), 15 - 2 - 5);
  EXPECT_EQ(s.active, 1);  // the cap reached, the action ends
}

TEST(CapaDoroRules, SowNeedsTheMoney) {
  cd::State s = at_action(3);
  s.players[0].coins = 4;
  EXPECT_EQ(refused(s, 0, {{"type", "sow"}, {"row", "CA2"}}), "capa_doro.no_money");
  must(s, 0, {{"type", "sow"}, {"row", "AF1"}});
  EXPECT_EQ(coins(s, 0), 0);
}

TEST(CapaDoroRules, TradeAtTrackPrices) {
  cd::State s = at_action();
  // Asia holds 8: a buy takes space 8 (2 coins); then 7 left, a sale goes on space 8 and pays 2.
  must(s, 0, {{"type", "buy"}, {"colour", "orange"}});
  EXPECT_EQ(coins(s, 0), 13);
  must(s, 0, {{"type", "buy"}, {"colour", "gold"}});  // Central America 4: space 4 costs 5
  EXPECT_EQ(coins(s, 0), 8);
  EXPECT_EQ(s.market[kOrange], 7);
  EXPECT_EQ(stock(s, 0, kGold), 1);
  // A bale held before the action sells on the next space up: grey, South America.
  give(s, 0, "grey", 1);
  const int grey_before = s.market[kGrey];
  ASSERT_EQ(grey_before, 6);  // South America's start stock
  must(s, 0, {{"type", "sell"}, {"colour", "grey"}});
  EXPECT_EQ(s.market[kGrey], grey_before + 1);
  EXPECT_GT(coins(s, 0), 8);
  EXPECT_EQ(coins(s, 0), 11);  // space 7 of South America's track (7 6 6 5 4 3 3 3 2 2) pays 3
  EXPECT_EQ(s.action, cd::ActionKind::trade);
  must(s, 0, {{"type", "done"}});
  EXPECT_EQ(s.active, 1);
  expect_sound(s);
}

// Issue 37, reading 5: any number of purchases and sales, but not one that undoes an earlier trade
// of the action. Selling back a bale just bought (same space, same price) or buying back one just
// sold changes nothing, and a player (or a bot) could do it for ever: the arena saw 22 of 200
// two-player games stopped at 5,000 moves that way.
TEST(CapaDoroRules, ReadingTradeUndoIsRefused) {
  cd::State s = at_action();
  give(s, 0, "brown", 1);
  must(s, 0, {{"type", "buy"}, {"colour", "orange"}});
  must(s, 0, {{"type", "sell"}, {"colour", "brown"}});
  EXPECT_EQ(refused(s, 0, {{"type", "sell"}, {"colour", "orange"}}), "capa_doro.trade_back");
  EXPECT_EQ(refused(s, 0, {{"type", "buy"}, {"colour", "brown"}}), "capa_doro.trade_back");
  for (const auto& a : cd::Rules::legal_actions(s, 0))
    EXPECT_FALSE((a["type"] == "sell" && a["colour"] == "orange") ||
                 (a["type"] == "buy" && a["colour"] == "brown"))
        << a.dump();
  must(s, 0, {{"type", "buy"}, {"colour", "orange"}});  // the same way again: allowed
  EXPECT_EQ(stock(s, 0, kOrange), 2);
  must(s, 0, {{"type", "done"}});
  EXPECT_TRUE(s.bought.empty() && s.sold.empty()) << "the next action starts afresh";
  // The lists are part of the stored state: a restore keeps them.
  cd::State t = at_action();
  must(t, 0, {{"type", "buy"}, {"colour", "orange"}});
  const auto back = cd::Rules::from_json(cd::Rules::to_json(t));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back.value().bought, t.bought);
  expect_sound(s);
}

TEST(CapaDoroRules, EmptyMarketSellsAtTopPrice) {
  cd::State s = at_action();
  s.junk[kBrown] += s.market[kBrown];
  s.market[kBrown] = 0;
  give(s, 0, "brown", 1);
  EXPECT_EQ(refused(s, 0, {{"type", "buy"}, {"colour", "brown"}}), "capa_doro.market_empty");
  must(s, 0, {{"type", "sell"}, {"colour", "brown"}});
  EXPECT_EQ(coins(s, 0), 15 + 8);
  EXPECT_EQ(s.market[kBrown], 1);
}

// Issue 37, reading 3: "S'il reste encore beaucoup de tabac au marché, il est vendu au prix
// minimum ... placé sur ... la pile 'débarras'": a sale into a full market pays the lowest price
// printed on the track (not a price below it) and goes to the junk pile.
TEST(CapaDoroRules, ReadingFullMarketSalePaysTheTracksLowestPrice) {
  for (int colour = 0; colour < 4; ++colour) {
    const auto& prices = cd::components().continents[colour].prices;
    const int lowest = *std::min_element(prices.begin(), prices.end());
    EXPECT_EQ(cd::components().continents[colour].overflow, lowest) << colour;
  }
  cd::State s = at_action();
  give(s, 0, "orange", 3);
  must(s, 0, {{"type", "sell"}, {"colour", "orange"}});  // space 9: 2
  must(s, 0, {{"type", "sell"}, {"colour", "orange"}});  // space 10: 2
  EXPECT_EQ(s.market[kOrange], 10);
  EXPECT_EQ(cd::sell_price(s, kOrange), 2);
  const auto events = must(s, 0, {{"type", "sell"}, {"colour", "orange"}});  // full
  EXPECT_EQ(coins(s, 0), 15 + 2 + 2 + 2);
  EXPECT_EQ(s.market[kOrange], 10);
  EXPECT_EQ(s.junk[kOrange], 1);
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.front()["to"], "junk");
  expect_sound(s);
}

// A sale into a full market goes to the junk pile: a purchase afterwards takes another bale off the
// track, it undoes nothing, so it is allowed (and selling that bale back is an undo again).
TEST(CapaDoroRules, ReadingSaleIntoFullMarketIsNoUndo) {
  cd::State s = at_action();
  for (int i = s.market[kOrange]; i < 10; ++i) take_from_bag(s, kOrange);
  s.market[kOrange] = 10;
  give(s, 0, "orange", 1);
  must(s, 0, {{"type", "sell"}, {"colour", "orange"}});  // full: to the junk pile, not listed
  EXPECT_EQ(s.junk[kOrange], 1);
  EXPECT_TRUE(s.sold.empty());
  must(s, 0, {{"type", "buy"}, {"colour", "orange"}});
  EXPECT_EQ(s.market[kOrange], 9);
  EXPECT_EQ(stock(s, 0, kOrange), 1);
  EXPECT_EQ(refused(s, 0, {{"type", "sell"}, {"colour", "orange"}}), "capa_doro.trade_back");
  // A sale onto the track is still undone by no purchase.
  give(s, 0, "gold", 1);
  must(s, 0, {{"type", "sell"}, {"colour", "gold"}});
  EXPECT_EQ(refused(s, 0, {{"type", "buy"}, {"colour", "gold"}}), "capa_doro.trade_back");
  expect_sound(s);
}

int open_card(const cd::State& s, Seat seat, int slot) {
  return s.players[seat].slots[slot].cards.back();
}
std::string card_id(int card) {
  return cd::components().cigars[card].id;
}

void give_recipe(cd::State& s, Seat seat, int card) {
  const auto& recipe = cd::components().cigars[card].recipe;
  for (int c = 0; c < 4; ++c)
    give(s, seat, std::string(cd::kColourNames.name(static_cast<cd::Colour>(c))), recipe[c]);
}

TEST(CapaDoroRules, CigarWholeRecipeOnly) {
  cd::State s = at_action();
  const int card = open_card(s, 0, 0);
  give_recipe(s, 0, card);
  // One bale short of the recipe: refused, nothing paid.
  int short_colour = 0;
  while (s.players[0].stock[short_colour] == 0) ++short_colour;
  --s.players[0].stock[short_colour];
  s.bag.push_back(static_cast<std::uint8_t>(short_colour));
  EXPECT_EQ(refused(s, 0, {{"type", "cigar"}, {"card", card_id(card)}}),
            "capa_doro.recipe_incomplete");
  give(s, 0, std::string(cd::kColourNames.name(static_cast<cd::Colour>(short_colour))), 1);
  const std::size_t bag = s.bag.size();
  const auto& cigar = cd::components().cigars[card];
  must(s, 0, {{"type", "cigar"}, {"card", card_id(card)}});
  EXPECT_EQ(s.players[0].points, cigar.points);
  EXPECT_EQ(coins(s, 0), 15 + cigar.coins);
  EXPECT_EQ(s.players[0].stock, (std::array<int, 4>{}));
  // §14: the bales go back into the bag.
  int bales = 0;
  for (int n : cigar.recipe) bales += n;
  EXPECT_EQ(s.bag.size(), bag + static_cast<std::size_t>(bales));
  expect_sound(s);
}

TEST(CapaDoroRules, NotSomeoneElsesCigar) {
  cd::State s = at_action();
  EXPECT_EQ(refused(s, 0, {{"type", "cigar"}, {"card", card_id(open_card(s, 1, 0))}}),
            "capa_doro.not_your_card");
}

TEST(CapaDoroRules, SeveralCigarsInOneActionThenDevelopment) {
  cd::State s = at_action();
  const int a0 = open_card(s, 0, 0), a1 = open_card(s, 0, 1);
  give_recipe(s, 0, a0);
  give_recipe(s, 0, a1);
  const int b_top = s.b_pile.back(), b_next = s.b_pile[s.b_pile.size() - 2];
  must(s, 0, {{"type", "cigar"}, {"card", card_id(a0)}});
  EXPECT_EQ(s.active, 0);  // another cigar can be paid: the action goes on
  must(s, 0, {{"type", "cigar"}, {"card", card_id(a1)}});
  EXPECT_EQ(s.active, 1);  // nothing more to pay: the turn ends, development done
  EXPECT_EQ(s.players[0].slots[0].cards, (std::vector<int>{a0, b_top}));
  EXPECT_EQ(s.players[0].slots[1].cards, (std::vector<int>{a1, b_next}));
  EXPECT_FALSE(s.players[0].slots[0].top_done);
  EXPECT_EQ(s.b_pile.size(), 10u);
  EXPECT_EQ(cd::finished_cards(s.players[0]), 2);
  expect_sound(s);
}

TEST(CapaDoroRules, DevelopmentCOnBNothingAfterC) {
  cd::State s = at_action();
  auto& slot = s.players[0].slots[0];
  const int b = s.b_pile.back();
  s.b_pile.pop_back();
  slot.cards.push_back(b);
  give_recipe(s, 0, b);
  const int c_top = s.c_pile.back();
  must(s, 0, {{"type", "cigar"}, {"card", card_id(b)}});
  if (s.active == 0) must(s, 0, {{"type", "done"}});
  EXPECT_EQ(s.players[0].slots[0].cards.back(), c_top);
  // Make the C: the slot closes, no card follows.
  s.active = 0;
  s.phase = Phase::action;
  give_recipe(s, 0, c_top);
  must(s, 0, {{"type", "cigar"}, {"card", card_id(c_top)}});
  if (s.active == 0) must(s, 0, {{"type", "done"}});
  EXPECT_EQ(s.players[0].slots[0].cards.size(), 3u);
  EXPECT_TRUE(s.players[0].slots[0].top_done);
  EXPECT_EQ(s.c_pile.size(), 11u);
  expect_sound(s);
}

// §D "Produire des cigares": the maker receives the cigar's value in coins and in points. The
// points by source (Outcome::breakdown) count each finished cigar in its category: an A, then the B
// developed on it, are made; the C developed on the B is still open and counts nothing.
TEST(CapaDoroRules, PointsBySourceAreTheFinishedCigarsByCategory) {
  cd::State s = at_action();
  const int a = open_card(s, 0, 0);
  give_recipe(s, 0, a);
  must(s, 0, {{"type", "cigar"}, {"card", card_id(a)}});
  if (s.active == 0) must(s, 0, {{"type", "done"}});
  const int b = open_card(s, 0, 0);
  ASSERT_EQ(cd::components().cigars[b].level, cd::Level::b);
  s.active = 0;
  s.phase = Phase::action;
  s.action = cd::ActionKind::none;
  give_recipe(s, 0, b);
  must(s, 0, {{"type", "cigar"}, {"card", card_id(b)}});
  ASSERT_EQ(cd::components().cigars[open_card(s, 0, 0)].level, cd::Level::c);
  const auto parts = cd::score_parts(s, 0);
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts[0].source, "cigars_a");
  EXPECT_EQ(parts[0].points, cd::components().cigars[a].points);
  EXPECT_EQ(parts[1].source, "cigars_b");
  EXPECT_EQ(parts[1].points, cd::components().cigars[b].points);
  EXPECT_EQ(parts[2].source, "cigars_c");
  EXPECT_EQ(parts[2].points, 0);
  EXPECT_EQ(parts[2].label.fr, "Cigares de catégorie C");
  EXPECT_EQ(parts[0].points + parts[1].points, s.players[0].points);
  for (const auto& part : cd::score_parts(s, 1)) EXPECT_EQ(part.points, 0) << part.source;
}

TEST(CapaDoroRules, OneActionPerTurn) {
  cd::State s = at_action();
  put(s, "AS1", Column::harvest, 0, 1);
  must(s, 0, {{"type", "buy"}, {"colour", "grey"}});
  EXPECT_EQ(refused(s, 0, {{"type", "sow"}, {"row", "AS2"}}), "capa_doro.one_action");
  EXPECT_EQ(refused(s, 0, {{"type", "harvest"}}), "capa_doro.one_action");
  for (const auto& a : cd::Rules::legal_actions(s, 0)) {
    const std::string type = a["type"];
    EXPECT_TRUE(type == "buy" || type == "sell" || type == "done") << a.dump();
  }
}

TEST(CapaDoroRules, PassWithDone) {
  cd::State s = at_action();
  must(s, 0, {{"type", "done"}});
  EXPECT_EQ(s.active, 1);
  EXPECT_EQ(s.phase, Phase::roll);
}

// ---- End (§11)

TEST(CapaDoroRules, SixtyWinsAtOnce) {
  cd::State s = at_action();
  s.players[0].points = 58;
  s.players[1].points = 59;
  const int card = open_card(s, 0, 0);
  give_recipe(s, 0, card);
  give_recipe(s, 0, open_card(s, 0, 1));
  must(s, 0, {{"type", "cigar"}, {"card", card_id(card)}});
  EXPECT_EQ(s.phase, Phase::over);
  EXPECT_EQ(s.end, cd::EndReason::sixty);
  EXPECT_TRUE(cd::Rules::to_act(s).empty());
  const auto outcome = cd::Rules::outcome(s);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->ranking.front(), 0);
  EXPECT_EQ(outcome->places[0], 1);
}

void empty_bag_of_bales(cd::State& s) {
  std::vector<std::uint8_t> keep;
  for (auto item : s.bag)
    if (item == cd::kBeetle)
      keep.push_back(item);
    else
      ++s.junk[item];
  s.bag = keep;
}

TEST(CapaDoroRules, TobaccoOutEndsMostPointsThenMoney) {
  cd::State s = at_action();
  empty_bag_of_bales(s);
  s.players[0].points = 20;
  s.players[1].points = 25;
  s.players[2].points = 25;
  s.players[1].coins = 3;
  s.players[2].coins = 9;
  must(s, 0, {{"type", "done"}});  // seat 1 must draw: no bale in the bag (beetles only)
  EXPECT_EQ(s.phase, Phase::over);
  EXPECT_EQ(s.end, cd::EndReason::tobacco);
  const auto outcome = cd::Rules::outcome(s);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->ranking, (std::vector<Seat>{2, 1, 0}));
  EXPECT_EQ(outcome->places, (std::vector<int>{3, 2, 1}));
}

TEST(CapaDoroRules, SharedPlaceWhenPointsAndMoneyTie) {
  cd::State s = at_action(2);
  empty_bag_of_bales(s);
  s.players[0].points = s.players[1].points = 30;
  s.players[0].coins = s.players[1].coins = 12;
  must(s, 0, {{"type", "done"}});
  const auto outcome = cd::Rules::outcome(s);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->places, (std::vector<int>{1, 1}));
}

// ---- Two players (§12)

TEST(CapaDoroRules, TwoPlayersSowUpToThree) {
  cd::State s = at_action(2);
  must(s, 0, {{"type", "sow"}, {"row", "AS1"}});
  must(s, 0, {{"type", "sow"}, {"row", "AS2"}});
  EXPECT_EQ(s.active, 0);
  must(s, 0, {{"type", "neutral"}, {"row", "AS3"}});  // a neutral sowing counts toward the 3
  EXPECT_EQ(s.active, 1);
  EXPECT_EQ(coins(s, 0), 11);
  EXPECT_EQ(s.neutral_supply, 15);
}

TEST(CapaDoroRules, NeutralTokenIsCreneau) {
  cd::State s = at_action(2);
  put(s, "SA1", Column::seed, 1);
  put(s, "SA1", Column::growth, 1, 1);
  put(s, "SA1", Column::harvest, 0, 0);
  s.players[0].coins = 0;  // cannot pay: the neutral token is free
  must(s, 0, {{"type", "neutral"}, {"row", "SA1"}});
  // The row was pushed: seat 0's empty harvest token left (2 coins).
  EXPECT_EQ(coins(s, 0), 2);
  EXPECT_EQ(cell(s, "SA1", Column::seed).kind, TokenKind::neutral);
  // A neutral token in the growth column: its yield goes straight to the market.
  cd::State t = blank(2, false);
  put(t, "SA2", Column::growth, -1, 0, TokenKind::neutral);
  const int market = t.market[kGrey];
  next_draws(t, {kGrey});
  force_die(t, 1);
  must(t, 0, {{"type", "roll"}});
  EXPECT_EQ(cell(t, "SA2", Column::growth).bales, 1);  // counted on the token...
  EXPECT_EQ(t.market[kGrey], market + 1);              // ...but the bale is on the market
  expect_sound(t);
}

TEST(CapaDoroRules, NeutralOnlyAtTwoPlayers) {
  cd::State s = at_action(3);
  EXPECT_EQ(refused(s, 0, {{"type", "neutral"}, {"row", "AS1"}}), "capa_doro.two_players_only");
}

// ---- Tiles (§9) and events (§8): one test per card

TEST(CapaDoroRules, CustomsClosesMarket) {
  cd::State s = at_action();
  s.customs = kGrey;
  give(s, 0, "grey", 1);
  EXPECT_EQ(refused(s, 0, {{"type", "buy"}, {"colour", "grey"}}), "capa_doro.customs");
  EXPECT_EQ(refused(s, 0, {{"type", "sell"}, {"colour", "grey"}}), "capa_doro.customs");
  must(s, 0, {{"type", "buy"}, {"colour", "orange"}});
}

// §9 (proposed): the customs tile closes its market to buying and selling only; bales the yield
// sends there (no growth plantation in the continent, or a créneau / neutral token) still arrive.
TEST(CapaDoroRules, CustomsDoesNotStopYieldBales) {
  enum class Via { fallback, creneau, neutral };
  for (Via via : {Via::fallback, Via::creneau, Via::neutral}) {
    cd::State s = blank(via == Via::neutral ? 2 : 3, false);
    s.customs = kGrey;
    if (via == Via::creneau) s.rows[row("SA2")][1] = cd::Cell{cd::kNoToken, TokenKind::creneau, 0};
    if (via == Via::neutral) put(s, "SA2", Column::growth, 0, 0, TokenKind::neutral);
    give(s, 0, "grey", 1);
    const int market = s.market[kGrey];
    next_draws(s, {kGrey, kGrey});
    force_die(s, 2);
    must(s, 0, {{"type", "roll"}});
    const int v = static_cast<int>(via);
    EXPECT_EQ(s.market[kGrey], market + 2) << v;
    EXPECT_EQ(s.junk[kGrey], 0) << v;
    if (via != Via::fallback) {
      EXPECT_EQ(cell(s, "SA2", Column::growth).bales, 2) << v;
    }
    ASSERT_EQ(s.phase, Phase::action) << v;
    EXPECT_EQ(s.customs, kGrey) << v;
    EXPECT_EQ(refused(s, 0, {{"type", "buy"}, {"colour", "grey"}}), "capa_doro.customs") << v;
    EXPECT_EQ(refused(s, 0, {{"type", "sell"}, {"colour", "grey"}}), "capa_doro.customs") << v;
    must(s, 0, {{"type", "buy"}, {"colour", "orange"}});
    expect_sound(s);
  }
}

TEST(CapaDoroRules, EventGoodRainsE01E02) {
  for (const char* id : {"E01", "E02"}) {
    cd::State s = with_event(id);
    next_draws(s, {kOrange, kGrey, cd::kBeetle});
    force_die(s, 1);
    must(s, 0, {{"type", "roll"}});
    EXPECT_EQ(s.market[kOrange], 9) << id;
    EXPECT_EQ(s.market[kGrey], 7) << id;
    EXPECT_EQ(s.phase, Phase::beetle) << id;  // the extra beetle waits for its place
    expect_sound(s);
  }
}

TEST(CapaDoroRules, EventHurricaneE03) {
  cd::State s = with_event("E03");
  put(s, "AF1", Column::growth, 1, 2);
  put(s, "AF2", Column::harvest, 1, 2);
  roll_one(s);
  EXPECT_EQ(s.phase, Phase::event_choice);
  EXPECT_EQ(cd::Rules::legal_actions(s, 0).size(), 4u);
  must(s, 0, {{"type", "hurricane"}, {"continent", "africa"}});
  EXPECT_EQ(cell(s, "AF1", Column::growth).bales, 0);
  EXPECT_EQ(cell(s, "AF2", Column::harvest).bales, 2);  // growth column only
  EXPECT_EQ(s.junk[kBrown], 2);
  EXPECT_EQ(s.phase, Phase::action);
  expect_sound(s);
}

TEST(CapaDoroRules, EventDroughtE04) {
  cd::State s = with_event("E04");
  put(s, "AS5", Column::growth, 1, 0);
  put(s, "AF1", Column::growth, 1, 2);
  put(s, "CA1", Column::growth, 2, 1);
  roll_one(s);  // the orange bale lands on AS5 first
  EXPECT_EQ(cell(s, "AS5", Column::growth).bales, 0);
  EXPECT_EQ(cell(s, "AF1", Column::growth).bales, 1);
  EXPECT_EQ(cell(s, "CA1", Column::growth).bales, 0);
  EXPECT_EQ(s.junk[kOrange] + s.junk[kBrown] + s.junk[kGold], 3);
  expect_sound(s);
}

TEST(CapaDoroRules, EventCustomsE05E06) {
  for (const char* id : {"E05", "E06"}) {
    cd::State s = with_event(id);
    s.customs = kOrange;
    roll_one(s);
    must(s, 0, {{"type", "customs"}, {"continent", "central-america"}});
    EXPECT_EQ(s.customs, kGold) << id;  // moved
  }
}

TEST(CapaDoroRules, EventFreeTradeE07) {
  cd::State s = with_event("E07");
  s.customs = kBrown;
  roll_one(s);
  EXPECT_EQ(s.customs, -1);
  for (Seat seat = 0; seat < 3; ++seat) EXPECT_EQ(coins(s, seat), 16);
}

TEST(CapaDoroRules, EventFallowPlotE08E09) {
  for (const char* id : {"E08", "E09"}) {
    cd::State s = with_event(id);
    s.rows[row("AS4")][2] = cd::Cell{cd::kNoToken, TokenKind::creneau, 0};  // already out: moved
    put(s, "SA1", Column::seed, 1);
    roll_one(s);
    EXPECT_EQ(refused(s, 0, {{"type", "fallow"}, {"row", "SA1"}}), "capa_doro.space_taken");
    must(s, 0, {{"type", "fallow"}, {"row", "SA3"}});
    EXPECT_EQ(cell(s, "SA3", Column::seed).kind, TokenKind::creneau);
    EXPECT_TRUE(cell(s, "AS4", Column::harvest).empty());
    expect_sound(s);
  }
}

// E08/E09: "no effect if no seed space is empty": no choice is asked, the créneau stays put.
TEST(CapaDoroRules, FallowWithNoEmptySeedSpaceDoesNothing) {
  for (const char* id : {"E08", "E09"}) {
    cd::State s = with_event(id);
    const auto& rows = cd::components().rows;
    for (std::size_t r = 0; r < rows.size(); ++r) {
      if (rows[r].id == "SA3")
        s.rows[r][0] = cd::Cell{cd::kNoToken, TokenKind::creneau, 0};
      else
        put(s, rows[r].id, Column::seed, static_cast<Seat>(r % 3));
    }
    // The drawn bale lands on a seed plantation (no growth plantation anywhere): only the tokens
    // are compared.
    auto tokens = [](const cd::State& st) {
      std::vector<std::pair<int, int>> out;
      for (const auto& r : st.rows)
        for (const auto& c : r) out.emplace_back(static_cast<int>(c.kind), c.owner);
      return out;
    };
    const auto board = tokens(s);
    roll_one(s);
    EXPECT_EQ(cd::components().events[s.events_played.back()].id, id);
    EXPECT_EQ(s.pending_event, -1) << id;
    EXPECT_EQ(s.phase, Phase::action) << id;
    EXPECT_EQ(tokens(s), board) << id;  // the créneau still on SA3, nothing moved
    for (const auto& a : cd::Rules::legal_actions(s, 0)) EXPECT_NE(a["type"], "fallow") << a.dump();
    EXPECT_EQ(refused(s, 0, {{"type", "fallow"}, {"row", "SA3"}}), "capa_doro.wrong_phase") << id;
    expect_sound(s);
  }
}

TEST(CapaDoroRules, CreneauTileYieldGoesToMarket) {
  cd::State s = blank(3, false);
  s.rows[row("AF1")][1] = cd::Cell{cd::kNoToken, TokenKind::creneau, 2};
  put(s, "AF2", Column::growth, 1, 2);
  next_draws(s, {kBrown});
  force_die(s, 1);
  must(s, 0, {{"type", "roll"}});
  // Fewest is a tie at 2: the upper row, the creneau: the bale to the market; its 3rd ripens it.
  EXPECT_EQ(s.market[kBrown], 6);
  EXPECT_EQ(cell(s, "AF1", Column::harvest).kind, TokenKind::creneau);
  EXPECT_EQ(cell(s, "AF2", Column::growth).bales, 2);
  expect_sound(s);
}

// §9 / §12: a créneau or neutral token pushed out of the row is harvested by nobody: the neutral
// token returns to the neutral supply, the créneau to the box; its counted bales were already on
// the market, so no stock, coin, market or junk pile changes.
TEST(CapaDoroRules, PushedOffCreneauOrNeutralGoesBack) {
  auto outs = [](const std::vector<Json>& events, const std::string& token) {
    int n = 0;
    for (const auto& e : events) {
      EXPECT_NE(e["type"], "harvested") << e.dump();
      if (e["type"] == "token_out" && e["token"] == token) ++n;
    }
    return n;
  };
  // A neutral token pushed out by a third bale.
  cd::State s = blank(2, false);
  put(s, "SA1", Column::growth, 1, 2);
  put(s, "SA1", Column::harvest, 0, 2, TokenKind::neutral);
  ASSERT_EQ(s.neutral_supply, 15);
  const auto market = s.market;
  next_draws(s, {kGrey});
  force_die(s, 1);
  auto events = must(s, 0, {{"type", "roll"}});
  EXPECT_EQ(outs(events, "neutral"), 1);
  EXPECT_EQ(s.neutral_supply, 16);
  EXPECT_EQ(cell(s, "SA1", Column::harvest).owner, 1);
  EXPECT_EQ(cell(s, "SA1", Column::harvest).bales, 3);
  EXPECT_EQ(s.market, market);
  EXPECT_EQ(s.junk, (std::array<int, 4>{}));
  for (Seat seat = 0; seat < 2; ++seat) {
    EXPECT_EQ(coins(s, seat), 15);
    EXPECT_EQ(s.players[seat].stock, (std::array<int, 4>{}));
  }
  expect_sound(s);
  // The créneau tile pushed out by a sowing (nothing in the growth space, so nothing is pushed
  // into the harvest column to be harvested: ReadingSowPushIntoHarvestHarvestsAtOnce).
  cd::State t = at_action(3);
  put(t, "AF2", Column::seed, 1);
  t.rows[row("AF2")][2] = cd::Cell{cd::kNoToken, TokenKind::creneau, 2};
  const auto market_t = t.market;
  events = must(t, 0, {{"type", "sow"}, {"row", "AF2"}});
  EXPECT_EQ(outs(events, "creneau"), 1);
  for (const auto& r : t.rows)
    for (const auto& c : r) EXPECT_NE(c.kind, TokenKind::creneau);
  EXPECT_EQ(cell(t, "AF2", Column::growth).owner, 1);
  EXPECT_TRUE(cell(t, "AF2", Column::harvest).empty());
  EXPECT_EQ(t.market, market_t);
  EXPECT_EQ(t.junk, (std::array<int, 4>{}));
  EXPECT_EQ(coins(t, 0), 15 - 4);
  for (Seat seat = 0; seat < 3; ++seat) {
    if (seat > 0) {
      EXPECT_EQ(coins(t, seat), 15);
    }
    EXPECT_EQ(t.players[seat].stock, (std::array<int, 4>{}));
  }
  expect_sound(t);
  // Back in the box: a fallow plot can lay it again.
  t = with_event("E08");
  t.rows[row("AF2")][2] = cd::Cell{cd::kNoToken, TokenKind::creneau, 0};
  put(t, "AF2", Column::seed, 2);
  t.phase = Phase::action;
  must(t, 0, {{"type", "sow"}, {"row", "AF2"}});
  must(t, 0, {{"type", "done"}});
  t.active = 0;
  t.phase = Phase::roll;
  roll_one(t);
  must(t, 0, {{"type", "fallow"}, {"row", "CA1"}});
  EXPECT_EQ(cell(t, "CA1", Column::seed).kind, TokenKind::creneau);
  expect_sound(t);
}

TEST(CapaDoroRules, EventTaxE10) {
  cd::State s = with_event("E10");
  s.players[1].coins = 14;
  s.players[2].coins = 4;
  roll_one(s);
  EXPECT_EQ(coins(s, 0), 12);
  EXPECT_EQ(coins(s, 1), 12);
  EXPECT_EQ(coins(s, 2), 4);
}

TEST(CapaDoroRules, EventSubsidyE11) {
  cd::State s = with_event("E11", 4);
  roll_one(s);
  for (Seat seat = 0; seat < 4; ++seat) EXPECT_EQ(coins(s, seat), 17);
}

TEST(CapaDoroRules, EventExportBoomE12) {
  cd::State s = with_event("E12");
  s.junk[kGold] += 3;
  s.market[kGold] = 1;
  roll_one(s);
  EXPECT_EQ(s.market, (std::array<int, 4>{9 - 2, 6 - 2, 5 - 2, 0}));
  EXPECT_EQ(s.junk[kGold], 4);
  expect_sound(s);
}

TEST(CapaDoroRules, EventRecyclingE13) {
  cd::State s = with_event("E13");
  s.junk[kGrey] = 2;
  s.market[kGrey] -= 2;
  const std::size_t bag = s.bag.size();
  roll_one(s);
  EXPECT_EQ(s.junk[kGrey], 0);
  EXPECT_EQ(s.bag.size(), bag - 1 + 2);
  expect_sound(s);
}

TEST(CapaDoroRules, EventEarlyRipeningE14) {
  cd::State s = with_event("E14");
  put(s, "SA1", Column::growth, 1, 2);
  put(s, "SA2", Column::growth, 2, 1);
  roll_one(s);
  EXPECT_EQ(cell(s, "SA1", Column::harvest).owner, 1);
  EXPECT_TRUE(cell(s, "SA1", Column::growth).empty());
  EXPECT_EQ(cell(s, "SA2", Column::growth).owner, 2);
  expect_sound(s);
}

TEST(CapaDoroRules, EventSmugglerE15) {
  cd::State s = with_event("E15");
  give(s, 2, "gold", 1);
  roll_one(s);
  ASSERT_EQ(s.phase, Phase::event_choice);
  EXPECT_EQ(cd::Rules::legal_actions(s, 0),
            (std::vector<Json>{{{"type", "smuggle"}, {"seat", 2}, {"colour", "gold"}}}));
  EXPECT_EQ(cd::Rules::action_text(s, 0, cd::Rules::legal_actions(s, 0)[0]), "smuggle 3 gold");
  must(s, 0, {{"type", "smuggle"}, {"seat", 2}, {"colour", "gold"}});
  EXPECT_EQ(stock(s, 0, kGold), 1);
  EXPECT_EQ(stock(s, 2, kGold), 0);
  // With nothing to take, the card does nothing.
  cd::State t = with_event("E15");
  roll_one(t);
  EXPECT_EQ(t.phase, Phase::action);
}

TEST(CapaDoroRules, EventCigarFairE16) {
  cd::State s = with_event("E16");
  s.players[1].slots[0].top_done = true;
  s.players[2].slots[0].top_done = true;
  s.players[2].slots[1].top_done = true;
  roll_one(s);
  EXPECT_EQ(coins(s, 0), 15);
  EXPECT_EQ(coins(s, 1), 16);
  EXPECT_EQ(coins(s, 2), 17);
}

TEST(CapaDoroRules, EventPileReshufflesWhenEmpty) {
  cd::State s = blank(3);
  s.events_played = s.event_pile;
  s.event_pile.clear();
  roll_one(s);
  EXPECT_EQ(s.event_pile.size(), 15u);
  EXPECT_EQ(s.events_played.size(), 1u);
  expect_sound(s);
}

// ---- §14 readings not shown above

TEST(CapaDoroRules, ReadingFourContinentsFourMarkets) {
  const auto& c = cd::components();
  ASSERT_EQ(c.continents.size(), 4u);
  EXPECT_EQ(c.rows.size(), 14u);
  int bales = 0;
  for (const auto& k : c.continents) bales += k.bales;
  EXPECT_EQ(bales, 112);
}

TEST(CapaDoroRules, ReadingSameRollDrawsItemAndEvent) {
  cd::State s = with_event("E11");
  const std::size_t bag = s.bag.size();
  roll_one(s);
  EXPECT_EQ(s.bag.size(), bag - 1);  // one item, no second roll
  EXPECT_EQ(s.die, 1);
}

TEST(CapaDoroRules, ReadingRipenAsSoonAsTheThirdBaleLands) {
  cd::State s = blank(3, false);
  put(s, "CA2", Column::growth, 1, 2);
  next_draws(s, {kGold});
  force_die(s, 1);
  must(s, 0, {{"type", "roll"}});
  EXPECT_EQ(cell(s, "CA2", Column::harvest).bales, 3);
  EXPECT_TRUE(cell(s, "CA2", Column::growth).empty());
}

// Issue 37, reading 1: "D'abord dans la deuxième colonne (de croissance) là où il y a le moins de
// tabac": with no growth plantation on the continent, the bale goes on a seed plantation (fewest
// bales, ties to the upper row), not to the market.
TEST(CapaDoroRules, ReadingYieldToSeedPlantationWhenNoGrowthPlantation) {
  cd::State s = blank(3, false);
  put(s, "AS2", Column::seed, 1);
  put(s, "AS4", Column::seed, 2);
  put(s, "AS1", Column::harvest, 0, 1);  // a harvest token never takes the yield
  const int market = s.market[kOrange];
  next_draws(s, {kOrange, kOrange, kOrange});
  force_die(s, 3);
  const auto events = must(s, 0, {{"type", "roll"}});
  // AS2 and AS4 tie at 0: the upper AS2, then AS4, then a tie at 1 again: AS2.
  EXPECT_EQ(cell(s, "AS2", Column::seed).bales, 2);
  EXPECT_EQ(cell(s, "AS4", Column::seed).bales, 1);
  EXPECT_EQ(cell(s, "AS1", Column::harvest).bales, 1);
  EXPECT_EQ(s.market[kOrange], market);
  int to_seed = 0;
  for (const auto& e : events)
    if (e["type"] == "yield" && e.value("column", "") == "seed") ++to_seed;
  EXPECT_EQ(to_seed, 3);
  // A growth plantation comes first whatever the seed plantations hold.
  put(s, "AS5", Column::growth, 2, 2);
  s.phase = Phase::roll;
  next_draws(s, {kOrange});
  force_die(s, 1);
  must(s, 0, {{"type", "roll"}});
  EXPECT_EQ(cell(s, "AS5", Column::harvest).bales, 3);  // its 3rd bale: the row ripened
  EXPECT_EQ(cell(s, "AS4", Column::seed).bales, 1);
  expect_sound(s);
}

// A seed plantation holds at most 2 (so that it never enters the growth column full); when no
// plantation of the continent has room, and only then, the bale goes to the market, and to the
// junk pile if the market is full. A row that ripens carries the seed token's bales into growth.
TEST(CapaDoroRules, ReadingYieldToMarketOnlyWhenNoPlantationHasRoom) {
  cd::State s = blank(3, false);
  put(s, "AS1", Column::seed, 1, 0);
  s.rows[row("AS1")][0].bales = 2;
  take_from_bag(s, kOrange);
  take_from_bag(s, kOrange);
  s.market[kOrange] = 10;
  for (int i = 0; i < 2; ++i) take_from_bag(s, kOrange);
  next_draws(s, {kOrange});
  force_die(s, 1);
  must(s, 0, {{"type", "roll"}});
  EXPECT_EQ(cell(s, "AS1", Column::seed).bales, 2);
  EXPECT_EQ(s.market[kOrange], 10);
  EXPECT_EQ(s.junk[kOrange], 1);
  expect_sound(s);
  // Ripening: the seed token moves to growth with its 2 bales; the next bale ripens it in turn.
  cd::State t = blank(3, false);
  put(t, "SA1", Column::seed, 1);
  t.rows[row("SA1")][0].bales = 2;
  take_from_bag(t, kGrey);
  take_from_bag(t, kGrey);
  put(t, "SA1", Column::growth, 2, 2);
  next_draws(t, {kGrey, kGrey});
  force_die(t, 2);
  must(t, 0, {{"type", "roll"}});
  EXPECT_EQ(cell(t, "SA1", Column::harvest).owner, 1);
  EXPECT_EQ(cell(t, "SA1", Column::harvest).bales, 3);
  EXPECT_EQ(stock(t, 2, kGrey), 3);  // the first harvest token, pushed out by the second ripening
  expect_sound(t);
}

TEST(CapaDoroRules, ReadingWholeRowShift) {
  cd::State s = at_action();
  put(s, "AF3", Column::seed, 1);
  put(s, "AF3", Column::harvest, 2, 2);  // a gap in the growth column
  must(s, 0, {{"type", "sow"}, {"row", "AF3"}});
  EXPECT_EQ(cell(s, "AF3", Column::growth).owner, 1);
  EXPECT_TRUE(cell(s, "AF3", Column::harvest).empty());
  EXPECT_EQ(stock(s, 2, kBrown), 2);
}

TEST(CapaDoroRules, ReadingStartSpacesMustBeEmpty) {
  cd::State s = cd::Rules::setup(2, {}, 5).value();
  const Seat first = s.active;
  must(s, first, {{"type", "seed"}, {"row", "AF2"}});
  EXPECT_EQ(refused(s, s.active, {{"type", "seed"}, {"row", "AF2"}}), "capa_doro.space_taken");
  EXPECT_EQ(cd::Rules::legal_actions(s, s.active).size(), 11u);
}

TEST(CapaDoroRules, ReadingCigarBalesBackIntoTheBag) {
  cd::State s = at_action();
  const int card = open_card(s, 0, 2);
  give_recipe(s, 0, card);
  std::array<int, 5> before{};
  for (auto item : s.bag) ++before[item];
  must(s, 0, {{"type", "cigar"}, {"card", card_id(card)}});
  std::array<int, 5> after{};
  for (auto item : s.bag) ++after[item];
  for (int c = 0; c < 4; ++c)
    EXPECT_EQ(after[c] - before[c], cd::components().cigars[card].recipe[c]) << c;
  EXPECT_EQ(s.junk, (std::array<int, 4>{}));
}

TEST(CapaDoroRules, ReadingTobaccoOutEvenWithBeetlesInTheBag) {
  cd::State s = at_action(2);
  empty_bag_of_bales(s);
  ASSERT_FALSE(s.bag.empty());  // the beetles are still in it
  must(s, 0, {{"type", "done"}});
  EXPECT_EQ(s.end, cd::EndReason::tobacco);
}

// ---- Bad input

TEST(CapaDoroRules, BadInputIsARuleError) {
  cd::State s = at_action();
  EXPECT_EQ(refused(s, 0, Json::array()), "capa_doro.bad_action");
  EXPECT_EQ(refused(s, 0, {{"type", "fly"}}), "capa_doro.bad_action");
  EXPECT_EQ(refused(s, 0, {{"type", "sow"}, {"row", "XX9"}}), "capa_doro.bad_action");
  EXPECT_EQ(refused(s, 0, {{"type", "sow"}, {"row", 3}}), "capa_doro.bad_action");
  EXPECT_EQ(refused(s, 0, {{"type", "buy"}, {"colour", "blue"}}), "capa_doro.bad_action");
  EXPECT_EQ(refused(s, 0, {{"type", "beetle"}, {"stock", 9}}), "capa_doro.bad_action");
  EXPECT_EQ(refused(s, 1, {{"type", "done"}}), "capa_doro.not_your_turn");
  EXPECT_EQ(refused(s, 0, {{"type", "roll"}}), "capa_doro.wrong_phase");
  EXPECT_EQ(refused(s, 0, {{"type", "cigar"}, {"card", "Z99"}}), "capa_doro.bad_action");
}

TEST(CapaDoroRules, FromJsonRefusesBrokenStates) {
  const cd::State s = at_action();
  const Json good = cd::Rules::to_json(s);
  ASSERT_TRUE(cd::Rules::from_json(good).ok());
  EXPECT_EQ(cd::Rules::to_json(cd::Rules::from_json(good).value()).dump(), good.dump());
  auto broken = [&](auto&& edit) {
    Json j = good;
    edit(j);
    auto r = cd::Rules::from_json(j);
    EXPECT_FALSE(r.ok()) << j.dump().substr(0, 80);
    if (!r.ok()) {
      EXPECT_EQ(r.error().rule, "bad_state");
    }
  };
  broken([](Json& j) { j["players"][0]["stock"]["orange"] = 3; });  // bales from nowhere
  broken([](Json& j) { j["hidden"]["bag"].erase(0); });             // bag counts disagree
  broken([](Json& j) { j["phase"] = "lunch"; });
  broken([](Json& j) { j["rows"]["AS1"][0] = {{"token", "seat"}, {"seat", 7}, {"bales", 0}}; });
  broken([](Json& j) { j["hidden"]["b_pile"].push_back("A01"); });
  broken([](Json& j) { j.erase("players"); });
  broken([](Json& j) { j = Json::array(); });
}

}  // namespace
}  // namespace archipel::testing::capa_doro
