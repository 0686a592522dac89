#pragma once
// A value or a RuleError. C++20 has no std::expected, and rule violations are values, not
// exceptions (STYLE.md: "errors are values"), so every engine entry point that can refuse returns
// one of these.

#include <string>
#include <utility>
#include <variant>

#include "engine/core/lang.hpp"

namespace archipel::engine {

/// Why an action, an option or a stored state was refused. `rule` is a stable identifier
/// (`not_your_turn`, `illegal_move`, `santa_cruz.site_occupied` ...) that clients and tests match
/// on; `message` is a sentence for a person, in English; `message_fr` the same in French (empty
/// where a refusal has not been translated yet: the reader then gets the English one).
struct RuleError {
  std::string rule;
  std::string message;
  std::string message_fr;

  const std::string& message_in(Lang lang) const {
    return lang == Lang::fr && !message_fr.empty() ? message_fr : message;
  }
};

template <class T>
class Result {
 public:
  Result(T value) : data_(std::move(value)) {}          // NOLINT: implicit on purpose
  Result(RuleError error) : data_(std::move(error)) {}  // NOLINT: implicit on purpose

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(data_); }
  const T& value() const& { return std::get<0>(data_); }
  T&& value() && { return std::get<0>(std::move(data_)); }
  const RuleError& error() const { return std::get<1>(data_); }

  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, RuleError> data_;
};

/// Shorthand for the error side: `return fail("illegal_move", "no such site");`
inline RuleError fail(std::string rule, std::string message) {
  return RuleError{std::move(rule), std::move(message), {}};
}

/// The same, written in both languages: `return fail("illegal_move", "no such site", "pas de tel
/// site");`
inline RuleError fail(std::string rule, std::string message, std::string message_fr) {
  return RuleError{std::move(rule), std::move(message), std::move(message_fr)};
}

}  // namespace archipel::engine
