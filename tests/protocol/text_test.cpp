#include "protocol/text.hpp"

#include <string>

#include <gtest/gtest.h>

namespace archipel::protocol {
namespace {

TEST(Utf8Prefix, NeverEndsInsideACharacter) {
  const std::string text =
      "ab\xC3\xA9"
      "c\xE2\x82\xAC"
      "d\xF0\x9F\x8E\xB2";  // a b é c € d 🎲
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    const auto prefix = utf8_prefix(text, cut);
    EXPECT_LE(prefix.size(), cut);
    EXPECT_NO_THROW((void)nlohmann::json(std::string(prefix)).dump()) << "cut at " << cut;
  }
  EXPECT_EQ(utf8_prefix(text, 3), "ab");
  EXPECT_EQ(utf8_prefix(text, 4), "ab\xC3\xA9");
  EXPECT_EQ(utf8_prefix(text, 7),
            "ab\xC3\xA9"
            "c");
  EXPECT_EQ(utf8_prefix(text, 100), text);
}

TEST(Excerpt, MarksWhatWasCut) {
  EXPECT_EQ(excerpt("short", 10), "short");
  EXPECT_EQ(excerpt("abcdef", 3), "abc\u2026");
}

TEST(Serialize, ReplacesInvalidUtf8InsteadOfThrowing) {
  const nlohmann::json message{{"text", std::string("bad \xC3 byte")}};
  EXPECT_THROW((void)message.dump(), nlohmann::json::exception);
  const std::string out = serialize(message);
  EXPECT_NE(out.find("\xEF\xBF\xBD"), std::string::npos);  // U+FFFD
}

TEST(BidiControls, EveryOneIsFoundAndTakenOut) {
  // U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C, in UTF-8.
  const char* controls[] = {"\xE2\x80\xAA", "\xE2\x80\xAB", "\xE2\x80\xAC", "\xE2\x80\xAD",
                            "\xE2\x80\xAE", "\xE2\x81\xA6", "\xE2\x81\xA7", "\xE2\x81\xA8",
                            "\xE2\x81\xA9", "\xE2\x80\x8E", "\xE2\x80\x8F", "\xD8\x9C"};
  for (const char* c : controls) {
    const std::string text = std::string("a") + c + "b";
    EXPECT_TRUE(has_bidi_controls(text)) << text;
    EXPECT_EQ(without_bidi_controls(text), "ab");
  }
  // Their neighbours are ordinary characters and stay: U+2029, U+202F, U+2065, U+206A, U+200D,
  // U+061B, and the euro sign (E2 82 AC), whose bytes end like U+202C's.
  for (const char* kept : {"\xE2\x80\xA9", "\xE2\x80\xAF", "\xE2\x81\xA5", "\xE2\x81\xAA",
                           "\xE2\x80\x8D", "\xD8\x9B", "\xE2\x82\xAC", "caf\xC3\xA9"}) {
    EXPECT_FALSE(has_bidi_controls(kept)) << kept;
    EXPECT_EQ(without_bidi_controls(kept), kept);
  }
  EXPECT_EQ(without_bidi_controls("\xE2\x80"), "\xE2\x80");  // a cut sequence is left as it is
}

TEST(JsonNestingDepth, CountsArraysAndObjectsOutsideStrings) {
  EXPECT_EQ(json_nesting_depth(R"({"a":1})", 10), 1u);
  EXPECT_EQ(json_nesting_depth(R"({"a":[{"b":[]}]})", 10), 4u);
  EXPECT_EQ(json_nesting_depth(R"({"a":"[[[[{{{{"})", 10), 1u);
  EXPECT_EQ(json_nesting_depth(R"({"a":"\"[[[[["})", 10),
            1u);  // an escaped quote does not end the string
  EXPECT_EQ(json_nesting_depth(std::string(1000, '['), 32), 33u);  // stops early past the limit
  EXPECT_EQ(json_nesting_depth("", 32), 0u);
}

}  // namespace
}  // namespace archipel::protocol
