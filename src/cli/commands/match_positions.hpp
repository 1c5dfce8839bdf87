// The start positions of match --positions FILE: one a line, in the --batch forms, comments and
// blank lines skipped.
#pragma once

#include <string>
#include <vector>

#include "nim/any_position.hpp"

namespace nim {

// The positions of the file at `path`, in order. Every failure is a UsageError that names the
// file (and the line), but a failed read, which is a ReadError, as for any input.
std::vector<AnyPosition> read_start_positions(const std::string& path, const AnyRules& rules);

}  // namespace nim
