#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test: the GoogleTest suites through ctest, the
# install step, the JavaScript bot example, the browser tests in headless Chromium, then the same suites under
# AddressSanitizer and UndefinedBehaviorSanitizer (scripts/sanitize.sh) and each fuzz target for 20 seconds
# (scripts/fuzz.sh, from the sanitizer build). Exits non-zero if anything fails. Its time on a 2-core machine is
# in docs/testing.md. ARCHIPEL_SANITIZE_STEP=0 leaves the last two steps out (a quicker run while working).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/docker/install_deps.sh" --browser --fuzz
"$root/scripts/build.sh" all "$root/build"

echo "== unit, scenario and server tests (ctest)"
(cd "$root/build" && ctest --output-on-failure -j2 --timeout 600)

echo "== the install step the Docker image runs (cmake --install): programs and web client in place"
prefix="$(mktemp -d)"
cmake --install "$root/build" --prefix "$prefix" >/dev/null
for f in bin/archipel-server bin/archipel-bot bin/archipel-arena bin/archipel-load share/archipel/web-client/index.html; do
  [ -e "$prefix/$f" ] || { echo "cmake --install did not install $f" >&2; exit 1; }
done
"$prefix/bin/archipel-server" --help >/dev/null
rm -rf "$prefix"

echo "== the JavaScript bot example (docs/bots.md) against a real server"
(cd "$root/bots/examples" && ARCHIPEL_SERVER_BIN="$root/build/server/archipel-server" node --test)

if [ -f "$root/tests/browser/package.json" ]; then
  echo "== browser tests (headless Chromium)"
  cd "$root/tests/browser"
  ARCHIPEL_SERVER_BIN="$root/build/server/archipel-server" npm test
fi

if [ "${ARCHIPEL_SANITIZE_STEP:-1}" = 1 ]; then
  echo "== the suites under ASan + UBSan (scripts/sanitize.sh)"
  "$root/scripts/sanitize.sh"
  echo "== each fuzz target for 20 s (scripts/fuzz.sh, in the sanitizer build)"
  ARCHIPEL_FUZZ_DIR="$root/build-sanitize" "$root/scripts/fuzz.sh" 20
fi
