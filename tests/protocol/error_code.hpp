#pragma once
// What the protocol makes of a client frame, as the tests compare it: "ok", or the rule (the error
// code) it refuses the frame by.

#include <string>

#include "protocol/messages.hpp"

namespace archipel::protocol::testing {

inline std::string error_code(const std::string& frame) {
  auto r = parse_client_message(frame);
  return r.ok() ? "ok" : r.error().rule;
}

}  // namespace archipel::protocol::testing
