// The `game_history` message (docs/protocol.md, "A player's games"): the numbers for a program and
// the text for a person, in English and French, dates in UTC; `next` and the line that asks for it
// only when more may follow; the cursor's text form.

#include "protocol/game_history.hpp"

#include <gtest/gtest.h>

namespace archipel::protocol {
namespace {

using nlohmann::json;

const HistoryGame kGame{
    12, "race", "Race", 1764439320000, {{1, "Ben", false, 1, 9}, {0, "Ann", false, 2, 4}}};

TEST(GameHistoryMessage, NumbersTextAndTheNextPage) {
  const auto en = game_history_message("Ann", {kGame}, std::nullopt,
                                       HistoryCursor{1764439320000, 12}, engine::Lang::en);
  EXPECT_EQ(en["type"], "game_history");
  EXPECT_EQ(en["name"], "Ann");
  EXPECT_EQ(en["next"], "1764439320000:12");
  EXPECT_FALSE(en.contains("after"));
  EXPECT_EQ(en["games"][0],
            (json{{"room", 12},
                  {"game", "race"},
                  {"title", "Race"},
                  {"ended_ms", 1764439320000},
                  {"players",
                   {{{"seat", 1}, {"name", "Ben"}, {"bot", false}, {"place", 1}, {"score", 9}},
                    {{"seat", 0}, {"name", "Ann"}, {"bot", false}, {"place", 2}, {"score", 4}}}}}));
  EXPECT_EQ(en["text"],
            "Games of Ann (newest first):\n"
            "  Room 12, Race, 2025-11-29 18:02 UTC: 1. Ben 9, 2. Ann 4 (/replay 12)\n"
            "  More: /history Ann 1764439320000:12");
  const auto fr =
      game_history_message("Ann", {kGame}, HistoryCursor{5, 3}, std::nullopt, engine::Lang::fr);
  EXPECT_EQ(fr["after"], "5:3");
  EXPECT_FALSE(fr.contains("next"));
  EXPECT_EQ(fr["text"],
            "Parties de Ann (les plus récentes d'abord) :\n"
            "  Salle 12, Race, 29/11/2025 18:02 UTC : 1. Ben 9, 2. Ann 4 (/replay 12)");
}

TEST(GameHistoryMessage, NoneAndNoMore) {
  EXPECT_EQ(game_history_message("Cy", {}, std::nullopt, std::nullopt, engine::Lang::en)["text"],
            "Cy has no finished game");
  EXPECT_EQ(
      game_history_message("Cy", {}, HistoryCursor{5, 3}, std::nullopt, engine::Lang::fr)["text"],
      "Plus d'autre partie finie de Cy");
}

TEST(HistoryCursorText, RoundTripsAndRefusesTheRest) {
  EXPECT_EQ(parse_history_cursor("0:1"), (HistoryCursor{0, 1}));
  EXPECT_EQ(parse_history_cursor(history_cursor_text({1764439320000, 2147483647})),
            (HistoryCursor{1764439320000, 2147483647}));
  for (const char* bad : {"", ":", "5", "5:", ":5", "a:5", "5:a", "-1:5", "5:-1", "5:0",
                          "5:2147483648", "5:5:5", "99999999999999999999:1", " 5:5"})
    EXPECT_FALSE(parse_history_cursor(bad)) << bad;
}

}  // namespace
}  // namespace archipel::protocol
