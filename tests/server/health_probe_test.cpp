// archipel-server --health-check (the image's HEALTHCHECK): it asks the server its flags and
// environment describe, follows a changed port, and fails where nothing answers.

#include "server/health_probe.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <gtest/gtest.h>

#include "tests/support/race_game.hpp"
#include "tests/support/test_server.hpp"

namespace archipel::testing {
namespace {

std::uint16_t unused_port() {
  server::net::io_context ioc;
  server::tcp::acceptor acceptor(
      ioc, server::tcp::endpoint(server::net::ip::make_address("127.0.0.1"), 0));
  return acceptor.local_endpoint().port();  // closed on return: nothing listens there
}

TEST(HealthProbe, PassesOnTheServersPortFromAnUnspecifiedBind) {
  TestServer server(registry_with_race());
  server::Config config;
  config.bind = "0.0.0.0";
  config.port = server.port();
  EXPECT_EQ(server::run_health_probe(config), 0);
}

TEST(HealthProbe, FailsWhereNothingListens) {
  server::Config config;
  config.bind = "127.0.0.1";
  config.port = unused_port();
  EXPECT_EQ(server::run_health_probe(config), 1);
}

TEST(HealthProbe, PortZeroReadsThePortFile) {
  TestServer server(registry_with_race());
  server::Config config;
  config.port = 0;
  EXPECT_EQ(server::run_health_probe(config), 1);  // no port file: nothing to ask
  const auto file = std::filesystem::temp_directory_path() /
                    ("archipel-probe-port-" + std::to_string(::getpid()));
  std::ofstream(file) << server.port() << "\n";
  config.port_file = file.string();
  EXPECT_EQ(server::run_health_probe(config), 0);
  std::filesystem::remove(file);
}

TEST(HealthProbe, TheFlagReadsArchipelPortLikeTheServer) {
  ::setenv("ARCHIPEL_PORT", "9191", 1);
  const char* argv[] = {"archipel-server", "--health-check"};
  int exit_code = -1;
  auto config = server::parse_config(2, const_cast<char**>(argv), &exit_code);
  ::unsetenv("ARCHIPEL_PORT");
  ASSERT_TRUE(config.has_value());
  EXPECT_TRUE(config->health_check);
  EXPECT_EQ(config->port, 9191);
}

}  // namespace
}  // namespace archipel::testing
