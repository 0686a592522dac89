#!/usr/bin/env bash
# bench/instructions.sh MEASURE BASELINE_BIN CANDIDATE_BIN: what one unit of work costs two server binaries, in
# instructions counted by valgrind rather than in time. On a shared machine, timings of one binary can differ by
# 40% from one run to the next; instruction counts do not. Prints both and their ratio (candidate / baseline).
#
#   move   a Santa Cruz move at 4 players: archipel-load --mode closed, CLIENTS clients (default 8). Both binaries
#          must be archipel-server.
#   relay  one delivered copy of a chat line, in rooms of 4 where the seats speak in turn (--mode relay, CLIENTS
#          clients): the fan-out of issue 11's chat measure, closed loop.
#   seat   one room of 4 seated (a /create and three /join, and every frame they cause), the seating phase alone,
#          at each size in SEAT_SIZES (clients; default "200 4000", that is 50 and 1,000 rooms): shows whether the
#          work per room stays flat as rooms and sockets grow. Archipel runs with --lobby-flush 10000 here (see
#          per_room): the lobby's deltas, sent at most once during a native seating, are left out.
#
# relay and seat take archipel-server or the bare Beast server (bench/bare_server) on either side:
#
#   bench/instructions.sh move /tmp/old/archipel-server build-bench/server/archipel-server
#   bench/instructions.sh relay build-bench/bench/bare_server/archipel-bare-server build-bench/server/archipel-server
#   SEAT_SIZES="200 1000 4000" bench/instructions.sh seat BARE_BIN ARCHIPEL_BIN
#
# How: move and relay run each binary twice under valgrind's lackey tool, a SHORT and a LONG run (default 5 and
# 15 s), and a unit's cost is the difference of the two runs' instructions over the difference of their units, so
# start-up and shut-down are left out. seat runs the binary under callgrind with instrumentation off, seats the
# clients with archipel-load --pause, and has callgrind count from the pause before seating to the pause after it.
#
# What it counts: the server's own instructions in user space, every thread of it. Not the kernel's (sends and
# receives), and not cache misses: work per room can stay flat while time per room grows with the sockets.
#
# Needs valgrind (apt-get install valgrind). LOAD_BIN: the archipel-load to use (default build-bench's).
set -euo pipefail
shopt -s inherit_errexit  # a failed run inside $(...) stops the script
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ $# -ne 3 ] || [[ ! "$1" =~ ^(move|relay|seat)$ ]]; then
  echo "usage: bench/instructions.sh move|relay|seat BASELINE_SERVER_BIN CANDIDATE_SERVER_BIN" >&2
  exit 2
