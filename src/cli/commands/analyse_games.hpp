// The analyse command of every game through its engine (Nim's but --explain, whose Bouton table
// is Nim's own stack's): -H or --batch (--jobs), --all-moves, --move, --explain, --playout, as
// JSON, text or tables.
#pragma once

#include "cli/input/options.hpp"
#include "cli/system/output.hpp"
#include "nim/games/capabilities.hpp"

namespace nim {

int run_game_analysis(const ParsedOptions& given, const GameSpec& spec, Output& out);

}  // namespace nim
