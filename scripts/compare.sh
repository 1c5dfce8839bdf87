#!/usr/bin/env bash
# Byte for byte: about 20,000 positions (small, 1..8 heaps of up to 10^23, and every position of
# one or two heaps up to 31) under 16 option sets, this nim-game (build/nim-game, or the second
# argument) against another one (the first argument, say a release). Standard output, standard
# error and the exit status must be the same. Exits non-zero on any difference.
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?usage: scripts/compare.sh OTHER_NIM_GAME [THIS_NIM_GAME]}
new=${2:-build/nim-game}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
{
  "$old" positions --count 15008 --heap-count 1..6 --max-size 60 --seed 11
  "$old" positions --count 4000 --heap-count 1..8 --max-size 100000000000000000000000 --seed 12
  "$old" positions --all --heap-count 1..2 --max-size 31
} >"$dir/positions"
sets=(
  ""
  "--misere"
  "--max-take 3"
  "--misere --max-take 2"
  "--all-moves"
  "--choose random --seed 7"
  "--when-losing random --seed 3"
  "--choose largest --when-losing first-one"
  "--explain"
  "--format text"
  "--format text --explain --misere"
  "--move 0,1"
  "--playout --choose random --seed 1 --max-plies 4"
  "--playout --trace moves --when-losing random --seed 2"
  "--jobs 2 --all-moves --max-take 5"
  "--pretty --explain --max-take 4 --misere"
)
status=0
for options in "${sets[@]}"; do
  old_status=0 new_status=0
  # shellcheck disable=SC2086 # each set is a list of words
  "$old" --batch $options <"$dir/positions" >"$dir/old.out" 2>"$dir/old.err" || old_status=$?
  # shellcheck disable=SC2086
  "$new" --batch $options <"$dir/positions" >"$dir/new.out" 2>"$dir/new.err" || new_status=$?
  if cmp -s "$dir/old.out" "$dir/new.out" && cmp -s "$dir/old.err" "$dir/new.err" &&
    [ "$old_status" = "$new_status" ]; then
    echo "compare: same: [$options] $(wc -c <"$dir/new.out") bytes, exit $new_status"
  else
    echo "compare: DIFFERENT: [$options]"
    status=1
  fi
done
echo "compare: $(wc -l <"$dir/positions") positions, ${#sets[@]} option sets"
exit "$status"
