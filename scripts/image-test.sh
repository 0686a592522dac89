#!/usr/bin/env bash
# Builds the Docker image (docker/Dockerfile) with podman and checks it as an operator would run it:
#   - the image: Docker format with its HEALTHCHECK, no curl, apt's lists and downloads gone, user archipel 10001:10001;
#   - a container: /healthz and / answer, the server does not run as root, `podman healthcheck run` passes, and the
#     probe fails when pointed at a port nobody serves;
#   - a game created over a real WebSocket is stored in the /data volume, the container stops cleanly (exit 0),
#     and a new container on the same volume restores the game: the player gets their seat back with their token;
#   - with ARCHIPEL_PORT changed, the server serves that port and the health check follows it;
#   - docker/compose.yaml comes up with podman-compose and is healthy.
# Debian 12, as root (re-runs itself with sudo otherwise). Installs podman, runc, debootstrap and podman-compose from
# Debian. Podman here uses runc (Debian's crun fails on hybrid cgroups) and explicit ulimits (the defaults exceed what
# the sandbox allows): both are in a containers.conf this script writes and points CONTAINERS_CONF at.
#
# Base images: debian:bookworm(-slim) when present or pullable; otherwise (no registry answers) a Debian 12 minbase
# made with debootstrap from Debian's package mirror and imported as localhost/archipel-base:bookworm.
#
# Kept between runs, for speed: in ARCHIPEL_IMAGE_CACHE (default ~/.cache/archipel-image) the debootstrap base as a
# tarball and the containers.conf; in podman's storage the base image, the image built (localhost/archipel:image-test)
# and its build stage (localhost/archipel-build:image-test), whose layers are the build cache: the dependency layer is
# reused until docker/install_deps.sh changes, the compile step until a source file changes. Removed at the end,
# pass or fail: the test containers, their volumes, the compose project, layers of earlier builds no image uses.
# Prints one line per step and a closing count; on failure, what failed and the container's log.
# `scripts/image-test.sh --build-only` stops after the build: .ci/run builds the image in the background while the
# test command runs, then runs this script again, which finds every layer in the cache and goes on to the checks.
set -euo pipefail
[ "$(id -u)" -eq 0 ] || exec sudo --preserve-env=ARCHIPEL_IMAGE_CACHE,XDG_CACHE_HOME bash "$0" "$@"

build_only=0
[ "${1:-}" = "--build-only" ] && build_only=1
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${ARCHIPEL_IMAGE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/archipel-image}"
image=localhost/archipel:image-test
build_stage=localhost/archipel-build:image-test   # tagged so that its layers (the build cache) outlive the clean-up
local_base=localhost/archipel-base:bookworm
name=archipel-image-test          # containers, volume and compose project are named from it
work="$(mktemp -d)"
started=$SECONDS
passed=0

step() { echo "== $*"; }
ok() { passed=$((passed + 1)); echo "   ok: $*"; }
fail() {
  echo "image-test: FAILED: $*" >&2
  for c in $(podman ps -a --filter "name=$name" --format '{{.Names}}' 2>/dev/null); do
    echo "--- last lines of $c's log:" >&2
    podman logs --tail 20 "$c" >&2 2>&1 || true
  done
  echo "image-test: $passed passed, 1 failed" >&2
  exit 1
}

