#!/usr/bin/env bash
# bench/move_instructions.sh BASELINE_BIN CANDIDATE_BIN: the instructions a Santa Cruz move costs in two server
# binaries, counted by valgrind rather than timed. On a shared machine, timings of one binary can differ by 40%
# from one run to the next; instruction counts do not. Each binary runs twice under valgrind's lackey tool, a
# short and a long closed-loop run of archipel-load (CLIENTS clients, default 8, in games of 4), and a move's
# cost is the difference of the two runs' instructions over the difference of their moves, so the start-up is
# left out and game starts and ends count as they come. Prints both and their ratio (candidate / baseline).
#
# What it counts: the server's own instructions in user space, its store's thread included. Not the kernel's
# (sends and receives), and not cache misses: a change that allocates less may gain more in time than here.
#
#   bench/move_instructions.sh /tmp/old/archipel-server build-bench/server/archipel-server
#   SHORT=5 LONG=15 CLIENTS=8 bench/move_instructions.sh OLD NEW
#
# Needs valgrind (apt-get install valgrind). LOAD_BIN: the archipel-load to use (default build-bench's).
set -euo pipefail
shopt -s inherit_errexit  # a failed run inside $(...) stops the script
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ $# -ne 2 ]; then
  echo "usage: bench/move_instructions.sh BASELINE_SERVER_BIN CANDIDATE_SERVER_BIN" >&2
  exit 2
fi
command -v valgrind >/dev/null || { echo "move_instructions: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
load_bin="${LOAD_BIN:-$root/build-bench/tools/load/archipel-load}"
[ -x "$load_bin" ] || { echo "move_instructions: no archipel-load at $load_bin (LOAD_BIN)" >&2; exit 1; }
short="${SHORT:-5}"
long="${LONG:-15}"
clients="${CLIENTS:-8}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# run BIN SECONDS: prints "instructions moves" for one run.
run() {
  local bin=$1 seconds=$2 dir
  dir="$(mktemp -d -p "$work")"
  valgrind --tool=lackey --basic-counts=yes --log-file="$dir/valgrind.log" "$bin" --port 0 --port-file "$dir/port" \
    --data "$dir/data" --log-level warn --threads 1 --rate 100000 --burst 100000 >"$dir/server.log" 2>&1 &
  local pid=$!
  for _ in $(seq 600); do [ -s "$dir/port" ] && break; sleep 0.1; done
  [ -s "$dir/port" ] || { cat "$dir/server.log" >&2; echo "move_instructions: $bin did not start" >&2; exit 1; }
  local moves
  moves=$("$load_bin" --port "$(cat "$dir/port")" --mode closed --clients "$clients" --seats 4 --game santa-cruz \
            --duration "$seconds" --json --quiet 2>/dev/null | tail -1 |
          python3 -c 'import json, sys; print(json.load(sys.stdin)["moves_applied"])')
  kill -INT "$pid"
  wait "$pid" 2>/dev/null || true
  local instructions
  instructions=$(sed -n 's/.*guest instrs: *\([0-9,]*\).*/\1/p' "$dir/valgrind.log" | head -1 | tr -d ,)
  echo "$instructions $moves"
}

# per_move BIN: instructions per move, from a short and a long run.
per_move() {
  local a b
  a=$(run "$1" "$short")
  b=$(run "$1" "$long")
  python3 -c 'import sys; i1, m1, i2, m2 = map(int, sys.argv[1:]); print(round((i2 - i1) / (m2 - m1)))' $a $b
}

baseline=$(per_move "$1")
candidate=$(per_move "$2")
echo "instructions per Santa Cruz move (4 players, $clients clients, closed loop, valgrind lackey)"
echo "  baseline   $baseline  $1"
echo "  candidate  $candidate  $2"
python3 -c 'import sys; b, c = map(int, sys.argv[1:]); print(f"  ratio      {c / b:.3f}")' "$baseline" "$candidate"
