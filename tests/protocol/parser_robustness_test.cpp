// Random and mutated inputs into both parsers (bounded and deterministic, so it runs in every CI
// run): neither may throw or crash, and every refusal carries a code and a message.

#include <gtest/gtest.h>

#include "engine/core/rng.hpp"
#include "protocol/command_parser.hpp"
#include "protocol/messages.hpp"

namespace archipel::protocol {
namespace {

const std::vector<std::string> kSeeds = {
    R"({"type":"hello","name":"Anna"})",
    R"({"type":"hello","token":"abc"})",
    R"({"type":"chat","text":"/join 3 2"})",
    R"({"type":"action","room":3,"action":{"type":"build","site":"C04"}})",
    R"({"type":"sync","room":"12"})",
    "/create santa-cruz rules=table",
    "/play double road",
    "/help join",
    "/kick Bruno",
    "/option target=6",
    "//x",
    "plain chat"};

std::string mutate(std::string s, engine::Rng& rng) {
  const int edits = 1 + static_cast<int>(rng.below(6));
  for (int i = 0; i < edits; ++i) {
    const auto kind = rng.below(4);
    const std::size_t pos = s.empty() ? 0 : rng.below(s.size());
    if (kind == 0 && !s.empty())
      s.erase(pos, 1 + rng.below(4));
    else if (kind == 1)
      s.insert(pos, 1, static_cast<char>(rng.below(256)));
    else if (kind == 2 && !s.empty())
      s[pos] = static_cast<char>(rng.below(256));
    else
      s.insert(pos, std::string("{}[]\":,/=\\ 0-9e").substr(rng.below(16), 1 + rng.below(3)));
  }
  return s;
}

TEST(ParserRobustness, MutatedInputsNeverThrow) {
  engine::Rng rng(2024);
  int refused = 0;
  for (int i = 0; i < 20000; ++i) {
    const std::string input = mutate(kSeeds[rng.below(kSeeds.size())], rng);
    Result<ClientMessage> m = make_error(ErrorCode::bad_json, "unset");
    ASSERT_NO_THROW(m = parse_client_message(input)) << input;
    if (!m.ok()) {
      ++refused;
      EXPECT_FALSE(m.error().rule.empty());
      EXPECT_FALSE(m.error().message.empty());
    }
    Result<Command> c = make_error(ErrorCode::bad_json, "unset");
    ASSERT_NO_THROW(c = parse_command(input)) << input;
    if (!c.ok()) {
      EXPECT_FALSE(c.error().message.empty());
    }
  }
  EXPECT_GT(refused, 1000);  // the mutations do produce bad input
}

TEST(ParserRobustness, DeepNestingAndHugeNumbersAreRefusedCleanly) {
  std::string deep(100000, '[');
  EXPECT_FALSE(parse_client_message(deep).ok());
  EXPECT_FALSE(parse_client_message(R"({"type":"sync","room":1e400})").ok());
  EXPECT_FALSE(parse_client_message(R"({"type":"sync","room":99999999999999999999999})").ok());
  EXPECT_FALSE(parse_command("/join 99999999999999999999").ok());
}

}  // namespace
}  // namespace archipel::protocol
