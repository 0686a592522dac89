// The component data is data: every item of components.json has a status (confirmed or proposed,
// citing its source); the docks' bonuses, the retreat spaces' actions and the missionary camps'
// rewards reach static_data as written in the file (the renderer labels the board from them), and
// the rules give what the file says. The expected values are read from the JSON text itself, so a
// correction of the data is a one-line change that these tests follow.

#include "engine/santa_maria/santa_maria.hpp"
#include "tests/engine/santa_maria/position.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace archipel::engine::santa_maria::testing {
namespace {

const Json& file() {
  static const Json j = Json::parse(components_json_text());
  return j;
}

bool sourced(const std::string& status) {
  return status.rfind("confirmed", 0) == 0 || status.rfind("proposed", 0) == 0;
}

TEST(SantaMariaComponentData, EveryItemHasASourcedStatus) {
  int items = 0;
  for (const char* list : {"boards", "doubles", "triples", "town_halls", "starting_ships", "docks",
                           "retreat_spaces", "camps", "scholars", "bishops"})
    for (const Json& item : file().at(list)) {
      ASSERT_TRUE(item.contains("status")) << list << ": " << item.dump();
      const std::string status = item.at("status").get<std::string>();
      EXPECT_TRUE(sourced(status)) << list << ": " << status;
      EXPECT_NE(status.find('('), std::string::npos) << list << ": cites no source: " << status;
      ++items;
    }
  EXPECT_EQ(items, 5 + 15 + 15 + 4 + 4 + 4 + 5 + 4 + 10 + 6);
}

TEST(SantaMariaComponentData, StaticDataCarriesDocksRetreatSpacesAndCamps) {
  const Json st = Rules::static_data(setup_game(2));
  const Json& docks = file().at("docks");
  ASSERT_EQ(st.at("dock_bonuses").size(), docks.size());
  for (std::size_t d = 0; d < docks.size(); ++d) {
    const std::string name = docks[d].at("name");
    EXPECT_EQ(st.at("docks")[d], name);  // the board's order, top to bottom
    EXPECT_EQ(st.at("dock_bonuses").at(name).at("effect"), docks[d].at("effect"));
    EXPECT_EQ(st.at("dock_bonuses").at(name).at("status"), docks[d].at("status"));
  }
  const Json& spaces = file().at("retreat_spaces");
  ASSERT_EQ(st.at("retreat_spaces").size(), 5u);
  for (std::size_t r = 0; r < spaces.size(); ++r) {
    EXPECT_EQ(st.at("retreat_spaces")[r].at("effect"), spaces[r].at("effect"));
    EXPECT_EQ(st.at("retreat_spaces")[r].at("status"), spaces[r].at("status"));
  }
  const Json& camps = file().at("camps");
  ASSERT_EQ(st.at("camps").size(), 4u);
  for (const Json& camp : camps) {
    const std::string name = camp.at("name");
    EXPECT_EQ(st.at("camps").at(name).at("reward"), camp.at("reward"));
    EXPECT_EQ(st.at("camps").at(name).at("status"), camp.at("status"));
  }
}

// "+2c" -> 2: the coins of a simple effect code (the tests read the figure from the file).
int coins_of(const Json& code) {
  const std::string text = code.get<std::string>();
  EXPECT_EQ(text.front(), '+');
  EXPECT_EQ(text.back(), 'c');
  return std::stoi(text.substr(1, text.size() - 2));
}

TEST(SantaMariaComponentData, RetreatSpaceAndDockGiveTheirData) {
  const Json& spaces = file().at("retreat_spaces");
  const Json& docks = file().at("docks");
  ASSERT_EQ(spaces[0].at("effect"), docks[0].at("effect")) << "both give coins in this test";
  State s = blank_game(2);
  s.players[0].port[0].push_back(0);  // one ship at the top dock
  s.players[0].port[0].push_back(1);  // and another
  const int before = s.players[0].coins;
  act(s, 0, {{"type", "retreat"}, {"space", 1}});
  EXPECT_EQ(s.players[0].coins,
            before + coins_of(spaces[0].at("effect")) + 2 * coins_of(docks[0].at("effect")));
}

TEST(SantaMariaComponentData, EachCampGivesItsReward) {
  const Json& codes = file().at("resources").at("codes");
  for (const Json& camp : file().at("camps")) {
    const std::string name = camp.at("name");
    // What the file says, token by token: "+3vp", "+2c", "+Au".
    int points = 0, coins = 0;
    std::array<int, kResources> gains{};
    std::istringstream words(camp.at("reward").get<std::string>());
    for (std::string w; words >> w;) {
      ASSERT_EQ(w.front(), '+') << w;
      if (w.size() > 3 && w.substr(w.size() - 2) == "vp")
        points += std::stoi(w.substr(1, w.size() - 3));
      else if (w.back() == 'c' && std::isdigit(static_cast<unsigned char>(w[1])))
        coins += std::stoi(w.substr(1, w.size() - 2));
      else
        for (int r = 0; r < kResources; ++r)
          if (codes[r] == w.substr(1)) ++gains[r];
    }
    State s = blank_game(2);
    lay(s, 0, "a1", "CTY REL");
    s.players[0].religion = components().monk_symbols[0] - 1;  // one step before the first monk
    const PlayerState before = s.players[0];
    act(s, 0, {{"type", "activate"}, {"cell", "a1"}});  // no grain: one step, onto the symbol
    act(s, 0, {{"type", "monk"}, {"space", name}});
    const PlayerState& p = s.players[0];
    EXPECT_EQ(p.points, before.points + points) << name;
    EXPECT_EQ(p.coins, before.coins - 1 + coins) << name;  // the activation's coin
    for (int r = 0; r < kResources; ++r)
      EXPECT_EQ(p.res[r], before.res[r] + gains[r]) << name << " " << r;
  }
}

}  // namespace
}  // namespace archipel::engine::santa_maria::testing
