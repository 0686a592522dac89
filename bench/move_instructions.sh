#!/usr/bin/env bash
# bench/move_instructions.sh BASELINE_BIN CANDIDATE_BIN: the instructions a Santa Cruz move costs in two server
# binaries; the name earlier notes use for `bench/instructions.sh move` (see there).
exec "$(dirname "${BASH_SOURCE[0]}")/instructions.sh" move "$@"
