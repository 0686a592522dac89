// The browser-facing protections (issue 9, point 7): a WebSocket from another site's page is
// refused with 403 (clients that send no Origin, bots and command-line tools, are not browsers'
// pages and are let in), and the page comes with a Content-Security-Policy and no framing.

#include "server/web_security.hpp"

#include <gtest/gtest.h>

#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

namespace http = server::http;
namespace websocket = server::websocket;
using server::content_security_policy;
using server::origin_allowed;

TEST(OriginAllowed, ByDefaultOnlyThePagesOwnOrigin) {
  EXPECT_TRUE(origin_allowed("http://localhost:8080", "localhost:8080", {}));
  EXPECT_TRUE(origin_allowed("https://Archipel.Example", "archipel.example", {}));
  EXPECT_TRUE(
      origin_allowed("https://archipel.example", "archipel.example:443", {}));  // the default port
  EXPECT_TRUE(origin_allowed("http://archipel.example:80", "archipel.example", {}));
  EXPECT_FALSE(origin_allowed("http://evil.example", "archipel.example", {}));
  EXPECT_FALSE(origin_allowed("http://localhost:9999", "localhost:8080", {}));
  EXPECT_FALSE(origin_allowed("http://archipel.example.evil.example", "archipel.example", {}));
  EXPECT_FALSE(origin_allowed("null", "localhost:8080", {}));  // a sandboxed frame, a file: page
  EXPECT_FALSE(origin_allowed("", "localhost:8080", {}));
  EXPECT_FALSE(origin_allowed("http://user@localhost:8080", "localhost:8080", {}));
}

TEST(OriginAllowed, AConfiguredListReplacesTheDefault) {
  const std::vector<std::string> list{"https://play.example", "http://localhost:3000/"};
  EXPECT_TRUE(origin_allowed("https://play.example", "backend:8080", list));
  EXPECT_TRUE(origin_allowed("HTTPS://PLAY.EXAMPLE:443", "backend:8080", list));
  EXPECT_TRUE(origin_allowed("http://localhost:3000", "backend:8080", list));
  EXPECT_FALSE(origin_allowed("http://play.example", "backend:8080", list));  // another scheme
  EXPECT_FALSE(origin_allowed("http://backend:8080", "backend:8080",
                              list));  // the list replaces same-origin
  EXPECT_TRUE(origin_allowed("http://anything.example", "backend:8080", {"*"}));
}

TEST(ContentSecurityPolicy, OnlyThisServersScriptsAndNoFraming) {
  const std::string csp = content_security_policy("localhost:8080");
  EXPECT_NE(csp.find("script-src 'self';"), std::string::npos);
  EXPECT_EQ(csp.find("'unsafe-eval'"), std::string::npos);
  EXPECT_EQ(csp.find("script-src 'self' 'unsafe-inline'"), std::string::npos);
  EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos);
  EXPECT_NE(csp.find("object-src 'none'"), std::string::npos);
  EXPECT_NE(csp.find("connect-src 'self' ws://localhost:8080 wss://localhost:8080;"),
            std::string::npos);
  // A Host header that is not a plain host[:port] is not written into the policy.
  const std::string odd = content_security_policy("x; script-src *");
  EXPECT_EQ(odd.find("script-src *"), std::string::npos);
  EXPECT_NE(odd.find("connect-src 'self';"), std::string::npos);
}

// Opens a WebSocket with `origin` (none if empty); returns the HTTP status of the handshake's
// answer.
unsigned upgrade_status(std::uint16_t port, const std::string& origin) {
  server::net::io_context ioc;
  websocket::stream<server::beast::tcp_stream> ws(ioc);
  server::beast::get_lowest_layer(ws).expires_after(5s);
  server::beast::get_lowest_layer(ws).connect(
      server::tcp::endpoint(server::net::ip::make_address("127.0.0.1"), port));
  ws.set_option(websocket::stream_base::decorator([origin](websocket::request_type& req) {
    if (!origin.empty()) req.set(http::field::origin, origin);
  }));
  websocket::response_type res;
  server::error_code ec;
  ws.handshake(res, "127.0.0.1:" + std::to_string(port), "/ws", ec);
  return res.result_int();
}

TEST(WebSecurity, AnUpgradeFromAnotherSitesPageGets403) {
  TestServer server(registry_with_race());
  const auto port = server.port();
  EXPECT_EQ(upgrade_status(port, ""), 101u);  // no Origin: a bot or a command-line client
  EXPECT_EQ(upgrade_status(port, "http://127.0.0.1:" + std::to_string(port)),
            101u);  // the page's own
  EXPECT_EQ(upgrade_status(port, "http://evil.example"), 403u);
  EXPECT_EQ(upgrade_status(port, "http://127.0.0.1:1"), 403u);
  EXPECT_EQ(server.metrics().origins_refused.load(), 2);
  auto health = http_get(port, "/healthz");
  EXPECT_EQ(health.result(), http::status::ok);
}

TEST(WebSecurity, TheAllowedOriginsFlagListsOtherPages) {
  auto config = TestServer::default_config();
  config.allowed_origins = {"https://play.example"};
  TestServer server(registry_with_race(), "", config);
  EXPECT_EQ(upgrade_status(server.port(), "https://play.example"), 101u);
  EXPECT_EQ(upgrade_status(server.port(), "http://127.0.0.1:" + std::to_string(server.port())),
            403u);
  EXPECT_EQ(upgrade_status(server.port(), ""), 101u);
}

TEST(WebSecurity, ThePageHasAPolicyAndCannotBeFramed) {
  TestServer server(registry_with_race());
  for (const char* target : {"/", "/app.js", "/healthz", "/no-such-file"}) {
    auto res = http_get(server.port(), target);
    EXPECT_EQ(res["X-Frame-Options"], "DENY") << target;
    EXPECT_EQ(res["X-Content-Type-Options"], "nosniff") << target;
    const std::string csp(res["Content-Security-Policy"]);
    EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << target;
    EXPECT_NE(csp.find("script-src 'self';"), std::string::npos) << target;
  }
}

}  // namespace
}  // namespace archipel::testing
