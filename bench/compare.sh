#!/usr/bin/env bash
# bench/compare.sh: Archipel against the bare Beast reference server (bench/bare_server), side by side on this
# machine, interleaved (Archipel, bare, Archipel, bare ...), REPS repetitions (default 3), each run on a fresh
# server. Prints the figures of each run and their ratios (Archipel / bare); Archipel runs as a Release build with
# its SQLite store on, in a temporary data folder. Issue 11's measures:
#
#   chat   server CPU per delivered chat message, CHAT_CLIENTS clients in rooms of 4, CHAT_RATE lines/s each
#   seat   seating time (and server CPU per room) for SEAT_CLIENTS clients in rooms of 4 (1,000 in 250 rooms)
#   flat   server CPU per room seated, FLAT_ROOMS rooms of 4 (default "50 1000"): every room at once, and for the
#          largest also FLAT_AT_ONCE rooms at a time (archipel-load --rooms-at-once, default 50), as people
#          arriving steadily fill them; prints each server's growth from the smallest size (median to median)
#   idle   server memory per idle socket after hello, IDLE_CLIENTS sockets (raises ulimit -n to its hard limit)
#   relay  server CPU per chat line in rooms of 4 where the seats speak in turn, each as soon as the line before
#          its own arrives (closed loop, MOVE_CLIENTS clients): a move's fan-out (one frame in, one out per seat)
#          without a game, the floor a move is compared with
#   move   Archipel only: server CPU per Santa Cruz move at 4 players, closed loop, MOVE_CLIENTS clients; printed
#          with its ratio to the bare server's relay line of the same repetition
#   moves  every game at each player count in MOVE_GAMES (game:players, default every game at its smallest and
#          largest count): Archipel's server CPU per move, closed loop, beside the bare server's relay line in rooms
#          of the same size (1 in, one out per seat: the same fan-out), in the same repetition; prints the ratio
#          of each (issue 38: a move at most twice its fan-out). Not in the default ONLY: about 12 s a run.
#
#   bench/compare.sh                     builds what is missing (build-bench/, Release), then measures
#   REPS=1 DURATION=5 bench/compare.sh   shorter
#   ONLY="chat seat" bench/compare.sh    some measures only
#
# Both servers run THREADS network threads (default: Archipel's own default, one fewer than the cores, at least
# one), so that a ratio compares the two servers' work, not their thread counts: on a 2-core machine a second
# network thread costs the bare server's relay line about 45% more CPU (docs/operations.md).
#
# ARCHIPEL_SERVER_BIN, BARE_SERVER_BIN, LOAD_BIN use given binaries instead of building. Needs python3.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ARCHIPEL_BENCH_BUILD:-$root/build-bench}"
reps="${REPS:-3}"
duration="${DURATION:-10}"
chat_clients="${CHAT_CLIENTS:-400}"
chat_rate="${CHAT_RATE:-5}"
seat_clients="${SEAT_CLIENTS:-1000}"
idle_clients="${IDLE_CLIENTS:-5000}"
move_clients="${MOVE_CLIENTS:-100}"
flat_rooms="${FLAT_ROOMS:-50 1000}"
flat_at_once="${FLAT_AT_ONCE:-50}"
move_games="${MOVE_GAMES:-santa-cruz:2 santa-cruz:4 costa-ruana:2 costa-ruana:4 capa-doro:2 capa-doro:4 santa-maria:1 santa-maria:4}"
cores="$(nproc)"
threads="${THREADS:-$(( cores > 2 ? cores - 1 : 1 ))}"
only="${ONLY:-chat seat flat idle relay move}"

server_bin="${ARCHIPEL_SERVER_BIN:-$build/server/archipel-server}"
bare_bin="${BARE_SERVER_BIN:-$build/bench/bare_server/archipel-bare-server}"
load_bin="${LOAD_BIN:-$build/tools/load/archipel-load}"
if [ ! -x "$server_bin" ] || [ ! -x "$bare_bin" ] || [ ! -x "$load_bin" ]; then
  echo "compare: building in $build (Release)" >&2
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DARCHIPEL_BUILD_TESTS=OFF -DARCHIPEL_BUILD_BENCH=ON >/dev/null
  cmake --build "$build" -j"${ARCHIPEL_JOBS:-2}" --target archipel-server archipel-bare-server archipel-load
fi

# Sockets: one file each, on both sides of the loopback.
ulimit -n "$(ulimit -Hn)"
need=$((idle_clients + 200))
if [ "$(ulimit -n)" -lt "$need" ]; then
  echo "compare: ulimit -n is $(ulimit -n), below $need for IDLE_CLIENTS=$idle_clients; lowering it" >&2
  idle_clients=$(( $(ulimit -n) - 200 ))
