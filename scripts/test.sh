#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test: the GoogleTest suites through ctest, then
# the browser tests in headless Chromium. Exits non-zero if anything fails.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/docker/install_deps.sh" --browser
"$root/scripts/build.sh" all "$root/build"

echo "== unit, scenario and server tests (ctest)"
(cd "$root/build" && ctest --output-on-failure -j2 --timeout 600)

if [ -f "$root/tests/browser/package.json" ]; then
  echo "== browser tests (headless Chromium)"
  cd "$root/tests/browser"
  ARCHIPEL_SERVER_BIN="$root/build/server/archipel-server" npm test
fi
