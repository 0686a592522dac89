// The log in French: a few representative events read with the online rule book's words (manche,
// set, carte d'évaluation, emplacement de départ, jeton oiseau; never "débarquement" or "pile"),
// and the English line of the same event is unchanged.

#include "engine/santa_cruz/santa_cruz.hpp"

#include <gtest/gtest.h>

#include "tests/engine/santa_cruz/position.hpp"

namespace archipel::testing::santa_cruz {
namespace {

namespace sc = engine::santa_cruz;
using engine::Json;
using engine::Lang;

const std::vector<std::string> kNames{"Rouge", "Vert", "Bleu"};

std::string fr(const Json& event) {
  return sc::Rules::describe(event, kNames).fr;
}
std::string en(const Json& event) {
  return sc::Rules::describe(event, kNames).en;
}

TEST(SantaCruzFrench, BuildsAndLandings) {
  const Json build{{"type", "build"}, {"seat", 0},      {"site", "L14"},  {"building", "church"},
                   {"points", 4},     {"card", "road"}, {"bird", "drawn"}};
  EXPECT_EQ(fr(build), "Rouge construit une église sur L14 (+4, pioche un jeton oiseau)");
  EXPECT_EQ(en(build), "Rouge builds a church on L14 (+4, draws a bird)");
  const Json landing{{"type", "build"},          {"seat", 1},   {"site", "C04"},
                     {"building", "lighthouse"}, {"points", 2}, {"card", "landing"}};
  EXPECT_EQ(fr(landing), "Vert choisit son emplacement de départ C04 : un phare (+2)");
  EXPECT_EQ(en(landing), "Vert lands with a lighthouse on C04 (+2)");
  EXPECT_EQ(fr({{"type", "build_failed"}, {"seat", 2}, {"site", "V03"}, {"building", "church"}}),
            "Bleu n'a plus d'église pour V03 : la carte s'arrête");
  EXPECT_EQ(fr({{"type", "double"}, {"seat", 0}, {"kind", "river"}}),
            "Rouge joue une carte double tour : deux constructions fleuve");
}

TEST(SantaCruzFrench, RevealAndScoreCards) {
  EXPECT_EQ(fr({{"type", "reveal"},
                {"site", "C04"},
                {"building", "lighthouse"},
                {"points", 3},
                {"resource", "fish"},
                {"fish_bonus", 2}}),
            "Tuile C04 découverte : phare, 3 points, poisson, bonus poisson +2");
  const Json fish{{"type", "score"},
                  {"seat", 0},
                  {"card", "SC03"},
                  {"gains", {{{"seat", 1}, {"points", 9}}, {{"seat", 2}, {"points", 0}}}}};
  EXPECT_EQ(fr(fish), "Rouge joue la carte d'évaluation Poisson : Vert +9");
  EXPECT_EQ(en(fish), "Rouge plays Fish: Vert +9");
  EXPECT_EQ(fr({{"type", "score"},
                {"seat", 2},
                {"card", "SC12"},
                {"gains", Json::array()},
                {"removed", {"V01", "V02"}}}),
            "Bleu joue la carte d'évaluation Éruption volcanique : personne ne marque ; 2 "
            "bâtiment(s) détruit(s) "
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
  EXPECT_EQ(fr({{"type", "birds_revealed"},
                {"seat", 0},
                {"birds", {{"tern", 2}, {"cockatoo", 1}, {"macaw", 0}}},
                {"points", 4}}),
            "Rouge révèle 1 cacatoès, 2 sternes : +4");
  EXPECT_EQ(fr({{"type", "game_over"}, {"scores", {50, 61, 12}}, {"ranking", {1, 0, 2}}}),
            "Fin de la partie : Vert 61, Rouge 50, Bleu 12");
}

// A refusal of `action` by `seat` in `s` (a copy: the position is left as it was).
engine::RuleError refusal(sc::State s, Seat seat, const Json& action) {
  auto applied = sc::Rules::apply(s, seat, action);
  EXPECT_FALSE(applied.ok()) << action.dump();
  return applied.ok() ? engine::RuleError{} : applied.error();
}

TEST(SantaCruzFrench, RefusalsSayWhyInTheOnlineBooksWords) {
  auto s = play_position(3);
  const auto river = refusal(s, 0, build("river", "L16"));
  EXPECT_EQ(river.rule, "santa_cruz.not_on_your_river");
  EXPECT_EQ(river.message_fr, "L16 n'est pas le long d'un fleuve où vous avez déjà un bâtiment");
  EXPECT_EQ(river.message, "L16 is not on a river where you already have a building");
  put_building(s, 0, "C06");
  EXPECT_EQ(refusal(s, 0, build("road", "L16")).message_fr,
            "L16 n'est pas accessible par un chemin direct depuis un de vos bâtiments");
  EXPECT_EQ(refusal(s, 1, build("ship", "C05")).message_fr, "ce n'est pas votre tour");

  auto supply = play_position(3);
  put_tile(supply, "C05", "TC07");  // lighthouse
  supply.players[0].supply = {8, 3, 0};
  EXPECT_EQ(refusal(supply, 0, build("ship", "C05")).message_fr,
            "C05 demande un phare et il ne vous en reste plus");

  auto cards = play_position(3);
  set_cards(cards, 0, {0, 1, 1, 0});
  EXPECT_EQ(refusal(cards, 0, build("ship", "C05")).message_fr,
            "il ne vous reste plus de carte bateau");
  set_hand(cards, 0, {"SC02"});
  EXPECT_EQ(refusal(cards, 0, score("sheep")).message_fr,
            "vous n'avez pas la carte d'évaluation Mouton");
  set_cards(cards, 0, {1, 1, 1, 1});
  const auto must = refusal(cards, 0, Json{{"type", "play"}, {"card", "ship"}});
  EXPECT_EQ(must.rule, "santa_cruz.must_build");
  EXPECT_EQ(must.message_fr.rfind("vous pouvez construire avec la carte bateau (C", 0), 0u)
      << must.message_fr;
  EXPECT_NE(must.message_fr.find("), vous devez donc le faire"), std::string::npos)
      << must.message_fr;
}

}  // namespace
}  // namespace archipel::testing::santa_cruz
