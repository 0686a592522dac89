#include "tools/load/process_usage.hpp"

#include <time.h>
#include <unistd.h>
#include <fstream>
#include <sstream>

namespace archipel::load {

std::optional<unsigned long long> parse_stat_cpu_ticks(std::string_view stat) {
  const auto close = stat.rfind(')');
  if (close == std::string_view::npos) return std::nullopt;
  std::istringstream in{std::string(stat.substr(close + 1))};
  // After the name: state(3) ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt
  // utime(14) stime(15)
  std::string field;
  unsigned long long utime = 0, stime = 0;
  for (int i = 3; i <= 13; ++i)
    if (!(in >> field)) return std::nullopt;
  if (!(in >> utime >> stime)) return std::nullopt;
  return utime + stime;
}

std::optional<long> parse_status_rss_kib(std::string_view status) {
  constexpr std::string_view key = "VmRSS:";
  const auto at = status.find(key);
  if (at == std::string_view::npos) return std::nullopt;
  std::istringstream in{std::string(status.substr(at + key.size()))};
  long kib = 0;
  if (!(in >> kib)) return std::nullopt;
  return kib;
}

namespace {
std::optional<std::string> slurp(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}
}  // namespace

std::optional<ProcessUsage> read_process_usage(pid_t pid) {
  const std::string base = "/proc/" + std::to_string(pid);
  const auto stat = slurp(base + "/stat");
  const auto status = slurp(base + "/status");
  if (!stat || !status) return std::nullopt;
  const auto ticks = parse_stat_cpu_ticks(*stat);
  const auto rss = parse_status_rss_kib(*status);
  if (!ticks || !rss) return std::nullopt;
  ProcessUsage usage{static_cast<double>(*ticks) / static_cast<double>(sysconf(_SC_CLK_TCK)), *rss};
  // The process's CPU clock counts in nanoseconds where /proc/PID/stat counts 10 ms ticks: seating
  // 50 rooms costs the server one or two ticks. Its exited threads count too. Kept only when it can
  // be read.
  clockid_t clock{};
  timespec now{};
  if (clock_getcpuclockid(pid, &clock) == 0 && clock_gettime(clock, &now) == 0)
    usage.cpu_seconds = static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
  return usage;
}

}  // namespace archipel::load
