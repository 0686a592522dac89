#pragma once
// Text that comes from a user and goes back out in a reply. Replies quote what was typed ("unknown
// command /xyz"); cutting such a quote by bytes can split a multi-byte character and make the reply
// invalid UTF-8, which the JSON serializer refuses. So quotes are cut on character boundaries, and
// every frame is serialized with invalid sequences replaced, never thrown on.

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace archipel::protocol {

/// The longest prefix of `text` of at most `max_bytes` bytes that does not end inside a UTF-8
/// sequence.
std::string_view utf8_prefix(std::string_view text, std::size_t max_bytes);

/// `text` cut to at most `max_bytes` on a character boundary, with "…" appended when something was
/// cut.
std::string excerpt(std::string_view text, std::size_t max_bytes);

/// Whether `text` holds a bidirectional control character: the embeddings, overrides and isolates
/// (U+202A–U+202E, U+2066–U+2069) and the marks U+200E, U+200F and U+061C. Such a character makes
/// the text around it display in another order than it was written ("Trojan Source").
bool has_bidi_controls(std::string_view text);

/// `text` without its bidirectional control characters (the rest unchanged, invalid UTF-8
/// included).
std::string without_bidi_controls(std::string_view text);

/// Serializes a message for the wire. Never throws on text: invalid UTF-8 becomes U+FFFD.
std::string serialize(const nlohmann::json& message);

/// How deeply arrays and objects nest in a JSON text, counted without parsing (strings and escapes
/// are skipped), stopping early once `limit` is exceeded (the result is then limit + 1). Lets a
/// frame be refused before it is parsed into a tree that every recursive walk (copy, compare, dump)
/// would need stack for.
std::size_t json_nesting_depth(std::string_view text, std::size_t limit);

}  // namespace archipel::protocol
