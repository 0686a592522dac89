#pragma once
// "race": a tiny test-only game, registered only in the tests, that exercises every part of the
// contract the server relies on, so the foundation can be proven before a real game lands and
// independently of any.
//
// 2-4 seats. Set-up deals each seat one secret card (K1..K9, its value is its number). First every
// seat bets "high" or "low" secretly and in any order (a step where several seats act). Then seats
// take turns, from seat 0, adding 1 or 2 to a shared counter; whoever brings it to 10 or more ends
// the game. Score: own card value, +5 for ending the game, +3 for a correct bet (high: the
// counter's last step was 2; low: it was 1).
//
// Actions: {"type":"bet","side":"high|low"} ("bet high"), {"type":"add","n":1|2} ("add 1").
// Hidden: each seat's card (from the others until the end), each bet until every seat has bet.

#include "engine/core/registry.hpp"
#include "engine/core/rng.hpp"

namespace archipel::testing {

using engine::Json;
using engine::Seat;

struct RaceRules {
  struct State {
    int num_seats = 2;
    int target = 10;
    std::vector<int> cards;         // by seat
    std::vector<std::string> bets;  // "" until placed
    int counter = 0;
    int last_step = 0;
    Seat turn = 0;
    Seat finisher = -1;
    engine::Rng rng;
  };

  static const engine::GameSpec& spec();
  static engine::Result<State> setup(int num_seats, const engine::Options& options,
                                     std::uint64_t seed);
  static int num_seats(const State& s) { return s.num_seats; }
  static std::vector<Seat> to_act(const State& s);
  static std::vector<Json> legal_actions(const State& s, Seat seat);
  static engine::Result<std::vector<Json>> apply(State& s, Seat seat, const Json& action);
  static Json view(const State& s, engine::Viewer viewer);
  static Json static_data(const State&) { return Json::object(); }
  static std::optional<engine::Outcome> outcome(const State& s);
  static Json to_json(const State& s);
  static engine::Result<State> from_json(const Json& j);
  static std::string action_text(const State& s, Seat seat, const Json& action);
  static engine::LocalText describe(const Json& event, const std::vector<std::string>& names);
  static std::vector<engine::Secret> secrets(const State& s);
  /// Before the end: other seats' cards re-dealt from the values nobody else holds, and their bets
  /// (while betting) drawn again; what `viewer` may know stays.
  static State scramble_hidden(const State& s, engine::Viewer viewer, engine::Rng& rng);
};

/// The default registry plus "race".
const engine::Registry& registry_with_race();

}  // namespace archipel::testing
