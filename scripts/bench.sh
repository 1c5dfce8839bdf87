#!/usr/bin/env bash
# Benchmarks nim-game on this machine and prints the figures the README quotes:
#   1. --batch on a fixed, seeded input of 1,000,000 positions (1-8 heaps, sizes 0-1000), output
#      to a file and to /dev/null: positions per second (best of 3 runs, one thread); and the
#      same input through GNU parallel on every core, for comparison;
#   2. a single query (nim-game -H 1 3 5 7): wall time, mean of 200 runs, for the static build
#      and for the Debian package's dynamically linked one, beside the cost of starting /bin/true
#      the same way;
#   3. a playout of 1,000,000 plies (--trace moves) on 100,000 heaps and on 1,000 heaps (sizes
#      below 2^20): wall time, best of 5, and their ratio;
#   4. nim-game positions to /dev/null: every position of 1-7 heaps of sizes 0-9 (--all), and a
#      random sample of 10,000,000 positions of 1-8 heaps of sizes 0-1000: positions per second;
#   5. --batch --jobs on the input of 1: one thread, then one per core, to /dev/null and to a file,
#      best of 5, and the ratio of the rates;
#   6. the input of 1 with --explain, with --format text, and with both, to /dev/null;
#   7. a match (perfect against random) on one thread and on two, and moves through the agent
#      protocol;
#   8. a match of two games from 1,000,000 heaps of 0 or 1 (about 1,000,000 plies): this build
#      only, since 0.2.0 did not finish it in 600 s;
#   9. nim-game sequence, Grundy's game and the octal game 0.007 to heap 1,000,000 (splits,
#      computed with the rare values), and Kayles (0.77) to 1,000,000 (past the heap that proves
#      its period): best of 1, on one thread and with --jobs 2, with the baseline too when one is
#      given, in turn, the values of all compared byte for byte and the baseline's time over this
#      build's given
#      (`--quick-sequence [OLD_BINARY]` measures 9 alone);
#  10. the Python module: nim_game.label on 10,000,000 positions of 1-8 heaps of sizes 0-1000 (an
#      int64 array padded with 0, every core), against the text path (nim-game --batch on the same
#      positions as text lines, to /dev/null, one thread) and against numpy's
#      np.bitwise_xor.reduce(a, axis=1) on the same array; and a set of those 10,000,000
#      positions loaded into numpy: written by nim-game positions as CSV (--pad 0) and as npy
#      (--format npy), read by np.loadtxt and by np.load, and made by nim_game.positions(); and
#      a data set of 8 shards of 1,000,000 labelled positions written on a Dask LocalCluster of
#      1 and of 2 worker processes (examples/cluster/sharded_dataset.py); and the environments'
#      steps per second on one core (taskset -c 0), Nim of 1-4 heaps of 1-7 against the perfect
#      player, the learner playing the first legal action of the mask: NimEnv and GameEnv a step
#      a call, GameVectorEnv of 1 and of 4096 games a call
#      (`--quick-python` measures 10 alone; `--quick-envs [OLD_PYTHON_DIR]` the environments
#      alone, and with a baseline, the `python` folder of another build's module, each line for
#      both modules in turn, tagged);
#  11. the games after Nim in --batch: 1,000,000 positions of 1-8 heaps of sizes 0-1000 (Wythoff's
#      game: of 2 heaps) to /dev/null, one thread, best of 9 timed in turn with Nim, each game's
#      time per position (less its start, the Grundy values computed, timed on no input) against
#      Nim's on the same lines; where valgrind is installed, the instructions per position against
#      Nim's (callgrind, 100,000 lines); and one misère query answered by search
#      (`--quick-games` measures 11 alone);
#  12. long games of the games after Nim on huge heaps, whose splits add a heap a ply or so: a
#      Kayles playout on two heaps of 10^30 (--trace moves) of 20,000, 40,000, 80,000 and
#      1,000,000 plies, and a match of two games, perfect against random, up to the default ply
#      cap (1,000,000) from heaps of up to 10^30 (100,000 where no period is proved), in every
#      game: this build only, best of 1 (0.2.0's playout of 80,000 plies took 36 s, and its
#      Kayles match did not end in an hour); and on 100,000 heaps below 10^6, whose number never
#      grows: a playout of the subtraction game {1,2,3} (--trace moves) and one of Nim played
#      through the games' board (tests/support/game_stack_nim: Nim's playout command does not use
#      it yet, its match does), and such a Nim match game, perfect against random, each of 20,000
#      and 200,000 plies;
#      `--quick-long-games` measures 12 alone.
# With a baseline, `scripts/bench.sh /path/to/old/nim-game`, the figures of 1, 3, 4, 5, 6 and 7 are
# measured for both binaries in the same run, each line tagged with the binary it measured: a
# comparison of two builds on the same machine under the same load.
set -euo pipefail
cd "$(dirname "$0")/.."
only_sequence=false only_python=false only_games=false only_long_games=false only_envs=false
if [ "${1:-}" = --quick-sequence ]; then only_sequence=true; shift; fi
if [ "${1:-}" = --quick-long-games ]; then only_long_games=true; shift; fi
if [ "${1:-}" = --quick-python ]; then only_python=true; shift; fi
if [ "${1:-}" = --quick-games ]; then only_games=true; shift; fi
if [ "${1:-}" = --quick-envs ]; then only_envs=true; shift; fi
if $only_envs; then
  cmake --build build --target nim_game_python >/dev/null 2>&1
