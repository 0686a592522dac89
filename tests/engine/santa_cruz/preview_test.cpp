// The score-card preview (issue 12 point 9): each score card in one's own hand says, in the seat's
// private view, what it would give every player if played now; played then, it gives exactly that.

#include "engine/santa_cruz/santa_cruz.hpp"

#include <gtest/gtest.h>

#include "engine/core/rng.hpp"
#include "tests/engine/santa_cruz/position.hpp"

namespace archipel::testing::santa_cruz {
namespace {

// The preview of card `id` in `seat`'s private view (empty if the card is not in the hand).
std::vector<int> preview(const sc::State& s, Seat seat, const std::string& id) {
  const Json view =
      sc::Rules::private_view(s, seat);  // held: a loop over a temporary's member would dangle
  for (const auto& card : view.at("you").at("hand"))
    if (card.at("id") == id) return card.at("preview").get<std::vector<int>>();
  return {};
}

// What the score event of a played card gave each seat, by seat.
std::vector<int> gains_by_seat(const Json& event, int seats) {
  std::vector<int> out(seats, 0);
  for (const auto& g : event.at("gains"))
    out.at(g.at("seat").get<int>()) = g.at("points").get<int>();
  return out;
}

TEST(SantaCruzPreview, SheepFishCardShowsWhatEachPlayerWouldScore) {
  auto s = play_position(3);
  put_tile(s, "C05", "TC15");  // sheep
  put_building(s, 0, "C05");
  put_tile(s, "C06", "TC06");  // fish, bonus 3
  put_building(s, 0, "C06");
  put_tile(s, "C07", "TC12");  // fish, bonus 2
  put_building(s, 1, "C07");
  set_hand(s, 0, {"SC15"});  // sheep / fish
  EXPECT_EQ(preview(s, 0, "SC15"), (std::vector<int>{7 + 3, 3 + 2, 0}));
  const std::vector<int> before{s.players[0].score, s.players[1].score, s.players[2].score};
  const auto events = act(s, 0, score("sheep-fish"));
  EXPECT_EQ(gains_by_seat(events.at(0), 3), (std::vector<int>{10, 5, 0}));
  for (Seat seat = 0; seat < 3; ++seat)
    EXPECT_EQ(s.players[seat].score - before[seat], (std::vector<int>{10, 5, 0})[seat]);
  // Another seat's private view never holds seat 0's cards, nor their previews.
  EXPECT_TRUE(preview(s, 1, "SC15").empty());
}

// In seeded random games, every time a score card is played its holder's preview, taken just
// before, equals what the card then gives each seat.
TEST(SantaCruzPreview, EqualsWhatThePlayedCardGivesInRandomGames) {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const int seats = 2 + static_cast<int>(seed % 3);
    auto s = sc::Rules::setup(seats, {}, seed).value();
    engine::Rng chooser(seed * 31);
    for (int step = 0; step < 2000 && !sc::Rules::to_act(s).empty(); ++step) {
      const auto acting = sc::Rules::to_act(s);
      const Seat seat = acting[chooser.below(acting.size())];
      const auto legal = sc::Rules::legal_actions(s, seat);
      const Json action = legal[chooser.below(legal.size())];
      std::vector<int> expected;
      if (action.at("type") == "score") expected = preview(s, seat, action.at("card"));
      auto applied = sc::Rules::apply(s, seat, action);
      ASSERT_TRUE(applied.ok()) << action.dump();
      if (action.at("type") != "score") continue;
      ASSERT_EQ(expected.size(), static_cast<std::size_t>(seats))
          << "seed " << seed << ": no preview for " << action.dump();
      EXPECT_EQ(gains_by_seat(applied.value().at(0), seats), expected)
          << "seed " << seed << " step " << step;
      ++checked;
    }
  }
  EXPECT_GT(checked, 20) << "the random games played too few score cards to test anything";
}

}  // namespace
}  // namespace archipel::testing::santa_cruz
