#pragma once
// What keeps other web pages from using a player's browser against Archipel (issue 9, point 7):
// which Origins may open a WebSocket (a page elsewhere cannot play in a visitor's name), and the
// headers that keep the page from being framed (clickjacking) or from running scripts it did not
// load from this server. Pure functions of the request's headers and the configuration; the HTTP
// session applies them.

#include <string>
#include <string_view>
#include <vector>

namespace archipel::server {

/// Whether a WebSocket upgrade carrying `Origin: origin` may go on, for a request whose `Host` is
/// `host`. `allowed` (--allowed-origins) lists origins as `scheme://host[:port]`, or `*` for any;
/// empty, only the page's own origin is allowed: the origin's host and port equal the request's
/// Host. Compared without case, with a default port (80 for http, 443 for https) the same as none.
/// A request without an Origin (bots, command-line clients) is not a browser page's and is not
/// checked: the caller does not call this.
bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed);

/// The Content-Security-Policy of every response: scripts, styles, fonts and images from this
/// server only (images also as data: URLs, the page's empty favicon), WebSocket connections to it
/// (`host`, when it is a plain host[:port], is named for browsers whose 'self' does not cover ws:
/// and wss:), no plugins, no <base>, and no framing. The web client has no inline script; its one
/// style attribute set from script (the Santa Cruz renderer's site highlight) is why style-src-attr
/// allows inline styles.
std::string content_security_policy(std::string_view host);

}  // namespace archipel::server