elif $only_sequence; then
  cmake --build build --target nim-game >/dev/null 2>&1
else
  [ -x build/nim-game ] && [ -x build/tests/make_positions ] || scripts/bootstrap.sh >/dev/null
  cmake --build build --target nim-game make_positions game_stack_nim >/dev/null 2>&1
fi

now() { date +%s.%N; }
# best_of N COMMAND...: the least wall time of N runs, in seconds. $before_each, if set, runs
# before each run, untimed.
before_each=
best_of() {
  local runs=$1 best="" start end elapsed
  shift
  for ((i = 0; i < runs; i++)); do
    $before_each
    start=$(now)
    "$@"
    end=$(now)
    elapsed=$(echo "$end - $start" | bc -l)
    if [ -z "$best" ] || (($(echo "$elapsed < $best" | bc -l))); then best=$elapsed; fi
  done
  echo "$best"
}

# 9. Grundy sequences: the mex over splits with the rare values, to 10^6.
# With a baseline ($1), each line is measured for both binaries in turn, their values must agree
# byte for byte, and the baseline's time over this build's is the speed-up.
sequence_figures() {
  local game heaps start seconds run binary jobs values output one_seconds two_seconds
  values=$(mktemp -d)
  for game in "--game grundy/1000000" "--octal 0.007/1000000" "--octal 0.77/1000000"; do
    heaps=${game#*/} game=${game%/*}
    for run in one two "$@"; do
      case $run in
        one) binary=build/nim-game jobs=() output=$values/one ;;
        two) binary=build/nim-game jobs=(--jobs 2) output=$values/two ;;
        *) binary=$run jobs=() output=$values/old ;;
      esac
      start=$(now)
      # $game is split into its words on purpose; text, which older builds write too.
      # shellcheck disable=SC2086
      $binary sequence $game "${jobs[@]}" --up-to $heaps --grundy-limit $heaps --format text \
        >"$output"
      seconds=$(echo "$(now) - $start" | bc -l)
      if [ $# -gt 0 ]; then printf '[%s] ' "$binary"; fi
      printf 'sequence %s %s--up-to %d: %.2f s' "$game" "${jobs[*]}${jobs[*]:+ }" "$heaps" \
        "$seconds"
      case $run in
        one) one_seconds=$seconds ;;
        two)
          two_seconds=$seconds
          printf ', %.2f times as fast as one thread' "$(echo "$one_seconds / $seconds" | bc -l)"
          ;;
        *)
          printf ', %.1f times this build'"'"'s on one thread, %.1f on two' \
            "$(echo "$seconds / $one_seconds" | bc -l)" "$(echo "$seconds / $two_seconds" | bc -l)"
          ;;
      esac
      printf '\n'
    done
    if ! cmp -s "$values/one" "$values/two"; then
      echo "sequence $game --up-to $heaps: the values on two threads differ from one's" >&2
      exit 1
    fi
    # The rows of values: the sentence after them is worded otherwise by some builds.
    if [ $# -gt 0 ] &&
      ! cmp -s <(grep -E '^ *[0-9]+:' "$values/one") <(grep -E '^ *[0-9]+:' "$values/old"); then
      echo "sequence $game --up-to $heaps: the values differ from $1's" >&2
      exit 1
    fi
  done
  rm -rf "$values"
}
if $only_sequence; then
  sequence_figures "$@"
  exit 0
