// The analyse command of every game, Nim's included, through its engine: -H or --batch (--jobs),
// --all-moves, --move, --explain, --playout, as JSON, text or tables.
#pragma once

#include "cli/input/options.hpp"
#include "cli/system/output.hpp"

namespace nim {

int run_game_analysis(const ParsedOptions& given, Output& out);

}  // namespace nim
