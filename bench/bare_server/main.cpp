// archipel-bare-server: the reference for bench/compare.sh. The least a Beast server can do to
// serve what archipel-load asks in chat mode (hello -> welcome with a token; /create, /join,
// /leave; chat fanned out to the room), with Archipel's JSON shapes, so one load tool drives both
// and the difference is Archipel's own cost.
#include <fstream>
#include <iostream>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "bench/bare_server/listener.hpp"
#include "bench/bare_server/shared_state.hpp"

int main(int argc, char** argv) {
  namespace net = boost::asio;
  CLI::App app{
      "archipel-bare-server: a minimal Beast chat server speaking Archipel's seating and chat "
      "messages"};
  app.option_defaults()->always_capture_default();
  std::string bind = "127.0.0.1", port_file;
  unsigned short port = 8090;
  int threads = 2, seats = 4;
  app.add_option("--bind", bind, "address to listen on");
  app.add_option("--port", port, "port (0: any free port)");
  app.add_option("--threads", threads, "threads running the io_context")->check(CLI::Range(1, 64));
  app.add_option("--seats", seats, "seats per room")->check(CLI::Range(1, 64));
  app.add_option("--port-file", port_file, "write the bound port to this file once listening");
  CLI11_PARSE(app, argc, argv);

  net::io_context ioc{threads};
  auto state = std::make_shared<bare::SharedState>(seats);
  auto listener = std::make_shared<bare::Listener>(
      ioc, net::ip::tcp::endpoint(net::ip::make_address(bind), port), state);
  listener->run();
  if (!port_file.empty()) std::ofstream(port_file) << listener->port() << "\n";
  std::cerr << "bare-server: listening on " << bind << ":" << listener->port() << "\n";

  net::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](boost::system::error_code, int) { ioc.stop(); });
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i) pool.emplace_back([&] { ioc.run(); });
  ioc.run();
  for (auto& t : pool) t.join();
  return 0;
}
