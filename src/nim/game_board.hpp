// The board a long game of any game is played on (a match's game, a playout): the position,
// moved in place, and the questions of a ply (is there a move, is it won, the strategy's move, a
// random move). Two indexes answer a ply in O(log n) for n heaps, chosen by what the game is:
// - a game that is also a HeapSumRuleset (Nim, with a cap, in normal and misère play: a heap's
//   Grundy value and the take that reaches another) keeps its heaps in Nim's ScannedBoard (up to
//   64 heaps, where scanning costs less than an index's upkeep) or IndexedPosition, and asks Nim's
//   solver (solver.hpp);
// - a game that names its own board (`Board`, as the take-and-break games name their
//   TakeAndBreakBoard, nim/games/take_and_break/board.hpp) keeps them there when the board says it
//   plays the game (Board::plays(game)): one that splits heaps, whose number then grows, and one
//   that never splits. The board must be complete where GameBoard is made (the game's engine
//   includes it).
// The other games keep their heaps as they are (their number never grows) and ask the solver, as
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
#include "nim/indexed_position.hpp"
#include "nim/position_view.hpp"
#include "nim/solver.hpp"
#include "nim/strategy.hpp"

namespace nim {

// The index a game's board keeps, if any (see the top).
template <PlayableGame Game>
struct BoardIndex {
  using type = std::monostate;
};
template <PlayableGame Game>
requires HeapSumRuleset<Game>
struct BoardIndex<Game> {
  using type = std::variant<ScannedBoard<Game>, IndexedPosition<Game>>;
};
template <PlayableGame Game>
requires requires {
  typename Game::Board;
}
struct BoardIndex<Game> {
  using type = typename Game::Board;
};

template <PlayableGame Game>
class GameBoard {
 public:
  using Heap = typename Game::Heap;

  // An indexed board asks for the start's Grundy values: Unanswerable beyond those known.
  GameBoard(GameSolver<Game>& solver, std::span<const Heap> start) : solver_(&solver) {
    if constexpr (heap_sum) {
      constexpr std::size_t most_heaps_scanned = 64;
      Position<Heap> heaps(start.begin(), start.end());
      if (start.size() <= most_heaps_scanned)
        index_.emplace(std::in_place_type<ScannedBoard<Game>>, std::move(heaps), solver.game());
      else
        index_.emplace(std::in_place_type<IndexedPosition<Game>>, std::move(heaps), solver.game());
      return;
    }
    position_.assign(start.begin(), start.end());
    if constexpr (own_board)
      if (Index::plays(solver.game())) index_.emplace(solver.game(), start);
  }

  const Game& game() const { return solver_->game(); }

  // The heaps, in order: O(n) after a move when they are indexed (for a program, a record).
  std::span<const Heap> heaps() const {
    if constexpr (heap_sum) return sum([](const auto& board) { return board.heaps(); });
    if constexpr (own_board)
      if (stale_) {
        index_->copy_to(position_);
        stale_ = false;
      }
    return position_;
  }

  bool has_move() const {
    if constexpr (heap_sum) return sum([](const auto& board) { return !is_over(board); });
    if constexpr (own_board)
      if (index_) return index_->has_move();
    return nim::has_move(game(), heaps());
  }

  bool winning() const {
    if constexpr (heap_sum) return sum([](const auto& board) { return is_winning(board); });
    if constexpr (own_board)
      if (index_) return index_->grundy_sum() != 0;
    return solver_->winning(heaps());
  }

  // Makes a legal move.
  void apply(const GameMove<Heap>& move) {
    if constexpr (heap_sum) {
      sum([&](auto& board) { board.apply(as_take(move)); });
      return;
    }
    if constexpr (own_board)
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
    if constexpr (heap_sum) {
      // Nim's own choice (strategy.hpp), which analyse_game() makes too: one winning move a heap
      // at most, found from the heap's value (a heap of 10^30 is not looked at move by move).
      const auto move = sum([&](const auto& board) { return choose_move(board, strategy, rng); });
      if (!move) return std::nullopt;
      return GameMove<Heap>::single(move->heap, move->count);
    }
    if constexpr (own_board)
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
    if constexpr (heap_sum) {
      // A non-empty heap, each alike, then a count: random_game_move()'s draws, in the heap's type.
      const auto move = sum([&](const auto& board) { return nim::random_move(board, rng); });
      if (!move) return std::nullopt;
      return GameMove<Heap>::single(move->heap, move->count);
    }
    if constexpr (own_board)
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
  static constexpr bool heap_sum = HeapSumRuleset<Game>;
  static constexpr bool own_board = requires { typename Game::Board; };
  using Index = typename BoardIndex<Game>::type;

  // f(board) on a heap sum's board, scanned or indexed (both calls inlined, unlike std::visit's).
  template <class F>
  decltype(auto) sum(F&& f) const requires heap_sum {
    if (const auto* scanned = std::get_if<ScannedBoard<Game>>(&*index_)) return f(*scanned);
    return f(std::get<IndexedPosition<Game>>(*index_));
  }
  template <class F>
  decltype(auto) sum(F&& f) requires heap_sum {
    if (auto* scanned = std::get_if<ScannedBoard<Game>>(&*index_)) return f(*scanned);
    return f(std::get<IndexedPosition<Game>>(*index_));
  }

  // The first move of a heap and its place.
  GameMove<Heap> first_move(std::pair<const Heap&, std::size_t> heap) const requires own_board {
    return game().nth_move(heap.first, heap.second, BigHeap(0));
  }

  GameSolver<Game>* solver_;
  // The board, or the game's own board's heaps as last copied out; IndexedPosition keeps its own.
  mutable Position<Heap> position_;
  mutable bool stale_ = false;  // the index has moved on since
  std::optional<Index> index_;
};

}  // namespace nim
