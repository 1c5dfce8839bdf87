#!/usr/bin/env bash
# The whole test suite, as CI runs it: formatting, the tests on the Release build, the same tests
# built and run again under AddressSanitizer + UndefinedBehaviorSanitizer, and a short fuzzing run
# of the input parser. Exits non-zero on any failure or sanitizer report.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/bootstrap.sh
log=$(mktemp)
trap 'rm -f "$log"' EXIT

echo "== formatting (clang-format, .clang-format)"
clang-format --dry-run -Werror src/*.cpp src/*.hpp tests/*.cpp tests/*.hpp

echo "== tests: Release build"
ctest --test-dir build --output-on-failure -j"$(nproc)" | tee -a "$log"

echo "== tests: AddressSanitizer + UndefinedBehaviorSanitizer build"
cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNIM_SANITIZE=ON >/dev/null
cmake --build build-sanitize -j"$(nproc)"
# A report makes the process (the test binary, or the nim-game it runs) exit with status 99,
# which fails the test that ran it.
export ASAN_OPTIONS=exitcode=99:detect_leaks=1:strict_string_checks=1
export UBSAN_OPTIONS=exitcode=99:halt_on_error=1:print_stacktrace=1
ctest --test-dir build-sanitize --output-on-failure -j"$(nproc)" | tee -a "$log"

echo "== fuzzing the input parser (libFuzzer, 30 s)"
scripts/fuzz.sh 30

# Reached only if every step passed (set -e, pipefail): the two ctest runs' totals.
passed=$(grep -oE 'tests failed out of [0-9]+' "$log" | awk '{ total += $5 } END { print total }')
echo "test.sh: $passed passed, 0 failed"
