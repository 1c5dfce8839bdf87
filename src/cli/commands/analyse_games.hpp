// The analyse command of every game, Nim's included, through its engine: -H or --batch (--jobs),
// --all-moves, --move, --explain, --playout, as JSON, text or tables.
#pragma once

#include <span>

#include "cli/input/options.hpp"
#include "cli/system/output.hpp"

namespace nim {

int run_game_analysis(const ParsedOptions& given, Output& out);

// The analyse command of a sum of different games (--sum, one for each game; analyse_sums.cpp),
// which refuses the options of `groups` (the command's) that a sum does not take.
int run_sum_analysis(const ParsedOptions& given, std::span<const OptionGroup> groups, Output& out);

}  // namespace nim
