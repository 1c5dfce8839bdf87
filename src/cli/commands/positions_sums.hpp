// nim-game positions --sum: random positions of a sum of different games (positions_sums.cpp).
#pragma once

#include "cli/commands/positions_request.hpp"
#include "cli/input/options.hpp"
#include "cli/system/output.hpp"

namespace nim {

// Writes the positions of the sum that the --sum options name, as the other options ask; a
// UsageError for an option a sum does not take.
int write_sum_positions(const ParsedOptions& given, Output& out);

}  // namespace nim
