#include "tests/support/playout.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <unordered_set>

#include <gtest/gtest.h>

#include "engine/core/client_views.hpp"
#include "engine/core/rng.hpp"
#include "engine/core/view_patch.hpp"

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

std::vector<std::string> log_line_problems(const std::string& en, const std::string& fr) {
  std::vector<std::string> problems;
  for (const auto& [lang, line] : {std::pair{"English", &en}, std::pair{"French", &fr}}) {
    const std::string quoted = std::string(lang) + " line '" + *line + "'";
    if (line->empty()) {
      problems.push_back(std::string(lang) + " line is empty");
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(line->front())) ||
        std::isspace(static_cast<unsigned char>(line->back())))
      problems.push_back(quoted + " starts or ends with white space");
    if (line->find("  ") != std::string::npos)
      problems.push_back(quoted + " has a doubled space (an empty field?)");
    for (const char* leftover : {"{", "}", "%s", "%d", "null"})
      if (line->find(leftover) != std::string::npos)
        problems.push_back(quoted + " holds '" + leftover + "', left of a template");
  }
  if (!en.empty() && en == fr)
    problems.push_back("the French line is the English one: '" + en + "'");
  return problems;
}

std::vector<std::string> breakdown_problems(const engine::Outcome& outcome, int num_seats) {
  std::vector<std::string> problems;
  const auto seats = static_cast<std::size_t>(num_seats);
  if (outcome.breakdown.size() != seats || outcome.scores.size() != seats)
    return {"the breakdown has " + std::to_string(outcome.breakdown.size()) + " seats, the game " +
            std::to_string(num_seats)};
  auto snake_case = [](const std::string& key) {
    auto lower_or_digit = [](char ch) {
      return std::islower(static_cast<unsigned char>(ch)) ||
             std::isdigit(static_cast<unsigned char>(ch));
    };
    return !key.empty() && std::islower(static_cast<unsigned char>(key.front())) &&
           key.back() != '_' && key.find("__") == std::string::npos &&
           std::all_of(key.begin(), key.end(),
                       [&](char ch) { return ch == '_' || lower_or_digit(ch); });
  };
  for (int seat = 0; seat < num_seats; ++seat) {
    const std::string who = "seat " + std::to_string(seat);
    int sum = 0;
    for (const auto& part : outcome.breakdown[seat]) {
      sum += part.points;
      if (!snake_case(part.source))
        problems.push_back(who + ": source '" + part.source + "' is not lower snake_case");
      if (part.label.en.empty() || part.label.fr.empty())
        problems.push_back(who + ": source '" + part.source +
                           "' lacks an English or a French label");
    }
    if (sum != outcome.scores[seat])
      problems.push_back(who + ": parts add up to " + std::to_string(sum) + ", the score is " +
                         std::to_string(outcome.scores[seat]));
  }
  return problems;
}

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
  if (!spec.option_sets_to_test.empty()) return spec.option_sets_to_test;
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

