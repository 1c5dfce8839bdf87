// The two ways nim-game runs: one position from -H, or every line of standard input (--batch).
#pragma once

#include "cli_options.hpp"
#include "output.hpp"

namespace nim {

// Exit statuses, as the README documents them.
enum ExitStatus : int {
  exit_ok = 0,
  exit_bad_lines = 1,  // --batch: some lines could not be read (each got an error record)
  exit_usage = 2,      // bad command line or heap size; nothing written to stdout
  exit_io = 3,         // the input could not be read or the output written, or memory ran out
};

// Writes the records to `out` (the caller flushes it) and returns the exit status.
int run_query(const Options& options, Output& out);
int run_batch(const Options& options, int input_fd, Output& out);

}  // namespace nim
