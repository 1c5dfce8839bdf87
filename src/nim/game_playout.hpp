// Playing a game after Nim out, as playout.hpp plays Nim: both sides follow the same strategy from
// a position until no move is left or a ply limit is reached. Nim's game loop (game_loop.hpp)
// plays on its indexed board with Nim's moves; these games' moves take from several heaps or
// split one, so the playout walks the positions themselves, one GameAnalysis a ply.
#pragma once

#include <concepts>
#include <cstdint>
#include <span>
#include <utility>

#include "nim/game_strategy.hpp"
#include "nim/player.hpp"
#include "nim/playout.hpp"

namespace nim {

template <HeapInteger Heap>
using GamePly = PlayoutPly<GameAnalysis<Heap>>;

// Calls on_ply(ply) for every ply, at most max_plies of them. Each position is answered before
// its ply is reported: a position the theory cannot answer (a misère search beyond its bound)
// throws Unanswerable before anything of its ply is said, the plies before it reported whole.
template <PlayableGame Game, class OnPly, class Heap = typename Game::Heap>
requires std::invocable < OnPly&, const GamePly<Heap>
& > void play_out_game(GameSolver<Game>& solver, std::span<const Heap> start,
                       const Strategy& strategy, SplitMix64& rng, std::uint64_t max_plies,
                       WinningMoves winning, OnPly&& on_ply) {
  const Game& game = solver.game();
  Position<Heap> board(start.begin(), start.end());
  for (std::uint64_t number = 0; number < max_plies; ++number) {
    GamePly<Heap> ply{
        .number = number,
        .analysis = analyse_game(solver, std::span<const Heap>(board), strategy, rng, winning)};
    const Player mover = mover_at(number);
    if (!ply.analysis.move) {  // over before any move: one ply without a move says who won
      ply.done = true;
      ply.winner = winner_on_empty_board(mover, game.misere);
      on_ply(std::as_const(ply));
      return;
    }
    ply.done = !has_move(game, std::span<const Heap>(ply.analysis.next_position));
    ply.truncated = !ply.done && number + 1 == max_plies;
    if (ply.done) {
      ply.last_mover = mover;
      ply.winner = winner_on_empty_board(other(mover), game.misere);
    }
    on_ply(std::as_const(ply));
    if (ply.done) return;
    board = std::move(ply.analysis.next_position);
  }
}

}  // namespace nim
