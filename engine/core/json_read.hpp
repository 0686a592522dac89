#pragma once
// Checked readers for JSON coming from outside the engine: a stored state (from_json), a client's
// view (determinize), a game's own component data. Every reader throws BadInput naming the field;
// one call to guard_input() at the entry point turns BadInput (and any nlohmann type error) into a
// RuleError, so a game writes its parser straight through and still never lets an exception out of
// its contract functions.
//
//   Result<State> Rules::from_json(const Json& j) {
//     return guard_input("bad_state", "costa-ruana state", [&] { return parse_state(j); });
//   }

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/game.hpp"

namespace archipel::engine {

/// Thrown by the readers below; caught by guard_input(). Never crosses a contract function.
struct BadInput {
  std::string what;
};

[[noreturn]] void bad_input(std::string what);

/// Throws BadInput(`what`) unless `ok`.
inline void require(bool ok, std::string_view what) {
  if (!ok) bad_input(std::string(what));
}

/// The member `key` of object `j`; BadInput if `j` is not an object or has no such member.
const Json& field(const Json& j, std::string_view key);

std::int64_t read_int64(const Json& j, std::string_view key, std::int64_t lo, std::int64_t hi);
int read_int(const Json& j, std::string_view key, int lo, int hi);
bool read_bool(const Json& j, std::string_view key);
const std::string& read_string(const Json& j, std::string_view key);
const Json& read_array(const Json& j, std::string_view key);
const Json& read_object(const Json& j, std::string_view key);
/// An array of integers, each within [lo, hi].
std::vector<int> read_ints(const Json& j, std::string_view key, int lo, int hi);
/// An array of strings.
std::vector<std::string> read_strings(const Json& j, std::string_view key);

/// A value (not a member) read the same way, for array elements: `what` names it in the error.
int as_int(const Json& v, std::string_view what, int lo, int hi);
const std::string& as_string(const Json& v, std::string_view what);

/// Lenient readers for text forms and log lines, which must never fail: the member as a string
/// (empty when absent or not a string) or an integer (`fallback` when absent or not an integer).
/// The string is `j`'s own, not a copy (a log line reads a dozen of them per move): it lives as
/// long as `j` does.
const std::string& string_or_empty(const Json& j, std::string_view key);
int int_or(const Json& j, std::string_view key, int fallback = 0);

/// Runs `parse` and returns its value, or RuleError{rule, context + ": " + reason} if it threw
/// BadInput or a JSON exception. `parse` returns a plain value (not a Result).
template <class F>
auto guard_input(std::string_view rule, std::string_view context, F&& parse)
    -> Result<decltype(parse())> {
  try {
    return parse();
  } catch (const BadInput& e) {
    return fail(std::string(rule), std::string(context) + ": " + e.what);
  } catch (const Json::exception& e) {
    return fail(std::string(rule), std::string(context) + ": " + e.what());
  }
}

}  // namespace archipel::engine
