// Playing a game out: both sides follow the same rules and strategy from a position until the
// board is empty or a ply limit is reached. Each ply costs O(log n) solver work for n heaps when
// the choice is `first` without a cap; other strategies scan the heaps once per ply.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

#include "indexed_position.hpp"
#include "move_choice.hpp"
#include "position.hpp"
#include "rules.hpp"

namespace nim {

template <class Heap>
struct Ply {
  std::uint64_t number = 0;        // 0-based
  std::optional<Move<Heap>> move;  // none when the game was already over
  bool winning = false;            // for the player about to move
  bool done = false;               // the game is over after this ply
  bool truncated = false;          // the ply limit stopped the game here
};

inline constexpr std::uint64_t no_ply_limit = std::numeric_limits<std::uint64_t>::max();

// Calls on_ply(board, ply) for every ply, with the board as it stands before the ply's move.
template <class Heap, class OnPly>
void play_out(const Position<Heap>& start, const Rules<Heap>& rules, const Strategy& strategy,
              SplitMix64& rng, std::uint64_t max_plies, OnPly&& on_ply) {
  IndexedPosition<Heap> board(start, rules);
  for (std::uint64_t number = 0; number < max_plies; ++number) {
    Ply<Heap> ply{number, choose_move(board, strategy, rng), is_winning(board)};
    ply.done = !ply.move ||
               (board.tally().nonempty_count == 1 && ply.move->count == board.heap(ply.move->heap));
    ply.truncated = !ply.done && number + 1 == max_plies;
    on_ply(std::as_const(board), ply);
    if (ply.done) return;
    board.apply(*ply.move);
  }
}

}  // namespace nim
