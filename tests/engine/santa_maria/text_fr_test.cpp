// The log in French: a few representative events read with the rule book's words (colonie, mairie,
// tuile Route, navire, dock, moine, emplacement de Retraite, Bois / Blé / Gemme), English
// unchanged; and the refusals, each with its French sentence in the book's words.

#include "engine/santa_maria/santa_maria.hpp"
#include "tests/engine/santa_maria/position.hpp"

#include <gtest/gtest.h>

namespace archipel::engine::santa_maria::testing {
namespace {

const std::vector<std::string> kNames{"Anna", "Eric"};

std::string fr(const Json& event) {
  return Rules::describe(event, kNames).fr;
}
std::string en(const Json& event) {
  return Rules::describe(event, kNames).en;
}

TEST(SantaMariaFrench, DiceAndProduction) {
  const Json die{{"type", "die"},    {"seat", 0},  {"color", "white"}, {"rolled", 4},
                 {"line", "column"}, {"value", 3}, {"cost", 1}};
  EXPECT_EQ(fr(die), "Anna prend un dé blanc de 4 et active la colonne 3 (1 pièce).");
  EXPECT_EQ(en(die), "Anna takes a white 4 and activates column 3 (1 coin).");
  EXPECT_EQ(
      fr({{"type", "produce"}, {"seat", 1}, {"count", 2}, {"resource", "gem"}, {"sold_for", 4}}),
      "Eric gagne 2 gemmes (réserve pleine : vendu pour 4 pièces).");
  EXPECT_EQ(fr({{"type", "exchange"}, {"seat", 0}, {"resource", "wood"}}), "Anna échange un bois.");
  EXPECT_EQ(fr({{"type", "road"}, {"seat", 0}, {"cell", "c4"}}),
            "Anna pose une tuile Route sur c4.");
}

TEST(SantaMariaFrench, ShipsMonksAndYears) {
  EXPECT_EQ(fr({{"type", "ship"}, {"seat", 1}, {"dock", "religion"}}),
            "Eric prend le navire du dock Religion.");
  EXPECT_EQ(fr({{"type", "monk"}, {"seat", 0}, {"space", "bishop2"}, {"fee", 1}}),
            "Anna place un moine sur la tuile Évêque 2 (paie 1 pièce).");
  EXPECT_EQ(fr({{"type", "monk"}, {"seat", 1}, {"space", "camp3"}, {"fee", 0}}),
            "Eric place un moine sur le Camp de Missionnaires 3.");
  EXPECT_EQ(fr({{"type", "retreat"}, {"seat", 1}, {"space", 2}}),
            "Eric se retire sur l'emplacement de Retraite 2.");
  EXPECT_EQ(fr({{"type", "lot"}, {"seat", 0}, {"lot", 3}}), "Anna prend le lot de mairie 3.");
  EXPECT_EQ(fr({{"type", "new_year"}, {"year", 2}, {"first", 1}}),
            "L'année 2 commence ; Eric joue en premier.");
  EXPECT_EQ(fr({{"type", "game_end"}}), "La partie est terminée.");
}

// A refused action: its rule, and the sentence a French reader gets (the English one stays beside
// it).
RuleError refusal(State& s, Seat seat, const Json& action) {
  const State before = s;
  auto r = Rules::apply(s, seat, action);
  EXPECT_FALSE(r.ok()) << action.dump();
  EXPECT_EQ(Rules::to_json(s), Rules::to_json(before)) << "a refusal changes nothing";
  return r.ok() ? RuleError{} : r.error();
}

TEST(SantaMariaFrench, RefusalsInTheBooksWords) {
  State s = blank_game(2);
  // The main action comes before "end".
  RuleError e = refusal(s, 0, {{"type", "end"}});
  EXPECT_EQ(e.rule, "santa_maria.main_action_first");
  EXPECT_EQ(e.message_in(Lang::fr), "faites d'abord une action principale (ou retirez-vous)");
  EXPECT_EQ(e.message_in(Lang::en), "take a main action first (or retreat)");

  // Selling what one does not have names the resource in French (with "d'" before "or").
  set_res(s, 0, Resource::gold, 0);
  e = refusal(s, 0, {{"type", "sell"}, {"resource", "gold"}});
  EXPECT_EQ(e.rule, "santa_maria.nothing_to_sell");
  EXPECT_EQ(e.message_in(Lang::fr), "vous n'avez pas d'or");
  set_res(s, 0, Resource::sugar, 0);
  EXPECT_EQ(refusal(s, 0, {{"type", "sell"}, {"resource", "sugar"}}).message_in(Lang::fr),
            "vous n'avez pas de sucre");

  // A taken retreat space.
  act(s, 0, {{"type", "retreat"}, {"space", 2}});
  while (!s.tasks.empty()) act(s, 0, {{"type", "skip"}});
  act(s, 0, {{"type", "end"}});
  e = refusal(s, 1, {{"type", "retreat"}, {"space", 2}});
  EXPECT_EQ(e.rule, "santa_maria.space_taken");
  EXPECT_EQ(e.message_in(Lang::fr), "cet emplacement de Retraite est pris");

  // Not one's turn, and the Logistics Savant.
  EXPECT_EQ(refusal(s, 0, {{"type", "end"}}).message_in(Lang::fr), "ce n'est pas à vous de jouer");
  e = refusal(s, 1, {{"type", "move"}, {"from", "a1"}, {"to", "b1"}});
  EXPECT_EQ(e.rule, "santa_maria.no_logistics");
  EXPECT_EQ(e.message_in(Lang::fr), "seul le Savant Logistique déplace un dé");
}

TEST(SantaMariaFrench, EveryRefusalHasItsFrenchSentence) {
  // A sweep of wrong actions in several contexts: every refusal carries a French sentence.
  State s = setup_game(2, {{"colonies", "choose"}});
  const std::vector<Json> wrong{{{"type", "end"}},
                                {{"type", "colony"}, {"board", "Z9"}},
                                {{"type", "lot"}, {"lot", 9}},
                                {{"type", "expand"}, {"tile", "T99"}},
                                {{"type", "activate"}, {"cell", "z9"}},
                                {{"type", "die"}, {"color", "red"}, {"value", 3}},
                                {{"type", "retreat"}, {"space", 9}},
                                {{"type", "buy"}, {"resource", "gem"}},
                                {{"type", "dance"}},
                                {{"type", "value"}, {"value", 9}}};
  int refusals = 0;
  for (int round = 0; round < 60; ++round) {
    const auto acting = Rules::to_act(s);
    if (acting.empty()) break;
    const Seat seat = acting.front();
    for (Seat who = 0; who < s.num_seats; ++who)
      for (const Json& a : wrong) {
        State copy = s;
        auto r = Rules::apply(copy, who, a);
        if (r.ok()) continue;
        ++refusals;
        EXPECT_FALSE(r.error().message_fr.empty()) << r.error().rule << " " << a.dump();
        EXPECT_NE(r.error().message_fr, r.error().message) << r.error().rule;
      }
    const auto legal = Rules::legal_actions(s, seat);
    if (legal.empty()) break;
    act(s, seat, legal.front());
  }
  EXPECT_GT(refusals, 100);
}

}  // namespace
}  // namespace archipel::engine::santa_maria::testing
