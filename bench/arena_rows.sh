#!/usr/bin/env bash
# The arena rows of docs/bots.md for every game: 200 games per row by default, seats rotated (archipel-arena).
#
#   bench/arena_rows.sh [ARENA_BINARY] [GAMES]     e.g. bench/arena_rows.sh build/bots/archipel-arena 200
#
# Per game: 2 players, search vs random and search vs greedy; at the largest table, one search among randoms;
# for a game with a solo mode, search alone and random alone (the mean scores compare them). Heavy: about an hour
# of CPU for the three newer games; a benchmark, not a test.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
arena="${1:-$root/build/bots/archipel-arena}"
games="${2:-200}"
threads="${ARCHIPEL_ARENA_THREADS:-2}"
row() { echo "== $*"; "$arena" --games "$games" --threads "$threads" "$@"; echo; }

for game in ${ARCHIPEL_ARENA_GAMES:-santa-cruz costa-ruana capa-doro santa-maria}; do
  row --game "$game" --players 2 --strategies search,random
  row --game "$game" --players 2 --strategies search,greedy
  case "$game" in
    santa-cruz|capa-doro) row --game "$game" --players 4 --strategies search,random,random,random ;;
    costa-ruana) row --game "$game" --players 6 --strategies search,random,random,random,random,random ;;
  esac
  if [ "$game" = santa-maria ]; then
    row --game "$game" --players 1 --strategies search
    row --game "$game" --players 1 --strategies random
  fi
done
