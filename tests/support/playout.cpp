#include "tests/support/playout.hpp"

#include <algorithm>
#include <set>
#include <unordered_set>

#include <gtest/gtest.h>

#include "engine/core/rng.hpp"

namespace archipel::testing {

using engine::Json;
using engine::Seat;
using engine::Viewer;

namespace {

// Every string value and object key in a view, collected once so each secret is one lookup.
void collect_strings(const Json& j, std::unordered_set<std::string>& out) {
  if (j.is_string()) {
    out.insert(j.get_ref<const std::string&>());
  } else if (j.is_array()) {
    for (const auto& item : j) collect_strings(item, out);
  } else if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      out.insert(key);
      collect_strings(value, out);
    }
  }
}

}  // namespace

bool contains_string(const Json& j, const std::string& token) {
  if (j.is_string()) return j.get_ref<const std::string&>() == token;
  if (j.is_array()) {
    for (const auto& item : j)
      if (contains_string(item, token)) return true;
  } else if (j.is_object()) {
    for (const auto& [key, value] : j.items())
      if (key == token || contains_string(value, token)) return true;
  }
  return false;
}

std::vector<engine::Options> option_variants(const engine::GameSpec& spec) {
  std::vector<engine::Options> out{engine::Options{}};
  for (const auto& option : spec.options)
    for (const auto& choice : option.choices)
      if (choice != option.default_value) out.push_back(engine::Options{{option.key, choice}});
  return out;
}

namespace {

std::string where(const PlayoutConfig& c, std::uint64_t seed, int step) {
  std::string opts;
  for (const auto& [k, v] : c.options) opts += " " + k + "=" + v;
  return c.game + " seats=" + std::to_string(c.seats) + opts + " seed=" + std::to_string(seed) +
         " step=" + std::to_string(step);
}

void check_state(const engine::Registry& registry, const PlayoutConfig& config, const engine::GameInstance& game,
                 std::uint64_t seed, int step) {
  const std::string at = where(config, seed, step);
  // Serialize -> parse -> serialize is byte-identical.
  const std::string bytes = game.to_json().dump();
  auto restored = registry.restore(config.game, Json::parse(bytes));
  ASSERT_TRUE(restored.ok()) << at << ": restore failed: " << restored.error().message;
  EXPECT_EQ(restored.value()->to_json().dump(), bytes) << at << ": round trip changed the state";

  // Who acts, and their legal moves.
  const auto acting = game.to_act();
  EXPECT_TRUE(std::is_sorted(acting.begin(), acting.end())) << at;
  EXPECT_EQ(game.outcome().has_value(), acting.empty()) << at << ": outcome must exist exactly when over";
  for (Seat seat = 0; seat < game.num_seats(); ++seat) {
    const bool acts = std::find(acting.begin(), acting.end(), seat) != acting.end();
    const auto moves = game.legal(seat);
    EXPECT_EQ(!moves.empty(), acts) << at << ": seat " << seat << " legal actions must be non-empty iff it acts";
    std::set<std::string> texts, actions;
    for (const auto& m : moves) {
      EXPECT_TRUE(m.action.is_object() && m.action.contains("type")) << at << ": action without type";
      EXPECT_TRUE(texts.insert(engine::normalize_move_text(m.text)).second)
          << at << ": duplicate text form '" << m.text << "'";
      EXPECT_TRUE(actions.insert(m.action.dump()).second) << at << ": duplicate action " << m.action.dump();
    }
  }

  // No view shows a secret to someone who may not know it, and every view fits a frame.
  const auto secrets = game.secrets();
  for (Seat viewer = -1; viewer < game.num_seats(); ++viewer) {
    const Json view = game.client_view(Viewer{viewer});
    EXPECT_LT(view.dump().size(), 64u * 1024u) << at << ": view over 64 KiB";
    std::unordered_set<std::string> strings;
    collect_strings(view, strings);
    for (const auto& secret : secrets) {
      if (secret.known_to && *secret.known_to == viewer) continue;
      EXPECT_FALSE(strings.count(secret.token))
          << at << ": view of " << (viewer < 0 ? std::string("spectator") : "seat " + std::to_string(viewer))
          << " leaks '" << secret.token << "'";
    }
  }
}

// A rejected action must change nothing: out-of-turn, unknown type, and a legal action of another seat.
void check_rejections(engine::GameInstance& game, const PlayoutConfig& config, std::uint64_t seed, int step) {
  const std::string at = where(config, seed, step);
  const std::string before = game.to_json().dump();
  const auto acting = game.to_act();
  for (Seat seat = 0; seat < game.num_seats(); ++seat) {
    if (std::find(acting.begin(), acting.end(), seat) != acting.end()) {
      auto r = game.apply(seat, Json{{"type", "no-such-action"}});
      EXPECT_FALSE(r.ok()) << at << ": nonsense action accepted";
      r = game.apply(seat, Json::array());
      EXPECT_FALSE(r.ok()) << at << ": non-object action accepted";
    } else if (!acting.empty()) {
      auto moves = game.legal(acting.front());
      auto r = game.apply(seat, moves.front().action);
      EXPECT_FALSE(r.ok()) << at << ": seat " << seat << " acted out of turn";
      if (!r.ok()) {
        EXPECT_EQ(r.error().rule, "not_your_turn") << at;
      }
    }
  }
  EXPECT_EQ(game.to_json().dump(), before) << at << ": a rejected action changed the state";
}

}  // namespace

