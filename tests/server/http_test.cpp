// The HTTP side of the one port: health, metrics, the web client's files, and nothing outside them.

#include <gtest/gtest.h>

#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

namespace http = server::http;
namespace beast = server::beast;

http::response<http::string_body> get(std::uint16_t port, const std::string& target) {
  return http_get(port, target);
}

TEST(Http, HealthzIsJson) {
  TestServer server(registry_with_race());
  auto res = get(server.port(), "/healthz");
  EXPECT_EQ(res.result(), http::status::ok);
  auto j = json::parse(res.body());
  EXPECT_EQ(j["status"], "ok");
  EXPECT_TRUE(j.contains("connections"));
}

TEST(Http, MetricsArePrometheusTextAndCount) {
  TestServer server(registry_with_race());
  {
    TestClient c(server.port());
    c.hello("Mia");
    c.send_raw("nonsense");
    c.expect("error");
  }
  auto res = get(server.port(), "/metrics");
  EXPECT_EQ(res.result(), http::status::ok);
  EXPECT_NE(res.body().find("# TYPE archipel_connections gauge"), std::string::npos);
  EXPECT_NE(res.body().find("archipel_messages_in_total 2"), std::string::npos) << res.body();
  EXPECT_NE(res.body().find("archipel_errors_sent_total 1"), std::string::npos) << res.body();
}

TEST(Http, ServesTheWebClientAndNothingOutsideIt) {
  TestServer server(registry_with_race());
  auto index = get(server.port(), "/");
  EXPECT_EQ(index.result(), http::status::ok);
  EXPECT_NE(index.body().find("<html"), std::string::npos);
  EXPECT_EQ(index[http::field::content_type], "text/html; charset=utf-8");
  EXPECT_EQ(get(server.port(), "/../CMakeLists.txt").result(), http::status::bad_request);
  EXPECT_EQ(get(server.port(), "/%2e%2e/CMakeLists.txt").result(), http::status::not_found);
  EXPECT_EQ(get(server.port(), "/no-such-file.js").result(), http::status::not_found);
}

TEST(Shutdown, StopClosesEveryClientAndRefusesNewConnections) {
  auto server = std::make_unique<TestServer>(registry_with_race());
  const auto port = server->port();
  TestClient c(port);
  c.hello("Sam");
  server->stop();  // graceful stop: clients are told "going away"
  c.drain(500ms);
  EXPECT_TRUE(c.closed());
  EXPECT_THROW(TestClient again(port), std::exception);
  server.reset();
}

}  // namespace
}  // namespace archipel::testing
