// What a line typed during `nim-game play` asks for besides a move (cli/input/game_move_text.hpp
// reads a move): hint, undo, help, quit, or nothing (a blank line).
#pragma once

#include <optional>
#include <string_view>

namespace nim {

enum class PlayWord { hint, undo, help, quit, blank };

// The words every game's play reads besides a move, in any case: hint, undo, help or ?, quit, q
// or exit; and a blank line (blanks and a trailing \r allowed around them). None for anything else:
// a move, or text that is none.
std::optional<PlayWord> read_play_word(std::string_view line);

}  // namespace nim
