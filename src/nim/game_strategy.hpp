// Where the move of a game after Nim is chosen, as strategy.hpp chooses Nim's, by the same
// Strategy: which winning move to play (--choose), what to play from a lost position
// (--when-losing), and a random legal move.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "nim/game_analysis.hpp"
#include "nim/random.hpp"
#include "nim/strategy.hpp"

namespace nim {

// The first move of the first heap that has one: the counterpart of Nim's "take 1 from the first
// non-empty heap"; none when the game is over.
template <PlayableGame Game>
std::optional<GameMove<typename Game::Heap>> first_heap_move(
    const Game& game, std::span<const typename Game::Heap> position) {
  std::optional<GameMove<typename Game::Heap>> found;
  for_each_move(game, position, [&](const auto& move) {
    found = move;
    return false;
  });
  return found;
}

// A legal move at random: a heap that has a move, each alike, then one of its moves, each alike,
// drawn by its number (a heap of 10^30 in Kayles has as many moves as objects); none when the
// game is over.
template <PlayableGame Game>
std::optional<GameMove<typename Game::Heap>> random_game_move(
    const Game& game, std::span<const typename Game::Heap> position, SplitMix64& rng) {
  std::vector<std::size_t> heaps;
  for (std::size_t i = 0; i < position.size(); ++i)
    if (!game.for_each_move_from(position, i, [](const auto&) { return false; }))
      heaps.push_back(i);
  if (heaps.empty()) return std::nullopt;
  const std::size_t heap = heaps[uniform_below(rng, heaps.size())];
  return game.nth_move_from(position, heap,
                            uniform_below(rng, game.move_count_from(position, heap)));
}

// The largest heap a move takes from, as its size: --choose largest plays the first winning move
// of the largest such heap.
template <HeapInteger Heap>
const Heap& largest_heap_taken(std::span<const Heap> position, const GameMove<Heap>& move) {
  const auto& largest = *std::ranges::max_element(move.takes, [&](const auto& a, const auto& b) {
    return position[a.heap] < position[b.heap];
  });
  return position[largest.heap];
}

// analyse_game() below of a sum of heap values whose misère play the theory answers (Nim): one
// scan of the position and the move of Nim's strategies (strategy.hpp), which choose as the games'
// below do, at the speed of Nim's --batch. The verdict's own winning move is not kept: the
// analysis's move is the one played.
template <HeapSumRuleset Game, class Heap = typename Game::Heap>
void analyse_heap_sum(const Game& game, std::span<const Heap> position, const Strategy& strategy,
                      SplitMix64& rng, WinningMoves list, GameAnalysis<Heap>& analysis) {
  const ScannedPosition view(position, game);
  Verdict<Heap>& verdict = analysis.verdict;
  verdict.winning = is_winning(view);
  verdict.grundy_sum = view.tally().grundy_sum;
  verdict.winning_move.reset();
  fill_grundy_values(game, position, verdict);
  analysis.position = position;
  analysis.game_over = is_over(view);
  analysis.next_position.clear();
  if (const std::optional<Move<Heap>> chosen = choose_move(view, strategy, rng)) {
    GameMove<Heap>& move = analysis.move ? *analysis.move : analysis.move.emplace();
    move.takes.clear();
    move.split.reset();
    move.takes.push_back({chosen->heap, chosen->count});
    analysis.next_position.assign(position.begin(), position.end());
    analysis.next_position[chosen->heap] -= chosen->count;
  } else {
    analysis.move.reset();
  }
  if (list == WinningMoves::omit) return analysis.winning_moves.reset();
  auto& moves = analysis.winning_moves ? *analysis.winning_moves : analysis.winning_moves.emplace();
  moves.clear();  // its storage kept from line to line
  append_winning_game_moves(view, moves);
}

// The analysis with the move the strategy picks: among the winning moves `first` keeps the
// theory's (analyse_game's), `largest` the first that takes from the largest heap, `random` one
// uniformly (both look at every move, so a position of more than most_moves_listed moves is
// refused); from a lost position `largest-one` keeps the first move of the largest heap,
// `first-one` plays the first move of the first heap that has one, `random` random_game_move().
// `rng` is drawn from only by random policies.
template <PlayableGame Game, class Heap = typename Game::Heap>
void analyse_game(GameSolver<Game>& solver, std::span<const Heap> position,
                  const Strategy& strategy, SplitMix64& rng, WinningMoves list,
                  GameAnalysis<Heap>& analysis) {
  if constexpr (HeapSumRuleset<Game>) {
    if (!solver.game().misere || solver.game().knows_misere())
      return analyse_heap_sum(solver.game(), position, strategy, rng, list, analysis);
  }
  analyse_game(solver, position, list, analysis);
  if (!analysis.move) return;
  const Game& game = solver.game();
  std::optional<GameMove<Heap>> chosen;
  if (analysis.verdict.winning) {
    if (strategy.choice == Choice::first) return;
    const std::vector<GameMove<Heap>> moves =
        analysis.winning_moves
            ? *analysis.winning_moves
            : winning_game_moves(solver, position, true,
                                 strategy.choice == Choice::random
                                     ? "--choose random picks among the winning moves"
                                     : "--choose largest picks among the winning moves");
    if (strategy.choice == Choice::random)
      chosen = moves[uniform_below(rng, moves.size())];
    else
      chosen = *std::ranges::max_element(moves, [&](const auto& a, const auto& b) {
        return largest_heap_taken(position, a) < largest_heap_taken(position, b);
      });
  } else {
    switch (strategy.when_losing) {
      case WhenLosing::largest_one:
        return;
      case WhenLosing::first_one:
        chosen = first_heap_move(game, position);
        break;
      case WhenLosing::random:
        chosen = random_game_move(game, position, rng);
        break;
    }
  }
  analysis.move = std::move(chosen);
  set_next_position(game, analysis);
}

template <PlayableGame Game, class Heap = typename Game::Heap>
GameAnalysis<Heap> analyse_game(GameSolver<Game>& solver, std::span<const Heap> position,
                                const Strategy& strategy, SplitMix64& rng,
                                WinningMoves list = WinningMoves::omit) {
  GameAnalysis<Heap> analysis;
  analyse_game(solver, position, strategy, rng, list, analysis);
  return analysis;
}

}  // namespace nim
