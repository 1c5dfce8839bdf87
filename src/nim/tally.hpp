// The running totals the solver decides from: nim-sum, Grundy sum, and how many heaps are non-empty
// or have a Grundy value of at least 2 (misère play turns on that count). Heaps can be added and
// removed one at a time, so a playout keeps the totals up to date in O(1) per move.
#pragma once

#include <cstddef>

#include "nim/rules.hpp"

namespace nim {

template <HeapInteger Heap>
struct Tally {
  Heap nim_sum{};
  Heap grundy_sum{};
  std::size_t big_count = 0;       // heaps whose Grundy value is >= 2
  std::size_t nonempty_count = 0;  // heaps with at least one object

  void add(const Heap& h, const Rules<Heap>& rules) { change(h, rules, +1); }
  void remove(const Heap& h, const Rules<Heap>& rules) { change(h, rules, -1); }

 private:
  void change(const Heap& h, const Rules<Heap>& rules, int sign) {
    nim_sum ^= h;
    const Heap g = grundy(h, rules);
    grundy_sum ^= g;
    if (g >= Heap(2)) big_count += sign;
    if (!is_zero(h)) nonempty_count += sign;
  }
};

}  // namespace nim