fi

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# start_server archipel|bare: starts a fresh server on a free port; sets server_pid and port.
start_server() {
  rm -f "$work/port"
  if [ "$1" = archipel ]; then
    rm -rf "$work/data"; mkdir -p "$work/data"
    # No per-client message rate limit for the closed loop; everything else as shipped.
    "$server_bin" --bind 127.0.0.1 --port 0 --port-file "$work/port" --data "$work/data" --log-level warn --threads "$threads" \
      --rate 100000 --burst 100000 --web-root "$root/web-client" 2>"$work/server.log" &
  else
    "$bare_bin" --bind 127.0.0.1 --port 0 --port-file "$work/port" --seats 4 --threads "$threads" 2>"$work/server.log" &
  fi
  server_pid=$!
  for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
  [ -s "$work/port" ] || { cat "$work/server.log" >&2; echo "compare: $1 did not start" >&2; exit 1; }
  port=$(cat "$work/port")
}
stop_server() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}

# measure NAME SERVER LOAD-FLAGS...: one run; appends its JSON summary to $work/results.
measure() {
  local name=$1 server=$2; shift 2
  start_server "$server"
  local out
  out=$("$load_bin" --port "$port" --server-pid "$server_pid" --json --quiet "$@" 2>"$work/load.log" | tail -1) || true
  stop_server
  if [ "${out:0:1}" != "{" ]; then
    echo "compare: $name on $server gave no summary" >&2; tail -5 "$work/load.log" >&2; out='{}'
  fi
  printf '%s\t%s\t%s\n' "$name" "$server" "$out" >>"$work/results"
  echo "  $name $server: done" >&2
}

: >"$work/results"
for rep in $(seq "$reps"); do
  echo "compare: repetition $rep of $reps" >&2
  for m in $only; do
    case "$m" in
      chat)
        for s in archipel bare; do
          measure chat "$s" --mode chat --clients "$chat_clients" --seats 4 --rate "$chat_rate" --duration "$duration"
        done ;;
      seat)
        for s in archipel bare; do
          measure seat "$s" --mode chat --clients "$seat_clients" --seats 4 --rate 0.001 --duration 0
        done ;;
      flat)
        largest=$(printf '%s\n' $flat_rooms | sort -n | tail -1)
        for rooms in $flat_rooms; do
          for s in archipel bare; do
            measure "flat $rooms all" "$s" --mode chat --clients $((rooms * 4)) --seats 4 --rate 0.001 --duration 0
            if [ "$rooms" = "$largest" ] && [ "$flat_at_once" -lt "$rooms" ]; then
              measure "flat $rooms $flat_at_once" "$s" --mode chat --clients $((rooms * 4)) --seats 4 --rate 0.001 \
                --duration 0 --rooms-at-once "$flat_at_once"
            fi
          done
        done ;;
      idle)
        for s in archipel bare; do
          measure idle "$s" --mode idle --clients "$idle_clients" --duration 1
        done ;;
      relay)
        for s in archipel bare; do
          measure relay "$s" --mode relay --clients "$move_clients" --seats 4 --duration "$duration"
        done ;;
      move)
        measure move archipel --mode closed --clients "$move_clients" --seats 4 --game santa-cruz --duration "$duration" ;;
      moves)
        # The relay line once per room size, then each game: one of each per repetition.
        for n in $(for gs in $move_games; do echo "${gs#*:}"; done | sort -nu); do
          measure "relay $n" bare --mode relay --clients $((move_clients / n * n)) --seats "$n" --duration "$duration"
        done
        for gs in $move_games; do
          g=${gs%:*} n=${gs#*:}
          measure "move $g $n" archipel --mode closed --clients $((move_clients / n * n)) --seats "$n" --game "$g" \
            --duration "$duration"
        done ;;
    esac
  done
done

python3 - "$work/results" "$threads" <<'EOF'
import json, statistics, sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1]) if line.strip()]
runs = {}
for name, server, text in rows:
    runs.setdefault((name, server), []).append(json.loads(text))

def values(name, server, key, scale=1.0):
    return [r[key] * scale for r in runs.get((name, server), []) if key in r]

def show(title, name, key, unit, scale=1.0):
    a, b = values(name, "archipel", key, scale), values(name, "bare", key, scale)
    if not a:
        return
    line = f"{title:<44} archipel " + " ".join(f"{v:9.3f}" for v in a) + f" {unit}"
    if b:
        ratios = [x / y for x, y in zip(a, b) if y]
        line += "\n" + " " * 44 + " bare     " + " ".join(f"{v:9.3f}" for v in b) + f" {unit}"
        if ratios:
            line += "\n" + " " * 44 + " ratio    " + " ".join(f"{v:9.2f}" for v in ratios) + \
                    f"   median x{statistics.median(ratios):.2f}"
    print(line)

