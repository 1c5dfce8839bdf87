#!/usr/bin/env bash
# Installs the Debian packages nim-game needs to build and test (only the missing ones), then
# configures a Release build in build/ and builds it: everything, or the targets given
# (scripts/test.sh builds only nim-game and the end-to-end tests there).
set -euo pipefail
cd "$(dirname "$0")/.."

# The packages up to libedit-dev (line editing at play's prompt) build nim-game; the rest is what
# scripts/test.sh, scripts/package.sh and scripts/bench.sh need besides (ccache makes rebuilds
# fast; python3 drives the pseudo-terminal tests and the interrupted matches, whose leftover
# processes procps' pgrep looks for; groff, man-db and fish check the man page and the
# completions; dpkg-dev and lintian make and check the Debian package; python3-dev and
# pybind11-dev build the Python module nim_game, python3-pytest and python3-numpy test it;
# python3-distributed runs the sharded data set on a Dask cluster;
# librsvg2-bin's rsvg-convert renders sequence's SVG pictures in the tests).
packages=(cmake g++ make pkg-config nlohmann-json3-dev libcxxopts-dev doctest-dev libgmp-dev
          libedit-dev ccache clang-format clang libclang-rt-14-dev parallel time bc python3
          groff-base man-db fish dpkg-dev lintian procps python3-dev pybind11-dev python3-pytest
          python3-numpy python3-distributed librsvg2-bin)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
    missing+=("$package")
done
if ((${#missing[@]} > 0)); then
  echo "bootstrap: installing ${missing[*]}"
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
targets=()
for target in "$@"; do targets+=(--target "$target"); done
cmake --build build -j"$(nproc)" "${targets[@]}"
