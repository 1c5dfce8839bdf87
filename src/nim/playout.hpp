// Playing a game out: both sides follow the same rules and strategy from a position until the
// board is empty or a ply limit is reached. Each ply costs O(log n) solver work for n heaps when
// the choice is `first` without a cap; other strategies scan the heaps once per ply.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <utility>

#include "nim/analysis.hpp"
#include "nim/game_loop.hpp"
#include "nim/indexed_position.hpp"
#include "nim/player.hpp"
#include "nim/position.hpp"
#include "nim/ruleset.hpp"
#include "nim/strategy.hpp"

namespace nim {

// A ply of a playout, of Nim (Analysis) or of a game after it (GameAnalysis, game_playout.hpp).
template <class PlyAnalysis>
struct PlayoutPly {
  std::uint64_t number = 0;  // 0-based
  // The board before the ply's move, and the move played (analysis.move; none when the game was
  // already over). Its position is the playout's own board: valid during the callback only.
  PlyAnalysis analysis;
  bool done = false;       // the game is over after this ply
  bool truncated = false;  // the ply limit stopped the game here
  // On the last ply: who made the last move (none when no move was made, because the game was
  // over at the start), and who won.
  std::optional<Player> last_mover{};
  std::optional<Player> winner{};
};

template <HeapSumRuleset Rules>
using Ply = PlayoutPly<Analysis<Rules>>;

// Calls on_ply(ply) for every ply, at most max_plies of them.
template <HeapSumRuleset Rules, class OnPly, class Heap = typename Rules::Heap>
requires std::invocable < OnPly&, const Ply<Rules>
& > void play_out(const Position<Heap>& start, const Rules& rules, const Strategy& strategy,
                  SplitMix64& rng, std::uint64_t max_plies, WinningMoves winning, OnPly&& on_ply) {
  IndexedPosition<Rules> board(start, rules);
  // The strategy's source analyses the board it is asked about, into the ply that shows it.
  Ply<Rules> ply;
  const auto strategy_move = [&](const IndexedPosition<Rules>& view, std::uint64_t) {
    ply.analysis = analyse(view, strategy, rng, winning);
    return *ply.analysis.move;  // the loop asks only while the game is not over
  };
  const auto stop = play_game<NeverGivesUp>(
      board, max_plies, strategy_move, strategy_move,
      [&](const IndexedPosition<Rules>& before, const MoveRecord<Heap>& played) {
        ply.number = played.number;
        ply.done = takes_last(before, played.move);
        ply.truncated = !ply.done && played.number + 1 == max_plies;
        if (ply.done) {
          ply.last_mover = played.player;
          ply.winner = winner_on_empty_board(other(played.player), rules.misere);
        }
        on_ply(std::as_const(ply));
      });
  // A game over before any move is one ply without a move, which says who won.
  if (stop.stop == Stop::over && stop.plies == 0 && max_plies > 0)
    on_ply(Ply<Rules>{
        .analysis = analyse(board, strategy, rng, winning), .done = true, .winner = stop.winner});
}

}  // namespace nim