// `last_views[viewer + 1]` holds each viewer's view after the previous step (empty at the first):
// the patch the server would send from it (engine/core/view_patch.hpp) must give exactly the fresh
// view.
void check_state(const engine::Registry& registry, const PlayoutConfig& config,
                 const engine::GameInstance& game, std::uint64_t seed, int step,
                 std::vector<Json>& last_views) {
  const std::string at = where(config, seed, step);
  // Serialize -> parse -> serialize is byte-identical.
  const std::string bytes = game.to_json().dump();
  auto restored = registry.restore(config.game, Json::parse(bytes));
  ASSERT_TRUE(restored.ok()) << at << ": restore failed: " << restored.error().message;
  EXPECT_EQ(restored.value()->to_json().dump(), bytes) << at << ": round trip changed the state";

  // Who acts, and their legal moves.
  const auto acting = game.to_act();
  EXPECT_TRUE(std::is_sorted(acting.begin(), acting.end())) << at;
  EXPECT_EQ(game.outcome().has_value(), acting.empty())
      << at << ": outcome must exist exactly when over";
  for (Seat seat = 0; seat < game.num_seats(); ++seat) {
    const bool acts = std::find(acting.begin(), acting.end(), seat) != acting.end();
    const auto moves = game.legal(seat);
    EXPECT_EQ(!moves.empty(), acts)
        << at << ": seat " << seat << " legal actions must be non-empty iff it acts";
    std::set<std::string> texts, actions;
    for (const auto& m : moves) {
      EXPECT_TRUE(m.action.is_object() && m.action.contains("type"))
          << at << ": action without type";
      EXPECT_TRUE(texts.insert(engine::normalize_move_text(m.text)).second)
          << at << ": duplicate text form '" << m.text << "'";
      EXPECT_TRUE(actions.insert(m.action.dump()).second)
          << at << ": duplicate action " << m.action.dump();
    }
  }

  // The game's own invariants (pieces conserved, counts in range), where it declares them.
  for (const auto& problem : game.invariant_violations())
    ADD_FAILURE() << at << ": invariant: " << problem;

  // No view shows a secret to someone who may not know it, and every view fits a frame.
  const auto secrets = game.secrets();
  last_views.resize(static_cast<std::size_t>(game.num_seats()) + 1);
  const engine::ClientViews& parts = game.client_views();
  const Json public_part = parts.public_part();
  for (Seat viewer = -1; viewer < game.num_seats(); ++viewer) {
    Json view = engine::client_view(game, Viewer{viewer});
    // The two parts the server builds separately give the same view, and neither part overwrites
    // the other.
    const Json private_part = engine::private_client_view(game, Viewer{viewer});
    for (const auto& [key, value] : private_part.items())
      EXPECT_FALSE(public_part.contains(key))
          << at << ": '" << key << "' is in both parts of the view";
    EXPECT_EQ(engine::view_from_parts(public_part, private_part), view)
        << at << ": the public and private parts do not make the view of " << viewer;
    // The legal moves a room keeps as text are the view's, serialized byte for byte; the rest of
    // the private part is built without them.
    EXPECT_EQ(parts.legal_text(Viewer{viewer}),
              view[engine::kLegalKey].dump(-1, ' ', false, Json::error_handler_t::replace))
        << at << ": legal_text is not the legal moves serialized, viewer " << viewer;
    EXPECT_FALSE(parts.private_part(Viewer{viewer}).contains(engine::kLegalKey)) << at;
    EXPECT_LT(view.dump().size(), 64u * 1024u) << at << ": view over 64 KiB";
    Json& last = last_views[static_cast<std::size_t>(viewer + 1)];
    if (!last.is_null()) {
      const Json ops = engine::view_patch(last, view);
      EXPECT_EQ(last.patch(ops), view) << at << ": the patch does not give the view";
      // The text a room sends (PatchText, written without building the ops) is these ops
      // serialized.
      engine::PatchText text;
      engine::append_view_patch(text, std::string(), last, view);
      EXPECT_EQ(text.size(), ops.size()) << at;
      EXPECT_EQ(std::move(text).array(), ops.dump(-1, ' ', false, Json::error_handler_t::replace))
          << at << ": the patch written as text is not the patch serialized";
    }
    std::unordered_set<std::string> strings;
    collect_strings(view, strings);
    for (const auto& secret : secrets) {
      if (secret.known_to && *secret.known_to == viewer) continue;
      EXPECT_FALSE(strings.count(secret.token))
          << at << ": view of "
          << (viewer < 0 ? std::string("spectator") : "seat " + std::to_string(viewer))
          << " leaks '" << secret.token << "'";
    }
    last = std::move(view);
  }
}

// Changing what a viewer may not know (the game's scramble_hidden) leaves that viewer's view
// byte-identical. Returns how many viewers' scrambles changed the state (so a test can tell the
// check was not vacuous).
int check_scrambles(const engine::Registry& registry, const PlayoutConfig& config,
                    const engine::GameInstance& game, std::uint64_t seed, int step) {
  const std::string at = where(config, seed, step);
  const std::string bytes = game.to_json().dump();
  int changed = 0;
  for (Seat viewer = -1; viewer < game.num_seats(); ++viewer) {
    engine::Rng rng(seed * 31 + static_cast<std::uint64_t>(step) * 7 +
                    static_cast<std::uint64_t>(viewer + 1));
    auto scrambled = game.scrambled_for(Viewer{viewer}, rng);
    if (!scrambled) return 0;
    const std::string who =
        viewer < 0 ? std::string("spectator") : "seat " + std::to_string(viewer);
    EXPECT_EQ(engine::client_view(*scrambled, Viewer{viewer}).dump(),
              engine::client_view(game, Viewer{viewer}).dump())
        << at << ": the view of " << who << " changes with what it may not know";
    const std::string scrambled_bytes = scrambled->to_json().dump();
    auto restored = registry.restore(config.game, Json::parse(scrambled_bytes));
    EXPECT_TRUE(restored.ok()) << at << ": a scramble for " << who << " is not a valid state";
    changed += scrambled_bytes != bytes;
  }
  return changed;
}

