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
#include "nim/move_check.hpp"

namespace nim {

// --all-moves lists the winning moves of a position with at most this many moves.
inline constexpr std::uint64_t most_moves_listed = 1'000'000;

// An analysis may be filled again for another position, its storage kept (as a Verdict's): a
// --batch thread answers its lines with one.
template <HeapInteger Heap>
struct GameAnalysis {
  std::span<const Heap> position;      // the caller's
  Verdict<Heap> verdict;               // the theory's
  bool game_over = false;              // no legal move
  std::optional<GameMove<Heap>> move;  // the move played; none when the game is over
  Position<Heap> next_position;        // after move; empty without one
  std::optional<std::vector<GameMove<Heap>>> winning_moves;

  // Whether each heap's Grundy value is known: the heaps themselves, or values that fit machine
  // words.
  bool has_grundy_values() const {
    return verdict.values_are_heaps || verdict.heap_modulus != 0 ||
           verdict.grundy_values.has_value();
  }
  // Heap i's Grundy value, given has_grundy_values(): a Heap or a std::uint64_t.
  template <class F>
  void with_grundy_value(std::size_t i, F&& f) const {
    if (verdict.values_are_heaps) return f(position[i]);
    if constexpr (std::same_as<Heap, SmallHeap>)
      if (verdict.heap_modulus != 0) return f(std::uint64_t{position[i] % verdict.heap_modulus});
    f((*verdict.grundy_values)[i]);
  }
  // Calls f(value) for each heap's Grundy value, given has_grundy_values().
  template <class F>
  void for_each_grundy_value(F&& f) const {
    for (std::size_t i = 0; i < position.size(); ++i)
      with_grundy_value(i, f);
  }
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

// The position after the analysis's move, in the storage of the last one.
template <PlayableGame Game, class Heap = typename Game::Heap>
void set_next_position(const Game& game, GameAnalysis<Heap>& analysis) {
  analysis.next_position.clear();
  if (!analysis.move) return;
  analysis.next_position.assign(analysis.position.begin(), analysis.position.end());
  game.apply(analysis.next_position, *analysis.move);
}

// The winning moves of a sum of heap values, from a view of its position (one at most a heap),
// appended to `moves`.
template <PositionView View, class Heap = typename View::Heap>
void append_winning_game_moves(const View& view, std::vector<GameMove<Heap>>& moves) {
  for (const Move<Heap>& move : winning_moves(view))
    moves.push_back(GameMove<Heap>::single(move.heap, move.count));
}

// Every winning move of a position (none when it is lost: `winning`, its verdict), in the game's
// order. A sum of heap values finds each heap's one winning move from the values, whatever the
// number of moves (Nim's heaps of 10^22); any other game looks at every move, so a position of
// more than most_moves_listed moves is refused, in words that begin with `asker`, what needs the
// list.
template <PlayableGame Game, class Heap = typename Game::Heap>
std::vector<GameMove<Heap>> winning_game_moves(GameSolver<Game>& solver,
                                               std::span<const Heap> position, bool winning,
                                               const std::string& asker) {
  const Game& game = solver.game();
  std::vector<GameMove<Heap>> moves;
  if constexpr (HeapSumRuleset<Game>) {
    append_winning_game_moves(ScannedPosition(position, game), moves);
    return moves;
  }
  std::uint64_t count = 0;
  for_each_move(game, position, [&](const GameMove<Heap>&) {
    if (++count > most_moves_listed)
      throw Unanswerable(asker + " of a position with at most " +
                         std::to_string(most_moves_listed) + " moves; this one has more");
    return true;
  });
  if (winning)
    for_each_move(game, position, [&](const GameMove<Heap>& move) {
      if (!solver.winning(after(game, position, move))) moves.push_back(move);
      return true;
    });
  return moves;
}

template <PlayableGame Game, class Heap = typename Game::Heap>
void analyse_game(GameSolver<Game>& solver, std::span<const Heap> position, WinningMoves list,
                  GameAnalysis<Heap>& analysis) {
  analysis.position = position;
  solver.verdict(position, analysis.verdict);
  const Game& game = solver.game();
  analysis.game_over = false;
  if (analysis.verdict.winning && analysis.verdict.winning_move) {
    analysis.move = analysis.verdict.winning_move;  // a copy into the storage of the last move
  } else {
    // In misère play a position without a move is won: the opponent moved last.
    auto fallback = largest_heap_move(game, position);
    analysis.game_over = !fallback;
    analysis.move.reset();
    if (!analysis.verdict.winning) analysis.move = std::move(fallback);
  }
  set_next_position(game, analysis);
  analysis.winning_moves.reset();
  if (list == WinningMoves::list)
    analysis.winning_moves = winning_game_moves(solver, position, analysis.verdict.winning,
                                                "--all-moves lists the winning moves");
}

template <PlayableGame Game, class Heap = typename Game::Heap>
GameAnalysis<Heap> analyse_game(GameSolver<Game>& solver, std::span<const Heap> position,
                                WinningMoves list = WinningMoves::omit) {
  GameAnalysis<Heap> analysis;
  analyse_game(solver, position, list, analysis);
  return analysis;
}

// A proposed move judged: illegal, or legal and winning or losing (it leaves the opponent a lost
// position or a won one).
enum class GameMoveVerdict { illegal, winning, losing };

template <PlayableGame Game, class Heap = typename Game::Heap>
GameMoveVerdict judge_move(GameSolver<Game>& solver, std::span<const Heap> position,
                           const GameMove<Heap>& move) {
  if (!solver.game().is_legal(position, move)) return GameMoveVerdict::illegal;
  if constexpr (HeapSumRuleset<Game>) {
    // A sum of heap values: the totals after the move, without the position after it.
    if (!solver.game().misere || solver.game().knows_misere())
      return leaves_winning(ScannedPosition(position, solver.game()), as_take(move))
                 ? GameMoveVerdict::losing
                 : GameMoveVerdict::winning;
  }
  return solver.winning(after(solver.game(), position, move)) ? GameMoveVerdict::losing
                                                              : GameMoveVerdict::winning;
}

}  // namespace nim
