#!/usr/bin/env bash
# Fuzzes the input parser (tests/heap_text_fuzz.cpp) with libFuzzer under AddressSanitizer and
# UndefinedBehaviorSanitizer for the given number of seconds (default 30). Needs clang and
# libclang-rt-14-dev, which scripts/bootstrap.sh installs. Exits non-zero on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}

cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DNIM_FUZZ=ON -DNIM_STATIC=OFF -DBUILD_TESTING=OFF >/dev/null
cmake --build build-fuzz --target heap_text_fuzz -j"$(nproc)"

corpus=build-fuzz/corpus
mkdir -p "$corpus"
printf '1 3 5 7' >"$corpus/plain"
printf '1,3, 5 ,7' >"$corpus/commas"
printf '[1,3,5,7]' >"$corpus/array"
printf '{"heaps":[1,3,5,7],"id":[1,{"a":2}]}' >"$corpus/object"
printf '18446744073709551616 0 007' >"$corpus/big"
printf '071844618446741707417049' >"$corpus/leading-zero-big"  # once read as octal by GMP
UBSAN_OPTIONS=halt_on_error=1 build-fuzz/heap_text_fuzz -max_total_time="$seconds" \
  -max_len=256 -print_final_stats=1 "$corpus" 2>&1 | tail -n 8