PlayoutResult run_playout(const engine::Registry& registry, const PlayoutConfig& config, std::uint64_t seed,
                          const InvariantHook& hook) {
  PlayoutResult result;
  auto created = registry.create(config.game, config.seats, config.options, seed);
  if (!created.ok()) {
    ADD_FAILURE() << where(config, seed, 0) << ": setup failed: " << created.error().message;
    return result;
  }
  auto& game = *created.value();
  engine::Rng chooser(seed ^ 0x5eed5eed5eedULL);
  for (int step = 0;; ++step) {
    if (config.full_checks) check_state(registry, config, game, seed, step);
    if (::testing::Test::HasFatalFailure()) return result;
    if (game.over()) break;
    if (step >= config.max_steps) {
      ADD_FAILURE() << where(config, seed, step) << ": game did not end";
      return result;
    }
    if (config.full_checks && step % 7 == 0) check_rejections(game, config, seed, step);
    const auto acting = game.to_act();
    const Seat seat = acting[chooser.below(acting.size())];
    const auto moves = game.legal(seat);
    if (moves.empty()) {
      ADD_FAILURE() << where(config, seed, step) << ": seat " << seat << " must act but has no legal move";
      return result;
    }
    const auto& move = moves[chooser.below(moves.size())];
    // The chat form names exactly this action.
    auto parsed = game.parse_text(seat, move.text);
    EXPECT_TRUE(parsed.ok() && parsed.value() == move.action)
        << where(config, seed, step) << ": '/play " << move.text << "' does not parse back to its action";
    auto applied = game.apply(seat, move.action);
    if (!applied.ok()) {
      ADD_FAILURE() << where(config, seed, step) << ": legal action " << move.action.dump()
                    << " rejected: " << applied.error().message;
      return result;
    }
    result.log.emplace_back(seat, move.action);
    for (const auto& event : applied.value()) {
      EXPECT_TRUE(event.is_object() && event.contains("type")) << where(config, seed, step) << ": event without type";
      std::vector<std::string> names;
      for (int i = 0; i < game.num_seats(); ++i) names.push_back("P" + std::to_string(i));
      EXPECT_FALSE(game.describe(event, names).empty()) << where(config, seed, step);
    }
    if (hook) hook(game, applied.value());
    result.steps = step + 1;
  }
  result.ended = true;
  auto outcome = game.outcome();
  if (outcome) {
    EXPECT_EQ(static_cast<int>(outcome->scores.size()), game.num_seats());
    auto ranking = outcome->ranking;
    std::sort(ranking.begin(), ranking.end());
    for (int i = 0; i < game.num_seats(); ++i)
      EXPECT_EQ(ranking.at(i), i) << where(config, seed, result.steps) << ": ranking is not a permutation";
  }
  result.final_state = game.to_json().dump();
  return result;
}

std::string replay(const engine::Registry& registry, const PlayoutConfig& config, std::uint64_t seed,
                   const std::vector<std::pair<Seat, Json>>& log) {
  auto created = registry.create(config.game, config.seats, config.options, seed);
  if (!created.ok()) {
    ADD_FAILURE() << "replay setup failed: " << created.error().message;
    return "";
  }
  for (const auto& [seat, action] : log) {
    auto applied = created.value()->apply(seat, action);
    if (!applied.ok()) {
      ADD_FAILURE() << "replay rejected " << action.dump() << ": " << applied.error().message;
      return "";
    }
  }
  return created.value()->to_json().dump();
}

}  // namespace archipel::testing
