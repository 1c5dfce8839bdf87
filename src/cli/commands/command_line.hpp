// A whole command line of nim-game, run: the command its first argument names, its options read,
// the command run, and every failure mapped to its exit status and its one line for stderr.
// main() calls it with the process's standard output; the unit tests call it with an Output of
// their own, and see what nim-game would write, without starting it.
#pragma once

#include <span>
#include <string>

#include "cli/system/output.hpp"

namespace nim {

// Runs nim-game on `args` (the arguments after the program's name) and returns the exit status.
// What the command writes to standard output goes through `out`, flushed before a normal return;
// after a failure, what is still buffered there must not be written (a record is written whole or
// not at all). A failure's line for stderr ("nim-game: ...\n") is appended to `errors`.
int run_command_line(std::span<const char* const> args, Output& out, std::string& errors);

}  // namespace nim
