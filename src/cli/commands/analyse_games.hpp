// The analyse command for the games after Nim (--game, --octal, --subtract, --subtract-all-but):
// -H or --batch (--jobs), --all-moves, --move, --explain, as JSON or text.
#pragma once

#include "cli/input/options.hpp"
#include "cli/system/output.hpp"
#include "nim/games/capabilities.hpp"

namespace nim {

int run_game_analysis(const ParsedOptions& given, const GameSpec& spec, Output& out);

}  // namespace nim
