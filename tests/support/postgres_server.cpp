#include "tests/support/postgres_server.hpp"

#include <libpq-fe.h>
#include <pwd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "tests/support/child_process.hpp"

namespace archipel::testing {
namespace {

namespace fs = std::filesystem;

const char* const kUser = "archipel";  // the cluster's superuser (initdb --username)

// Debian's postgresql-15, or the folder ARCHIPEL_POSTGRES_BIN names (another version, another
// layout).
fs::path bin_folder() {
  const char* set = std::getenv("ARCHIPEL_POSTGRES_BIN");
  return set && *set ? fs::path(set) : fs::path("/usr/lib/postgresql/15/bin");
}

// Runs a program to its end, its output appended to `log`; true if it exited 0.
bool run(const std::vector<std::string>& argv, const fs::path& log) {
  const pid_t pid = spawn_program(argv, log, log);
  if (pid <= 0) return false;
  const int status = wait_for_exit(pid);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

class Server {
 public:
  Server() { why_not_ = start(); }
  ~Server() { stop(); }

  const std::string& why_not() const { return why_not_; }
  std::string url(const std::string& database) const {
    return "postgresql://" + std::string(kUser) + "@127.0.0.1:" + std::to_string(port_) + "/" +
           database;
  }
  std::string next_database() {
    std::lock_guard lock(mutex_);
    return "test" + std::to_string(++databases_);
  }

  void stop() {
    // immediate: no shutdown checkpoint, the folder is deleted next.
    if (running_)
      run(as_owner({(bin_ / "pg_ctl").string(), "-D", (dir_ / "data").string(), "-m", "immediate",
                    "-w", "stop"}),
          dir_ / "pg_ctl.log");
    running_ = false;
    std::error_code ec;
    if (!dir_.empty()) fs::remove_all(dir_, ec);
    dir_.clear();
  }

 private:
  // "" once running, else why not.
  std::string start() {
    for (const char* program : {"initdb", "pg_ctl", "postgres"})
      if (!fs::exists(bin_ / program))
        return "PostgreSQL is not installed (" + (bin_ / program).string() +
               " is missing): docker/install_deps.sh --postgres installs Debian's PostgreSQL 15";
    char folder[] = "/tmp/archipel-pg-XXXXXX";
    if (!::mkdtemp(folder)) return "cannot make a temporary folder for PostgreSQL";
    dir_ = folder;
    if (::geteuid() == 0) {
      // PostgreSQL will not run as root: as Debian's postgres user, in a folder of theirs.
      const passwd* pw = ::getpwnam("postgres");
      if (!pw)
        return "the tests run as root and there is no postgres user to run PostgreSQL as (Debian's "
               "postgresql package creates it)";
      if (!fs::exists("/usr/sbin/runuser"))
        return "the tests run as root and /usr/sbin/runuser is missing";
      if (::chown(folder, pw->pw_uid, pw->pw_gid) != 0)
        return "cannot give " + dir_.string() + " to postgres";
      as_postgres_ = true;
    }
    if (!run(as_owner({(bin_ / "initdb").string(), "-D", (dir_ / "data").string(), "--auth=trust",
                       "--username=" + std::string(kUser), "--encoding=UTF8", "--locale=C",
                       "--no-sync"}),
             dir_ / "initdb.log"))
      return "initdb failed: " + log_tail(dir_ / "initdb.log");
    // fsync off: the tests kill archipel-server, never PostgreSQL or the machine, and it makes them
    // quicker.
    for (int attempt = 0; attempt < 3; ++attempt) {
      port_ = free_loopback_port();
      const std::string options = "-c listen_addresses=127.0.0.1 -c port=" + std::to_string(port_) +
                                  " -c unix_socket_directories=" + dir_.string() + " -c fsync=off";
      running_ =
          run(as_owner({(bin_ / "pg_ctl").string(), "-D", (dir_ / "data").string(), "-l",
                        (dir_ / "server.log").string(), "-o", options, "-w", "-t", "60", "start"}),
              dir_ / "pg_ctl.log");
      if (running_) return "";
    }
    return "PostgreSQL did not start: " + log_tail(dir_ / "server.log");
  }

  std::vector<std::string> as_owner(std::vector<std::string> argv) const {
    if (as_postgres_) argv.insert(argv.begin(), {"/usr/sbin/runuser", "-u", "postgres", "--"});
    return argv;
  }

  const fs::path bin_ = bin_folder();
  std::string why_not_;
  fs::path dir_;
  std::uint16_t port_ = 0;
  bool as_postgres_ = false;
  bool running_ = false;
  std::mutex mutex_;
  int databases_ = 0;
};

std::mutex server_mutex;
std::unique_ptr<Server> server;  // made by the first test that needs it

Server& the_server() {
  std::lock_guard lock(server_mutex);
  if (!server) server = std::make_unique<Server>();
  return *server;
}

// Stops the server, if a test started one, once every test has run.
class Environment : public ::testing::Environment {
 public:
  void TearDown() override {
    std::lock_guard lock(server_mutex);
    if (server) server->stop();
  }
};
[[maybe_unused]] const auto* const environment =
    ::testing::AddGlobalTestEnvironment(new Environment);

using Connection = std::unique_ptr<PGconn, decltype(&PQfinish)>;
using Result = std::unique_ptr<PGresult, decltype(&PQclear)>;

}  // namespace

const std::string& postgres_unavailable() {
  return the_server().why_not();
}

bool postgres_required() {
  const char* v = std::getenv("ARCHIPEL_REQUIRE_POSTGRES");
  return v && std::string(v) == "1";
}

std::string fresh_postgres_database() {
  Server& s = the_server();
  if (!s.why_not().empty()) throw std::runtime_error(s.why_not());
  const std::string name = s.next_database();
  postgres_query(s.url("postgres"), "CREATE DATABASE " + name);
  return s.url(name);
}

std::vector<std::vector<std::string>> postgres_query(const std::string& url,
                                                     const std::string& sql) {
  Connection conn(PQconnectdb(url.c_str()), &PQfinish);
  if (PQstatus(conn.get()) != CONNECTION_OK)
    throw std::runtime_error("cannot connect to " + url + ": " + PQerrorMessage(conn.get()));
  PQsetNoticeProcessor(
      conn.get(), [](void*, const char*) {}, nullptr);
  const Result r(PQexec(conn.get(), sql.c_str()), &PQclear);
  const auto status = PQresultStatus(r.get());
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
    throw std::runtime_error(sql + ": " + PQerrorMessage(conn.get()));
  std::vector<std::vector<std::string>> rows;
  for (int row = 0; row < PQntuples(r.get()); ++row) {
    rows.emplace_back();
    for (int column = 0; column < PQnfields(r.get()); ++column)
      rows.back().push_back(PQgetvalue(r.get(), row, column));
  }
  return rows;
}

std::string postgres_value(const std::string& url, const std::string& sql) {
  const auto rows = postgres_query(url, sql);
  return rows.empty() || rows[0].empty() ? std::string() : rows[0][0];
}

}  // namespace archipel::testing
