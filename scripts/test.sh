#!/usr/bin/env bash
# The whole test suite, as CI runs it: formatting, the end-to-end tests on the Release build (GCC),
# the unit tests and the same end-to-end tests again with nim-game built by clang under
# AddressSanitizer + UndefinedBehaviorSanitizer, a short fuzzing run of every parser of outside
# input, and the Debian package built, checked, installed and removed. Exits non-zero on any
# failure or sanitizer report, and ends with the time each stage took.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp)
package_log=$(mktemp)
background_log=$(mktemp)
trap 'rm -f "$log" "$package_log" "$background_log"' EXIT
stages=()
stage_start=$SECONDS
# stage NAME: ends the stage before (recording its time) and announces the next one.
stage() {
  if [ -n "${stage_name:-}" ]; then stages+=("$(printf '%-56s %4d s' "$stage_name" $((SECONDS - stage_start)))"); fi
  stage_name=$1
  stage_start=$SECONDS
  [ -n "$stage_name" ] && echo "== $stage_name"
  return 0
}

# count_check BUILD SUITE: ctest runs each doctest case by its name, and a name holding ';'
# becomes two tests that match nothing and pass: every test case must be exactly one ctest test.
count_check() {
  local cases registered
  cases=$("$1/tests/$2_tests" --count | grep -oE '[0-9]+$')
  registered=$(ctest --test-dir "$1" -N -R "^$2:" | grep -c 'Test *#')
  if [ "$cases" != "$registered" ]; then
    echo "test.sh: $2_tests has $cases test cases but ctest runs $registered (a ';' in a name?)"
    exit 1
  fi
}

# python_tests: the Python module's tests (pytest) on the Release build, with the Python CMake
# built the module for (Debian's python3, whose python3-numpy and python3-pytest the bootstrap
# installs), against the same build's nim-game.
python_tests() {
  local python
  python=$(sed -n 's/^Python3_EXECUTABLE:[A-Z]*=//p' build/CMakeCache.txt)
  [ -f build/python/nim_game/__init__.py ] && [ -f build/python/nim_game/_core.cpython-*.so ] ||
    { echo "test.sh: the Python package nim_game was not built"; exit 1; }
  PYTHONPATH=$PWD/build/python NIM_GAME=$PWD/build/nim-game "$python" -m pytest -q -p no:cacheprovider \
    tests/python | tee -a "$log"
}

# finish: the stage times and the ctest runs' totals. Reached only if every step passed (set -e,
# pipefail).
finish() {
  stage ""
  echo "== stage times"
  printf '%s\n' "${stages[@]}"
  passed=$(grep -oE 'tests failed out of [0-9]+' "$log" | awk '{ total += $5 } END { print total }')
  echo "test.sh: $passed passed, 0 failed, in $SECONDS s"
}

# scripts/test.sh --quick: the re-run while editing, in under a minute: formatting, the Release
# build and its unit and end-to-end tests. The sanitizers, fuzzing and the package are left to the
# whole run, which CI makes.
if [ "${1:-}" = --quick ]; then
  stage "formatting (clang-format, .clang-format)"
  git ls-files -z '*.cpp' '*.hpp' | xargs -0 clang-format --dry-run -Werror
  stage "build (Release)"
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build -j"$(nproc)" >/dev/null
  stage "unit and end-to-end tests: Release build"
  count_check build unit
  count_check build e2e
  # One more test at a time than there are cores: many of them wait on programs and timeouts.
  # The oracle's and the simulations' own executables hold cases the unit tests run already; the
  # cases at full size (minutes) are left to the whole run.
  ctest --test-dir build --output-on-failure -j"$(($(nproc) + 1))" -E '^oracle:|^simulation:| at full size' >"$log" 2>&1 || {
    cat "$log"
    exit 1
  }
  stage "Python module: pytest"
  python_tests
  finish
  exit 0
fi

stage "install what is missing, build (Release)"
# nim-game, the end-to-end tests, the Python module and the games' oracle alone (oracle_tests):
# the unit tests run once, in the sanitizer build (clang, stricter than the Release build), but
# for the oracle's cases "at full size" (every position of up to 4 heaps of 12 of the games after
# Nim: ten times slower under the sanitizers), which run here, with the end-to-end tests; so do the
# simulations' (simulation_tests: thousands of sequential tests).
scripts/bootstrap.sh nim-game e2e_tests nim_game_python oracle_tests simulation_tests

