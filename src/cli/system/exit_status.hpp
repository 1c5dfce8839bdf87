// nim-game's exit statuses, as the README and --help document them.
#pragma once

namespace nim {

enum ExitStatus : int {
  exit_ok = 0,
  exit_bad_lines = 1,     // --batch: some lines could not be read (each got an error record)
  exit_check_failed = 1,  // check-agent: a check failed
  exit_usage = 2,         // bad command line or heap size; nothing written to stdout
  exit_io = 3,            // the input could not be read or the output written, or memory ran out
};

}  // namespace nim
