// Judging a move someone proposes: is it legal, and does it keep a won game won?
#pragma once

#include <cstddef>
#include <optional>

#include "position.hpp"
#include "position_view.hpp"
#include "rules.hpp"
#include "solver.hpp"

namespace nim {

enum class Illegal {
  none,
  no_such_heap,        // the heap index is out of range
  takes_nothing,       // the count is below 1
  more_than_the_heap,  // the count is larger than the heap
  above_the_cap,       // the count is above the rules' max_take
};

template <class Heap>
struct MoveVerdict {
  Illegal illegal = Illegal::none;
  std::optional<Position<Heap>> next_position;  // set when the move is legal
  bool next_winning = false;                    // the position it leads to is won for the opponent
  bool optimal = false;  // legal, and from a won position it leaves the opponent lost
};

// `count` below 1 (which a caller may only be able to express as 0) is never legal.
template <class Heap>
MoveVerdict<Heap> check_move(const Position<Heap>& position, const Rules<Heap>& rules,
                             std::size_t heap, const Heap& count) {
  MoveVerdict<Heap> verdict;
  if (heap >= position.size()) {
    verdict.illegal = Illegal::no_such_heap;
  } else if (count < Heap(1)) {
    verdict.illegal = Illegal::takes_nothing;
  } else if (position[heap] < count) {
    verdict.illegal = Illegal::more_than_the_heap;
  } else if (rules.max_take && *rules.max_take < count) {
    verdict.illegal = Illegal::above_the_cap;
  }
  if (verdict.illegal != Illegal::none) return verdict;

  verdict.next_position = after(position, Move<Heap>{heap, count});
  verdict.next_winning = is_winning(PositionView(*verdict.next_position, rules));
  verdict.optimal = !verdict.next_winning || !is_winning(PositionView(position, rules));
  return verdict;
}

}  // namespace nim
