// Fuzz target: from_json of damaged states, for every registered game (what a restart reads back
// from a database that was edited, truncated by hand or written by an older build). A position
// chosen by the input (fuzz_position.hpp) is serialized, then the input edits it: values replaced
// by numbers, strings, nulls, containers or other values of the same state, fields and elements
// removed or duplicated. Properties:
//  - restore never throws: it gives a "bad_state" RuleError or a game;
//  - a restored game round-trips (to_json, restore, to_json gives the same bytes);
//  - and it can be used as the server uses a restored game: who acts, their legal moves with their
//  text, the
//    views, the outcome, none of which may throw or crash.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>

#include "engine/core/client_views.hpp"
#include "protocol/text.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "tests/fuzz/fuzz_position.hpp"

using namespace archipel;
using engine::Json;

namespace {

constexpr int kMaxEdits = 6;

// The paths of every leaf (nlohmann's flatten), so an edit can land anywhere in the state.
std::vector<Json::json_pointer> leaves(const Json& state) {
  std::vector<Json::json_pointer> out;
  const Json flat = state.flatten();  // named: items() of a temporary would outlive it in the loop
  for (const auto& [path, value] : flat.items()) out.emplace_back(path);
  return out;
}

void erase_at(Json& state, const Json::json_pointer& path) {
  if (path.empty()) return;
  Json& parent = state[path.parent_pointer()];
  const std::string& last = path.back();
  if (parent.is_object())
    parent.erase(last);
  else if (parent.is_array() && !parent.empty())
    parent.erase(std::min<std::size_t>(std::stoul(last), parent.size() - 1));
}

void edit(Json& state, FuzzedDataProvider& input) {
  const auto paths = leaves(state);
  if (paths.empty()) return;
  const auto& path = paths[input.ConsumeIntegralInRange<std::size_t>(0, paths.size() - 1)];
  switch (input.ConsumeIntegralInRange(0, 9)) {
    case 0:
      state[path] = input.ConsumeIntegralInRange(-3, 200);
      break;
    case 1:
      state[path] = input.ConsumeIntegral<std::int64_t>();
      break;
    case 2:
      state[path] = input.ConsumeRandomLengthString(12);
      break;
    case 3:
      state[path] = nullptr;
      break;
    case 4:
      state[path] = input.ConsumeBool();
      break;
    case 5:
      state[path] = input.ConsumeBool() ? Json::array() : Json::object();
      break;
    case 6:
      state[path] = state[paths[input.ConsumeIntegralInRange<std::size_t>(0, paths.size() - 1)]];
      break;
    case 7:
      erase_at(state, path);
      break;
    case 8:
      erase_at(state, path.parent_pointer());
      break;   // a whole record or list
    case 9: {  // a list one longer: the element duplicated
      if (path.empty()) break;
      Json& parent = state[path.parent_pointer()];
      if (parent.is_array() && !parent.empty()) parent.push_back(parent.back());
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider input(data, size);
  auto position = fuzz::seeded_position(input);
  if (!position) return 0;
  Json state = position->game->to_json();
  const int edits = input.ConsumeIntegralInRange(1, kMaxEdits);
  for (int i = 0; i < edits && input.remaining_bytes() > 0; ++i) edit(state, input);

  const auto restored = position->entry->restore(state);
  if (!restored.ok()) {
    fuzz::require(restored.error().rule == "bad_state",
                  "restore refused with rule " + restored.error().rule);
    return 0;
  }
  const auto& game = *restored.value();
  const std::string bytes = game.to_json().dump();
  const auto again = position->entry->restore(Json::parse(bytes));
  fuzz::require(again.ok() && again.value()->to_json().dump() == bytes,
                "a restored state does not round-trip");

  for (const engine::Seat seat : game.to_act()) {
    fuzz::require(seat >= 0 && seat < game.num_seats(),
                  "a restored game lets a seat out of range act");
    (void)game.legal(seat);
  }
  (void)protocol::serialize(engine::client_view(game, engine::Viewer::spectator()));
  for (engine::Seat seat = 0; seat < game.num_seats(); ++seat)
    (void)protocol::serialize(engine::client_view(game, engine::Viewer::of(seat)));
  (void)game.outcome();
  return 0;
}
