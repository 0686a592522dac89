#include "engine/core/game.hpp"

#include <algorithm>
#include <numeric>

namespace archipel::engine {

Result<Options> complete_options(const GameSpec& spec, const Options& given) {
  Options out;
  for (const auto& option : spec.options) out[option.key] = option.default_value;
  // Named references, not a structured binding: clang 14 cannot capture a binding in the lambda
  // below.
  for (const auto& entry : given) {
    const std::string& key = entry.first;
    const std::string& value = entry.second;
    auto it = std::find_if(spec.options.begin(), spec.options.end(),
                           [&](const OptionSpec& o) { return o.key == key; });
    if (it == spec.options.end()) {
      std::string known;
      for (const auto& o : spec.options) known += (known.empty() ? "" : ", ") + o.key;
      return fail("bad_option",
                  "unknown option '" + key + "' for " + spec.id +
                      (known.empty() ? " (it has no options)" : " (options: " + known + ")"));
    }
    if (std::find(it->choices.begin(), it->choices.end(), value) == it->choices.end()) {
      std::string choices;
      for (const auto& c : it->choices) choices += (choices.empty() ? "" : "|") + c;
      return fail("bad_option", "option " + key + " takes " + choices + ", not '" + value + "'");
    }
    out[key] = value;
  }
  return out;
}

Result<Options> complete_options(const GameSpec& spec, const Options& given, int num_seats) {
  auto completed = complete_options(spec, given);
  if (!completed.ok()) return completed;
  for (const auto& option : spec.options)
    if (!option.applies_to(num_seats)) completed.value().erase(option.key);
  return completed;
}

std::vector<Seat> rank_by_score(const std::vector<int>& scores, const std::vector<int>& tie_order) {
  std::vector<Seat> seats(scores.size());
  std::iota(seats.begin(), seats.end(), 0);
  std::stable_sort(seats.begin(), seats.end(), [&](Seat a, Seat b) {
    if (scores[a] != scores[b]) return scores[a] > scores[b];
    if (!tie_order.empty() && tie_order[a] != tie_order[b]) return tie_order[a] < tie_order[b];
    return a < b;
  });
  return seats;
}

Outcome outcome_by_score(std::vector<int> scores, const std::vector<int>& tie_order) {
  Outcome o;
  o.ranking = rank_by_score(scores, tie_order);
  o.places.assign(scores.size(), 0);
  for (std::size_t i = 0; i < o.ranking.size(); ++i) {
    const Seat seat = o.ranking[i];
    const Seat before = i > 0 ? o.ranking[i - 1] : -1;
    const bool shared = before >= 0 && scores[before] == scores[seat] &&
                        (tie_order.empty() || tie_order[before] == tie_order[seat]);
    o.places[seat] = shared ? o.places[before] : static_cast<int>(i) + 1;
  }
  o.scores = std::move(scores);
  return o;
}

Json view_from_parts(Json public_part, const Json& private_part) {
  for (const auto& [key, value] : private_part.items()) public_part[key] = value;
  return public_part;
}

}  // namespace archipel::engine
