#!/usr/bin/env bash
# Configures and builds Archipel. Used by scripts/serve.sh, scripts/test.sh and docker/Dockerfile alike.
#
#   scripts/build.sh server [BUILD_DIR]   the programs only (server, bot, arena, load tool), optimised, no tests: what the
#                                         image ships and `cmake --install` installs
#   scripts/build.sh all [BUILD_DIR]      everything: server, tests, benchmarks
#
# Two jobs by default (ARCHIPEL_JOBS to change): the project is sized for a 2-core machine.
set -euo pipefail
what="${1:-all}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jobs="${ARCHIPEL_JOBS:-2}"

case "$what" in
  server)
    dir="${2:-$root/build-release}"
    cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DARCHIPEL_BUILD_TESTS=OFF -DARCHIPEL_BUILD_BENCH=OFF >/dev/null
    cmake --build "$dir" -j"$jobs" --target archipel-server archipel-bot archipel-arena archipel-load
    ;;
  all)
    dir="${2:-$root/build}"
    # -g1: line tables only. Stack traces and sanitizer reports keep their file:line, and the build takes about a
    # quarter less time than with full debug information (set CMAKE_CXX_FLAGS_RELWITHDEBINFO yourself for -g).
    cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" >/dev/null
    cmake --build "$dir" -j"$jobs"
    ;;
  *) echo "usage: scripts/build.sh server|all [BUILD_DIR]" >&2; exit 2 ;;
esac
