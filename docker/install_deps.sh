#!/usr/bin/env bash
# Installs every dependency Archipel needs to build, test and run, on Debian 12 (bookworm).
# The one install script: README's commands, .ci/run and docker/Dockerfile all call it, so CI proves the image steps.
#
#   docker/install_deps.sh            build + runtime dependencies (compiler, Boost 1.81, nlohmann_json, spdlog,
#                                     SQLite, libpq, libsodium, GoogleTest, Google Benchmark, CLI11)
#   docker/install_deps.sh --browser  also Chromium and the npm packages for the browser tests and the JS bot example
#   docker/install_deps.sh --postgres also PostgreSQL 15, which the store tests start on their own in a temporary
#                                     folder (tests/support/postgres_server.hpp); the server needs only libpq
#   docker/install_deps.sh --redis    also Redis 7 (redis-server), which the cluster tests start on their own in a
#                                     temporary folder (tests/support/redis_server.hpp); the server needs only
#                                     libhiredis
#   docker/install_deps.sh --fuzz     also clang 14 with libFuzzer and the sanitizer runtimes, and llvm-symbolizer
#                                     for readable reports (scripts/fuzz.sh, scripts/sanitize.sh)
#   docker/install_deps.sh --format   also clang-format 14, which checks the C++ layout (scripts/format.sh)
#   docker/install_deps.sh --runtime  only what the built server needs at run time (for the slim image; libpq5 for
#                                     --store postgresql://, libhiredis0.14 for --cluster redis://, libsodium23
#                                     for the accounts' password hashes, the services themselves being elsewhere)
#
# It is idempotent and quick when everything is already there.
set -euo pipefail

mode=build
browser=0
fuzz=0
format=0
postgres=0
redis=0
for arg in "$@"; do
  case "$arg" in
    --runtime) mode=runtime ;;
    --browser) browser=1 ;;
    --postgres) postgres=1 ;;
    --redis) redis=1 ;;
    --fuzz) fuzz=1 ;;
    --format) format=1 ;;
    *) echo "install_deps.sh: unknown argument '$arg'" >&2; exit 2 ;;
  esac
done

if [ "$mode" = runtime ]; then
  packages=(libsqlite3-0 libpq5 libhiredis0.14 libsodium23 libspdlog1.10 libfmt9 libjemalloc2 ca-certificates)
else
  packages=(build-essential cmake pkg-config git
            libboost1.81-dev nlohmann-json3-dev libspdlog-dev libfmt-dev
            libsqlite3-dev libpq-dev libhiredis-dev libsodium-dev libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev libjemalloc-dev curl)
  # Node.js runs the browser tests and the bot example. A machine may already carry a newer Node with its
  # own npm (Debian's npm package conflicts with it), so take Debian's only when there is none.
  if [ "$browser" = 1 ]; then
    packages+=(chromium)
    command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
  fi
  # libclang-rt-14-dev holds libFuzzer, the ASan/UBSan runtimes and FuzzedDataProvider.h; clang-14 only
  # recommends it, and recommends are not installed here.
  if [ "$fuzz" = 1 ]; then packages+=(clang-14 libclang-rt-14-dev llvm-14); fi
  if [ "$format" = 1 ]; then packages+=(clang-format-14); fi
  # Debian 12's postgresql is version 15 (/usr/lib/postgresql/15/bin); it creates the postgres user the tests run
  # it as when they run as root.
  if [ "$postgres" = 1 ]; then packages+=(postgresql); fi
  # Debian 12's redis-server is Redis 7; the tests start it themselves (its service, if any, is not used).
  if [ "$redis" = 1 ]; then packages+=(redis-server); fi
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ "${#missing[@]}" -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "install_deps.sh: installing ${missing[*]}"
  # One apt at a time: .ci/run builds the image (scripts/image-test.sh installs podman) while this runs, and two
  # apt-gets at once fail on dpkg's lock instead of waiting. Both take this lock first (let go once apt is done).
  lock=/tmp/archipel-apt.lock
  [ -e "$lock" ] || : >"$lock"
  exec 9<"$lock"
  flock 9
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exec 9<&-
fi

if [ "$browser" = 1 ]; then
  # npm packages: playwright-core for the browser tests, ws for the JavaScript bot example (docs/bots.md).
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  for pair in tests/browser:playwright-core bots/examples:ws; do
    dir="$here/${pair%%:*}"
    if [ -f "$dir/package.json" ] && [ ! -d "$dir/node_modules/${pair##*:}" ]; then
      (cd "$dir" && npm ci --no-audit --no-fund --silent)
    fi
  done
fi
