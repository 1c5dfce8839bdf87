#!/usr/bin/env bash
# Fuzzes every parser of outside input (tests/fuzz/*_fuzz.cpp: the position reader and a sum's lines, the JSON
# reader, the command-line parser with the choice of a game, the lines typed during play, an
# agent's spec and reply and a match's game records, a heap game's octal code and set of takes
# and the moves of the games after Nim, the --fields list and the --split spec, sequence's
# checkpoints) with libFuzzer under AddressSanitizer and UndefinedBehaviorSanitizer, each for the
# given number of
# seconds (default 10), one harness per core at a time. Needs clang and libclang-rt-14-dev, which
# scripts/bootstrap.sh installs. Exits non-zero on any finding. `scripts/fuzz.sh --build` only
# builds the harnesses (scripts/test.sh does that early, while the cores have time).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}

# The build of scripts/test.sh's sanitizer stage: clang, AddressSanitizer and
# UndefinedBehaviorSanitizer, the fuzzer's coverage, -O1 (see CMakeLists.txt).
cmake -S . -B build-sanitize -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DNIM_SANITIZE=ON -DNIM_FUZZ=ON \
  -DNIM_E2E_TESTS=OFF >/dev/null
cmake --build build-sanitize --target heap_text_fuzz json_reader_fuzz options_fuzz \
  play_input_fuzz agent_fuzz heap_game_text_fuzz table_input_fuzz sequence_checkpoint_fuzz -j"$(nproc)" >/dev/null
[ "$seconds" != --build ] || exit 0

# seed HARNESS NAME: a starting input for the harness, from stdin.
seed() { mkdir -p "build-sanitize/fuzz/corpus/$1" && cat >"build-sanitize/fuzz/corpus/$1/$2"; }
printf '1 3 5 7' | seed heap_text plain
printf '1,3, 5 ,7' | seed heap_text commas
printf '[1,3,5,7]' | seed heap_text array
printf '{"heaps":[1,3,5,7],"id":[1,{"a":2}]}' | seed heap_text object
printf '{"id":"r\\"1\\u00e9","heaps":[1,-2,[3]]}' | seed heap_text bad-heaps-with-id
printf '{"id":6e+4073709551616744073709551616}' | seed heap_text id-beyond-a-double  # found by CI
printf '18446744073709551616 0 007' | seed heap_text big
printf '071844618446741707417049' | seed heap_text leading-zero-big  # once read as octal by GMP
printf '1;3; 5 ;7' | seed heap_text openspiel
printf '{"heaps":[1],"rules":{"misere":true,"max_take":3}}' | seed heap_text rules
printf '5 | 3 4 | 7' | seed heap_text sum-bars
printf '{"sum":[{"heaps":[5]},{"rules":{"game":"wythoff","misere":false},"heaps":[3,4]},{"heaps":[7]}],"id":1}' |
  seed heap_text sum
