#!/usr/bin/env bash
# The test suites under AddressSanitizer and UndefinedBehaviorSanitizer (issue 9): a build of its own in
# build-sanitize/, with clang when it is installed (faster to build, and the compiler of the fuzz targets),
# else GCC. Any sanitizer report fails the run: UBSan does not recover, ASan stops at the first error.
#
#   scripts/sanitize.sh             build, then run the suites below
#   scripts/sanitize.sh --no-build  run them against the existing build
#
# What runs, meant to fit in about 15 minutes on a 2-core machine, build included (scripts/test.sh calls it
# after the plain suites, which run the full playout counts): the protocol tests, every engine suite with the conformance playouts cut to
# ARCHIPEL_PLAYOUTS=4 per configuration (each configuration still played, fully checked, plus 40 light games),
# the server tests (rooms, loopback sockets, limits, restart from SQLite, kill -9) against a sanitized server
# binary. The bot suites are left to the plain run to stay within that budget (the server tests still seat
# server bots); add bot_tests to the targets below to include them.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${ARCHIPEL_SANITIZE_DIR:-$root/build-sanitize}"
jobs="${ARCHIPEL_JOBS:-2}"
build=1
[ "${1:-}" = "--no-build" ] && build=0

if [ "$build" = 1 ]; then
  compiler=()
  targets=(protocol_tests engine_tests server_tests archipel-server)
  for folder in "$root"/tests/engine/*/; do  # a game's test folder (tests/engine/golden/ holds data only)
    if compgen -G "$folder*_test.cpp" >/dev/null; then targets+=("engine_$(basename "$folder")_tests"); fi
  done
  # With clang the same build also holds the libFuzzer targets (ARCHIPEL_FUZZ adds the coverage
  # instrumentation libFuzzer needs; the tests run with it too): scripts/test.sh then fuzzes from this
  # folder (ARCHIPEL_FUZZ_DIR) instead of compiling everything a third time.
  if command -v clang++-14 >/dev/null 2>&1; then
    compiler=(-DCMAKE_CXX_COMPILER=clang++-14 -DARCHIPEL_FUZZ=ON)
    for f in "$root"/tests/fuzz/*_fuzz.cpp; do targets+=("$(basename "$f" .cpp)"); done
  fi
  # -O1: sanitizer reports keep usable stacks, and the tests run several times faster than at -O0. -g1 (line
  # tables): every frame of a report keeps its file:line, for a fifth less build time than full -g.
  cmake -S "$root" -B "$dir" "${compiler[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DARCHIPEL_SANITIZE=ON -DARCHIPEL_BUILD_BENCH=OFF >/dev/null
  cmake --build "$dir" -j"$jobs" --target "${targets[@]}"
fi

# halt_on_error/abort: a report is a failure, not a line in a log. detect_leaks stays on (the default).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_stack_use_after_return=0:strict_string_checks=1:check_initialization_order=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export ARCHIPEL_PLAYOUTS="${ARCHIPEL_PLAYOUTS:-4}"

echo "== sanitizers (ASan + UBSan): protocol, engine, server, restart and kill -9 tests"
# Only the targets above are built; ctest lists the others as <target>_NOT_BUILT, which are left out.
(cd "$dir" && ctest --output-on-failure -j"$jobs" --timeout 600 -E '_NOT_BUILT$')
