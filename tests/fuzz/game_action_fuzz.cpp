// Fuzz target: moves sent to every registered game, from a position chosen by the input
// (fuzz_position.hpp), in the three ways a client can send one: an action JSON as typed by anybody,
// the /play text form, and one of the seat's own legal actions with one field changed (what a buggy
// or hostile client sends most often). Properties, the engine contract's (engine/core/game.hpp):
//  - nothing throws: a refusal is a RuleError value with a rule and a message;
//  - a refused action leaves the game unchanged, to_json byte for byte;
//  - an accepted action was one of the seat's legal actions; its events describe without throwing;
//  the state
//    after it still round-trips through the registry's restore;
//  - a /play text that parses names one of the seat's legal actions, and that action applies;
//  - after an accepted action, no view (any seat's, the spectator's) shows a hidden token
//  (GameInstance::secrets)
//    to a viewer who may not know it, and no event names one (events go to everyone).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_set>

#include <fuzzer/FuzzedDataProvider.h>

#include "engine/core/client_views.hpp"
#include "protocol/messages.hpp"
#include "protocol/text.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "tests/fuzz/fuzz_position.hpp"

using namespace archipel;
using engine::Json;

namespace {

// Every string value and object key under `j`.
void collect_strings(const Json& j, std::unordered_set<std::string>& out) {
  if (j.is_string()) out.insert(j.get<std::string>());
  if (j.is_object())
    for (const auto& [key, value] : j.items()) {
      out.insert(key);
      collect_strings(value, out);
    }
  if (j.is_array())
    for (const auto& value : j) collect_strings(value, out);
}

// The leak check of the conformance harness (tests/support/playout.cpp), on the fuzzer's positions
// and moves.
void require_no_leak(const engine::GameInstance& game, const std::vector<Json>& events) {
  const auto secrets = game.secrets();
  if (secrets.empty()) return;
  for (engine::Seat v = -1; v < game.num_seats(); ++v) {
    std::unordered_set<std::string> shown;
    collect_strings(
        engine::client_view(game, v < 0 ? engine::Viewer::spectator() : engine::Viewer::of(v)),
        shown);
    for (const auto& secret : secrets)
      if (!(secret.known_to && v >= 0 && *secret.known_to == v))
        fuzz::require(!shown.count(secret.token),
                      "a view of " +
                          (v < 0 ? std::string("the spectator") : "seat " + std::to_string(v)) +
                          " shows hidden '" + secret.token + "'");
  }
  std::unordered_set<std::string> named;
  for (const auto& event : events) collect_strings(event, named);
  for (const auto& secret : secrets)
    fuzz::require(!named.count(secret.token), "an event names hidden '" + secret.token + "'");
}

void apply_checked(fuzz::Position& position, engine::Seat seat, const Json& action) {
  auto& game = *position.game;
  const std::string before = game.to_json().dump();
  const auto legal = fuzz::acts(game, seat) ? game.legal_actions(seat) : std::vector<Json>{};

  const auto result = game.apply(seat, action);
  if (!result.ok()) {
    fuzz::require(!result.error().rule.empty() && !result.error().message.empty(),
                  "a refusal without rule");
    if (game.to_json().dump() != before)
      fuzz::require(false, "a refused action changed the game: " + protocol::serialize(action));
    return;
  }
  if (std::find(legal.begin(), legal.end(), action) == legal.end())
    fuzz::require(false,
                  "an action outside the legal list was applied: " + protocol::serialize(action));
  for (const auto& event : result.value()) {
    fuzz::require(event.is_object() && event.contains("type"), "an event without a type");
    (void)game.describe(event, position.names);
  }
  const Json after = game.to_json();
  const auto restored = position.entry->restore(after);
  fuzz::require(restored.ok() && restored.value()->to_json() == after,
                "the state after a move does not round-trip");
  (void)protocol::serialize(engine::client_view(game, engine::Viewer::of(seat)));
  require_no_leak(game, result.value());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider input(data, size);
  auto position = fuzz::seeded_position(input);
  if (!position) return 0;
  auto& game = *position->game;
  const int seats = game.num_seats();
  // Seats out of range too: the room never sends one, but the contract says "refused", not
  // "undefined".
  const engine::Seat seat = input.ConsumeIntegralInRange(-1, seats);
  const int mode = input.ConsumeIntegralInRange(0, 2);
  const std::size_t pick = input.ConsumeIntegral<std::uint8_t>();
  const std::string payload = input.ConsumeRemainingBytesAsString();

  if (mode == 0) {  // an action JSON, nested no deeper than the protocol lets a frame through
    if (protocol::json_nesting_depth(payload, protocol::kMaxNesting) > protocol::kMaxNesting)
      return 0;
    const Json action = Json::parse(payload, nullptr, false);
    if (action.is_discarded()) return 0;
    apply_checked(*position, seat, action);
  } else if (mode == 1) {  // the /play text form
    const auto parsed = game.parse_text(seat, payload);
    if (!parsed.ok()) {
      fuzz::require(!parsed.error().rule.empty(), "a text refusal without rule");
      (void)protocol::serialize(protocol::error_message(parsed.error()));
      return 0;
    }
    const auto legal = game.legal_actions(seat);
    fuzz::require(std::find(legal.begin(), legal.end(), parsed.value()) != legal.end(),
                  "parse_text returned an action outside the legal list");
    fuzz::require(game.apply(seat, parsed.value()).ok(), "a parsed /play text was refused");
  } else {  // one of an acting seat's legal actions with one field set to the payload ("key=json")
    const auto acting = game.to_act();
    if (acting.empty()) return 0;
    const engine::Seat mover = acting[pick % acting.size()];
    const auto legal = game.legal_actions(mover);
    if (legal.empty()) return 0;
    Json action = legal[(pick / acting.size()) % legal.size()];
    const auto eq = payload.find('=');
    const std::string key = payload.substr(0, eq);
    if (eq == std::string::npos) {
      action.erase(key);  // no value: the field is dropped
    } else {
      const std::string text = payload.substr(eq + 1);
      if (protocol::json_nesting_depth(text, protocol::kMaxNesting) > protocol::kMaxNesting)
        return 0;
      Json value = Json::parse(text, nullptr, false);
      action[key] = value.is_discarded() ? Json(text) : value;
    }
    apply_checked(*position, mover, action);
  }
  return 0;
}
