// The values of a game at the terminal (`nim-game play`): who makes each side's moves, how the game
// ended, and the moves the review names.
#pragma once

#include <array>
#include <optional>

#include "nim/move_record.hpp"

namespace nim {

// Who makes a side's moves.
enum class Controller { human, computer };

// Who plays each side, the first mover first.
using Controllers = std::array<Controller, 2>;

// How a game ended: the board emptied, or a person quit, or the input ended first.
enum class Ending { over, quit, end_of_input };

// A person's move that gave a won position away, with the move the strategy plays there, which
// keeps it.
template <HeapInteger Heap, class Played>
struct Mistake : MoveRecord<Heap, Played> {
  std::optional<Played> keeping{};
};

}  // namespace nim
