#!/usr/bin/env bash
# The compile time of a clean build, per file: the Release build (as scripts/test.sh --quick
# builds it, every target) and the sanitizer build (as scripts/test.sh builds it, configured as
# scripts/fuzz.sh does: clang, ASan + UBSan; the fuzz harnesses, nim-game and the unit tests), each
# from nothing, without ccache, by Ninja with -jJOBS (default 2), in a temporary copy of the
# committed tree (HEAD, or the given commit). Prints each build's wall time, the sum of its steps
# and its slowest files. Usage: scripts/build_times.sh [COMMIT] [JOBS] [SLOWEST]
set -euo pipefail
cd "$(dirname "$0")/.."
commit=${1:-HEAD} jobs=${2:-2} slowest=${3:-10}
command -v ninja >/dev/null || { echo "build_times: needs ninja (apt-get install ninja-build)"; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
git archive "$commit" | tar -x -C "$dir"
export CCACHE_DISABLE=1

# timed NAME TARGET...: builds the configured $dir/NAME and reports it from Ninja's log.
timed() {
  local name=$1 start
  shift
  start=$(date +%s.%N)
  cmake --build "$dir/$name" -j"$jobs" "$@" >/dev/null
  printf '%s: %.1f s wall' "$name" "$(echo "$(date +%s.%N) - $start" | bc)"
  awk -F'\t' 'NR > 1 { sum += ($2 - $1) / 1000 } END { printf ", %.1f s of steps\n", sum }' \
    "$dir/$name/.ninja_log"
  awk -F'\t' 'NR > 1 { printf "%7.1f s  %s\n", ($2 - $1) / 1000, $4 }' "$dir/$name/.ninja_log" |
    sort -rn | head -n "$slowest"
}

cmake -G Ninja -S "$dir" -B "$dir/release" -DCMAKE_BUILD_TYPE=Release >/dev/null
timed release
cmake -G Ninja -S "$dir" -B "$dir/sanitize" -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DNIM_SANITIZE=ON \
  -DNIM_FUZZ=ON -DNIM_E2E_TESTS=OFF >/dev/null
timed sanitize --target heap_text_fuzz json_reader_fuzz options_fuzz play_input_fuzz agent_fuzz \
  heap_game_text_fuzz table_input_fuzz nim-game unit_tests
