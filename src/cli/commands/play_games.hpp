// nim-game play for the games after Nim (--game, --octal, --subtract, --subtract-all-but): a game
// at the terminal or through a pipe, as text, against the computer (perfect, or erring with
// --difficulty), between two people or two computers.
#pragma once

#include "cli/input/options.hpp"
#include "cli/system/output.hpp"
#include "nim/games/table.hpp"

namespace nim {

int run_game_play(const ParsedOptions& given, const GameSpec& spec, Output& out);

}  // namespace nim
