// The two players of a game, named by who moves at ply 0, and who has won once the board is empty.
#pragma once

#include <cstddef>
#include <cstdint>

namespace nim {

enum class Player { first, second };

inline Player other(Player player) {
  return player == Player::first ? Player::second : Player::first;
}

// The player's place in a pair of anything one a side (controllers, agents): the first's is 0.
inline std::size_t side_index(Player player) {
  return player == Player::first ? 0 : 1;
}

// The player who makes ply `ply` (0-based): the first player makes the even ones.
inline Player mover_at(std::uint64_t ply) {
  return ply % 2 == 0 ? Player::first : Player::second;
}

// The winner of a game that is over with `to_move` to move: in normal play the player who took
// the last object, in misère play the other one.
inline Player winner_on_empty_board(Player to_move, bool misere) {
  return misere ? to_move : other(to_move);
}

}  // namespace nim
