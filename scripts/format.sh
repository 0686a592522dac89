#!/usr/bin/env bash
# The C++ layout, in one place: .clang-format (Google's style at 100 columns, STYLE.md's width) applied by
# clang-format 14 (docker/install_deps.sh --format) to every C++ file git knows.
#
#   scripts/format.sh           rewrites the files in place
#   scripts/format.sh --check   changes nothing; lists each file whose layout differs and exits non-zero
#                               (the first step of scripts/test.sh)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.h')
if [ "${1:-}" = "--check" ]; then
  if ! clang-format-14 --dry-run -Werror "${files[@]}" 2>/tmp/archipel-format.$$; then
    grep -o '^[^:]*:[0-9]*:[0-9]*: error' /tmp/archipel-format.$$ | cut -d: -f1 | sort -u | sed 's/^/  not formatted: /' >&2
    echo "format: run scripts/format.sh to lay these files out as .clang-format says" >&2
    rm -f /tmp/archipel-format.$$
    exit 1
  fi
  rm -f /tmp/archipel-format.$$
  echo "format: ${#files[@]} C++ files as .clang-format says"
else
  clang-format-14 -i "${files[@]}"
fi