// True when `token` occurs in `text` as a whole word (not inside a longer run of letters and
// digits).
bool names_token(const std::string& text, const std::string& token) {
  auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  for (std::size_t at = text.find(token); at != std::string::npos; at = text.find(token, at + 1)) {
    const bool starts = at == 0 || !word_char(text[at - 1]) || !word_char(token.front());
    const std::size_t end = at + token.size();
    const bool ends = end == text.size() || !word_char(text[end]) || !word_char(token.back());
    if (starts && ends) return true;
  }
  return false;
}

// Events go to the whole room: neither an event nor its log line, in either language, may name a
// thing still hidden from anyone.
void check_events(const engine::GameInstance& game, const std::vector<Json>& events,
                  const std::string& at) {
  std::vector<std::string> names;
  for (int i = 0; i < game.num_seats(); ++i) names.push_back("P" + std::to_string(i));
  const auto secrets = game.secrets();
  for (const auto& event : events) {
    std::unordered_set<std::string> strings;
    collect_strings(event, strings);
    const engine::LocalText lines = game.describe(event, names);
    for (const engine::Lang lang : {engine::Lang::en, engine::Lang::fr}) {
      const std::string& line = lines.in(lang);
      for (const auto& secret : secrets) {
        EXPECT_FALSE(names_token(line, secret.token))
            << at << ": log line '" << line << "' names hidden '" << secret.token << "'";
      }
    }
    for (const auto& secret : secrets) {
      EXPECT_FALSE(strings.count(secret.token))
          << at << ": event " << event.dump() << " names hidden '" << secret.token << "' (known to "
          << (secret.known_to ? "seat " + std::to_string(*secret.known_to) : std::string("nobody"))
          << ")";
    }
  }
}

// A refusal reads in both languages: a French sentence that is not the English one (a translation
// forgotten).
void check_french(const engine::RuleError& error, const std::string& at, const Json& action) {
  EXPECT_FALSE(error.message_fr.empty()) << at << ": refusal '" << error.rule << "' of "
                                         << action.dump() << " has no French: " << error.message;
  EXPECT_NE(error.message_fr, error.message)
      << at << ": refusal '" << error.rule << "' of " << action.dump() << " is not translated";
}

// Wrong fields of a legal action: each field but "type" in turn set to an unknown word, an
// out-of-range number, or left out. The ones that happen to be legal are dropped by the caller.
std::vector<Json> mutations_of(const Json& action) {
  std::vector<Json> out;
  if (!action.is_object()) return out;
  for (const auto& [key, value] : action.items()) {
    if (key == "type") continue;
    for (const Json& wrong : {Json("zz-no-such"), Json(999), Json(-1)}) {
      Json mutated = action;
      mutated[key] = wrong;
      out.push_back(std::move(mutated));
    }
    Json without = action;
    without.erase(key);
    out.push_back(std::move(without));
  }
  return out;
}

// A rejected action must change nothing, and says why in English and French: out-of-turn, unknown
// type, non-object, a legal action with a wrong field, and a legal action of another seat.
void check_rejections(engine::GameInstance& game, const PlayoutConfig& config, std::uint64_t seed,
                      int step) {
  const std::string at = where(config, seed, step);
  const std::string before = game.to_json().dump();
  const auto acting = game.to_act();
  auto refused = [&](Seat seat, const Json& action, const char* what) {
    auto r = game.apply(seat, action);
    EXPECT_FALSE(r.ok()) << at << ": " << what << " accepted: " << action.dump();
    if (!r.ok()) check_french(r.error(), at, action);
    return r;
  };
  for (Seat seat = 0; seat < game.num_seats(); ++seat) {
    if (std::find(acting.begin(), acting.end(), seat) != acting.end()) {
      refused(seat, Json{{"type", "no-such-action"}}, "nonsense action");
      refused(seat, Json::array(), "non-object action");
      const auto legal = game.legal_actions(seat);
      for (const Json& mutated : mutations_of(legal.front())) {
        if (std::find(legal.begin(), legal.end(), mutated) != legal.end()) continue;
        refused(seat, mutated, "an action with a wrong field");
      }
    } else if (!acting.empty()) {
      auto moves = game.legal(acting.front());
      auto r = refused(seat, moves.front().action, "an action out of turn");
      if (!r.ok()) {
        EXPECT_EQ(r.error().rule, "not_your_turn") << at;
      }
    }
  }
  EXPECT_EQ(game.to_json().dump(), before) << at << ": a rejected action changed the state";
}

}  // namespace

