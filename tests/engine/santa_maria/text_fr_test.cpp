// The log in French: a few representative events read with the rule book's words (colonie, mairie, tuile
// Route, navire, dock, moine, emplacement de Retraite, Bois / Blé / Gemme), English unchanged.

#include "engine/santa_maria/santa_maria.hpp"

#include <gtest/gtest.h>

namespace archipel::engine::santa_maria::testing {
namespace {

const std::vector<std::string> kNames{"Anna", "Eric"};

std::string fr(const Json& event) { return Rules::describe(event, kNames, Lang::fr); }
std::string en(const Json& event) { return Rules::describe(event, kNames, Lang::en); }

TEST(SantaMariaFrench, DiceAndProduction) {
  const Json die{{"type", "die"}, {"seat", 0}, {"color", "white"}, {"rolled", 4},
                 {"line", "column"}, {"value", 3}, {"cost", 1}};
  EXPECT_EQ(fr(die), "Anna prend un dé blanc de 4 et active la colonne 3 (1 pièce).");
  EXPECT_EQ(en(die), "Anna takes a white 4 and activates column 3 (1 coin).");
  EXPECT_EQ(fr({{"type", "produce"}, {"seat", 1}, {"count", 2}, {"resource", "gem"}, {"sold_for", 4}}),
            "Eric gagne 2 gemmes (réserve pleine : vendu pour 4 pièces).");
  EXPECT_EQ(fr({{"type", "exchange"}, {"seat", 0}, {"resource", "wood"}}), "Anna échange un bois.");
  EXPECT_EQ(fr({{"type", "road"}, {"seat", 0}, {"cell", "c4"}}), "Anna pose une tuile Route sur c4.");
}

TEST(SantaMariaFrench, ShipsMonksAndYears) {
  EXPECT_EQ(fr({{"type", "ship"}, {"seat", 1}, {"dock", "religion"}}), "Eric prend le navire du dock Religion.");
  EXPECT_EQ(fr({{"type", "monk"}, {"seat", 0}, {"space", "bishop2"}, {"fee", 1}}),
            "Anna place un moine sur la tuile Évêque 2 (paie 1 pièce).");
  EXPECT_EQ(fr({{"type", "monk"}, {"seat", 1}, {"space", "camp3"}, {"fee", 0}}),
            "Eric place un moine sur le Camp de Missionnaires 3.");
  EXPECT_EQ(fr({{"type", "retreat"}, {"seat", 1}, {"space", 2}}), "Eric se retire sur l'emplacement de Retraite 2.");
  EXPECT_EQ(fr({{"type", "lot"}, {"seat", 0}, {"lot", 3}}), "Anna prend le lot de mairie 3.");
  EXPECT_EQ(fr({{"type", "new_year"}, {"year", 2}, {"first", 1}}), "L'année 2 commence ; Eric joue en premier.");
  EXPECT_EQ(fr({{"type", "game_end"}}), "La partie est terminée.");
}

}  // namespace
}  // namespace archipel::engine::santa_maria::testing
