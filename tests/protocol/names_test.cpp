// Nicknames: what is accepted, and which names count as the same one (issue 9, look-alikes).

#include <gtest/gtest.h>

#include "protocol/command_parser.hpp"

namespace archipel::protocol {
namespace {

TEST(Names, ValidNames) {
  EXPECT_TRUE(valid_name("Anna"));
  EXPECT_TRUE(valid_name("anna_b-2.0"));
  EXPECT_FALSE(valid_name(""));
  EXPECT_FALSE(valid_name("1234"));                     // only digits
  EXPECT_FALSE(valid_name("..."));                      // only punctuation
  EXPECT_FALSE(valid_name("-_."));
  EXPECT_FALSE(valid_name("bad name"));
  EXPECT_FALSE(valid_name("caf\xC3\xA9"));              // letters outside ASCII
  EXPECT_FALSE(valid_name(std::string(25, 'a')));
  EXPECT_FALSE(valid_name("random-bot-3"));             // shaped like a server bot
  EXPECT_FALSE(valid_name("Search-Bot-12"));
  EXPECT_TRUE(valid_name("robot-fan"));
  EXPECT_TRUE(valid_name("my-bot-x"));
}

TEST(Names, LookAlikesShareASkeleton) {
  EXPECT_EQ(name_skeleton("Victim"), name_skeleton("VICTIM"));
  EXPECT_EQ(name_skeleton("Victim"), name_skeleton("Vlctim"));
  EXPECT_EQ(name_skeleton("Victim"), name_skeleton("V1ctim"));
  EXPECT_EQ(name_skeleton("Victim"), name_skeleton("Victim."));
  EXPECT_EQ(name_skeleton("Victim"), name_skeleton("Vic_tim"));
  EXPECT_EQ(name_skeleton("Bob"), name_skeleton("B0b"));
  EXPECT_NE(name_skeleton("Victim"), name_skeleton("Victor"));
  EXPECT_NE(name_skeleton("Anna"), name_skeleton("Anne"));
}

}  // namespace
}  // namespace archipel::protocol
