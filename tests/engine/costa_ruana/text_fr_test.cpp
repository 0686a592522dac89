// The log in French: a few representative events read with the rule book's words (habitant, shaman,
// trésor, carte Condition, face visible / cachée, the cards' names "Placer 2 habitants"), English
// unchanged.

#include "engine/costa_ruana/costa_ruana.hpp"

#include <gtest/gtest.h>

#include "tests/engine/costa_ruana/position.hpp"

namespace archipel::testing::costa_ruana {
namespace {

namespace cr = engine::costa_ruana;
using engine::Json;
using engine::Lang;

const std::vector<std::string> kNames{"Antoine", "Marie", "Serge"};

std::string fr(const Json& event) {
  return cr::Rules::describe(event, kNames).fr;
}
std::string en(const Json& event) {
  return cr::Rules::describe(event, kNames).en;
}

TEST(CostaRuanaFrench, CardsLaidAndRevealed) {
  // CR07 is "Place 2 natives" on a night background (components.json).
  const Json up{{"type", "card"}, {"seat", 0},      {"to", 0},
                {"face", "up"},   {"card", "CR07"}, {"slot", "1a"}};
  EXPECT_EQ(fr(up), "Antoine pose Placer 2 habitants (nuit) face visible devant soi (1a)");
  EXPECT_EQ(en(up), "Antoine lays Place 2 natives (night) face up before themselves (1a)");
  EXPECT_EQ(fr({{"type", "card"}, {"seat", 1}, {"to", 2}, {"face", "down"}, {"slot", "3a"}}),
            "Marie pose une carte face cachée devant Serge (3a)");
  EXPECT_EQ(fr({{"type", "discard"}, {"slot", "2a"}, {"card", "CR05"}, {"why", "inactive"}}),
            "La carte 2a (Déplacer un trésor (jour)) est défaussée : son fond n'est pas actif");
}

TEST(CostaRuanaFrench, ShamanConditionsAndTreasures) {
  EXPECT_EQ(fr({{"type", "round"}, {"round", 3}, {"shaman", 2}}), "Tour 3 : Serge est le shaman");
  EXPECT_EQ(fr({{"type", "flip"},
                {"seat", 2},
                {"card", "tide"},
                {"tide", "high_tide"},
                {"time", "night"}}),
            "Serge retourne la carte Condition Marée : marée haute et nuit sont actives");
  EXPECT_EQ(fr({{"type", "place"}, {"seat", 1}, {"island", "I2"}}),
            "Marie place un habitant sur I2");
  EXPECT_EQ(fr({{"type", "move"}, {"seat", 0}, {"owner", 1}, {"from", "I2"}, {"to", "I5"}}),
            "Antoine déplace l'habitant de Marie de I2 vers I5");
  EXPECT_EQ(fr({{"type", "award"}, {"seat", 2}, {"island", "I1"}}),
            "Serge prend un trésor sur I1 et renvoie un habitant dans sa réserve");
  EXPECT_EQ(fr({{"type", "name_shaman"}, {"seat", 0}, {"shaman", 1}}),
            "Antoine désigne Marie comme shaman");
  EXPECT_EQ(fr({{"type", "over"}, {"scores", {12, 9, 15}}}),
            "Fin de la partie : Antoine 12, Marie 9, Serge 15");
}

// A refusal of `action` by `seat` in `s` (a copy: the position is left as it was).
engine::RuleError refusal(cr::State s, engine::Seat seat, const Json& action) {
  auto applied = cr::Rules::apply(s, seat, action);
  EXPECT_FALSE(applied.ok()) << action.dump();
  return applied.ok() ? engine::RuleError{} : applied.error();
}

TEST(CostaRuanaFrench, RefusalsSayWhyInTheRuleBooksWords) {
  const cr::State s = fresh(3);
  const engine::Seat seat = cr::Rules::to_act(s).front();
  const auto step = refusal(s, seat, Json{{"type", "pass"}});
  EXPECT_EQ(step.rule, "costa_ruana.wrong_step");
  EXPECT_EQ(step.message_fr,
            "maintenant : mise en place : placez un habitant sur une île (place I3)");
  EXPECT_EQ(step.message, "now you must set-up: place a native on an island (place I3)");
  const auto unknown = refusal(s, seat, Json{{"type", "place"}, {"island", "I99"}});
  EXPECT_EQ(unknown.rule, "costa_ruana.unknown_island");
  EXPECT_EQ(unknown.message_fr, "cette île n'est pas en jeu");
  EXPECT_EQ(refusal(s, (seat + 1) % 3, Json{{"type", "place"}, {"island", "I1"}}).message_fr,
            "ce n'est pas votre tour");
  const auto malformed = refusal(s, seat, Json{{"type", "place"}});
  EXPECT_EQ(malformed.rule, "costa_ruana.bad_action");
  EXPECT_EQ(malformed.message_fr, "action mal formée (" + malformed.message + ")");
}

}  // namespace
}  // namespace archipel::testing::costa_ruana
