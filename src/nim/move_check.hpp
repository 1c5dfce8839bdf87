// Judging a move someone proposes: is it legal, and does it keep a won game won?
#pragma once

#include <cstddef>
#include <optional>

#include "nim/heap.hpp"
#include "nim/position.hpp"
#include "nim/position_view.hpp"
#include "nim/solver.hpp"
#include "nim/tally.hpp"

namespace nim {

// A move as somebody gave it: any two integers, 0-based heap index first. Numbers out of range
// make the move illegal, not the request wrong.
struct ProposedMove {
  BigHeap heap;
  BigHeap count;
};

enum class Illegal {
  none,
  no_such_heap,        // the heap index is out of range
  takes_nothing,       // the count is below 1
  more_than_the_heap,  // the count is larger than the heap
  above_the_cap,       // the rules do not allow that count (Nim: above max_take)
};

template <HeapInteger Heap>
struct MoveVerdict {
  Illegal illegal = Illegal::none;  // the first reason that applies, in the order above
  std::optional<Move<Heap>> move;   // the move, when it is legal
  bool next_winning = false;        // the position it leads to is won for the opponent
  bool optimal = false;  // legal, and from a won position it leaves the opponent lost (from a lost
                         // position every legal move counts)
};

// Whether the position after a legal move is won for the player to move next (the opponent),
// from the totals alone: O(1) beyond the view's own.
template <PositionView View>
bool leaves_winning(const View& view, const Move<typename View::Heap>& move) {
  using Heap = typename View::Heap;
  Tally<Heap> next = view.tally();
  next.remove(view.heap(move.heap), view.rules());
  next.add(Heap(view.heap(move.heap) - move.count), view.rules());
  return is_winning(next, view.rules());
}

template <PositionView View>
MoveVerdict<typename View::Heap> check_move(const View& view, const ProposedMove& proposed) {
  using Heap = typename View::Heap;
  MoveVerdict<Heap> verdict;
  // A count that does not fit the heap type exceeds every heap of that type.
  const std::optional<Heap> count = narrow<Heap>(proposed.count);
  if (sgn(proposed.heap) < 0 || !(proposed.heap < to_big(view.size()))) {
    verdict.illegal = Illegal::no_such_heap;
  } else if (proposed.count < 1) {
    verdict.illegal = Illegal::takes_nothing;
  } else if (!count || view.heap(to_small(proposed.heap)) < *count) {
    verdict.illegal = Illegal::more_than_the_heap;
  } else if (!view.rules().allows(view.heap(to_small(proposed.heap)), *count)) {
    verdict.illegal = Illegal::above_the_cap;
  }
  if (verdict.illegal != Illegal::none) return verdict;

  const Move<Heap> move{to_small(proposed.heap), *count};
  verdict.move = move;
  verdict.next_winning = leaves_winning(view, move);
  verdict.optimal = !verdict.next_winning || !is_winning(view);
  return verdict;
}

}  // namespace nim
