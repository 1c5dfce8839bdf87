// Playing a game out: both sides follow the same rules and strategy from a position until the
// board is empty or a ply limit is reached. Each ply costs O(log n) solver work for n heaps when
// the choice is `first` without a cap; other strategies scan the heaps once per ply.
#pragma once

#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

#include "nim/analysis.hpp"
#include "nim/indexed_position.hpp"
#include "nim/position.hpp"
#include "nim/ruleset.hpp"
#include "nim/strategy.hpp"

namespace nim {

// The players, named by who moves at ply 0.
enum class Player { first, second };

inline Player other(Player player) {
  return player == Player::first ? Player::second : Player::first;
}

template <HeapSumRuleset Rules>
struct Ply {
  std::uint64_t number = 0;  // 0-based
  // The board before the ply's move, and the move played (analysis.move; none when the game was
  // already over). Its position is the playout's own board: valid during the callback only.
  Analysis<Rules> analysis;
  bool done = false;       // the game is over after this ply
  bool truncated = false;  // the ply limit stopped the game here
  // On the last ply: who made the last move (none when no move was made, because the game was
  // over at the start), and who won.
  std::optional<Player> last_mover{};
  std::optional<Player> winner{};
};

inline constexpr std::uint64_t no_ply_limit = std::numeric_limits<std::uint64_t>::max();

// The winner of a game that is over with `to_move` to move: in normal play the player who took
// the last object, in misère play the other one.
inline Player winner_on_empty_board(Player to_move, bool misere) {
  return misere ? to_move : other(to_move);
}

// Calls on_ply(ply) for every ply, at most max_plies of them.
template <HeapSumRuleset Rules, class OnPly>
requires std::invocable < OnPly&, const Ply<Rules>
& > void play_out(const Position<typename Rules::Heap>& start, const Rules& rules,
                  const Strategy& strategy, SplitMix64& rng, std::uint64_t max_plies,
                  WinningMoves winning, OnPly&& on_ply) {
  IndexedPosition board(start, rules);
  for (std::uint64_t number = 0; number < max_plies; ++number) {
    Ply<Rules> ply{.number = number, .analysis = analyse(board, strategy, rng, winning)};
    const auto& move = ply.analysis.move;
    ply.done =
        !move || (board.tally().nonempty_count == 1 && move->count == board.heap(move->heap));
    ply.truncated = !ply.done && number + 1 == max_plies;
    if (ply.done) {
      const Player mover = number % 2 == 0 ? Player::first : Player::second;
      if (move) ply.last_mover = mover;
      ply.winner = winner_on_empty_board(move ? other(mover) : mover, rules.misere);
    }
    on_ply(std::as_const(ply));
    if (ply.done) return;
    board.apply(*move);
  }
}

}  // namespace nim
