#include "server/web_security.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

namespace archipel::server {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string without_default_port(std::string host_port, std::string_view scheme) {
  const std::string_view port = scheme == "https" || scheme == "wss" ? ":443" : ":80";
  if (host_port.size() > port.size() && host_port.ends_with(port))
    host_port.resize(host_port.size() - port.size());
  return host_port;
}

struct Origin {
  std::string scheme;
  std::string host_port;  // lower case, without its default port
};

// "https://Example.org:443/" -> {https, example.org}; nullopt for what is not scheme://host[:port]
// ("null").
std::optional<Origin> parse_origin(std::string_view text) {
  const auto sep = text.find("://");
  if (sep == std::string_view::npos || sep == 0) return std::nullopt;
  std::string scheme = lower(text.substr(0, sep));
  std::string host_port = lower(text.substr(sep + 3));
  if (!host_port.empty() && host_port.back() == '/') host_port.pop_back();
  if (host_port.empty() || host_port.find_first_of("/?#@ ") != std::string::npos)
    return std::nullopt;
  return Origin{scheme, without_default_port(std::move(host_port), scheme)};
}

// Only what a Host header of a real request holds: a name or address and a port. Anything else is
// not written into a header.
bool plain_host(std::string_view host) {
  return !host.empty() && host.size() <= 255 && std::all_of(host.begin(), host.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' ||
           c == '[' || c == ']';
  });
}

}  // namespace

bool origin_allowed(std::string_view origin_text, std::string_view host,
                    const std::vector<std::string>& allowed) {
  const auto origin = parse_origin(origin_text);
  for (const auto& entry : allowed) {
    if (entry == "*") return true;
    const auto listed = parse_origin(entry);
    if (origin && listed && listed->scheme == origin->scheme &&
        listed->host_port == origin->host_port)
      return true;
  }
  if (!allowed.empty() || !origin) return false;
  return origin->host_port == without_default_port(lower(host), origin->scheme);
}

std::string content_security_policy(std::string_view host) {
  std::string connect = "'self'";
  if (plain_host(host)) connect += " ws://" + std::string(host) + " wss://" + std::string(host);
  return "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; "
         "img-src 'self' data:; font-src 'self'; connect-src " +
         connect +
         "; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
}

}  // namespace archipel::server