fi

# 12. Long games of the games after Nim (a ply costs O(log n) for n heaps, however many the splits
#     have made): the playout's time per ply must not grow with the plies, and every game's match
#     must end in seconds.
long_games_figures() {
  local huge=1000000000000000000000000000000 plies game size seconds report
  report=$(mktemp)
  kayles_playout() {
    build/nim-game -H "$huge" "$huge" --octal 0.77 --playout --trace moves --max-plies "$1" >/dev/null
  }
  for plies in 20000 40000 80000 1000000; do
    seconds=$(best_of 1 kayles_playout $plies)
    printf 'playout -H 10^30 10^30 --octal 0.77 --trace moves, %7d plies: %6.2f s  %.2f us/ply\n' \
      $plies "$seconds" "$(echo "$seconds * 1000000 / $plies" | bc -l)"
  done
  for game in "--subtract 1,3,4" "--subtract-all-but 2,5" "--octal 0.77" "--octal 0.07" \
    "--game grundy" "--game moore" "--game wythoff" "--game staircase"; do
    size=$huge
    case $game in "--subtract-all-but 2,5" | "--game grundy") size=100000 ;; esac
    # $game is split into its words on purpose.
    # shellcheck disable=SC2086
    long_match() {
      build/nim-game match perfect random $game --max-size "$size" --games 2 --seed 1 >"$report"
    }
    seconds=$(best_of 1 long_match)
    printf 'match perfect random %-22s --max-size %-7s 2 games, %7d plies: %6.2f s\n' "$game" \
      "$([ $size = $huge ] && echo 10^30 || echo $size)" "$(moves_of <"$report")" "$seconds"
  done
  # Lasker's Nim has no index yet: a ply scans every heap, and its splits add heaps (quadratic).
  lasker_playout() {
    build/nim-game -H "$huge" 7 "$huge" --game lasker --playout --trace moves --max-plies "$1" \
      >/dev/null
  }
  for plies in 10000 20000; do
    seconds=$(best_of 1 lasker_playout $plies)
    printf 'playout -H 10^30 7 10^30 --game lasker --trace moves, %6d plies: %6.2f s\n' \
      $plies "$seconds"
  done
  # Many heaps that never split: a ply must not cost a scan of them.
  local heaps
  heaps=$(build/tests/make_positions 1 100000 100000 999999 1)
  subtraction_playout() {
    # shellcheck disable=SC2086
    build/nim-game -H $heaps --subtract 1,2,3 --playout --trace moves --max-plies "$1" >/dev/null
  }
  nim_game_stack() { build/tests/game_stack_nim "$1" 100000 999999 "$2" 1 >/dev/null; }
  for plies in 20000 200000; do
    seconds=$(best_of 1 subtraction_playout $plies)
    printf 'playout, 100,000 heaps below 10^6, --subtract 1,2,3 --trace moves, %6d plies: %6.2f s\n' \
      $plies "$seconds"
    for mode in playout match; do
      seconds=$(best_of 1 nim_game_stack $mode $plies)
      printf 'Nim %-7s through the games'"'"' board, 100,000 heaps below 10^6, %6d plies: %6.2f s\n' \
        $mode $plies "$seconds"
    done
  done
  rm -f "$report"
}
# The plies of a match: the report's moves, counted by python3.
moves_of() { python3 -c 'import json, sys; print(sum(a["moves"] for a in json.load(sys.stdin)["agents"]))'; }
if $only_long_games; then
  long_games_figures
  exit 0
