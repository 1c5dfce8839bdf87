#!/usr/bin/env bash
# Builds the Debian package (build-package/nim-game_<version>_<arch>.deb) and checks it:
#   1. its name, and its contents (dpkg-deb --contents): the binary, the man page, the bash and
#      fish completions, the copyright file, the changelog, the agent protocol and the Python
#      package nim_game;
#   2. lintian finds no error and no warning;
#   3. apt-get installs it (as root, or through sudo), `man nim-game` shows the page, bash loads
#      the completion, Python imports nim_game (and pickles its functions), and apt-get remove
#      takes every one of its files away again, with the Python package's folder.
# The package's nim-game links GMP and the C++ runtime dynamically, as Debian policy asks, so its
# Depends come from dpkg-shlibdeps; a source build links them statically (see the README).
set -euo pipefail
cd "$(dirname "$0")/.."

cmake -S . -B build-package -DCMAKE_BUILD_TYPE=Release -DNIM_STATIC=OFF -DBUILD_TESTING=OFF \
  -DNIM_PYTHON_INSTALL_DIR=lib/python3/dist-packages >/dev/null
cmake --build build-package -j"$(nproc)" >/dev/null
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# quietly COMMAND...: runs it, showing what it said only if it fails.
quietly() { "$@" >"$log" 2>&1 || { cat "$log"; echo "package: $* failed"; exit 1; }; }

rm -f build-package/nim-game_*.deb
(cd build-package && quietly cpack -G DEB)
version=$(build-package/nim-game --version | cut -d' ' -f2)
deb=build-package/nim-game_${version}_$(dpkg --print-architecture).deb
[ -f "$deb" ] || { echo "package: $deb was not made"; exit 1; }
echo "package: $deb"
dpkg-deb --field "$deb" Package Version Depends | sed 's/^/  /'

files=$(dpkg-deb --contents "$deb" | awk '$1 !~ /^d/ { sub(/^\./, "", $6); print $6 }')
for file in /usr/bin/nim-game /usr/share/man/man1/nim-game.1.gz \
  /usr/share/bash-completion/completions/nim-game \
  /usr/share/fish/vendor_completions.d/nim-game.fish /usr/share/doc/nim-game/copyright \
  /usr/share/doc/nim-game/changelog.gz \
  $(cd docs && ls ./*.md | grep -vx './architecture.md' | sed 's|^\./|/usr/share/doc/nim-game/|'); do
  grep -qxF "$file" <<<"$files" || { echo "package: $file is missing from $deb"; exit 1; }
done
python_package=/usr/lib/python3/dist-packages/nim_game
grep -qxF "$python_package/__init__.py" <<<"$files" &&
  grep -qxF "$python_package/envs.py" <<<"$files" &&
  grep -qE "^$python_package/_core\.cpython-.*\.so$" <<<"$files" ||
  { echo "package: the Python package nim_game is missing from $deb"; exit 1; }
echo "package: contents: $(wc -l <<<"$files") files, each one expected"

quietly lintian --fail-on error,warning "$deb"
grep -v 'running with root privileges' "$log" || echo "package: lintian: no error, no warning"

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
apt_get() { quietly "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -y -qq "$@"; }
trap 'rm -f "$log"; apt_get remove nim-game' EXIT
apt_get install "./$deb"
[ "$(command -v nim-game)" = /usr/bin/nim-game ] && [ "$(nim-game --version)" = "nim-game $version" ]
[ "$(man -w nim-game)" = /usr/share/man/man1/nim-game.1.gz ]
# Imported as root usually is, writing its bytecode beside it, which the prerm must take away.
[ "$(cd / && env -u PYTHONDONTWRITEBYTECODE /usr/bin/python3 -c 'import nim_game, pickle
print(nim_game.analyse([1, 2])["move"], pickle.loads(pickle.dumps(nim_game.label)) is nim_game.label)')" = "[1, 1] True" ]
[ -d "$python_package/__pycache__" ] || { echo "package: python3 wrote no bytecode to $python_package"; exit 1; }
MANWIDTH=80 man nim-game 2>/dev/null | grep -q 'nim-game - exact analysis of the game of Nim'
completed=$(bash -c 'source /usr/share/bash-completion/completions/nim-game &&
  COMP_WORDS=(nim-game --ch) COMP_CWORD=1 && _nim_game && echo "${COMPREPLY[*]}"')
[ "$completed" = --choose ] || { echo "package: bash completion gave '$completed'"; exit 1; }
echo "package: apt-get install: nim-game $version, man nim-game, bash completion and import nim_game work"
apt_get remove nim-game
trap 'rm -f "$log"' EXIT
left=$(while read -r file; do [ ! -e "$file" ] || echo "$file"; done <<<"$files")
[ -z "$left" ] || { echo "package: apt-get remove left $left"; exit 1; }
[ ! -e "$python_package" ] || { echo "package: apt-get remove left $python_package"; exit 1; }
echo "package: apt-get remove: none of its files is left, nor the folder $python_package"