PlayoutResult run_playout(const engine::Registry& registry, const PlayoutConfig& config,
                          std::uint64_t seed, const InvariantHook& hook) {
  PlayoutResult result;
  auto created = registry.create(config.game, config.seats, config.options, seed);
  if (!created.ok()) {
    ADD_FAILURE() << where(config, seed, 0) << ": setup failed: " << created.error().message;
    return result;
  }
  auto& game = *created.value();
  engine::Rng chooser(seed ^ 0x5eed5eed5eedULL);
  std::vector<Json> last_views;
  for (int step = 0;; ++step) {
    if (config.full_checks) {
      check_state(registry, config, game, seed, step, last_views);
      result.scrambles_changed += check_scrambles(registry, config, game, seed, step);
    }
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
      ADD_FAILURE() << where(config, seed, step) << ": seat " << seat
                    << " must act but has no legal move";
      return result;
    }
    const auto& move = moves[chooser.below(moves.size())];
    // The chat form names exactly this action.
    auto parsed = game.parse_text(seat, move.text);
    EXPECT_TRUE(parsed.ok() && parsed.value() == move.action)
        << where(config, seed, step) << ": '/play " << move.text
        << "' does not parse back to its action";
    auto applied = game.apply(seat, move.action);
    if (!applied.ok()) {
      ADD_FAILURE() << where(config, seed, step) << ": legal action " << move.action.dump()
                    << " rejected: " << applied.error().message;
      return result;
    }
    result.log.emplace_back(seat, move.action);
    if (config.full_checks) check_events(game, applied.value(), where(config, seed, step));
    for (const auto& event : applied.value()) {
      EXPECT_TRUE(event.is_object() && event.contains("type"))
          << where(config, seed, step) << ": event without type";
      std::vector<std::string> names;
      for (int i = 0; i < game.num_seats(); ++i) names.push_back("P" + std::to_string(i));
      const engine::LocalText line = game.describe(event, names);
      for (const auto& problem : log_line_problems(line.en, line.fr))
        ADD_FAILURE() << where(config, seed, step) << ": event " << event.dump() << ": " << problem;
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
      EXPECT_EQ(ranking.at(i), i) << where(config, seed, result.steps)
                                  << ": ranking is not a permutation";
    // Places: one per seat, 1 for the first of the ranking, never decreasing along it, equal only
    // for equal scores, and a place k means k-1 seats ahead.
    const std::string at = where(config, seed, result.steps);
    EXPECT_EQ(static_cast<int>(outcome->places.size()), game.num_seats())
        << at << ": places by seat";
    if (static_cast<int>(outcome->places.size()) == game.num_seats()) {
      for (std::size_t i = 0; i < outcome->ranking.size(); ++i) {
        const Seat seat = outcome->ranking[i];
        const int place = outcome->places[seat];
        if (i == 0) {
          EXPECT_EQ(place, 1) << at;
          continue;
        }
        const Seat before = outcome->ranking[i - 1];
        if (place == outcome->places[before])
          EXPECT_EQ(outcome->scores[seat], outcome->scores[before])
              << at << ": a shared place needs equal scores";
        else
          EXPECT_EQ(place, static_cast<int>(i) + 1)
              << at << ": place " << place << " at rank " << i + 1;
      }
    }
    EXPECT_EQ(outcome->solo_won.has_value(), game.num_seats() == 1)
        << at << ": a solo result exactly in solo games";
    for (const auto& problem : breakdown_problems(*outcome, game.num_seats()))
      ADD_FAILURE() << at << ": points by source: " << problem;
  }
  result.final_state = game.to_json().dump();
  return result;
}

std::string replay(const engine::Registry& registry, const PlayoutConfig& config,
                   std::uint64_t seed, const std::vector<std::pair<Seat, Json>>& log) {
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