fi

# Instructions per position (callgrind, the first 100,000 lines of $1, less the start), against
# Nim's on the same lines: the same on every run, where the times move with the machine's load.
instructions_of() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null build/nim-game --batch "$@" 2>&1 \
    >/dev/null | sed -n 's/.*Collected : //p'
}
instructions_against_nim() {
  local sample game nim
  sample=$(mktemp)
  head -100000 "$1" >"$sample"
  shift
  game=$(($(instructions_of "$@" <"$sample") - $(instructions_of "$@" </dev/null)))
  nim=$(($(instructions_of <"$sample") - $(instructions_of </dev/null)))
  rm -f "$sample"
  printf '      instructions (callgrind, 100,000 lines): %d a position, %.2f x Nim (%d)\n' \
    $((game / 100000)) "$(echo "$game / $nim" | bc -l)" $((nim / 100000))
}

# 11. The games after Nim in --batch, each against Nim on the same lines: time per
#     position, best of 9, the game and Nim timed in turn (round by round, so that a change of the
#     machine's speed during the run reaches both). Grundy's game and 0.007 have no period: their
#     values are computed to --grundy-limit 4096, beyond the heaps of the input, so that the
#     start (timed on no input and left out) stays small beside the answers.
games_figures() {
  local lines two game input args setup round nim_best best t
  lines=$(mktemp) two=$(mktemp)
  build/nim-game positions --count 1000000 --heap-count 1..8 --max-size 1000 --seed 1 >"$lines"
  build/nim-game positions --count 1000000 --heap-count 2 --max-size 1000 --seed 1 >"$two"
  batch_of() { build/nim-game --batch "$@" <"$input" >/dev/null; }
  for game in "--subtract 1,3,4" "--subtract-all-but 2,5" "--octal 0.77" "--octal 0.07" \
    "--octal 0.007" "--game grundy" "--game moore" "--game staircase" "--game wythoff"; do
    input=$lines args=$game
    [ "$game" = "--game wythoff" ] && input=$two
    case $game in "--octal 0.007" | "--game grundy") args="$game --grundy-limit 4096" ;; esac
    # $args is split into its words on purpose.
    # shellcheck disable=SC2086
    setup=$(input=/dev/null best_of 5 batch_of $args)
    nim_best="" best=""
    for round in 1 2 3 4 5 6 7 8 9; do
      t=$(best_of 1 batch_of)
      if [ -z "$nim_best" ] || (($(echo "$t < $nim_best" | bc -l))); then nim_best=$t; fi
      # shellcheck disable=SC2086
      t=$(best_of 1 batch_of $args)
      if [ -z "$best" ] || (($(echo "$t < $best" | bc -l))); then best=$t; fi
    done
    printf 'batch %-24s 1,000,000 positions: %.3f s (start %.3f s)  %5.0f ns/position  %.2f x Nim (%.3f s)\n' \
      "$game" "$best" "$setup" "$(echo "($best - $setup) * 1000" | bc -l)" \
      "$(echo "($best - $setup) / $nim_best" | bc -l)" "$nim_best"
    # shellcheck disable=SC2086
    if command -v valgrind >/dev/null; then instructions_against_nim "$input" $args; fi
  done
  rm -f "$lines" "$two"
  # Misère play searched (the memo of every position reached), one query.
  misere_query() { build/nim-game -H 20 20 --octal 0.77 --misere >/dev/null; }
  printf 'misère search, -H 20 20 --octal 0.77 --misere: %.3f s\n' "$(best_of 3 misere_query)"
}

