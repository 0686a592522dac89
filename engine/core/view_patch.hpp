#pragma once
// The patch from one view to the next: RFC 6902 operations (`add`, `remove`, `replace`) that turn
// `from` into `to`, as the server sends them in `patch` messages and the clients apply them
// (web-client/view_tracker.js, bots/view_tracker.cpp). The operations nlohmann's json::diff
// produces (objects key by key, arrays index by index, a shorter array's tail removed from its end,
// a longer one's appended with "/-"), with two exceptions: an array of two or more elements that
// empties is one `replace` by [] (json::diff removes each element), and an array whose length
// changes keeps the equal elements at both its ends, so that an element taken from (or put into)
// its middle is one `remove` (`add` at its index) where json::diff replaces every element after it.
// Never more operations than json::diff. A view's own `legal` list (legal_json, client_views.hpp:
// the moves of the seat that sees it, which nobody else sees and no board marks) is one `replace`
// whenever it changes: it mostly changes wholesale, and the server keeps it as text
// (ClientViews::legal_text) rather than as a tree to compare. And in one walk: json::diff compares
// whole subtrees for equality at every level and builds a path string for every node it visits,
// which made it most of a move's cost; this builds a path only for a change it reports.

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace archipel::engine {

/// The operations turning `from` into `to` (an empty array when they are equal).
nlohmann::json view_patch(const nlohmann::json& from, const nlohmann::json& to);

/// The same operations for a part of a view, appended to `ops`: `from` and `to` sit at `base` (a
/// JSON pointer, as pointer_to builds it) in the whole view.
void append_view_patch(nlohmann::json& ops, const std::string& base, const nlohmann::json& from,
                       const nlohmann::json& to);

/// The same for one member of an object, at `path`, that may be absent before or after (nullptr):
/// an `add`, a `remove`, or the operations between its two values.
void append_member_patch(nlohmann::json& ops, const std::string& path, const nlohmann::json* from,
                         const nlohmann::json* to);

/// Operations written straight as JSON text, byte for byte as protocol::serialize writes the array
/// view_patch builds: what a room sends after a move. Building each operation as a JSON value first
/// meant a copy of every value patched (a seat's whole `legal` list when its turn comes),
/// serialized once and freed.
class PatchText {
 public:
  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  /// The operations as a JSON array ("[]" when none); the PatchText is left empty.
  std::string array() &&;

  /// How append_view_patch and append_member_patch write into it (view_patch.cpp).
  struct Writer;

 private:
  std::string text_;  // "[" and the operations so far, comma-separated, without the closing bracket
  std::size_t count_ = 0;
};

/// append_view_patch and append_member_patch, written as text.
void append_view_patch(PatchText& ops, const std::string& base, const nlohmann::json& from,
                       const nlohmann::json& to);
void append_member_patch(PatchText& ops, const std::string& path, const nlohmann::json* from,
                         const nlohmann::json* to);

/// One operation whose value is JSON text already written as serialize writes it (a seat's legal
/// moves, which the server keeps as text: ClientViews::legal_text).
void append_op_text(PatchText& ops, const char* op, const std::string& path,
                    std::string_view value_text);

/// The JSON pointer `base` extended by one reference token: '~' written "~0" and '/' written "~1"
/// (RFC 6901).
std::string pointer_to(std::string base, std::string_view token);

}  // namespace archipel::engine
