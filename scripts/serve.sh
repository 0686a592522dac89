#!/usr/bin/env bash
# Installs what is missing, builds the server and runs it: web client at http://localhost:8080, games kept in
# SQLite under ./data. Extra arguments go to archipel-server (see docs/operations.md), e.g. --port 9000.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/docker/install_deps.sh"
"$root/scripts/build.sh" server "$root/build-release"
cd "$root"
exec "$root/build-release/server/archipel-server" --data "$root/data" --web-root "$root/web-client" "$@"