# 10. The Python module: labels from an array against the text path and against numpy.
python_figures() {
  local python text seconds
  cmake --build build --target nim_game_python >/dev/null 2>&1
  python=$(sed -n 's/^Python3_EXECUTABLE:[A-Z]*=//p' build/CMakeCache.txt)
  text=$(mktemp)
  build/nim-game positions --count 10000000 --heap-count 1..8 --max-size 1000 --seed 1 >"$text"
  start=$(now)
  build/nim-game --batch <"$text" >/dev/null
  seconds=$(echo "$(now) - $start" | bc -l)
  rm -f "$text"
  PYTHONPATH=build/python "$python" - "$seconds" "$(realpath build/nim-game)" <<'PYTHON'
import sys
import time

import numpy as np

import nim_game

text_seconds = float(sys.argv[1])
positions = nim_game.positions(count=10_000_000, heap_count=(1, 8), max_size=1000, seed=1)


def best_of(runs, f):
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        f()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


label = best_of(5, lambda: nim_game.label(positions))
label_one = best_of(3, lambda: nim_game.label(positions, threads=1))
moves = best_of(3, lambda: nim_game.best_moves(positions))
xor = best_of(5, lambda: np.bitwise_xor.reduce(positions, axis=1))
n = len(positions)
print(f"python: 10,000,000 positions of 1-8 heaps of 0-1000, an int64 array {positions.shape}")
print(f"  --batch on the same positions as text, to /dev/null: {text_seconds:6.3f} s  "
      f"{n / text_seconds:11.0f} positions/s")
print(f"  nim_game.label, every core:  {label:6.3f} s  {n / label:11.0f} positions/s  "
      f"({text_seconds / label:.1f} times the text path)")
print(f"  nim_game.label, one thread:  {label_one:6.3f} s  {n / label_one:11.0f} positions/s")
print(f"  nim_game.best_moves, every core: {moves:6.3f} s  {n / moves:11.0f} positions/s")
print(f"  np.bitwise_xor.reduce(a, axis=1): {xor:6.3f} s  {n / xor:11.0f} positions/s  "
      f"(label takes {label / xor:.2f} times as long)")

# The same set into numpy: from a CSV file, from an .npy file, and from nim_game.positions().
import os
import subprocess
import tempfile

args = ["positions", "--count", "10000000", "--heap-count", "1..8", "--max-size", "1000",
        "--seed", "1"]
with tempfile.TemporaryDirectory() as folder:
    csv, npy = os.path.join(folder, "set.csv"), os.path.join(folder, "set.npy")
    write_csv = best_of(1, lambda: subprocess.run(
        [sys.argv[2], *args, "--format", "csv", "--pad", "0"], stdout=open(csv, "wb"), check=True))
    write_npy = best_of(1, lambda: subprocess.run(
        [sys.argv[2], *args, "--format", "npy"], stdout=open(npy, "wb"), check=True))
    from_csv = best_of(1, lambda: np.loadtxt(csv, delimiter=",", skiprows=1, dtype=np.int64))
    from_npy = best_of(3, lambda: np.load(npy))
    assert (np.loadtxt(csv, delimiter=",", skiprows=1, dtype=np.int64) ==
            np.load(npy)["heaps"]).all()
made = best_of(3, lambda: nim_game.positions(count=10_000_000, heap_count=(1, 8), max_size=1000,
                                             seed=1))
print(f"  written as CSV: {write_csv:6.3f} s, as npy: {write_npy:6.3f} s; read by np.loadtxt: "
      f"{from_csv:6.3f} s, by np.load: {from_npy:6.3f} s ({from_csv / from_npy:.0f} times faster)")
print(f"  nim_game.positions(), the same 10,000,000 rows: {made:6.3f} s")

# A sharded data set on a Dask LocalCluster (examples/cluster/sharded_dataset.py): 8 shards of
# 1,000,000 labelled positions each, split train/test, on 1 and on 2 worker processes (the
# clusters' start-up left out).
import importlib.util
from distributed import Client, LocalCluster

spec = importlib.util.spec_from_file_location("sharded_dataset",
                                              "examples/cluster/sharded_dataset.py")
sharded_dataset = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sharded_dataset)
times = {}
for workers in (1, 2):
    with tempfile.TemporaryDirectory() as folder, \
            LocalCluster(n_workers=workers, threads_per_worker=1, processes=True) as cluster, \
            Client(cluster) as client:
        times[workers] = best_of(1, lambda: sharded_dataset.write_sharded(
            folder, shards=8, count=1_000_000, seed=1, client=client, heap_count=(1, 8),
            max_size=1000))
