#!/usr/bin/env bash
# Byte for byte: about 20,000 positions (small, 1..8 heaps of up to 10^23, and every position of
# one or two heaps up to 31) under 19 option sets of Nim, Nim's matches and position sets; then,
# for every game after Nim, 2,000 small positions (Wythoff's game: pairs) under 7 option sets, and
# its positions and a match drawn from a seed: this nim-game (build/nim-game, or the second argument) against another one (the
# first argument, say a release). Standard output, standard error and the exit status must be the
# same. Exits non-zero on any difference.
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
  "--format csv --fields heaps,winning,move,action,winning_moves,winning_actions,grundy_values,nim_sum,grundy_sum --max-heaps 8 --pad 0"
  "--move [0,1,[1,1]] --format text"
  "--move 99999999999999999999999,1"
)
status=0
# compare_runs LABEL INPUT ARGS...: both nim-games with ARGS, INPUT on standard input.
compare_runs() {
  local label=$1 input=$2
  shift 2
  local old_status=0 new_status=0
  "$old" "$@" <"$input" >"$dir/old.out" 2>"$dir/old.err" || old_status=$?
  "$new" "$@" <"$input" >"$dir/new.out" 2>"$dir/new.err" || new_status=$?
  if cmp -s "$dir/old.out" "$dir/new.out" && cmp -s "$dir/old.err" "$dir/new.err" &&
    [ "$old_status" = "$new_status" ]; then
    echo "compare: same: [$label] $(wc -c <"$dir/new.out") bytes, exit $new_status"
  else
    echo "compare: DIFFERENT: [$label]"
    status=1
  fi
}
for options in "${sets[@]}"; do
  # shellcheck disable=SC2086 # each set is a list of words
  compare_runs "$options" "$dir/positions" --batch $options
done
echo "compare: $(wc -l <"$dir/positions") positions, ${#sets[@]} option sets"

# Nim's matches: built-in agents under each policy and rule, the records of --games-out, starts
# of any size, and programs (their requests, the events and the faults of every kind they make).
printf '3 5 7\n100000000000000000000000 1\n1 1 1 1\n' >"$dir/starts"
agents=tests/e2e/agents
match_sets=(
  "perfect random difficulty:0.5 --games 40"
  "perfect random --misere --max-take 3 --games 40"
  "perfect difficulty:0.2 --choose random --when-losing random --games 40"
  "perfect random --choose largest --when-losing first-one --heap-count 70 --max-size 9 --games 4"
  "perfect random --positions $dir/starts --choose random --games 6"
  "perfect random --format text --games 20 --max-take 2"
  "perfect random --jobs 2 --games 100 --heap-count 1..3"
  "perfect 'cmd:python3 examples/agents/nim_sum_agent.py' --games 10"
  "perfect 'cmd:python3 examples/agents/random_agent.py --seed 7' --games 10 --misere"
  "perfect 'cmd:python3 $agents/fault_agent.py illegal' --games 10"
  "perfect 'cmd:python3 $agents/fault_agent.py shape' --games 10"
  "perfect 'cmd:python3 $agents/fixed_move_agent.py /dev/null [0,1,[1,1]]' --games 4"
  "perfect 'cmd:python3 $agents/fixed_move_agent.py /dev/null [0,100000000000000000000000]' --games 4"
  "perfect 'cmd:python3 $agents/fixed_move_agent.py /dev/null [0,0]' --games 4"
  "perfect 'cmd:python3 $agents/fixed_move_agent.py /dev/null [0,3]' --games 4 --max-take 2"
  "'cmd:python3 $agents/fixed_move_agent.py /dev/null [5,1]' perfect --games 4"
)
for options in "${match_sets[@]}"; do
  rm -f "$dir/old.games" "$dir/new.games"
  eval "set -- $options"
  compare_runs "match $options" /dev/null match "$@" --seed 17 --games-out "$dir/games"
  "$old" match "$@" --seed 17 --games-out "$dir/old.games" >/dev/null 2>&1 || true
  "$new" match "$@" --seed 17 --games-out "$dir/new.games" >/dev/null 2>&1 || true
  old_wrote=$([ -e "$dir/old.games" ] && echo yes || echo no)
  new_wrote=$([ -e "$dir/new.games" ] && echo yes || echo no)
  if [ "$old_wrote" != "$new_wrote" ] ||
    { [ "$old_wrote" = yes ] && ! cmp -s "$dir/old.games" "$dir/new.games"; }; then
    echo "compare: DIFFERENT: [match $options] --games-out"
    status=1
  fi
