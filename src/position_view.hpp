// A read-only view of a position under given rules, answering the queries the solver asks by
// scanning the heaps. It costs nothing to build beyond one pass for the totals, which suits a
// single query or a batch of small positions. IndexedPosition answers the same queries in
// O(log n) for long playouts.
#pragma once

#include <cstddef>
#include <limits>

#include "position.hpp"
#include "rules.hpp"
#include "tally.hpp"

namespace nim {

inline constexpr std::size_t no_heap = std::numeric_limits<std::size_t>::max();

template <class HeapT>
class PositionView {
 public:
  using Heap = HeapT;

  PositionView(const Position<Heap>& position, const Rules<Heap>& rules)
      : position_(position), rules_(rules) {
    for (const Heap& h : position_)
      tally_.add(h, rules_);
  }
  // A view keeps a reference to its position: a temporary would dangle.
  PositionView(Position<Heap>&&, const Rules<Heap>&) = delete;

  std::size_t size() const { return position_.size(); }
  const Heap& heap(std::size_t i) const { return position_[i]; }
  const Rules<Heap>& rules() const { return rules_; }
  const Tally<Heap>& tally() const { return tally_; }

  // The first heap whose size has the given bit set.
  std::size_t first_with_bit(unsigned bit) const {
    for (std::size_t i = 0; i < size(); ++i)
      if (test_bit(position_[i], bit)) return i;
    return no_heap;
  }

  // The largest heap, the lowest index among equal ones; no_heap when every heap is empty.
  std::size_t largest() const {
    std::size_t best = no_heap;
    for (std::size_t i = 0; i < size(); ++i)
      if (!is_zero(position_[i]) && (best == no_heap || position_[best] < position_[i])) best = i;
    return best;
  }

  // The k-th (0-based) non-empty heap in index order; no_heap when there are not that many.
  std::size_t nth_nonempty(std::size_t k) const {
    for (std::size_t i = 0; i < size(); ++i)
      if (!is_zero(position_[i]) && k-- == 0) return i;
    return no_heap;
  }

 private:
  const Position<Heap>& position_;
  Rules<Heap> rules_;
  Tally<Heap> tally_;
};

}  // namespace nim
