#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (clang, ASan + UBSan, in build-fuzz/) and runs each for a budget.
#
#   scripts/fuzz.sh 20            20 s per target: the short run scripts/test.sh makes
#   scripts/fuzz.sh 600           the long campaign: 10 minutes per target
#   scripts/fuzz.sh 600 game_action   one target only (client_message, command, text, game_action, game_state)
#
# Each target starts from its seed corpus (tests/fuzz/corpus/<target>/) with its dictionary
# (tests/fuzz/<target>.dict). New inputs go to build-fuzz/corpus/<target>/ (kept between runs, not committed);
# a crash, a sanitizer report or a broken property stops the target, leaves the input in
# build-fuzz/artifacts/<target>/ and fails the script. Replay one with: build-fuzz/tests/fuzz/<target>_fuzz <file>
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-20}"
only="${2:-}"
dir="${ARCHIPEL_FUZZ_DIR:-$root/build-fuzz}"
jobs="${ARCHIPEL_JOBS:-2}"
targets=(client_message command text game_action game_state)
[ -n "$only" ] && targets=("$only")

cxx="${CXX_FUZZ:-clang++-14}"
command -v "$cxx" >/dev/null || { echo "fuzz.sh: $cxx not found (docker/install_deps.sh installs clang-14)" >&2; exit 1; }
# A folder already configured for fuzzing (scripts/sanitize.sh's, which builds the targets beside the sanitized
# tests) is used as it is; otherwise a fuzzing build of its own.
if ! grep -q '^ARCHIPEL_FUZZ:BOOL=ON' "$dir/CMakeCache.txt" 2>/dev/null; then
  cmake -S "$root" -B "$dir" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARCHIPEL_FUZZ=ON \
        -DARCHIPEL_BUILD_TESTS=OFF -DARCHIPEL_BUILD_BENCH=OFF >/dev/null
fi
cmake --build "$dir" -j"$jobs" --target "${targets[@]/%/_fuzz}"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
failed=()
for t in "${targets[@]}"; do
  corpus="$dir/corpus/$t"
  artifacts="$dir/artifacts/$t"
  mkdir -p "$corpus" "$artifacts"
  echo "== fuzz $t for ${seconds}s"
  # -rss_limit_mb: a state or message that makes a target grow past 2 GB is a finding too. -timeout is wall
  # time: 30 s, as a loaded machine can starve a legitimately slow input (a deep Santa Maria position) for 10.
  if ! "$dir/tests/fuzz/${t}_fuzz" "$corpus" "$root/tests/fuzz/corpus/$t" -dict="$root/tests/fuzz/$t.dict" \
       -max_total_time="$seconds" -max_len=4096 -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix="$artifacts/" 2>"$dir/$t.log"; then
    failed+=("$t")
    tail -n 60 "$dir/$t.log" >&2
  fi
  # The summary: executions, coverage (cov: edges reached), corpus size, peak memory.
  grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$dir/$t.log" || true
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz.sh: failures in ${failed[*]} (inputs in $dir/artifacts/)" >&2
  exit 1
fi
