// Nicknames: what is accepted, and which names count as the same one (issue 9, look-alikes).

#include <gtest/gtest.h>

#include "protocol/command_parser.hpp"

namespace archipel::protocol {
namespace {

TEST(Names, ValidNames) {
  EXPECT_TRUE(valid_name("Anna"));
  EXPECT_TRUE(valid_name("anna_b-2.0"));
  EXPECT_FALSE(valid_name(""));
  EXPECT_FALSE(valid_name("1234"));  // only digits
  EXPECT_FALSE(valid_name("..."));   // only punctuation
  EXPECT_FALSE(valid_name("-_."));
  EXPECT_FALSE(valid_name("bad name"));
  EXPECT_FALSE(valid_name("caf\xC3\xA9"));  // letters outside ASCII
  EXPECT_FALSE(valid_name(std::string(25, 'a')));
  EXPECT_FALSE(valid_name("random-bot-3"));  // shaped like a server bot
  EXPECT_FALSE(valid_name("Search-Bot-12"));
  EXPECT_FALSE(valid_name("random_bot_3"));  // the same with other separators
  EXPECT_FALSE(valid_name("greedy.bot7"));
  EXPECT_FALSE(valid_name("search-bot-0"));
  EXPECT_FALSE(valid_name("!!!"));              // punctuation outside the name's alphabet
  EXPECT_FALSE(valid_name("Ann\xE2\x80\xAE"));  // a bidirectional control (U+202E)
  EXPECT_FALSE(
      valid_name("\xE2\x81\xA6"
                 "Ann"));                       // U+2066
  EXPECT_FALSE(valid_name("Ann\xE2\x80\x8F"));  // U+200F
  EXPECT_TRUE(valid_name("robot-fan"));
  EXPECT_TRUE(valid_name("bot-fan"));
  EXPECT_TRUE(valid_name("Abbot"));
  EXPECT_TRUE(valid_name("my-bot-x"));
}

TEST(Names, LookAlikesShareASkeleton) {
  EXPECT_EQ(name_skeleton("Victim"), name_skeleton("VICTIM"));
  EXPECT_EQ(name_skeleton("Victim"), name_skeleton("Vlctim"));
  EXPECT_EQ(name_skeleton("Victim"), name_skeleton("V1ctim"));
  EXPECT_EQ(name_skeleton("Victim"), name_skeleton("Victim."));
  EXPECT_EQ(name_skeleton("Victim"), name_skeleton("Vic_tim"));
  EXPECT_EQ(name_skeleton("Bob"), name_skeleton("B0b"));
  EXPECT_EQ(name_skeleton("Kim"), name_skeleton("Kirn"));  // rn reads as m
  EXPECT_EQ(name_skeleton("Mo"), name_skeleton("rn0"));
  EXPECT_EQ(name_skeleton("Ann"), name_skeleton("-Ann-"));  // leading and trailing punctuation
  EXPECT_EQ(name_skeleton("Ann"), name_skeleton("..Ann"));
  EXPECT_EQ(name_skeleton("Lola"), name_skeleton("IOla"));  // capital I and l, capital O and 0
  EXPECT_NE(name_skeleton("Victim"), name_skeleton("Victor"));
  EXPECT_NE(name_skeleton("Kim"), name_skeleton("Kin"));
  EXPECT_NE(name_skeleton("Anna"), name_skeleton("Anne"));
}

}  // namespace
}  // namespace archipel::protocol
