// The analysis of a position of any game after Nim, as a record shows it: who wins, the move the
// perfect player makes (the theory's winning move: the first in heap order, but Moore's
// construction in Moore's Nim; when every move loses, the first move of the largest heap), the
// Grundy values where the game is a sum, every winning move if asked, and the verdict on a
// proposed move.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "nim/analysis.hpp"
#include "nim/game_solver.hpp"
#include "nim/random.hpp"

namespace nim {

// --all-moves lists the winning moves of a position with at most this many moves.
inline constexpr std::uint64_t most_moves_listed = 1'000'000;

template <HeapInteger Heap>
struct GameAnalysis {
  std::span<const Heap> position;      // the caller's
  Verdict<Heap> verdict;               // its winning_move moved to `move` below
  bool game_over = false;              // no legal move
  std::optional<GameMove<Heap>> move;  // none when the game is over
  Position<Heap> next_position;        // after move; empty without one
  std::optional<std::vector<GameMove<Heap>>> winning_moves;
};

// The first move of the largest heap that has one (the first heap of that size first): what the
// player who cannot win plays, making the game last.
template <PlayableGame Game>
std::optional<GameMove<typename Game::Heap>> largest_heap_move(
    const Game& game, std::span<const typename Game::Heap> position) {
  std::optional<GameMove<typename Game::Heap>> found;
  for (std::size_t i = 0; i < position.size(); ++i) {
    if (found && position[i] <= position[found->heap()]) continue;
    game.for_each_move_from(position, i, [&](const auto& move) {
      found = move;
      return false;
    });
  }
  return found;
}

// A random player's move draws from at most this many moves of the heap it chose, so that a heap
// of 10^40 costs no more than a small one.
inline constexpr std::size_t most_random_moves = 100'000;

// A legal move at random, in a position that has one: a heap that has a move, each alike, then
// one of its first most_random_moves moves.
template <PlayableGame Game, class Heap = typename Game::Heap>
GameMove<Heap> random_game_move(const Game& game, std::span<const Heap> position, SplitMix64& rng) {
  std::vector<std::size_t> heaps;
  for (std::size_t i = 0; i < position.size(); ++i)
    if (!game.for_each_move_from(position, i, [](const GameMove<Heap>&) { return false; }))
      heaps.push_back(i);
  std::vector<GameMove<Heap>> moves;
  game.for_each_move_from(position, heaps[uniform_below(rng, heaps.size())],
                          [&](const GameMove<Heap>& move) {
                            moves.push_back(move);
                            return moves.size() < most_random_moves;
                          });
  return moves[uniform_below(rng, moves.size())];
}

template <PlayableGame Game, class Heap = typename Game::Heap>
GameAnalysis<Heap> analyse_game(GameSolver<Game>& solver, std::span<const Heap> position,
                                WinningMoves list = WinningMoves::omit) {
  GameAnalysis<Heap> analysis;
  analysis.position = position;
  analysis.verdict = solver.verdict(position);
  const Game& game = solver.game();
  if (analysis.verdict.winning && analysis.verdict.winning_move) {
    analysis.move = std::move(analysis.verdict.winning_move);
    analysis.verdict.winning_move.reset();
  } else {
    // In misère play a position without a move is won: the opponent moved last.
    const auto fallback = largest_heap_move(game, position);
    analysis.game_over = !fallback;
    if (!analysis.verdict.winning) analysis.move = fallback;
  }
  if (analysis.move) analysis.next_position = game.after(position, *analysis.move);
  if (list == WinningMoves::list) {
    std::vector<GameMove<Heap>> moves;
    std::uint64_t count = 0;
    for_each_move(game, position, [&](const GameMove<Heap>&) {
      if (++count > most_moves_listed)
        throw Unanswerable("--all-moves lists the winning moves of a position with at most " +
                           std::to_string(most_moves_listed) + " moves; this one has more");
      return true;
    });
    if (analysis.verdict.winning)
      for_each_move(game, position, [&](const GameMove<Heap>& move) {
        if (!solver.winning(game.after(position, move))) moves.push_back(move);
        return true;
      });
    analysis.winning_moves = std::move(moves);
  }
  return analysis;
}

// A proposed move judged: illegal, or legal and winning or losing (it leaves the opponent a lost
// position or a won one).
enum class GameMoveVerdict { illegal, winning, losing };

template <PlayableGame Game, class Heap = typename Game::Heap>
GameMoveVerdict judge_move(GameSolver<Game>& solver, std::span<const Heap> position,
                           const GameMove<Heap>& move) {
  if (!solver.game().is_legal(position, move)) return GameMoveVerdict::illegal;
  return solver.winning(solver.game().after(position, move)) ? GameMoveVerdict::losing
                                                             : GameMoveVerdict::winning;
}

}  // namespace nim
