#pragma once
// The patch from one view to the next: RFC 6902 operations (`add`, `remove`, `replace`) that turn `from` into
// `to`, as the server sends them in `patch` messages and the clients apply them (web-client/view_tracker.js,
// bots/view_tracker.cpp). The operations nlohmann's json::diff produces (objects key by key, arrays index by
// index, a shorter array's tail removed from its end, a longer one's appended with "/-"), with one exception: an
// array of two or more elements that empties is one `replace` by [] (json::diff removes each element). And in one
// walk: json::diff compares whole subtrees for equality at every level and builds a path string for every node it
// visits, which made it most of a move's cost; this builds a path only for a change it reports.

#include <nlohmann/json.hpp>

namespace archipel::engine {

/// The operations turning `from` into `to` (an empty array when they are equal).
nlohmann::json view_patch(const nlohmann::json& from, const nlohmann::json& to);

}  // namespace archipel::engine
