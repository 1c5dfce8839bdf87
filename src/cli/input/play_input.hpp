// What a line typed during `nim-game play` asks for: a move (heap and count, the heap numbered
// from 1 as on the board), hint, help, quit, nothing (a blank line), or something that is none of
// these.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "nim/heap.hpp"

namespace nim {

struct PlayInput {
  enum class Kind { move, hint, help, quit, blank, unreadable };
  Kind kind = Kind::blank;
  BigHeap heap{};       // a move: the heap as typed, numbered from 1 (any integer)
  BigHeap count{};      // a move: the count as typed (any integer)
  std::string error{};  // unreadable: why, naming the line
};

// The words every game's play reads besides a move, in any case: hint, help or ?, quit, q or
// exit; and a blank line (blanks and a trailing \r allowed around them). None for anything else:
// a move, or text that is none.
std::optional<PlayInput::Kind> read_play_word(std::string_view line);

// Reads `4 1`, `4,1`, `4, 1` (blanks around the numbers allowed, and a trailing \r), and the
// words above. Numbers out of range are a move, for the game to refuse with its reason.
PlayInput read_play_input(std::string_view line);

}  // namespace nim
