#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test: the GoogleTest suites through ctest, the
# JavaScript bot example, then the browser tests in headless Chromium. Exits non-zero if anything fails.
# The sanitizer run (scripts/sanitize.sh) and the fuzz targets (scripts/fuzz.sh) are separate commands for now:
# they join this one once their time on a quiet 2-core machine is measured (docs/testing.md).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/docker/install_deps.sh" --browser
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
