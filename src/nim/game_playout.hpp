// Playing any game out: both sides follow the same strategy from a position until no move is left
// or a ply limit is reached, on the game's GameBoard, one GameAnalysis a ply (--trace moves: the
// move alone, at a cost that does not grow with the game).
#pragma once

#include <concepts>
#include <cstdint>
#include <span>
#include <utility>

#include "nim/game_board.hpp"
#include "nim/game_strategy.hpp"
#include "nim/player.hpp"
#include "nim/playout.hpp"

namespace nim {

template <HeapInteger Heap>
using GamePly = PlayoutPly<GameAnalysis<Heap>>;

// What a ply's analysis holds: all of it (the record of the position), or the move and whether
// the mover was winning (--trace moves), which a GameBoard answers without looking at every heap.
enum class PlyDetail { full, move };

// Calls on_ply(ply) for every ply, at most max_plies of them. Each position is answered before
// its ply is reported: a position the theory cannot answer (a misère search beyond its bound)
// throws Unanswerable before anything of its ply is said, the plies before it reported whole.
template <PlayableGame Game, class OnPly, class Heap = typename Game::Heap>
requires std::invocable < OnPly&, const GamePly<Heap>
& > void play_out_game(GameSolver<Game>& solver, std::span<const Heap> start,
                       const Strategy& strategy, SplitMix64& rng, std::uint64_t max_plies,
                       WinningMoves winning, PlyDetail detail, OnPly&& on_ply) {
  const Game& game = solver.game();
  GameBoard<Game> board(solver, start);
  GamePly<Heap> ply;
  for (std::uint64_t number = 0; number < max_plies; ++number) {
    ply.number = number;
    GameAnalysis<Heap>& analysis = ply.analysis;
    if (detail == PlyDetail::full) {
      analyse_game(solver, board.heaps(), strategy, rng, winning, analysis);
    } else {
      analysis.verdict.winning = board.winning();
      analysis.move = board.strategy_move(strategy, rng);
    }
    const Player mover = mover_at(number);
    if (!analysis.move) {  // over before any move: one ply without a move says who won
      ply.done = true;
      ply.winner = winner_on_empty_board(mover, game.misere);
      on_ply(std::as_const(ply));
      return;
    }
    // The full record shows the board before the move: it is made once the ply is reported.
    if (detail == PlyDetail::full)
      ply.done = !has_move(game, std::span<const Heap>(analysis.next_position));
    else
      board.apply(*analysis.move);
    if (detail == PlyDetail::move) ply.done = !board.has_move();
    ply.truncated = !ply.done && number + 1 == max_plies;
    if (ply.done) {
      ply.last_mover = mover;
      ply.winner = winner_on_empty_board(other(mover), game.misere);
    }
    on_ply(std::as_const(ply));
    if (ply.done) return;
    if (detail == PlyDetail::full) board.apply(*analysis.move);
  }
}

}  // namespace nim
