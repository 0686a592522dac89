#include "server/health_probe.hpp"

#include <chrono>
#include <fstream>
#include <iostream>
#include <string>

#include "server/net.hpp"

namespace archipel::server {

namespace {

int fail(const std::string& what) {
  std::cerr << "archipel-server --health-check: " << what << "\n";
  return 1;
}

}  // namespace

int run_health_probe(const Config& config, int timeout_seconds) {
  std::uint16_t port = config.port;
  if (port == 0) {
    std::ifstream file(config.port_file);
    unsigned value = 0;
    if (config.port_file.empty() || !(file >> value) || value == 0 || value > 65535)
      return fail("port 0 and no --port-file holding the bound port");
    port = static_cast<std::uint16_t>(value);
  }

  error_code ec;
  auto address = net::ip::make_address(config.bind, ec);
  if (ec) return fail("bad bind address '" + config.bind + "'");
  if (address.is_unspecified())
    address = address.is_v6() ? net::ip::address(net::ip::address_v6::loopback())
                              : net::ip::address(net::ip::address_v4::loopback());
  const tcp::endpoint endpoint(address, port);

  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  beast::flat_buffer buffer;
  http::request<http::empty_body> request{http::verb::get, "/healthz", 11};
  request.set(http::field::host, address.to_string() + ":" + std::to_string(port));
  request.set(http::field::connection, "close");
  http::response<http::string_body> response;
  std::string step = "connect";

  // One deadline for the whole exchange: tcp_stream's timeout covers each async step.
  stream.expires_after(std::chrono::seconds(timeout_seconds));
  stream.async_connect(endpoint, [&](error_code connect_ec) {
    if ((ec = connect_ec)) return;
    step = "send";
    http::async_write(stream, request, [&](error_code write_ec, std::size_t) {
      if ((ec = write_ec)) return;
      step = "read";
      http::async_read(stream, buffer, response,
                       [&](error_code read_ec, std::size_t) { ec = read_ec; });
    });
  });
  ioc.run();

  const std::string host = address.is_v6() ? "[" + address.to_string() + "]" : address.to_string();
  const std::string url = "http://" + host + ":" + std::to_string(port) + "/healthz";
  if (ec) return fail(step + " " + url + ": " + ec.message());
  if (response.result() != http::status::ok)
    return fail(url + " answered " + std::to_string(response.result_int()));
  return 0;
}

}  // namespace archipel::server
