// Where a move is chosen: which winning move to play, what to play from a lost position, a random
// legal move, and the computer of a chosen difficulty that mixes the two.
#pragma once

#include <algorithm>
#include <optional>
#include <span>

#include "nim/position.hpp"
#include "nim/position_view.hpp"
#include "nim/random.hpp"
#include "nim/solver.hpp"

namespace nim {

// Which winning move to play (every heap holds at most one).
enum class Choice {
  first,    // the one in the lowest-indexed heap
  largest,  // the one in the largest heap that has one, lowest index among equal sizes
  random,   // uniform over all winning moves
};

// What to play from a lost position.
enum class WhenLosing {
  largest_one,  // take 1 from the largest heap (lowest index among equal ones)
  first_one,    // take 1 from the first non-empty heap: the longest game
  random,       // random_move()
};

struct Strategy {
  Choice choice = Choice::first;
  WhenLosing when_losing = WhenLosing::largest_one;

  bool uses_randomness() const {
    return choice == Choice::random || when_losing == WhenLosing::random;
  }
};

// A uniformly chosen non-empty heap, then a uniform count from 1 to the most the rules allow; none
// when the game is over.
template <PositionView View>
std::optional<Move<typename View::Heap>> random_move(const View& view, SplitMix64& rng) {
  using Heap = typename View::Heap;
  if (is_over(view)) return std::nullopt;
  const std::size_t i = view.nth_nonempty(uniform_below(rng, view.tally().nonempty_count));
  const Heap most = view.rules().most_taken(view.heap(i));
  return Move<Heap>{i, Heap(uniform_below(rng, most) + Heap(1))};
}

// The move to play; none when the game is over. `rng` is drawn from only by random policies.
template <PositionView View>
std::optional<Move<typename View::Heap>> choose_move(const View& view, const Strategy& strategy,
                                                     SplitMix64& rng) {
  using Heap = typename View::Heap;
  if (is_over(view)) return std::nullopt;
  if (is_winning(view)) {
    if (strategy.choice == Choice::first) return first_winning_move(view);
    const auto moves = winning_moves(view);
    if (strategy.choice == Choice::random) return moves[uniform_below(rng, moves.size())];
    return *std::min_element(moves.begin(), moves.end(), [&](const auto& a, const auto& b) {
      return view.heap(b.heap) < view.heap(a.heap);  // first of the largest
    });
  }
  switch (strategy.when_losing) {
    case WhenLosing::largest_one:
      return Move<Heap>{view.largest(), Heap(1)};
    case WhenLosing::first_one:
      return Move<Heap>{view.nth_nonempty(0), Heap(1)};
    case WhenLosing::random:
      break;
  }
  return random_move(view, rng);
}

// choose_move(ScannedPosition(heaps, rules), Strategy{}, rng) for Nim without a cap (its values are
// its sizes), in one scan of machine-word heaps and none of its searches' calls: the perfect agent
// of the environments, which move millions of times a second. It draws nothing; the game is not
// over (some heap is not empty).
inline Move<SmallHeap> first_nim_move(std::span<const SmallHeap> heaps, bool misere) {
  SmallHeap nim_sum = 0;
  std::size_t big_count = 0, largest = 0;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    nim_sum ^= heaps[i];
    big_count += heaps[i] >= 2;
    if (heaps[largest] < heaps[i]) largest = i;  // the first of the largest
  }
  const auto first_with_bit = [&](unsigned bit) {
    std::size_t i = 0;
    while (!test_bit(heaps[i], bit))
      ++i;
    return i;
  };
  if (misere && big_count <= 1) {
    if (big_count == 0)  // only 1s: won with an even number of them, by taking one
      return nim_sum == 0 ? Move<SmallHeap>{first_with_bit(0), 1} : Move<SmallHeap>{largest, 1};
    const SmallHeap ones = nim_sum ^ heaps[largest];  // parity of the heaps of size 1
    return {largest, heaps[largest] - (ones ^ 1)};
  }
  if (nim_sum == 0) return {largest, 1};  // lost: take 1 from the largest
  const std::size_t i = first_with_bit(bit_length(nim_sum) - 1);
  return {i, heaps[i] - (heaps[i] ^ nim_sum)};
}

// A player of the given difficulty (0 <= perfect <= 1): on each move, with probability `perfect`
// the strategy's move, otherwise random_move(). 1 always plays the strategy, 0 never does.
template <PositionView View>
std::optional<Move<typename View::Heap>> choose_move_at_difficulty(const View& view,
                                                                   const Strategy& strategy,
                                                                   double perfect,
                                                                   SplitMix64& rng) {
  if (is_over(view)) return std::nullopt;
  return chance(rng, perfect) ? choose_move(view, strategy, rng) : random_move(view, rng);
}

}  // namespace nim
