// The log in French: a few representative events read with the online rule book's words (manche, set, carte
// d'évaluation, emplacement de départ, jeton oiseau; never "débarquement" or "pile"), and the English line of
// the same event is unchanged.

#include "engine/santa_cruz/santa_cruz.hpp"

#include <gtest/gtest.h>

namespace archipel::testing::santa_cruz {
namespace {

namespace sc = engine::santa_cruz;
using engine::Json;
using engine::Lang;

const std::vector<std::string> kNames{"Rouge", "Vert", "Bleu"};

std::string fr(const Json& event) { return sc::Rules::describe(event, kNames, Lang::fr); }
std::string en(const Json& event) { return sc::Rules::describe(event, kNames, Lang::en); }

TEST(SantaCruzFrench, BuildsAndLandings) {
  const Json build{{"type", "build"}, {"seat", 0},       {"site", "L14"}, {"building", "church"},
                   {"points", 4},     {"card", "road"},  {"bird", "drawn"}};
  EXPECT_EQ(fr(build), "Rouge construit une église sur L14 (+4, pioche un jeton oiseau)");
  EXPECT_EQ(en(build), "Rouge builds a church on L14 (+4, draws a bird)");
  const Json landing{{"type", "build"}, {"seat", 1}, {"site", "C04"}, {"building", "lighthouse"},
                     {"points", 2},     {"card", "landing"}};
  EXPECT_EQ(fr(landing), "Vert choisit son emplacement de départ C04 : un phare (+2)");
  EXPECT_EQ(en(landing), "Vert lands with a lighthouse on C04 (+2)");
  EXPECT_EQ(fr({{"type", "build_failed"}, {"seat", 2}, {"site", "V03"}, {"building", "church"}}),
            "Bleu n'a plus d'église pour V03 : la carte s'arrête");
  EXPECT_EQ(fr({{"type", "double"}, {"seat", 0}, {"kind", "river"}}),
            "Rouge joue une carte double tour : deux constructions fleuve");
}

TEST(SantaCruzFrench, RevealAndScoreCards) {
  EXPECT_EQ(fr({{"type", "reveal"}, {"site", "C04"}, {"building", "lighthouse"}, {"points", 3},
                {"resource", "fish"}, {"fish_bonus", 2}}),
            "Tuile C04 découverte : phare, 3 points, poisson, bonus poisson +2");
  const Json fish{{"type", "score"}, {"seat", 0}, {"card", "SC03"},
                  {"gains", {{{"seat", 1}, {"points", 9}}, {{"seat", 2}, {"points", 0}}}}};
  EXPECT_EQ(fr(fish), "Rouge joue la carte d'évaluation Poisson : Vert +9");
  EXPECT_EQ(en(fish), "Rouge plays Fish: Vert +9");
  EXPECT_EQ(fr({{"type", "score"}, {"seat", 2}, {"card", "SC12"}, {"gains", Json::array()},
                {"removed", {"V01", "V02"}}}),
            "Bleu joue la carte d'évaluation Éruption volcanique : personne ne marque ; 2 bâtiment(s) détruit(s) "
            "sur le volcan");
}

TEST(SantaCruzFrench, RoundsSetsAndBirds) {
  EXPECT_EQ(fr({{"type", "round_start"}, {"round", 2}, {"order", {2, 0, 1}}}),
            "La manche 2 commence ; ordre du tour : Bleu, Rouge, Vert");
  // Round two: the online book chooses "sets" again, never piles.
  const std::string pile = fr({{"type", "pile_chosen"}, {"seat", 1}, {"set", "B"}, {"auto", true}});
  EXPECT_EQ(pile, "Vert prend le set B (le set restant)");
  EXPECT_EQ(pile.find("pile"), std::string::npos);
  EXPECT_EQ(fr({{"type", "choose_piles"}, {"pick_order", {1, 0}}}).find("pile"), std::string::npos);
  EXPECT_EQ(fr({{"type", "birds_revealed"}, {"seat", 0}, {"birds", {{"tern", 2}, {"cockatoo", 1}, {"macaw", 0}}},
                {"points", 4}}),
            "Rouge révèle 1 cacatoès, 2 sternes : +4");
  EXPECT_EQ(fr({{"type", "game_over"}, {"scores", {50, 61, 12}}, {"ranking", {1, 0, 2}}}),
            "Fin de la partie : Vert 61, Rouge 50, Bleu 12");
}

}  // namespace
}  // namespace archipel::testing::santa_cruz
