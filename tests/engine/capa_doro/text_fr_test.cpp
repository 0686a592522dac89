// The log in French: a few representative events read with the rule book's words (tabatière, balle
// de tabac, coléoptère, magasin, carreau douane / créneau, pièces), English unchanged.

#include "engine/capa_doro/capa_doro.hpp"

#include <gtest/gtest.h>

namespace archipel::testing::capa_doro {
namespace {

namespace cd = engine::capa_doro;
using engine::Json;
using engine::Lang;

const std::vector<std::string> kNames{"Anna", "Bruno"};

std::string fr(const Json& event) {
  return cd::Rules::describe(event, kNames).fr;
}
std::string en(const Json& event) {
  return cd::Rules::describe(event, kNames).en;
}

TEST(CapaDoroFrench, GrowthPhase) {
  EXPECT_EQ(fr({{"type", "roll"}, {"seat", 0}, {"value", 3}}), "Anna lance le dé : 3.");
  const Json draw{
      {"type", "draw"},
      {"seat", 0},
      {"items", {{"orange", 1}, {"grey", 2}, {"brown", 0}, {"gold", 0}, {"beetle", 1}}}};
  EXPECT_EQ(fr(draw), "Anna tire 1 coléoptère, 2 balles grises, 1 balle orange de la tabatière.");
  EXPECT_EQ(en(draw), "Anna draws 1 beetle, 2 grey, 1 orange from the snuff box.");
  EXPECT_EQ(fr({{"type", "yield"}, {"colour", "gold"}, {"to", "market"}}),
            "Une balle couleur d'or va au marché.");
  EXPECT_EQ(fr({{"type", "eaten"}, {"seat", 1}, {"colour", "brown"}}),
            "Un coléoptère mange une balle brun foncé dans le magasin de Bruno.");
  EXPECT_EQ(fr({{"type", "event"},
                {"seat", 1},
                {"card", "E03"},
                {"name", "Hurricane"},
                {"effect", "hurricane"}}),
            "Bruno tire la carte d'événement Ouragan (E03).");
}

TEST(CapaDoroFrench, ActionsAndEnd) {
  EXPECT_EQ(
      fr({{"type", "move"}, {"move", "hurricane"}, {"seat", 1}, {"continent", "south-america"}}),
      "Bruno envoie l'ouragan sur l'Amérique du Sud.");
  EXPECT_EQ(fr({{"type", "move"}, {"move", "customs"}, {"seat", 0}, {"continent", "asia"}}),
            "Anna pose le carreau douane sur le marché de l'Asie.");
  EXPECT_EQ(
      fr({{"type", "move"}, {"move", "beetle"}, {"seat", 0}, {"row", "AF3"}, {"column", "growth"}}),
      "Anna pose un coléoptère sur AF3 (croissance).");
  EXPECT_EQ(
      fr({{"type", "harvested"}, {"seat", 0}, {"row", "AS2"}, {"bales", 2}, {"colour", "orange"}}),
      "Anna récolte AS2 : 2 balles oranges.");
  EXPECT_EQ(fr({{"type", "move"}, {"move", "sell"}, {"seat", 1}, {"colour", "grey"}, {"coins", 1}}),
            "Bruno vend une balle grise pour 1 pièce.");
  const Json cigar{{"type", "move"}, {"move", "cigar"}, {"seat", 0},
                   {"card", "A03"},  {"coins", 5},      {"points", 2}};
  EXPECT_EQ(fr(cigar), "Anna produit le cigare A03 : 5 pièces, 2 points.");
  EXPECT_EQ(en(cigar), "Anna makes the cigar A03: 5 coins, 2 points.");
  EXPECT_EQ(fr({{"type", "game_over"}, {"reason", "tobacco"}}),
            "La tabatière ne contient plus de tabac : la partie est terminée.");
}

// A refusal of `action` by `seat` in `s` (a copy: the position is left as it was).
engine::RuleError refusal(cd::State s, engine::Seat seat, const Json& action) {
  auto applied = cd::Rules::apply(s, seat, action);
  EXPECT_FALSE(applied.ok()) << action.dump();
  return applied.ok() ? engine::RuleError{} : applied.error();
}

TEST(CapaDoroFrench, RefusalsSayWhyInTheRuleBooksWords) {
  // Just set up: the first player places a start plantation in a seed column.
  const cd::State s = cd::Rules::setup(2, {{"events", "on"}}, 7).value();
  const engine::Seat seat = cd::Rules::to_act(s).front();
  const auto central = refusal(s, seat, Json{{"type", "seed"}, {"row", "CA1"}});
  EXPECT_EQ(central.rule, "capa_doro.central_america");
  EXPECT_EQ(central.message_fr, "pas de plantation de départ en Amérique centrale");
  EXPECT_EQ(central.message, "no start plantation in Central America");
  const auto phase = refusal(s, seat, Json{{"type", "roll"}});
  EXPECT_EQ(phase.rule, "capa_doro.wrong_phase");
  EXPECT_EQ(
      phase.message_fr,
      "ce coup est celui de l'étape du lancer de dé ; c'est maintenant l'étape de la mise en place "
      "(colonne de semence)");
  EXPECT_EQ(refusal(s, 1 - seat, Json{{"type", "seed"}, {"row", "AS1"}}).message_fr,
            "ce n'est pas votre tour");
  const auto malformed = refusal(s, seat, Json{{"type", "seed"}, {"row", "XX9"}});
  EXPECT_EQ(malformed.rule, "capa_doro.bad_action");
  EXPECT_EQ(malformed.message_fr, "action mal formée (" + malformed.message + ")");
}

}  // namespace
}  // namespace archipel::testing::capa_doro
