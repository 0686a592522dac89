#!/usr/bin/env bash
# The server tests under ThreadSanitizer (issue 38): a build of its own in build-tsan/ (TSan cannot share a
# program with ASan, so not build-sanitize/), with clang when it is installed, else GCC, and -DARCHIPEL_TSAN=ON
# (every target instrumented, Asio's compiled unit included). TSan checks what the server shares between
# threads: the store writer thread, the network threads (the test server runs two), the strands of the sessions,
# the lobby and the rooms, the bots' pool, the metrics counters. Any report fails the run (halt_on_error; in a
# server binary the tests start as a child, the report goes to that child's log and the test sees it die).
#
#   scripts/tsan.sh               build, then run the suite below
#   scripts/tsan.sh --no-build    run it against the existing build
#   scripts/tsan.sh --build-only  build only (scripts/test.sh builds while the plain suites run)
#
# What runs: every server test (rooms, lobby, loopback sockets, limits, restart from SQLite, kill -9 against a
# TSan server binary), none left out: the slowest under TSan (Limits.AtTheOpenFileLimit*, about 30 s) stays far
# below the timeout. Left out: the protocol and engine suites, which start no thread (TSan would check nothing
# there; their code runs under TSan inside the server's), and the bot and tool suites (processes talking to a
# server the server tests already cover; bot_tests passed under TSan once, for about 50 s more build).
# Time, measured from an empty build-tsan/ on this project's 2-core machine while other builds shared it (load
# 2-3, so an upper bound for an idle one): 11.5 minutes, the build about 10 and the 142 tests 75 seconds.
# tests/tsan.supp holds the reports inside third-party code that are not races of ours, each with its reason.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${ARCHIPEL_TSAN_DIR:-$root/build-tsan}"
jobs="${ARCHIPEL_JOBS:-2}"
build=1
run=1
case "${1:-}" in
  --no-build) build=0 ;;
  --build-only) run=0 ;;
esac

if [ "$build" = 1 ]; then
  compiler=()
  if command -v clang++-14 >/dev/null 2>&1; then compiler=(-DCMAKE_CXX_COMPILER=clang++-14); fi
  # The build type's own flags replaced, as in scripts/sanitize.sh: no -DNDEBUG, so the asserts run too
  # (ARCHIPEL_TSAN adds -O1 -g1).
  cmake -S "$root" -B "$dir" "${compiler[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DARCHIPEL_TSAN=ON -DARCHIPEL_BUILD_BENCH=OFF >/dev/null
  cmake --build "$dir" -j"$jobs" --target server_tests archipel-server
fi
[ "$run" = 1 ] || exit 0

# halt_on_error: a report is a failure, not a line in a log. second_deadlock_stack: both stacks of a
# lock-order inversion. The server binaries the tests start inherit these options. Options set by the caller come
# after them and win (TSAN_OPTIONS=log_path=/tmp/tsan writes every process's report to a file of its own).
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$root/tests/tsan.supp ${TSAN_OPTIONS:-}"

echo "== ThreadSanitizer: the server tests (sessions, lobby, rooms, store writer, restart, kill -9)"
# Only the targets above are built; ctest lists the others as <target>_NOT_BUILT, which are left out.
(cd "$dir" && ctest --output-on-failure -j"$jobs" --timeout 600 -E '_NOT_BUILT$')