printf '{"a":[1,-2.5e3,"x\\u00e9\\ud83d\\ude00"],"b":{"c":null,"d":true}}' | seed json_reader object
printf '[1%0400d]' 0 | seed json_reader huge
printf '[1,2]' | seed json_reader short
printf -- '-H\0001\0003\000--misere\000--max-take=2\000--choose\000random' | seed options analyse
printf -- '--pretty=false\000--\000-H' | seed options flag-value
printf -- '--game\000moore\000--heaps-per-move\0003\000--misere' | seed options moore
printf -- '--octal\0000.77\000--grundy-limit\00010\000--limit-search\0005' | seed options kayles
printf -- '--octal 0.77 5\000--game wythoff 3 4\0007' | seed options sum
printf '4 1' | seed play_input move
printf ' 4 , 1 \r' | seed play_input commas
printf 'HINT' | seed play_input word
printf '3 1 2 5' | seed play_input sum
printf '0.25' | seed play_input difficulty
printf -- '-1 99999999999999999999999' | seed play_input big
printf '{"move":[3,1]}' | seed agent move
printf '{"move":{"component":2,"move":[0,1,[1,2]]}}' | seed agent sum
printf '{"why":"nim-sum","move":[-1,1%0400d],"x":[{}]}' 0 | seed agent big
printf 'I take 1 from heap 0' | seed agent prose
printf 'difficulty:0.25' | seed agent spec
printf 'mine=cmd:env A=1 ./agent' | seed agent named
printf 'mine=cmd[move-timeout=2,start-timeout=30]:./agent' | seed agent timeouts
printf 'elo0=-5,elo1=2.5,alpha=0.01' | seed agent sprt
printf 'model=normalized,elo0=-200,elo1=199.5,beta=0.2' | seed agent sprt-normalized
printf '{"move":[0,1,[4,2]],"events":["end"]}' | seed agent split
printf '{"move":[[0,2],[1,2]]}' | seed agent takes
printf '0.77' | seed heap_game_text kayles
printf '4.0137' | seed heap_game_text split
printf '1,3,4' | seed heap_game_text set
printf '3,1,3,,0,99999999999999999999' | seed heap_game_text bad-set
printf '[0,1,[4,2]]' | seed heap_game_text split-move
printf '[[0,2],[1,2]]' | seed heap_game_text two-heap-move
printf '3 1 2 2' | seed heap_game_text typed-move
printf 'heaps,winning,move,winning_actions' | seed table_input fields
printf 'train=0.8,test=0.15, val = .05' | seed table_input split
printf '\x4e\x49\x4d\x53\x45\x51\x01\x43\x09\x00\x00\x00\x00\x00\x00\x00\x09\x00\x00\x00\x00\x00\x00\x00\x00\x00\x10\x00\x00\x00\x00\x00\x09\x00\x00\x00\x00\x00\x00\x00\x09\x00\x00\x00\x00\x00\x00\x00\x0a\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x04\x00\x00\x00\x00\x00\x00\x00\x0d\x00\x00\x00\x47\x72\x75\x6e\x64\x79\x27\x73\x20\x67\x61\x6d\x65\x00\x00\x00\x01\x4b\x1d\xa6\xbf\x56\x41\xe1\x6d' |
  seed sequence_checkpoint grundy  # Grundy's game to heap 9, paused at heap 4
printf 'NIMSEQ\x01V\x01\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x03\0\0\0\0\0\0\0\0\x01\x02' |
  seed sequence_checkpoint values  # --format binary's values: refused

# fuzz HARNESS: runs one harness for the given time; on a fault, shows the end of its log.
fuzz() {
  local log=build-sanitize/fuzz/$1.log dict=()
  [ "$1" = options ] || [ "$1" = play_input ] || [ "$1" = heap_game_text ] ||
    [ "$1" = table_input ] || [ "$1" = sequence_checkpoint ] ||
    dict=(-dict=tests/fuzz/json.dict)
  if ! UBSAN_OPTIONS=halt_on_error=1 "build-sanitize/fuzz/$1_fuzz" -max_total_time="$seconds" \
    -max_len=512 -print_final_stats=1 "${dict[@]}" "build-sanitize/fuzz/corpus/$1" >"$log" 2>&1; then
    tail -n 30 "$log"
    echo "fuzz: $1 found a fault (the input is in crash-*)"
    return 1
  fi
  echo "fuzz: $1: $(grep -oE 'number_of_executed_units: [0-9]+' "$log" | cut -d' ' -f2) \
inputs in ${seconds} s, no fault"
}

running=0
status=0
for harness in heap_text json_reader options play_input agent heap_game_text table_input \
  sequence_checkpoint; do
  if ((running == $(nproc))); then
    wait -n || status=1
    running=$((running - 1))
  fi
  fuzz "$harness" &
  running=$((running + 1))
done
for ((; running > 0; running--)); do wait -n || status=1; done
exit "$status"
