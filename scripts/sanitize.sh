#!/usr/bin/env bash
# The test suites under AddressSanitizer and UndefinedBehaviorSanitizer (issue 9): a build of its own in
# build-sanitize/, with clang when it is installed (faster to build, and the compiler of the fuzz targets),
# else GCC. Any sanitizer report fails the run: UBSan does not recover, ASan stops at the first error.
#
#   scripts/sanitize.sh               build, then run the suites below
#   scripts/sanitize.sh --no-build    run them against the existing build
#   scripts/sanitize.sh --build-only  build only (scripts/test.sh builds while the plain suites run)
#
# What runs, meant to fit in about 15 minutes on a 2-core machine, build included (scripts/test.sh calls it
# after the plain suites, which run everything at full counts): the protocol tests; the server tests (rooms,
# loopback sockets, limits, restart from SQLite, kill -9) against a sanitized server binary; the engine's
# conformance suite with its playouts cut to ARCHIPEL_PLAYOUTS=1 per configuration (every game at every player
# count and option set still played once fully checked, plus 10 light games). Left to the plain run to stay
# within that budget: the byte-determinism signatures (Determinism.*, Conformance.SameSeedAndActionsGiveTheSameBytes:
# long replays that check bytes, not memory), the per-game rule suites and the bot suites (their rules run
# sanitized in the conformance playouts, the server's games, and the game_action / game_state fuzz targets).
# ARCHIPEL_SANITIZE_ALL=1 builds and runs those too (about twice the time).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${ARCHIPEL_SANITIZE_DIR:-$root/build-sanitize}"
jobs="${ARCHIPEL_JOBS:-2}"
build=1
run=1
case "${1:-}" in
  --no-build) build=0 ;;
  --build-only) run=0 ;;
esac

if [ "$build" = 1 ]; then
  compiler=()
  targets=(protocol_tests engine_tests server_tests archipel-server)
  if [ "${ARCHIPEL_SANITIZE_ALL:-0}" = 1 ]; then
    for folder in "$root"/tests/engine/*/; do  # a game's test folder (tests/engine/golden/ holds data only)
      if compgen -G "$folder*_test.cpp" >/dev/null; then targets+=("engine_$(basename "$folder")_tests"); fi
    done
    targets+=(bot_tests)
  fi
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
[ "$run" = 1 ] || exit 0

# halt_on_error/abort: a report is a failure, not a line in a log. detect_leaks stays on (the default).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_stack_use_after_return=0:strict_string_checks=1:check_initialization_order=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export ARCHIPEL_PLAYOUTS="${ARCHIPEL_PLAYOUTS:-1}"
# Limits.AtTheOpenFileLimit* runs only in the plain build: it holds the server at its open-file limit, where
# UBSan's vptr check cannot probe memory (it opens a pipe to do so) and reports objects it could not read as
# broken (a false report, seen on boost::system::error_category).
skip='_NOT_BUILT$|^Determinism\.|SameSeedAndActionsGiveTheSameBytes|^Limits\.AtTheOpenFileLimit'
[ "${ARCHIPEL_SANITIZE_ALL:-0}" = 1 ] && skip='_NOT_BUILT$|^Limits\.AtTheOpenFileLimit'

echo "== sanitizers (ASan + UBSan): protocol, engine conformance, server, restart and kill -9 tests"
# Only the targets above are built; ctest lists the others as <target>_NOT_BUILT, which are left out.
(cd "$dir" && ctest --output-on-failure -j"$jobs" --timeout 600 -E "$skip")