# The builds the later stages need start now, at the lowest priority: they take only what the
# stages in front leave of the cores (much of a test run waits on child processes and timeouts),
# so the tests run as fast as alone. One build (scripts/fuzz.sh configures it) holds nim-game, the
# unit tests and the fuzz harnesses under AddressSanitizer + UndefinedBehaviorSanitizer, built by
# clang (in half the time GCC takes with the sanitizers) at -O1 (the sanitizers still see
# everything) with -g1 (the file and line of every frame of a report); the end-to-end tests are
# programs that run nim-game: the Release build's run against this nim-game below, so they are not
# built again. In a session of its own, so that a failure before its end stops the whole of it.
setsid nice -n 19 bash -ec '
  scripts/fuzz.sh --build
  cmake --build build-sanitize -j"$(nproc)" --target nim-game unit_tests' >"$background_log" 2>&1 &
background=$!
trap 'kill -- -"$background" 2>/dev/null; rm -f "$log" "$package_log" "$background_log"' EXIT

stage "formatting (clang-format, .clang-format)"
git ls-files -z '*.cpp' '*.hpp' | xargs -0 clang-format --dry-run -Werror

stage "end-to-end tests, oracle and simulations at full size: Release build"
count_check build e2e
ctest --test-dir build --output-on-failure -j"$(nproc)" -R '^e2e:|^(oracle|simulation):.* at full size' |
  tee -a "$log"

stage "Python module: pytest (Release build)"
python_tests

stage "build: ASan + UBSan, fuzz harnesses (clang; the rest)"
# Nothing runs in front of it now: back to the normal priority, which matters on a machine that
# others share (as root; otherwise it keeps the low one).
renice -n 0 -g "$background" >/dev/null 2>&1 || true
wait "$background" || { cat "$background_log"; echo "test.sh: a build failed"; exit 1; }

stage "tests: ASan + UBSan, the Debian package beside them"
# A report makes the process (the test binary, or the nim-game it runs) exit with status 99,
# which fails the test that ran it.
export ASAN_OPTIONS=exitcode=99:detect_leaks=1:strict_string_checks=1
export UBSAN_OPTIONS=exitcode=99:halt_on_error=1:print_stacktrace=1
count_check build-sanitize unit
# The package's build (ccache has it all), lintian and apt-get need little of the machine, and
# take it at the lowest priority.
setsid nice -n 19 scripts/package.sh >"$package_log" 2>&1 &
package=$!
# The unit tests and the end-to-end tests side by side: each run has a long test near its end
# (the exhaustive searches; the agents' faults, which wait on timeouts), and the other fills the
# cores meanwhile. Each writes its own log, shown when both are done.
unit_log=$(mktemp)
e2e_log=$(mktemp)
trap 'rm -f "$log" "$package_log" "$background_log" "$unit_log" "$e2e_log"' EXIT
ctest --test-dir build-sanitize --output-on-failure -j"$(nproc)" -E ' at full size' >"$unit_log" 2>&1 &
unit=$!
tested=0
# One more end-to-end test at a time than there are cores: many of them wait on programs and
# timeouts.
NIM_GAME_UNDER_TEST=$PWD/build-sanitize/nim-game NIM_GAME_UNDER_SANITIZERS=1 \
  ctest --test-dir build --output-on-failure -j"$(($(nproc) + 1))" -R '^e2e:' >"$e2e_log" 2>&1 ||
  tested=$?
wait "$unit" || tested=$?
cat "$unit_log" "$e2e_log" | tee -a "$log"
# On a failure the package's run ends first: it removes what it installed.
[ "$tested" = 0 ] || { wait "$package" || true; exit 1; }

stage "fuzzing (every harness x 4 s), and the package's end"
# A harness runs for its seconds whatever else runs.
renice -n 0 -g "$package" >/dev/null 2>&1 || true
fuzzed=0
scripts/fuzz.sh 4 || fuzzed=$?
packaged=0
wait "$package" || packaged=$?
cat "$package_log"
if [ "$fuzzed" != 0 ] || [ "$packaged" != 0 ]; then exit 1; fi

finish
