#!/bin/sh
# Writes CHANGELOG.md as a Debian changelog (the format dpkg and lintian read), for the package's
# /usr/share/doc/nim-game/changelog.gz:  debian-changelog.sh CHANGELOG.md "Name <email>" > changelog
# Each "## VERSION (YYYY-MM-DD HH:MM UTC)" section becomes an entry; its "- " items become "  * "
# items, and their continuation lines (indented by two spaces) stay under them.
set -eu
awk -v maintainer="$2" '
  function close_entry() { if (open) printf "\n -- %s  %s\n", maintainer, date; open = 0 }
  /^## [^ ]+ \(.+\)$/ {
    close_entry()
    if (entries++) print ""
    version = $2
    when = substr($0, index($0, "(") + 1); sub(/\)$/, "", when)
    command = "date -R -u -d \"" when "\""
    command | getline date; close(command)
    printf "nim-game (%s) unstable; urgency=medium\n\n", version
    open = 1
    next
  }
  open && /^- / { print "  * " substr($0, 3); next }
  open && /^  [^ ]/ { print "    " substr($0, 3); next }
  END { close_entry() }
' "$1"
