// The game as a whole: spec and components, full games through GameInstance, views and hidden
// information, the state JSON, the outcome and its tie-breaks, and the chat texts.

#include "engine/santa_cruz/santa_cruz.hpp"

#include <gtest/gtest.h>

#include "engine/core/client_views.hpp"
#include "engine/core/registry.hpp"
#include "engine/core/rng.hpp"
#include "tests/engine/santa_cruz/position.hpp"
#include "tests/support/playout.hpp"

namespace archipel::testing::santa_cruz {
namespace {

using engine::Viewer;
using sc::Variant;

bool mentions(const Json& view, const std::string& word) {
  return view.dump().find(word) != std::string::npos;
}

TEST(SantaCruzSpec, RegisteredWithRulesAndSetsOptions) {
  const auto* entry = engine::default_registry().find("santa-cruz");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->spec->title, "Santa Cruz");
  EXPECT_EQ(entry->spec->min_players, 2);
  EXPECT_EQ(entry->spec->max_players, 4);
  ASSERT_EQ(entry->spec->options.size(), 2u);
  EXPECT_EQ(entry->spec->options[0].key, "rules");
  EXPECT_EQ(entry->spec->options[0].default_value, "online");
  EXPECT_EQ(entry->spec->options[0].choices, (std::vector<std::string>{"online", "table"}));
  EXPECT_EQ(entry->spec->options[1].key, "sets");
  EXPECT_EQ(entry->spec->options[1].default_value, "choose");
  EXPECT_EQ(entry->spec->options[1].choices, (std::vector<std::string>{"choose", "random"}));
  EXPECT_FALSE(engine::default_registry().create("santa-cruz", 5, {}, 1).ok());
  EXPECT_FALSE(engine::default_registry().create("santa-cruz", 2, {{"rules", "house"}}, 1).ok());
  EXPECT_FALSE(engine::default_registry().create("santa-cruz", 2, {{"sets", "house"}}, 1).ok());
}

TEST(SantaCruzComponents, CountsMatchTheRuleBooks) {
  const auto& c = sc::components();
  EXPECT_EQ(c.sites.size(), 49u);
  EXPECT_EQ(c.tiles.size(), 54u);
  EXPECT_EQ(c.score_cards.size(), 16u);
  EXPECT_EQ(c.sets.size(), 4u);
  EXPECT_EQ(c.rivers.size(), 3u);
  int roads = 0, chips = 0;
  for (const auto& site : c.sites) roads += static_cast<int>(site.roads.size());
  EXPECT_EQ(roads / 2, 62);
  for (const auto& b : c.birds) chips += b.count;
  EXPECT_EQ(chips, 22);
  EXPECT_EQ(c.buildings, (std::array<int, 3>{8, 3, 2}));
  EXPECT_EQ(c.score_cards_per_player[2], 4);
  EXPECT_EQ(c.score_cards_per_player[3], 3);
  EXPECT_EQ(c.score_cards_per_player[4], 2);
  EXPECT_EQ(c.start_compensation, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_NE(sc::components_json_text().find("\"TC01\""), std::string_view::npos);
}

TEST(SantaCruzSetup, DealsTilesByKindAndCards) {
  for (int seats = 2; seats <= 4; ++seats) {
    auto s = sc::Rules::setup(seats, {{"rules", "online"}}, 99).value();
    const auto& c = sc::components();
    for (std::size_t i = 0; i < c.sites.size(); ++i) {
      EXPECT_EQ(c.tiles[s.sites[i].tile].kind, c.sites[i].kind);
      EXPECT_EQ(s.sites[i].revealed, c.sites[i].kind == sc::SiteKind::coast);
    }
    EXPECT_EQ(s.unused_tiles.size(), 5u);
    for (const auto& p : s.players)
      EXPECT_EQ(static_cast<int>(p.hand.size()), c.score_cards_per_player[seats]);
    EXPECT_EQ(static_cast<int>(s.score_pile.size()), 16 - seats * c.score_cards_per_player[seats]);
    EXPECT_EQ(s.bird_pile.size(), 22u);
  }
}

TEST(SantaCruzGame, FullGamesEndWithAnOutcome) {
  for (int seats = 2; seats <= 4; ++seats)
    for (const char* rules : {"online", "table"}) {
      auto game =
          engine::default_registry().create("santa-cruz", seats, {{"rules", rules}}, 5).value();
      engine::Rng chooser(11);
      int steps = 0;
      while (!game->over() && steps < 1000) {
        auto acting = game->to_act();
        const Seat seat = acting[chooser.below(acting.size())];
        auto moves = game->legal(seat);
        ASSERT_TRUE(game->apply(seat, moves[chooser.below(moves.size())].action).ok());
        ++steps;
      }
      ASSERT_TRUE(game->over());
      auto out = game->outcome();
      ASSERT_TRUE(out.has_value());
      EXPECT_EQ(static_cast<int>(out->ranking.size()), seats);
      EXPECT_GE(out->scores[out->ranking.front()], out->scores[out->ranking.back()]);
      const Json view = engine::client_view(*game, Viewer::spectator());
      EXPECT_EQ(view.at("phase"), "over");
      EXPECT_EQ(view.at("final").at("birds").size(), static_cast<std::size_t>(seats));
    }
}

TEST(SantaCruzViews, HandsSpeciesAndFaceDownTilesStayHidden) {
  auto s = play_position(3);
  give_birds(s, 0, {"macaw"});
  put_tile(s, "L05", "TL04", false);  // church, 5: face down
  const Json spectator = sc::Rules::view(s, Viewer::spectator());
  const Json mine = sc::Rules::view(s, Viewer::of(0));
  const Json theirs = sc::Rules::view(s, Viewer::of(1));
  EXPECT_EQ(spectator.at("board").at("L05"), "land face_down");
  EXPECT_FALSE(spectator.contains("you"));
  EXPECT_EQ(mine.at("you").at("birds"), Json::array({"macaw"}));
  EXPECT_FALSE(mentions(theirs, "macaw"));
  EXPECT_FALSE(mentions(spectator, "macaw"));
  EXPECT_EQ(theirs.at("players").at(0).at("birds"), 1);
  EXPECT_FALSE(mentions(spectator, "TL04"));
  for (int card : s.players[0].hand) {
    const std::string id = sc::components().score_cards[card].id;
    EXPECT_TRUE(mentions(mine, id));
    EXPECT_FALSE(mentions(theirs, id));
    EXPECT_FALSE(mentions(spectator, id));
  }
  EXPECT_EQ(theirs.at("players").at(0).at("score_cards_left"), s.players[0].hand.size());
}

TEST(SantaCruzViews, SecretsListEveryHiddenToken) {
  auto s = play_position(2);
  s.players[1].discarded.push_back(s.score_pile.back());
  s.score_pile.pop_back();
  const auto secrets = sc::Rules::secrets(s);
  // "-2": not a secret; "-1": known to nobody; otherwise the seat that knows it.
  auto known_to = [&](const std::string& token) {
    for (const auto& sec : secrets)
      if (sec.token == token) return sec.known_to ? *sec.known_to : -1;
    return -2;
  };
  const auto& c = sc::components();
  for (int t : s.unused_tiles) EXPECT_EQ(known_to(c.tiles[t].id), -1);
  EXPECT_EQ(known_to(c.tiles[s.sites[site_of("L05")].tile].id), -1);
  EXPECT_EQ(known_to(c.tiles[s.sites[site_of("C05")].tile].id), -2);  // coast: face up
  EXPECT_EQ(known_to(c.score_cards[s.players[0].hand[0]].id), 0);
  EXPECT_EQ(known_to(c.score_cards[s.players[1].discarded[0]].id), 1);
  EXPECT_EQ(known_to(c.score_cards[s.score_pile[0]].id), -1);
}

TEST(SantaCruzViews, TablePilesShowTheirScoreCardsUntilTaken) {
  auto s = play_position(2, Variant::table);
  for (Seat seat = 0; seat < 2; ++seat) set_cards(s, seat, {0, 0, 0, 0});
  set_hand(s, 0, {});
  set_hand(s, 1, {"SC05"});
  set_turn(s, 1);
  act(s, 1, score("buildings"));
  ASSERT_EQ(s.phase, sc::Phase::choose_pile);
  const Json view = sc::Rules::view(s, Viewer::spectator());
  ASSERT_EQ(view.at("piles").size(), 2u);
  EXPECT_EQ(view.at("piles").at(1).at("score_cards").at(0).at("id"), "SC05");
  EXPECT_EQ(view.at("piles").at(1).at("score_cards").at(0).at("name"), "buildings");
}

TEST(SantaCruzViews, StaticDataDrawsTheWholeBoardFromTheComponents) {
  auto s = play_position(2);
  const Json data = sc::Rules::static_data(s);
  EXPECT_EQ(data.at("map").at("sites").size(), 49u);
  EXPECT_EQ(data.at("map").at("roads").size(), 62u);
  EXPECT_EQ(data.at("map").at("rivers").size(), 10u);
  EXPECT_EQ(data.at("catalog").at("sets").at("B"), Json::array({1, 1, 4, 1}));
  EXPECT_EQ(data.at("catalog").at("score_cards").at("birds").at("value_by_rules").at("table"), 2);
  EXPECT_FALSE(sc::Rules::view(s, Viewer::spectator()).contains("map"))
      << "static data belongs outside views";
}

TEST(SantaCruzViews, EveryViewStaysSmall) {
  for (int seats = 2; seats <= 4; ++seats) {
    auto game = engine::default_registry().create("santa-cruz", seats, {}, 8).value();
    engine::Rng chooser(3);
    std::size_t largest = 0;
    while (!game->over()) {
      for (Seat v = -1; v < seats; ++v)
        largest = std::max(largest, engine::client_view(*game, Viewer{v}).dump().size());
      auto acting = game->to_act();
      const Seat seat = acting[chooser.below(acting.size())];
      auto moves = game->legal(seat);
      game->apply(seat, moves[chooser.below(moves.size())].action);
    }
    EXPECT_LT(largest, 8u * 1024u) << seats << " players";
  }
}

TEST(SantaCruzState, RoundTripIsByteIdentical) {
  auto s = play_position(4, Variant::table);
  put_building(s, 2, "C04");
  put_building(s, 3, "C04");
  give_birds(s, 1, {"tern", "macaw"});
  s.double_kind = 2;
  s.double_left = 1;
  const Json j = sc::Rules::to_json(s);
  auto back = sc::Rules::from_json(j);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(sc::Rules::to_json(back.value()).dump(), j.dump());
  EXPECT_EQ(back.value().rng, s.rng);
}

TEST(SantaCruzState, FromJsonRejectsBrokenStatesWithoutThrowing) {
  const Json good = sc::Rules::to_json(play_position(3));
  auto broken = [&](auto&& edit) {
    Json j = good;
    edit(j);
    auto r = sc::Rules::from_json(j);
    EXPECT_FALSE(r.ok()) << j.dump().substr(0, 80);
    if (!r.ok()) {
      EXPECT_EQ(r.error().rule, "bad_state");
    }
  };
  broken([](Json& j) { j = Json::array(); });
  broken([](Json& j) { j["game"] = "costa-ruana"; });
  broken([](Json& j) { j["num_seats"] = 5; });
  broken([](Json& j) { j["num_seats"] = "3"; });
  broken([](Json& j) { j["rng"] = Json::array({"0", "0", "0", "0"}); });
  broken([](Json& j) { j.erase("players"); });
  broken([](Json& j) { j["sites"][0] = j["sites"][1]; });  // a tile twice
  broken([](Json& j) { j["sites"][0] = "TL01*"; });        // a land tile on a coast site
  broken([](Json& j) { j["sites"][0] = "TC01*7"; });       // a seat out of range
  broken([](Json& j) { j["players"][0]["hand"] = Json::array({"SC99"}); });
  broken([](Json& j) { j["players"][0]["hand"] = j["players"][1]["hand"]; });  // a card twice
  broken([](Json& j) { j["players"][0]["birds"] = "9"; });
  broken([](Json& j) { j["players"][0]["supply"] = Json::array({8, 3}); });
  broken([](Json& j) { j["order"] = Json::array({0, 0, 1}); });
  broken([](Json& j) { j["turn"] = 3; });
  broken([](Json& j) { j["phase"] = "dancing"; });
  broken([](Json& j) { j["double_kind"] = "double"; });
  broken([](Json& j) { j["double_left"] = 1; });
  EXPECT_TRUE(sc::Rules::from_json(good).ok());
}

TEST(SantaCruzOutcome, TableTieGoesToTheEarlierArrival) {
  auto s = play_position(3, Variant::table);
  s.phase = sc::Phase::over;
  set_score(s, 2, 40);
  set_score(s, 0, 40);
  set_score(s, 1, 30);
  auto out = sc::Rules::outcome(s);
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(out->ranking, (std::vector<Seat>{2, 0, 1}));
  EXPECT_EQ(sc::Rules::view(s, Viewer::spectator()).at("final").at("places"),
            Json::array({2, 3, 1}));
}

TEST(SantaCruzOutcome, OnlineTieIsShared) {
  auto s = play_position(3, Variant::online);
  s.phase = sc::Phase::over;
  set_score(s, 2, 40);
  set_score(s, 0, 40);
  set_score(s, 1, 30);
  auto out = sc::Rules::outcome(s);
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(out->ranking, (std::vector<Seat>{0, 2, 1}));  // equal scores listed by seat
  EXPECT_EQ(sc::Rules::view(s, Viewer::spectator()).at("final").at("places"),
            Json::array({1, 3, 1}));
}

TEST(SantaCruzText, ActionTextsAreShortAndParseBack) {
  auto s = play_position(2);
  EXPECT_EQ(sc::Rules::action_text(s, 0, Json{{"type", "choose_set"}, {"set", "B"}}), "set B");
  EXPECT_EQ(sc::Rules::action_text(s, 0, land("C04")), "land C04");
  EXPECT_EQ(sc::Rules::action_text(s, 0, build("ship", "C04")), "ship C04");
  EXPECT_EQ(sc::Rules::action_text(s, 0, Json{{"type", "double"}, {"kind", "road"}}),
            "double road");
  EXPECT_EQ(sc::Rules::action_text(s, 0, Json{{"type", "play"}, {"card", "river"}}), "river");
  EXPECT_EQ(sc::Rules::action_text(s, 0, Json{{"type", "pass"}}), "pass");
  EXPECT_EQ(sc::Rules::action_text(s, 0, score("fish")), "score fish");
  EXPECT_EQ(sc::Rules::action_text(s, 0, Json{{"type", "choose_pile"}, {"set", "A"}}), "pile A");
  EXPECT_EQ(sc::Rules::action_text(s, 0, Json{{"type", "discard"}, {"card", "SC04"}}),
            "discard wood-sugar");
  EXPECT_EQ(sc::Rules::action_text(s, 0, Json{{"type", 5}}), "?");

  auto game = engine::default_registry().create("santa-cruz", 2, {}, 4).value();
  auto set = game->parse_text(1, "  SET   c ");
  ASSERT_TRUE(set.ok());
  EXPECT_EQ(set.value(), (Json{{"type", "choose_set"}, {"set", "C"}}));
}

TEST(SantaCruzText, DescribeGivesOneLinePerEvent) {
  const std::vector<std::string> names{"Anna", "Bruno"};
  EXPECT_EQ(sc::Rules::describe(Json{{"type", "build"},
                                     {"seat", 1},
                                     {"site", "L14"},
                                     {"building", "church"},
                                     {"points", 4},
                                     {"card", "river"},
                                     {"bird", "drawn"}},
                                names)
                .en,
            "Bruno builds a church on L14 (+4, draws a bird)");
  EXPECT_EQ(sc::Rules::describe(Json{{"type", "reveal"},
                                     {"site", "L14"},
                                     {"building", "house"},
                                     {"points", 3},
                                     {"resource", "sugar"}},
                                names)
                .en,
            "Tile L14 revealed: house, 3 points, sugar");
  EXPECT_EQ(sc::Rules::describe(Json{{"type", "build"},
                                     {"seat", 0},
                                     {"site", "C04"},
                                     {"building", "lighthouse"},
                                     {"points", 3},
                                     {"card", "landing"}},
                                names)
                .en,
            "Anna lands with a lighthouse on C04 (+3)");
  EXPECT_EQ(sc::Rules::describe(Json{{"type", "discarded"}, {"seat", 0}}, names).en,
            "Anna discards a score card");
  EXPECT_EQ(sc::Rules::describe(
                Json{{"type", "game_over"}, {"scores", {50, 61}}, {"ranking", {1, 0}}}, names)
                .en,
            "Game over: Bruno 61, Anna 50");
  EXPECT_EQ(sc::Rules::describe(Json::array(), names).en, "?");
  EXPECT_EQ(sc::Rules::describe(Json{{"type", "score"}, {"seat", 7}, {"gains", 3}}, names).en,
            "seat 7 plays : nobody scores");
}

// Online the book names no tie-break: tied players share their place, and the outcome's places
// (which the server's "over" sends) and the final view's places are the same numbers.
TEST(SantaCruzOutcome, OnlineSharedPlacesAgreeInOutcomeAndView) {
  auto s = play_position(4, Variant::online);
  s.phase = sc::Phase::over;
  set_score(s, 3, 50);
  set_score(s, 1, 50);
  set_score(s, 0, 50);
  set_score(s, 2, 20);
  auto out = sc::Rules::outcome(s);
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(out->places, (std::vector<int>{1, 1, 4, 1}));
  EXPECT_EQ(out->ranking, (std::vector<Seat>{0, 1, 3, 2}));  // tied seats listed by seat
  EXPECT_EQ(sc::Rules::view(s, Viewer::spectator()).at("final").at("places"), Json(out->places));
}

// At the table every place differs: the marker that reached the score first is ahead.
TEST(SantaCruzOutcome, TablePlacesAllDifferByArrival) {
  auto s = play_position(4, Variant::table);
  s.phase = sc::Phase::over;
  set_score(s, 3, 50);
  set_score(s, 1, 50);
  set_score(s, 0, 50);
  set_score(s, 2, 20);
  auto out = sc::Rules::outcome(s);
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(out->ranking, (std::vector<Seat>{3, 1, 0, 2}));
  EXPECT_EQ(out->places, (std::vector<int>{3, 2, 4, 1}));
  EXPECT_EQ(sc::Rules::view(s, Viewer::spectator()).at("final").at("places"), Json(out->places));
}

}  // namespace
}  // namespace archipel::testing::santa_cruz