cleanup() {
  set +e
  if [ -n "${compose_up:-}" ]; then
    (cd "$root" && ARCHIPEL_IMAGE=$image podman-compose -p "$name" -f docker/compose.yaml down -v >/dev/null 2>&1)
  fi
  podman ps -a --filter "name=$name" --format '{{.Names}}' 2>/dev/null | xargs -r podman rm -f >/dev/null 2>&1
  podman volume ls --filter "name=$name" --format '{{.Name}}' 2>/dev/null | xargs -r podman volume rm -f >/dev/null 2>&1
  podman image prune -f >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT

# ---------------------------------------------------------------------------------------------------------------------
step "tools: podman, runc, debootstrap, podman-compose (Debian), node and ws for the WebSocket client"
packages=(podman runc netavark aardvark-dns iptables debootstrap podman-compose zstd curl)
command -v node >/dev/null 2>&1 || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "   installing ${missing[*]}"
  # The lock docker/install_deps.sh takes too: .ci/run runs both at once.
  [ -e /tmp/archipel-apt.lock ] || : >/tmp/archipel-apt.lock
  exec 9</tmp/archipel-apt.lock
  flock 9
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exec 9<&-
fi
if [ "$build_only" = 0 ] && [ ! -d "$root/bots/examples/node_modules/ws" ]; then
  (cd "$root/bots/examples" && npm ci --no-audit --no-fund --silent)
fi

mkdir -p "$cache"
cat > "$cache/containers.conf" <<'EOF'
# Written by scripts/image-test.sh. runc: Debian's crun fails on the hybrid cgroups of the project's machines;
# ulimits: podman's defaults exceed what their sandbox allows. cgroupfs and a file event log: no systemd there.
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
export CONTAINERS_CONF="$cache/containers.conf"

# ---------------------------------------------------------------------------------------------------------------------
step "base images"
t=$SECONDS
if podman image exists docker.io/library/debian:bookworm && podman image exists docker.io/library/debian:bookworm-slim; then
  base=docker.io/library/debian:bookworm runtime_base=docker.io/library/debian:bookworm-slim
elif podman image exists "$local_base"; then
  base=$local_base runtime_base=$local_base
elif timeout 60 podman pull -q docker.io/library/debian:bookworm >/dev/null 2>&1 \
  && timeout 60 podman pull -q docker.io/library/debian:bookworm-slim >/dev/null 2>&1; then
  base=docker.io/library/debian:bookworm runtime_base=docker.io/library/debian:bookworm-slim
else
  tarball="$cache/debian-bookworm-minbase.tar.zst"
  if [ ! -s "$tarball" ]; then
    echo "   no registry answers: making a Debian 12 base with debootstrap (a few minutes; kept in $cache)"
    rootfs="$work/rootfs"
    debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
      || { tail -20 "$work/debootstrap.log" >&2; fail "debootstrap"; }
    rm -f "$rootfs/etc/apt/sources.list"
    cat > "$rootfs/etc/apt/sources.list.d/debian.sources" <<'EOF'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    # Slim as debian:bookworm-slim is: no documentation, manuals or translations, now or from later installs.
    cat > "$rootfs/etc/dpkg/dpkg.cfg.d/docker-slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
EOF
    find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
    rm -rf "$rootfs"/usr/share/{man,groff,info,lintian,linda,locale}/* "$rootfs"/var/lib/apt/lists/* \
           "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/log/*.log
    tar --numeric-owner -C "$rootfs" -cf - . | zstd -q -T2 -o "$tarball.part" && mv "$tarball.part" "$tarball"
    rm -rf "$rootfs"
  fi
  # Imported uncompressed: from a compressed file podman records layer ids that never match, and no build step
  # based on it is ever taken from the cache.
  zstd -dcq "$tarball" | podman import -q --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["bash"]' - "$local_base" >/dev/null || fail "podman import of $tarball"
  base=$local_base runtime_base=$local_base
fi
ok "build from $base, run on $runtime_base ($((SECONDS - t)) s)"

# ---------------------------------------------------------------------------------------------------------------------
step "build (podman build --format docker; the build stage compiles the server)"
t=$SECONDS
build=(podman build --format docker --layers -f "$root/docker/Dockerfile"
       --build-arg BASE_IMAGE="$base" --build-arg RUNTIME_IMAGE="$runtime_base")
"${build[@]}" --target build -t "$build_stage" "$root" >"$work/build.log" 2>&1 \
  && "${build[@]}" -t "$image" "$root" >>"$work/build.log" 2>&1 \
  || { tail -30 "$work/build.log" >&2; fail "podman build (log above)"; }
grep -q "HEALTHCHECK is not supported" "$work/build.log" && fail "the build dropped the HEALTHCHECK"
grep -qi "useradd warning\|groupadd warning" "$work/build.log" && fail "useradd/groupadd warned: $(grep -i 'add warning' "$work/build.log")"
size=$(podman image inspect --format '{{.Size}}' "$image")
ok "built $image in $((SECONDS - t)) s, $((size / 1000000)) MB"

if [ "$build_only" = 1 ]; then
  echo "image-test: built in $((SECONDS - started)) s (--build-only: the checks are left for the next run)"
  exit 0
fi

step "the image"
healthcheck=$(podman image inspect --format '{{if .HealthCheck}}{{.HealthCheck.Test}}{{end}}' "$image")
[[ "$healthcheck" == *--health-check* ]] \
  || fail "the image's HEALTHCHECK is '$healthcheck', not archipel-server --health-check (an OCI build drops it)"
ok "HEALTHCHECK kept: $healthcheck"
inside() { podman run --rm --entrypoint /bin/sh "$image" -c "$1"; }
[ -z "$(inside 'command -v curl || true')" ] || fail "curl is still in the image"
leftovers=$(inside 'ls /var/lib/apt/lists/ /var/cache/apt/archives/ 2>/dev/null | grep -c "\.deb$\|_Packages" || true')
[ "$leftovers" = 0 ] || fail "apt left $leftovers package lists or downloads in the image"
user=$(inside 'id archipel')
[ "$user" = "uid=10001(archipel) gid=10001(archipel) groups=10001(archipel)" ] || fail "user archipel is '$user'"
ok "no curl, no apt lists or downloads; $user"

# ---------------------------------------------------------------------------------------------------------------------
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
wait_healthy() {  # URL CONTAINER: /healthz answers on the host within 30 s
  for _ in $(seq 60); do
    curl -fsS -o /dev/null "$1/healthz" 2>/dev/null && return 0
    [ "$(podman inspect --format '{{.State.Running}}' "$2" 2>/dev/null)" = true ] || fail "$2 stopped: it did not start"
    sleep 0.5
  done
  fail "$1/healthz did not answer within 30 s"
}
run_server() {  # CONTAINER HOST_PORT CONTAINER_PORT [podman run options...]
  local c=$1 host_port=$2 port=$3
  shift 3
  podman run -d --name "$c" -p "127.0.0.1:$host_port:$port" -v "$name-data:/data" "$@" "$image" \
    >/dev/null 2>>"$work/podman.log" || { cat "$work/podman.log" >&2; fail "podman run $c"; }
}

step "a container on the default port"
port=$(free_port)
url="http://127.0.0.1:$port"
run_server "$name-1" "$port" 8080
wait_healthy "$url" "$name-1"
# Bodies are read whole before matching: grep -q stopping early would make curl fail on a closed pipe.
health=$(curl -fsS "$url/healthz") || fail "/healthz did not answer 200"
[[ "$health" == *'"status":"ok"'* ]] || fail "/healthz answered: $health"
index=$(curl -fsS "$url/") || fail "/ did not answer 200"
[[ "$index" == *"<html"* ]] || fail "/ did not answer with the web client's page"
ok "/healthz and / answer on $url"
uids=$(podman exec "$name-1" sh -c 'grep ^Uid: /proc/1/status')
[ "$(echo "$uids" | awk '{print $2 $3 $4 $5}')" = 10001100011000110001 ] || fail "the server runs as $uids"
ok "the server (pid 1) runs as uid 10001, not root"
podman healthcheck run "$name-1" >/dev/null 2>&1 || fail "podman healthcheck run $name-1 on the default port"
ok "podman healthcheck run: healthy"
podman exec "$name-1" /opt/archipel/bin/archipel-server --health-check --port 1 >/dev/null 2>&1 \
  && fail "archipel-server --health-check passed against port 1, where nothing listens"
ok "the probe fails where no server answers"

step "a game survives the container"
node "$root/scripts/image-game.mjs" create "ws://127.0.0.1:$port/ws" "$work/game.json" || fail "creating a game"
volume_dir=$(podman volume inspect --format '{{.Mountpoint}}' "$name-data")
[ -s "$volume_dir/archipel.sqlite3" ] || fail "no archipel.sqlite3 in the volume ($volume_dir)"
ok "game $(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1])).room' "$work/game.json") played and stored in the volume"
podman stop -t 10 "$name-1" >/dev/null 2>>"$work/podman.log"
code=$(podman inspect --format '{{.State.ExitCode}}' "$name-1")
[ "$code" = 0 ] || fail "the server exited with $code on podman stop"
ok "podman stop: the server exited 0"
podman rm "$name-1" >/dev/null 2>>"$work/podman.log"
run_server "$name-2" "$port" 8080
wait_healthy "$url" "$name-2"
# The log is read whole before matching: with pipefail, grep -q leaving at the first match would fail the pipe
# whenever podman still had lines to write (SIGPIPE), as it once did in CI with the line there.
logs=$(podman logs "$name-2" 2>&1)
[[ "$logs" == *'event=game_restored'* ]] || fail "the new container did not log event=game_restored"
node "$root/scripts/image-game.mjs" resume "ws://127.0.0.1:$port/ws" "$work/game.json" || fail "resuming the game"
ok "a new container on the same volume restored the game; the player got their seat back"
podman rm -f "$name-2" >/dev/null 2>>"$work/podman.log"

step "ARCHIPEL_PORT changed"
run_server "$name-3" "$port" 9090 -e ARCHIPEL_PORT=9090
wait_healthy "$url" "$name-3"
podman healthcheck run "$name-3" >/dev/null 2>&1 || fail "podman healthcheck run with ARCHIPEL_PORT=9090"
ok "serves on 9090 and the health check follows it"
podman rm -f "$name-3" >/dev/null 2>>"$work/podman.log"

# ---------------------------------------------------------------------------------------------------------------------
step "docker/compose.yaml with podman-compose"
port=$(free_port)
compose_up=1
# The image just built (ARCHIPEL_IMAGE): compose's own build would be the same Dockerfile again.
# The compose file asks for 1,048,576 open files; a test machine's hard limit may be lower (a container cannot
# go past it), so the test asks for what this machine allows and checks the server got it.
nofile=$(ulimit -Hn)
[ "$nofile" = unlimited ] && nofile=1048576
(cd "$root" && ARCHIPEL_IMAGE=$image ARCHIPEL_HOST_PORT=$port ARCHIPEL_NOFILE=$nofile \
  podman-compose -p "$name" -f docker/compose.yaml up -d >"$work/compose.log" 2>&1) \
  || { tail -30 "$work/compose.log" >&2; fail "podman-compose up"; }
c=$(podman ps --filter "label=io.podman.compose.project=$name" --format '{{.Names}}' | head -1)
[ -n "$c" ] || { tail -30 "$work/compose.log" >&2; fail "podman-compose started no container"; }
wait_healthy "http://127.0.0.1:$port" "$c"
podman healthcheck run "$c" >/dev/null 2>&1 || fail "podman healthcheck run $c (compose)"
ok "compose: $c serves on port $port and is healthy"
logs=$(podman logs "$c" 2>&1)  # read whole before matching, as above
[[ "$logs" == *"event=limits open_files=$nofile "* ]] \
  || fail "compose: the server does not report the open-file limit the compose file sets ($nofile)"
ok "compose: the server holds up to $nofile open files (ulimits in docker/compose.yaml)"

echo "image-test: took $((SECONDS - started)) s"
echo "image-test: $passed passed, 0 failed"
