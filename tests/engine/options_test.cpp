#include "engine/core/game.hpp"
#include "engine/core/registry.hpp"

#include <set>
#include <string>

#include <gtest/gtest.h>

namespace archipel::engine {
namespace {

const GameSpec kSpec{"g",
                     "G",
                     2,
                     4,
                     {{"rules",
                       {"online", "table"},
                       "online",
                       {"Rules", "Règles"},
                       {"which rule book", "quel livre de règles"}}}};

TEST(Options, DefaultsAreFilledIn) {
  auto r = complete_options(kSpec, {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value().at("rules"), "online");
}

TEST(Options, AChoiceOverridesTheDefault) {
  auto r = complete_options(kSpec, {{"rules", "table"}});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value().at("rules"), "table");
}

TEST(Options, UnknownKeyAndBadValueAreErrorsNamingTheChoices) {
  auto r = complete_options(kSpec, {{"speed", "fast"}});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "bad_option");
  EXPECT_NE(r.error().message.find("rules"), std::string::npos);
  r = complete_options(kSpec, {{"rules", "house"}});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("online|table"), std::string::npos);
}

// An option that exists only at some player counts (OptionSpec::min_players/max_players) is checked
// like any other, then left out of what a game of another count sees.
TEST(Options, AnOptionBoundedByPlayerCountIsLeftOutElsewhere) {
  GameSpec spec{"g",
                "G",
                1,
                4,
                {{"setup",
                  {"standard", "advanced"},
                  "standard",
                  {"Set-up", "Mise en place"},
                  {"set-up", "mise en place"},
                  2,
                  4}}};
  auto solo = complete_options(spec, {{"setup", "advanced"}}, 1);
  ASSERT_TRUE(solo.ok());
  EXPECT_FALSE(solo.value().count("setup"));
  auto four = complete_options(spec, {{"setup", "advanced"}}, 4);
  ASSERT_TRUE(four.ok());
  EXPECT_EQ(four.value().at("setup"), "advanced");
  auto bad = complete_options(spec, {{"setup", "expert"}}, 1);
  EXPECT_FALSE(bad.ok()) << "a bad value is refused even where the option does not apply";
  EXPECT_TRUE(spec.options[0].applies_to(2));
  EXPECT_FALSE(spec.options[0].applies_to(1));
  EXPECT_FALSE(spec.options[0].applies_to(5));
}

// The create form shows an option's values by their labels (issue 35: "online/table", "off" on the
// French page): every value of every game's options has one, in both languages, and they are told
// apart.
TEST(Options, EveryValueOfEveryGameHasALabelInBothLanguages) {
  for (const auto& entry : default_registry().games())
    for (const auto& option : entry.spec->options) {
      SCOPED_TRACE(entry.spec->id + " " + option.key);
      ASSERT_EQ(option.choice_labels.size(), option.choices.size());
      for (const Lang lang : {Lang::en, Lang::fr}) {
        std::set<std::string> seen;
        for (const auto& label : option.choice_labels) {
          EXPECT_FALSE(label.in(lang).empty());
          EXPECT_TRUE(seen.insert(label.in(lang)).second) << "two values read " << label.in(lang);
        }
      }
    }
}

TEST(Outcome, PlacesAreSharedOnlyWhereScoreAndTieOrderAreEqual) {
  auto shared = outcome_by_score({10, 12, 10, 7});
  EXPECT_EQ(shared.ranking, (std::vector<Seat>{1, 0, 2, 3}));
  EXPECT_EQ(shared.places, (std::vector<int>{2, 1, 2, 4}));
  auto broken = outcome_by_score({10, 12, 10, 7}, {2, 0, 1, 3});
  EXPECT_EQ(broken.ranking, (std::vector<Seat>{1, 2, 0, 3}));
  EXPECT_EQ(broken.places, (std::vector<int>{3, 1, 2, 4}));
  auto all_tied = outcome_by_score({5, 5, 5});
  EXPECT_EQ(all_tied.places, (std::vector<int>{1, 1, 1}));
  EXPECT_FALSE(all_tied.solo_won.has_value());
}

TEST(Ranking, ScoreThenTieOrderThenSeat) {
  EXPECT_EQ(rank_by_score({5, 9, 5}), (std::vector<Seat>{1, 0, 2}));
  EXPECT_EQ(rank_by_score({5, 9, 5}, {3, 1, 2}), (std::vector<Seat>{1, 2, 0}));
}

}  // namespace
}  // namespace archipel::engine
