// A move as it was made in a game, and how it was judged: what `nim-game play`'s review and a
// match's records keep of each move. And the ply limit that is none.
#pragma once

#include <cstdint>
#include <limits>

#include "nim/heap.hpp"
#include "nim/player.hpp"

namespace nim {

inline constexpr std::uint64_t no_ply_limit = std::numeric_limits<std::uint64_t>::max();

template <HeapInteger Heap, class Played>
struct MoveRecord {
  std::uint64_t number = 0;  // the ply, 0-based
  Player player = Player::first;
  Played move{};
  bool from_won = false;  // the mover was winning before it
  bool optimal = false;   // it left the opponent lost, or the mover had no win to keep

  friend bool operator==(const MoveRecord&, const MoveRecord&) = default;
};

}  // namespace nim