done
# What a program is sent: its requests and the end events, line for line.
for binary in old new; do
  "${!binary}" match perfect "cmd:python3 $agents/fixed_move_agent.py $dir/$binary.log [0,1]" \
    --games 6 --misere --max-take 2 --seed 18 >/dev/null
done
if cmp -s "$dir/old.log" "$dir/new.log"; then
  echo "compare: same: [match requests and events] $(wc -l <"$dir/new.log") lines"
else
  echo "compare: DIFFERENT: [match requests and events]"
  status=1
fi
echo "compare: ${#match_sets[@]} matches of Nim, and a program's requests and events"

# Nim's position sets: random, balanced (as a whole and per heap count, aimed at each outcome),
# unique, split, labelled and as tables, of small and GMP sizes, and the refusals.
position_sets=(
  "--count 500 --heap-count 1..4 --max-size 10 --format json --label"
  "--count 500 --heap-count 1..4 --max-size 10 --balanced --misere --max-take 3"
  "--count 500 --heap-count 1..4 --max-size 10 --balanced per-heap-count --format csv --label"
  "--count 300 --heap-count 1..4 --max-size 10 --unique ordered --balanced --format tsv --pad 0"
  "--count 200 --heap-count 1..8 --max-size 100000000000000000000000 --balanced --label --format csv --fields heaps,winning,move,nim_sum,grundy_sum --max-take 99999999999999999999"
  "--count 20 --heap-count 1..8 --max-size 100000000000000000000000 --min-size 99999999999999999999990 --unique --balanced"
  "--count 300 --heap-count 1..8 --max-size 100000000000000000000000 --label --format json --fields heaps,move,winning_moves,winning_actions,grundy_values --misere"
  "--count 40 --heap-count 2..3 --max-size 9 --split a=0.5,b=0.5 --split-key 9 --output-prefix /dev/null/"
  "--count 5 --heap-count 1..2 --max-size 1 --unique"
  "--count 4 --heap-count 1 --max-size 0 --balanced --misere"
  "--count 100 --heap-count 2 --max-size 9 --balanced --unique"
)
for options in "${position_sets[@]}"; do
  # shellcheck disable=SC2086 # each set is a list of words
  compare_runs "positions $options" /dev/null positions $options --seed 19
done
compare_runs "positions --all" /dev/null positions --all --heap-count 1..3 --max-size 4 --sorted \
  --label --format json --fields heaps,state,winning,winning_actions
echo "compare: $((${#position_sets[@]} + 1)) position sets of Nim"

# The games after Nim, each on small positions (their misère play is searched).
"$old" positions --count 2000 --heap-count 1..4 --max-size 12 --seed 13 >"$dir/game-positions"
"$old" positions --count 2000 --heap-count 2 --max-size 40 --seed 14 >"$dir/pairs"
games=("--octal 0.77" "--octal 0.07" "--octal 4.07" "--game grundy" "--subtract 1,3,4"
  "--subtract-all-but 2,5" "--game moore" "--game moore --heaps-per-move 3" "--game staircase"
  "--game lasker" "--game wythoff")
game_sets=(
  ""
  "--misere"
  "--all-moves --choose random --seed 5"
  "--format text --explain"
  "--move 0,1"
  "--playout --trace moves --when-losing random --seed 6"
  "--fields heaps,winning,move,grundy_values,grundy_sum --format csv"
)
for game in "${games[@]}"; do
  input=$dir/game-positions
  heap_count=1..4
  if [ "$game" = "--game wythoff" ]; then input=$dir/pairs heap_count=2; fi
  for options in "${game_sets[@]}"; do
    # shellcheck disable=SC2086
    compare_runs "$game${options:+ $options}" "$input" --batch $game $options
  done
  # shellcheck disable=SC2086
  compare_runs "$game positions" /dev/null positions $game --label --balanced --count 200 \
    --heap-count $heap_count --max-size 12 --seed 15 --format json
  # shellcheck disable=SC2086
  compare_runs "$game match" /dev/null match perfect random $game --games 20 --seed 16 \
    --heap-count $heap_count --max-size 12
done
echo "compare: ${#games[@]} games after Nim, ${#game_sets[@]} option sets, positions and a match each"
exit "$status"
