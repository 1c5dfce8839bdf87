// nim-game play for the games after Nim (--game, --octal, --subtract, --subtract-all-but): a game
// at the terminal or through a pipe, as text, against the computer (perfect, or erring with
// --difficulty), between two people or two computers.
#pragma once

#include "cli/input/options.hpp"
#include "cli/system/output.hpp"
#include "nim/games/capabilities.hpp"

namespace nim {

// The board of `nim-game play` without -H, for every game.
inline constexpr const char* default_play_board = "5 4 3 2 1";

int run_game_play(const ParsedOptions& given, const GameSpec& spec, Output& out);

}  // namespace nim
