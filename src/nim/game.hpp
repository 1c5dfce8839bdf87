// The values of a game at the terminal (`nim-game play`): who makes each side's moves, how the game
// ended, and the moves the review names.
#pragma once

#include <array>
#include <optional>

#include "nim/games/game_move.hpp"
#include "nim/move_record.hpp"
#include "nim/position.hpp"

namespace nim {

// Who makes a side's moves.
enum class Controller { human, computer };

// Who plays each side, the first mover first.
using Controllers = std::array<Controller, 2>;

// How a game ended: the board emptied, or a person quit, or the input ended first.
enum class Ending { over, quit, end_of_input };

// A move made in play, with the board it was made on: a move of a sum of games is told in its
// component, which only the board says.
template <HeapInteger Heap>
struct GameMoveRecord : MoveRecord<Heap, GameMove<Heap>> {
  Position<Heap> from{};
};

// A person's move that gave a won position away, with the move the strategy plays there, which
// keeps it.
template <HeapInteger Heap>
struct GameMistake : GameMoveRecord<Heap> {
  std::optional<GameMove<Heap>> keeping{};
};

}  // namespace nim
