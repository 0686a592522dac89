#include "protocol/text.hpp"

#include <string>

#include <gtest/gtest.h>

namespace archipel::protocol {
namespace {

TEST(Utf8Prefix, NeverEndsInsideACharacter) {
  const std::string text = "ab\xC3\xA9" "c\xE2\x82\xAC" "d\xF0\x9F\x8E\xB2";  // a b é c € d 🎲
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    const auto prefix = utf8_prefix(text, cut);
    EXPECT_LE(prefix.size(), cut);
    EXPECT_NO_THROW((void)nlohmann::json(std::string(prefix)).dump()) << "cut at " << cut;
  }
  EXPECT_EQ(utf8_prefix(text, 3), "ab");
  EXPECT_EQ(utf8_prefix(text, 4), "ab\xC3\xA9");
  EXPECT_EQ(utf8_prefix(text, 7), "ab\xC3\xA9" "c");
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

TEST(JsonNestingDepth, CountsArraysAndObjectsOutsideStrings) {
  EXPECT_EQ(json_nesting_depth(R"({"a":1})", 10), 1u);
  EXPECT_EQ(json_nesting_depth(R"({"a":[{"b":[]}]})", 10), 4u);
  EXPECT_EQ(json_nesting_depth(R"({"a":"[[[[{{{{"})", 10), 1u);
  EXPECT_EQ(json_nesting_depth(R"({"a":"\"[[[[["})", 10), 1u);  // an escaped quote does not end the string
  EXPECT_EQ(json_nesting_depth(std::string(1000, '['), 32), 33u);  // stops early past the limit
  EXPECT_EQ(json_nesting_depth("", 32), 0u);
}

}  // namespace
}  // namespace archipel::protocol
