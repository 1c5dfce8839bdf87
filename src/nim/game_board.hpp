// The board a long game of a game after Nim is played on (a match's game, a playout): the position,
// moved in place, and the questions of a ply (is there a move, is it won, the strategy's move, a
// random move). A take-and-break game that splits heaps, in normal play, keeps them in a
// TakeAndBreakBoard, so that a ply costs O(log n) however many heaps its splits have made; the
// other games keep their heaps as they are (their number never grows) and ask the solver, as
// analyse_game() does. Either way the moves are analyse_game()'s and random_game_move()'s, drawn
// the same.
#pragma once

#include <concepts>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>
#include <variant>

#include "nim/game_solver.hpp"
#include "nim/game_strategy.hpp"
#include "nim/take_and_break_board.hpp"

namespace nim {

template <PlayableGame Game>
class GameBoard {
 public:
  using Heap = typename Game::Heap;

  // An indexed board asks for the start's Grundy values: Unanswerable beyond those known.
  GameBoard(GameSolver<Game>& solver, std::span<const Heap> start)
      : solver_(&solver), position_(start.begin(), start.end()) {
    if constexpr (take_and_break)
      if (!solver.game().misere && solver.game().game().splits())
        index_.emplace(solver.game(), start);
  }

  const Game& game() const { return solver_->game(); }

  // The heaps, in order: O(n) after a move when they are indexed (for a program, a record).
  std::span<const Heap> heaps() const {
    if constexpr (take_and_break)
      if (stale_) {
        index_->copy_to(position_);
        stale_ = false;
      }
    return position_;
  }

  bool has_move() const {
    if constexpr (take_and_break)
      if (index_) return index_->has_move();
    return nim::has_move(game(), heaps());
  }

  bool winning() const {
    if constexpr (take_and_break)
      if (index_) return index_->grundy_sum() != 0;
    return solver_->winning(heaps());
  }

  // Makes a legal move.
  void apply(const GameMove<Heap>& move) {
    if constexpr (take_and_break)
      if (index_) {
        index_->apply(move);
        stale_ = true;
        return;
      }
    game().apply(position_, move);
  }

  // analyse_game()'s move with `strategy`; none when the game is over. `rng` is drawn from only
  // by random policies.
  std::optional<GameMove<Heap>> strategy_move(const Strategy& strategy, SplitMix64& rng) const {
    if constexpr (take_and_break)
      if (index_) {
        if (index_->grundy_sum() == 0) {
          switch (strategy.when_losing) {
            case WhenLosing::largest_one:
              return index_->largest_heap_move();
            case WhenLosing::first_one:
              if (!index_->has_move()) return std::nullopt;
              return first_move(index_->nth_heap_with_moves(0));
            case WhenLosing::random:
              return random_move(rng);
          }
        }
        if (strategy.choice == Choice::first) return index_->winning_move();
      }
    // --choose largest or random looks at every winning move, as analyse_game() does.
    return analyse_game(*solver_, heaps(), strategy, rng).move;
  }

  // random_game_move()'s move, drawn the same.
  std::optional<GameMove<Heap>> random_move(SplitMix64& rng) const {
    if constexpr (take_and_break)
      if (index_) {
        if (!index_->has_move()) return std::nullopt;
        const auto heap =
            index_->nth_heap_with_moves(uniform_below(rng, index_->heaps_with_moves()));
        return game().nth_move(heap.first, heap.second,
                               uniform_below(rng, game().move_count(heap.first)));
      }
    return random_game_move(game(), heaps(), rng);
  }

 private:
  static constexpr bool take_and_break = std::same_as<Game, TakeAndBreakRules<Heap>>;

  // The first move of a heap and its place.
  GameMove<Heap> first_move(std::pair<const Heap&, std::size_t> heap) const requires
      take_and_break {
    return game().nth_move(heap.first, heap.second, BigHeap(0));
  }

  GameSolver<Game>* solver_;
  mutable Position<Heap> position_;  // the board, or the index's heaps as last copied out
  mutable bool stale_ = false;       // the index has moved on since
  std::optional<std::conditional_t<take_and_break, TakeAndBreakBoard<Heap>, std::monostate>> index_;
};

}  // namespace nim