print(f"  Dask, 8 shards of 1,000,000 labelled positions written as npy: 1 worker "
      f"{times[1]:6.3f} s, 2 workers {times[2]:6.3f} s ({times[1] / times[2]:.2f} times faster)")
PYTHON
  env_figures "$python"
}

# The environments' steps per second on one core: Nim of 1-4 heaps of 1-7 against the perfect
# player, the learner playing the first legal action (NimEnv: of legal_actions(); the others:
# argmax of action_masks()). With a baseline ($2, the python folder of another build), each
# figure is measured for this build's module, then the baseline's, each line tagged.
env_figures() {
  local pin=() folders=(build/python) tags=("") line i
  command -v taskset >/dev/null && pin=(taskset -c 0)
  if [ -n "${2:-}" ]; then folders+=("$2") tags=("this build: " "baseline:   "); fi
  echo "environments, one core: Nim of 1-4 heaps of 1-7 against the perfect player, the first" \
    "legal action"
  for line in nim_env game_env vector_1 vector_4096; do
    for i in "${!folders[@]}"; do
      PYTHONPATH=${folders[$i]} "${pin[@]}" "$1" - "$line" "${tags[$i]}" <<'PYTHON'
import sys
import time

import nim_game


def rate(step, per_call, seconds=3.0):
    """Steps a second of `step` (per_call game steps a call), over about `seconds`."""
    calls, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            step()
        calls += 100
    return calls * per_call / (time.perf_counter() - start)


line, tag = sys.argv[1], sys.argv[2]
if line == "nim_env":
    nim_env = nim_game.NimEnv(heap_count=(1, 4), max_size=7, min_size=1, seed=1)
    nim_env.reset()

    def nim_env_step():
        nim_env.step(nim_env.legal_actions()[0])
        if nim_env.done:
            nim_env.reset()
    print(f"  {tag}NimEnv, step(legal_actions()[0]):    {rate(nim_env_step, 1):12,.0f} steps/s")
elif line == "game_env":
    game_env = nim_game.GameEnv(heap_count=(1, 4), max_size=7, min_size=1)
    game_env.reset(seed=1)

    def game_env_step():
        _, _, over, _, _ = game_env.step(int(game_env.action_masks().argmax()))
        if over:
            game_env.reset()
    print(f"  {tag}GameEnv, step(first of the mask):     {rate(game_env_step, 1):12,.0f} steps/s")
else:
    n = int(line.removeprefix("vector_"))
    envs = nim_game.GameVectorEnv(n, heap_count=(1, 4), max_size=7, min_size=1)
    envs.reset(seed=1)

    def vector_step():
        envs.step(envs.action_masks().argmax(axis=1))
    print(f"  {tag}GameVectorEnv of {n:4} games a step: {rate(vector_step, n):12,.0f} steps/s")
PYTHON
    done
  done
}
if $only_games; then
  games_figures
  exit 0
fi
if $only_python; then
  python_figures
  exit 0
fi
if $only_envs; then
  env_figures "$(sed -n 's/^Python3_EXECUTABLE:[A-Z]*=//p' build/CMakeCache.txt)" "${1:-}"
  exit 0
fi

# The nim-game of the Debian package (scripts/package.sh), for its start-up time.
cmake -S . -B build-package -DCMAKE_BUILD_TYPE=Release -DNIM_STATIC=OFF -DBUILD_TESTING=OFF \
  >/dev/null
