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

// The players, named by who moves at ply 0.
enum class Player { first, second };

template <class Heap>
struct Ply {
  std::uint64_t number = 0;          // 0-based
  std::optional<Move<Heap>> move;    // none when the game was already over
  bool winning = false;              // for the player about to move
  bool done = false;                 // the game is over after this ply
  bool truncated = false;            // the ply limit stopped the game here
  std::optional<Player> last_mover;  // on the last ply: who made the last move, if anyone did
  std::optional<Player> winner;      // on the last ply
};

inline constexpr std::uint64_t no_ply_limit = std::numeric_limits<std::uint64_t>::max();

// Calls on_ply(board, ply) for every ply, with the board as it stands before the ply's move.
template <class Heap, class OnPly>
void play_out(const Position<Heap>& start, const Rules<Heap>& rules, const Strategy& strategy,
              SplitMix64& rng, std::uint64_t max_plies, OnPly&& on_ply) {
  IndexedPosition<Heap> board(start, rules);
  for (std::uint64_t number = 0; number < max_plies; ++number) {
    Ply<Heap> ply;
    ply.number = number;
    ply.move = choose_move(board, strategy, rng);
    ply.winning = is_winning(board);
    ply.done = !ply.move ||
               (board.tally().nonempty_count == 1 && ply.move->count == board.heap(ply.move->heap));
    ply.truncated = !ply.done && number + 1 == max_plies;
    if (ply.done) {
      const Player mover = number % 2 == 0 ? Player::first : Player::second;
      const Player other = mover == Player::first ? Player::second : Player::first;
      if (ply.move) ply.last_mover = mover;
      // On the empty board the player to move has lost in normal play and won in misère play.
      const Player to_move = ply.move ? other : mover;
      ply.winner = rules.misere == (to_move == Player::first) ? Player::first : Player::second;
    }
    on_ply(std::as_const(board), ply);
    if (ply.done) return;
    board.apply(*ply.move);
  }
}

}  // namespace nim
