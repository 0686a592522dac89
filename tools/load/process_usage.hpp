#pragma once
// What a process on this machine has used so far: CPU time (its CPU clock, clock_getcpuclockid, to
// the nanosecond; else utime + stime of /proc/PID/stat, in 10 ms ticks) and resident memory (VmRSS
// of /proc/PID/status). archipel-load reads the server's with --server-pid and reports differences
// over each phase.

#include <sys/types.h>
#include <optional>
#include <string>
#include <string_view>

namespace archipel::load {

struct ProcessUsage {
  double cpu_seconds = 0;  // user + system
  long rss_kib = 0;
};

/// utime + stime, in clock ticks, from the text of /proc/PID/stat; nullopt if it is not that
/// format. The command name in parentheses may hold spaces and parentheses, so fields are counted
/// after the last ')'.
std::optional<unsigned long long> parse_stat_cpu_ticks(std::string_view stat);

/// VmRSS in KiB from the text of /proc/PID/status; nullopt if absent.
std::optional<long> parse_status_rss_kib(std::string_view status);

/// Reads both for `pid`; nullopt if the process is gone or not readable.
std::optional<ProcessUsage> read_process_usage(pid_t pid);

}  // namespace archipel::load
