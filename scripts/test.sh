#!/usr/bin/env bash
# Installs what is missing, checks the C++ layout (scripts/format.sh), builds everything and runs every test: the
# GoogleTest suites through ctest (the store suite over PostgreSQL too, on a server the tests start themselves), the
# install step, the JavaScript bot example, the browser tests in headless Chromium, then the same suites under
# AddressSanitizer and UndefinedBehaviorSanitizer (scripts/sanitize.sh), each fuzz target for 20 seconds
# (scripts/fuzz.sh, from the sanitizer build) and the server tests under ThreadSanitizer (scripts/tsan.sh).
# Exits non-zero if anything fails. Each step's time is printed at the end, pass or fail (and in
# docs/testing.md for a 2-core machine). ARCHIPEL_SANITIZE_STEP=0 leaves the sanitizer, fuzz and ThreadSanitizer
# steps out (a quicker run while working).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# ---- step times: `step NAME` closes the step before and opens NAME; the table is printed on exit ----------
step_names=()
step_seconds=()
step_started=$SECONDS
step_current=""
step() {
  if [ -n "$step_current" ]; then
    step_names+=("$step_current")
    step_seconds+=($((SECONDS - step_started)))
  fi
  step_current="$1"
  step_started=$SECONDS
  [ -n "$1" ] && echo "== $1"
  return 0
}
print_step_times() {
  local status=$?
  step ""
  echo "== step times (scripts/test.sh)"
  local i
  for i in "${!step_names[@]}"; do printf '  %6ds  %s\n' "${step_seconds[$i]}" "${step_names[$i]}"; done
  printf '  %6ds  total%s\n' "$SECONDS" "$([ "$status" = 0 ] || echo ", failed")"
}
# The sanitizer builds run in the background once the plain build is done (below); a run that ends early stops them.
background_builds_pid=""
stop_background_builds() {
  if [ -n "$background_builds_pid" ]; then kill -- "-$background_builds_pid" 2>/dev/null || true; fi
}
trap 'status=$?; stop_background_builds; (exit $status); print_step_times' EXIT

step "dependencies (docker/install_deps.sh)"
"$root/docker/install_deps.sh" --browser --fuzz --postgres --redis --format
step "the C++ layout (scripts/format.sh --check)"
"$root/scripts/format.sh" --check
step "build (scripts/build.sh all)"
"$root/scripts/build.sh" all "$root/build"

# The sanitizer and ThreadSanitizer builds start now, in the background at the lowest priority (nice 19): the
# suites below wait on sockets, timers and Chromium part of the time, and the builds take the CPU they leave idle
# (less than hoped: in the first measured run they were still building when the sanitizer step came; see
# docs/testing.md). Their output goes to a log, printed if they fail; the sanitizer step waits for them.
background_builds_log="$(mktemp)"
if [ "${ARCHIPEL_SANITIZE_STEP:-1}" = 1 ]; then
  # setsid: a group of its own, so that a failing run stops the compilers too (stop_background_builds).
  setsid --wait nice -n 19 bash -c '
    started=$SECONDS
    "$1/scripts/sanitize.sh" --build-only && "$1/scripts/tsan.sh" --build-only
    status=$?
    echo "== the sanitizer builds took $((SECONDS - started))s in the background"
    exit $status' _ "$root" >"$background_builds_log" 2>&1 &
  background_builds_pid=$!
fi

step "unit, scenario and server tests (ctest)"
# PostgreSQL and Redis were installed above: a store or cluster test that cannot start them fails here rather than
# being skipped.
export ARCHIPEL_REQUIRE_POSTGRES=1
export ARCHIPEL_REQUIRE_REDIS=1
(cd "$root/build" && ctest --output-on-failure -j2 --timeout 600)

step "the install step the Docker image runs (cmake --install): programs and web client in place"
prefix="$(mktemp -d)"
cmake --install "$root/build" --prefix "$prefix" >/dev/null
for f in bin/archipel-server bin/archipel-bot bin/archipel-arena bin/archipel-load share/archipel/web-client/index.html; do
  [ -e "$prefix/$f" ] || { echo "cmake --install did not install $f" >&2; exit 1; }
done
"$prefix/bin/archipel-server" --help >/dev/null
rm -rf "$prefix"

step "the JavaScript bot example (docs/bots.md) against a real server"
(cd "$root/bots/examples" && ARCHIPEL_SERVER_BIN="$root/build/server/archipel-server" node --test)

if [ -f "$root/tests/browser/package.json" ]; then
  step "browser tests (headless Chromium)"
  (cd "$root/tests/browser" && ARCHIPEL_SERVER_BIN="$root/build/server/archipel-server" npm test)
fi

if [ "${ARCHIPEL_SANITIZE_STEP:-1}" = 1 ]; then
  step "the sanitizer builds started after the plain build (scripts/sanitize.sh, scripts/tsan.sh --build-only)"
  if ! wait "$background_builds_pid"; then
    background_builds_pid=""
    tail -n 60 "$background_builds_log" >&2
    echo "test.sh: a sanitizer build failed (its last lines above)" >&2
    exit 1
  fi
  background_builds_pid=""
  tail -n 1 "$background_builds_log"
  step "the suites under ASan + UBSan (scripts/sanitize.sh --no-build)"
  "$root/scripts/sanitize.sh" --no-build
  step "each fuzz target for 20 s (scripts/fuzz.sh, in the sanitizer build)"
  ARCHIPEL_FUZZ_DIR="$root/build-sanitize" "$root/scripts/fuzz.sh" 20
  step "the server tests under ThreadSanitizer (scripts/tsan.sh --no-build)"
  "$root/scripts/tsan.sh" --no-build
fi