fi
measure=$1
command -v valgrind >/dev/null || { echo "instructions: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
load_bin="${LOAD_BIN:-$root/build-bench/tools/load/archipel-load}"
[ -x "$load_bin" ] || { echo "instructions: no archipel-load at $load_bin (LOAD_BIN)" >&2; exit 1; }
short="${SHORT:-5}"
long="${LONG:-15}"
clients="${CLIENTS:-8}"
seat_sizes="${SEAT_SIZES:-200 4000}"
ulimit -n "$(ulimit -Hn)"  # seat: a socket each side of the loopback per client
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT  # each run stops its own server (stop_on_exit)
server_pid=""

is_bare() { "$1" --help 2>&1 | grep -q -- '--seats'; }

# start TOOL BIN DIR: runs BIN under valgrind's TOOL (its arguments in VALGRIND_ARGS; an archipel-server's own
# extra ones in ARCHIPEL_ARGS) on a free port; sets server_pid.
start() {
  local tool=$1 bin=$2 dir=$3
  if is_bare "$bin"; then
    # shellcheck disable=SC2086
    valgrind --tool="$tool" $VALGRIND_ARGS "$bin" --bind 127.0.0.1 --port 0 --port-file "$dir/port" --seats 4 \
      --threads 1 >"$dir/server.log" 2>&1 &
  else
    # shellcheck disable=SC2086
    valgrind --tool="$tool" $VALGRIND_ARGS "$bin" --port 0 --port-file "$dir/port" --data "$dir/data" \
      --log-level warn --threads 1 --rate 100000 --burst 100000 ${ARCHIPEL_ARGS:-} >"$dir/server.log" 2>&1 &
  fi
  server_pid=$!
  for _ in $(seq 600); do [ -s "$dir/port" ] && break; sleep 0.1; done
  [ -s "$dir/port" ] || { cat "$dir/server.log" >&2; echo "instructions: $bin did not start" >&2; exit 1; }
}

stop() {
  kill -INT "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}

# Each run is in its own subshell, $(...): it stops its own server if it fails part-way.
stop_on_exit() { trap 'if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi' EXIT; }

# run BIN SECONDS: prints "instructions units" for one move or relay run under lackey.
run() {
  local bin=$1 seconds=$2 dir mode key
  stop_on_exit
  dir="$(mktemp -d -p "$work")"
  if [ "$measure" = move ]; then mode=closed key=moves_applied; else mode=relay key=chats_delivered; fi
  if [ "$measure" = move ] && is_bare "$bin"; then
    echo "instructions: move needs archipel-server binaries; $bin is the bare server" >&2
    exit 2
  fi
  VALGRIND_ARGS="--basic-counts=yes --log-file=$dir/valgrind.log" start lackey "$bin" "$dir"
  local units
  units=$("$load_bin" --port "$(cat "$dir/port")" --mode "$mode" --clients "$clients" --seats 4 --game santa-cruz \
            --duration "$seconds" --json --quiet 2>/dev/null | tail -1 |
          python3 -c 'import json, sys; print(json.load(sys.stdin)[sys.argv[1]])' "$key")
  stop
  local instructions
  instructions=$(sed -n 's/.*guest instrs: *\([0-9,]*\).*/\1/p' "$dir/valgrind.log" | head -1 | tr -d ,)
  echo "$instructions $units"
}

# per_unit BIN: instructions per move or delivered line, from a short and a long run.
per_unit() {
  local a b
  a=$(run "$1" "$short")
  b=$(run "$1" "$long")
  python3 -c 'import sys; i1, m1, i2, m2 = map(int, sys.argv[1:]); print(round((i2 - i1) / (m2 - m1)))' $a $b
}

# wait_for FILE TEXT: until the load tool's standard error says TEXT (it waits at each --pause).
wait_for() {
  for _ in $(seq 36000); do grep -q "$2" "$1" 2>/dev/null && return; sleep 0.05; done
  echo "instructions: archipel-load never said '$2'" >&2
  exit 1
}

# per_room BIN CLIENTS: instructions per seated room of 4, the seating phase alone, under callgrind.
per_room() {
  local bin=$1 n=$2 dir load_pid
  stop_on_exit
  dir="$(mktemp -d -p "$work")"
  # Under valgrind seating 1,000 rooms takes seconds, not the 0.2 s it takes natively, and the lobby's 250 ms
  # flush would send its deltas to the thousands of clients still in the lobby a dozen times, where a native run
  # sends them once at most: the flush is set beyond the seating, so the count is the seating's own work.
  ARCHIPEL_ARGS="--lobby-flush 10000" VALGRIND_ARGS="--instr-atstart=no --callgrind-out-file=$dir/callgrind.out" \
    start callgrind "$bin" "$dir"
  "$load_bin" --port "$(cat "$dir/port")" --mode chat --rate 0.001 --clients "$n" --seats 4 --duration 0 \
    --seat-timeout 3600 --pause --json --quiet >"$dir/load.json" 2>"$dir/load.err" &
  load_pid=$!
  wait_for "$dir/load.err" "paused before seat"
  callgrind_control --instr=on "$server_pid" >/dev/null 2>&1
  kill -USR1 "$load_pid"
  wait_for "$dir/load.err" "paused before close"
  callgrind_control --instr=off "$server_pid" >/dev/null 2>&1
  kill -USR1 "$load_pid"
  wait "$load_pid" || { cat "$dir/load.err" >&2; echo "instructions: the seating failed" >&2; exit 1; }
  stop
  local seated instructions
  seated=$(tail -1 "$dir/load.json" | python3 -c 'import json, sys; print(json.load(sys.stdin)["seated"])')
  [ "$seated" -eq $((n / 4 * 4)) ] || { echo "instructions: $seated of $n clients seated" >&2; exit 1; }
  instructions=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$dir"/callgrind.out* | awk '{s += $1} END {print s}')
  echo $((instructions / (n / 4)))
}

case "$measure" in
  move | relay)
    baseline=$(per_unit "$2")
    candidate=$(per_unit "$3")
    if [ "$measure" = move ]; then
      echo "instructions per Santa Cruz move (4 players, $clients clients, closed loop, valgrind lackey)"
    else
      echo "instructions per delivered chat line (rooms of 4 speaking in turn, $clients clients, valgrind lackey)"
    fi
    echo "  baseline   $baseline  $2"
    echo "  candidate  $candidate  $3"
    python3 -c 'import sys; b, c = map(int, sys.argv[1:]); print(f"  ratio      {c / b:.3f}")' "$baseline" "$candidate"
    ;;
  seat)
    echo "instructions per room of 4 seated, the seating phase alone (valgrind callgrind)"
    for n in $seat_sizes; do
      baseline=$(per_room "$2" "$n")
      candidate=$(per_room "$3" "$n")
      python3 -c 'import sys; n, b, c = map(int, sys.argv[1:]); print(f"  {n // 4:5d} rooms  baseline {b:8d}  candidate {c:8d}  ratio {c / b:.3f}")' \
        "$n" "$baseline" "$candidate"
    done
    echo "  baseline   $2"
    echo "  candidate  $3"
    ;;
esac