def per_room(name, server):
    return [r["server_cpu_seat_s"] * 1000 / r["rooms"] for r in runs.get((name, server), [])
            if "server_cpu_seat_s" in r and r.get("rooms")]

print(f"\n== Archipel / bare Beast server, {sys.argv[2]} network threads each (each column one repetition) ==")
show("chat: server CPU per delivered message", "chat", "cpu_us_per_delivered", "us")
show("chat: delivered messages per second", "chat", "delivered_per_s", "/s")
show("seat: time to seat every client", "seat", "seat_s", "s")
for server in ("archipel", "bare"):
    v = per_room("seat", server)
    if v:
        print(f"{'seat: server CPU per room':<44} {server:<8} " + " ".join(f"{x:9.3f}" for x in v) + " ms")
# flat: the measure's name is "flat ROOMS all" or "flat ROOMS AT_ONCE".
flat = sorted({name for name, _ in runs if name.startswith("flat ")}, key=lambda n: (int(n.split()[1]), n.split()[2] != "all"))
medians = {}
for name in flat:
    _, rooms, at_once = name.split()
    title = f"flat: CPU per room, {rooms} rooms, " + ("all at once" if at_once == "all" else f"{at_once} at a time")
    for server in ("archipel", "bare"):
        v = per_room(name, server)
        if v:
            medians[(name, server)] = statistics.median(v)
            print(f"{title:<44} {server:<8} " + " ".join(f"{x:9.3f}" for x in v) + f" ms   median {medians[(name, server)]:.3f}")
if flat:
    base = flat[0]
    for name in flat[1:]:
        growth = "; ".join(f"{server} x{medians[(name, server)] / medians[(base, server)]:.2f}"
                           for server in ("archipel", "bare") if (name, server) in medians and medians.get((base, server)))
        print(f"{'flat: growth from ' + base.split()[1] + ' rooms to':<44} {' '.join(name.split()[1:])}: {growth}")
show("idle: server RSS per socket after hello", "idle", "rss_per_socket_kib", "KiB")
show("relay: server CPU per line (1 in, 4 out)", "relay", "cpu_us_per_line", "us")
show("move: server CPU per Santa Cruz move (4 pl.)", "move", "cpu_us_per_move", "us")
floor = values("relay", "bare", "cpu_us_per_line")
moves = values("move", "archipel", "cpu_us_per_move")
if floor and moves:
    ratios = [m / f for m, f in zip(moves, floor) if f]
    if ratios:
        print(f"{'move / bare relay line (same fan-out)':<44} ratio    " + " ".join(f"{v:9.2f}" for v in ratios) +
              f"   median x{statistics.median(ratios):.2f}")
show("move: moves per second", "move", "moves_per_s", "/s")
# moves: each game and player count against the bare relay line of rooms of that size, repetition by repetition.
games = sorted({name for name, _ in runs if name.startswith("move ")}, key=lambda n: (n.split()[1], int(n.split()[2])))
if games:
    print(f"\n{'moves: server CPU per move / bare relay line':<44} {'players':>7} {'move us':>9} {'relay us':>9}   ratio (median)")
for name in games:
    _, game, n = name.split()
    m, f = values(name, "archipel", "cpu_us_per_move"), values(f"relay {n}", "bare", "cpu_us_per_line")
    ratios = [a / b for a, b in zip(m, f) if b]
    if ratios:
        print(f"{'  ' + game:<44} {n:>7} {statistics.median(m):9.1f} {statistics.median(f):9.1f}   " +
              " ".join(f"{r:.2f}" for r in ratios) + f"   x{statistics.median(ratios):.2f}")
for name, server in sorted(runs):
    for r in runs[(name, server)]:
        if r.get("errors"):
            print(f"errors in {name} on {server}: {r['errors']}")
        if r.get("failed"):
            print(f"failed connections in {name} on {server}: {r['failed']}")
        if r.get("tables_stalled"):
            print(f"stalled tables in {name} on {server}: {r['tables_stalled']} (that run's rate fell with them)")
for name in ("chat", "relay", "move") + tuple(games):
    for server in ("archipel", "bare"):
        lat = [r["latency_ms"] for r in runs.get((name, server), []) if "latency_ms" in r]
        if lat:
            print(f"{name}: latency on {server:<8} " + "; ".join(
                f"p50 {l['p50']:.2f} p99 {l['p99']:.2f} p99.9 {l['p999']:.2f} ms" for l in lat))
EOF