cmake --build build-package --target nim-game >/dev/null 2>&1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
binaries=(build/nim-game)
if [ $# -gt 0 ]; then binaries+=("$1"); fi
nim=build/nim-game
make_positions=build/tests/make_positions
# tag: which binary a line measured, when a baseline is compared.
tag() { if [ ${#binaries[@]} -gt 1 ]; then printf '[%s] ' "$nim"; fi; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "nim-game: $($nim --version)"

positions=1000000
$make_positions $positions 1 8 1000 42 >"$work/positions.txt"
batch_to_file() { $nim --batch <"$work/positions.txt" >"$work/records.jsonl"; }
batch_to_null() { $nim --batch <"$work/positions.txt" >/dev/null; }
remove_records() { rm -f "$work/records.jsonl"; }  # truncating 256 MB is not nim-game's work
for nim in "${binaries[@]}"; do for target in file null; do
  before_each=
  if [ $target = file ]; then before_each=remove_records; fi
  seconds=$(best_of 3 "batch_to_$target")
  tag
  printf 'batch, %d positions, output to %-9s %6.3f s  %9.0f positions/s\n' $positions \
    "$([ $target = file ] && echo 'a file:' || echo '/dev/null:')" "$seconds" \
    "$(echo "$positions / $seconds" | bc -l)"
done; done
nim=build/nim-game
before_each=
echo "batch output: $(wc -c <"$work/records.jsonl") bytes, $(wc -l <"$work/records.jsonl") records"
cores=$(nproc)
for block in 1M 10M; do
  through_parallel() {
    parallel --pipe --keep-order -j"$cores" --block "$block" $nim --batch \
      <"$work/positions.txt" >/dev/null
  }
  seconds=$(best_of 3 through_parallel)
  printf 'the same through parallel --pipe --keep-order -j%d --block %-3s %6.3f s  %9.0f positions/s\n' \
    "$cores" "$block" "$seconds" "$(echo "$positions / $seconds" | bc -l)"
done

single() { for ((q = 0; q < 200; q++)); do $nim -H 1 3 5 7 >/dev/null; done; }
baseline() { for ((q = 0; q < 200; q++)); do /bin/true >/dev/null; done; }
seconds=$(best_of 1 single)
printf 'single query (-H 1 3 5 7): %.2f ms per run, mean of 200\n' "$(echo "$seconds * 5" | bc -l)"
single_dynamic() { for ((q = 0; q < 200; q++)); do build-package/nim-game -H 1 3 5 7 >/dev/null; done; }
seconds=$(best_of 1 single_dynamic)
printf "  the Debian package's nim-game (GMP and the C++ runtime linked dynamically): %.2f ms\n" \
  "$(echo "$seconds * 5" | bc -l)"
seconds=$(best_of 1 baseline)
printf '  for scale, starting /bin/true: %.2f ms per run, mean of 200\n' "$(echo "$seconds * 5" | bc -l)"

# 3 to 7, for each binary measured.
measure() {
  for heaps in 100000 1000; do
    $make_positions 1 $heaps $heaps 1048575 7 >"$work/heaps_$heaps.txt"
    playout() {
      $nim --batch --playout --max-plies 1000000 --trace moves <"$work/heaps_$1.txt" >/dev/null
    }
    seconds=$(best_of 5 playout $heaps)
    tag; printf 'playout, 1,000,000 plies, --trace moves, %6d heaps: %.3f s\n' $heaps "$seconds"
    eval "playout_$heaps=$seconds"
  done
  tag; printf 'playout time ratio, 100,000 heaps / 1,000 heaps: %.2f\n' \
    "$(echo "$playout_100000 / $playout_1000" | bc -l)"

  # 4. The generator.
  all_positions() { $nim positions --all --heap-count 1..7 --max-size 9 >/dev/null; }
  sample() {
    $nim positions --count 10000000 --heap-count 1..8 --max-size 1000 --seed 1 >/dev/null
  }
  seconds=$(best_of 3 all_positions)
  tag; printf 'positions --all, 1-7 heaps of 0-9 (11,111,110), to /dev/null: %6.3f s  %9.0f positions/s\n' \
    "$seconds" "$(echo "11111110 / $seconds" | bc -l)"
  seconds=$(best_of 3 sample)
  tag; printf 'positions --count 10,000,000, 1-8 heaps of 0-1000, to /dev/null: %6.3f s  %9.0f positions/s\n' \
    "$seconds" "$(echo "10000000 / $seconds" | bc -l)"

  # 5. --jobs: the same batch on one thread and on every core.
  jobs_to_null() { $nim --batch --jobs "$1" <"$work/positions.txt" >/dev/null; }
  jobs_to_file() { $nim --batch --jobs "$1" <"$work/positions.txt" >"$work/records.jsonl"; }
  for target in null file; do
    before_each=
    if [ $target = file ]; then before_each=remove_records; fi
    one=$(best_of 5 "jobs_to_$target" 1)
    all=$(best_of 5 "jobs_to_$target" "$cores")
    where=$([ $target = file ] && echo 'a file' || echo '/dev/null')
    tag; printf 'batch --jobs 1 to %-9s %6.3f s  %9.0f positions/s\n' "$where:" "$one" \
      "$(echo "$positions / $one" | bc -l)"
    tag; printf 'batch --jobs %d to %-9s %6.3f s  %9.0f positions/s  (%.2f times --jobs 1)\n' "$cores" \
      "$where:" "$all" "$(echo "$positions / $all" | bc -l)" "$(echo "$one / $all" | bc -l)"
  done
  before_each=

  # 6. The same 1,000,000 positions with Bouton's explanation and as text, to /dev/null:
  #    the price of the binary rows and the sentences, and of the board.
  for mode in "--explain" "--format text" "--explain --format text"; do
    # $mode is split into its words on purpose.
    # shellcheck disable=SC2086
    explained() { $nim --batch $mode <"$work/positions.txt" >/dev/null; }
    seconds=$(best_of 3 explained)
    tag; printf 'batch %-24s %6.3f s  %9.0f positions/s\n' "$mode:" "$seconds" \
      "$(echo "$positions / $seconds" | bc -l)"
  done
  $nim --batch --explain <"$work/positions.txt" >"$work/explained.jsonl"
  echo "batch --explain output: $(wc -c <"$work/explained.jsonl") bytes"
  rm -f "$work/explained.jsonl"

  # 7. nim-game match: plies per second between built-in agents on one thread and on
  #    two (best of 3), and moves per second through the agent protocol with nim-game --batch as
  #    the external agent. The plies are the report's moves, counted by python3.
  match_args=(match perfect random --games 100000 --heap-count 3..8 --max-size 100 --seed 1)
  plies=$($nim "${match_args[@]}" | moves_of)
  for jobs in 1 2; do
    match_jobs() { $nim "${match_args[@]}" --jobs "$1" >/dev/null; }
    seconds=$(best_of 3 match_jobs $jobs)
    tag; printf 'match perfect random, 100,000 games, %d plies, --jobs %d: %.3f s  %9.0f games/s  %9.0f plies/s\n' \
      "$plies" $jobs "$seconds" "$(echo "100000 / $seconds" | bc -l)" "$(echo "$plies / $seconds" | bc -l)"
    eval "match_jobs_$jobs=$seconds"
  done
  tag; printf 'match --jobs 2 rate / --jobs 1 rate: %.2f\n' "$(echo "$match_jobs_1 / $match_jobs_2" | bc -l)"
  protocol_args=(match "cmd:$nim --batch" perfect --games 2000 --seed 1)
  report=$($nim "${protocol_args[@]}")
  agent_moves=$(echo "$report" | python3 -c 'import json, sys; print(json.load(sys.stdin)["agents"][0]["moves"])')
  through_protocol() { $nim "${protocol_args[@]}" >/dev/null; }
  seconds=$(best_of 3 through_protocol)
  tag; printf 'match "cmd:%s --batch" perfect, 2,000 games, %d moves by the program: %.3f s  %7.0f moves/s\n' \
    "$nim" "$agent_moves" "$seconds" "$(echo "$agent_moves / $seconds" | bc -l)"
}
for nim in "${binaries[@]}"; do measure; done
nim=build/nim-game

# 8. Games of about 500,000 plies: each ply costs O(log n) for n heaps, as in a playout (0.2.0
#    rebuilt the whole board at every ply and did not finish in 600 s).
long_match() {
  $nim match perfect perfect --heap-count 1000000 --max-size 1 --games 2 --seed 1 >/dev/null
}
seconds=$(best_of 3 long_match)
printf 'match perfect perfect, 2 games from 1,000,000 heaps of 0 or 1: %.3f s\n' "$seconds"

sequence_figures "${binaries[@]:1}"
python_figures
games_figures
long_games_figures
