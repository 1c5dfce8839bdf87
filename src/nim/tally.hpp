// The running totals the solver decides from: nim-sum, Grundy sum, and how many heaps are non-empty
// or have a Grundy value of at least 2 (misère play turns on that count). Heaps can be added and
// removed one at a time, so a playout keeps the totals up to date in O(1) per move.
#pragma once

#include <cstddef>
#include <span>
#include <utility>

#include "nim/heap.hpp"
#include "nim/ruleset.hpp"

namespace nim {

template <HeapInteger Heap>
struct Tally {
  Heap nim_sum{};
  Heap grundy_sum{};
  std::size_t big_count = 0;       // heaps whose Grundy value is >= 2
  std::size_t nonempty_count = 0;  // heaps with at least one object

  // The totals of `heaps`. They are summed in a local of their own, then moved out: summed where
  // they are returned (a view's member), they would be stored at every heap, in case the heaps
  // were that memory.
  template <HeapSumRuleset Rules>
  static Tally of(std::span<const Heap> heaps, const Rules& rules) {
    Tally sum;
    for (const Heap& h : heaps)
      sum.add(h, rules);
    return Tally(std::move(sum));
  }

  template <HeapSumRuleset Rules>
  void add(const Heap& h, const Rules& rules) {
    change(h, rules.grundy(h), +1);
  }
  template <HeapSumRuleset Rules>
  void remove(const Heap& h, const Rules& rules) {
    change(h, rules.grundy(h), -1);
  }

 private:
  void change(const Heap& h, const Heap& g, int sign) {
    nim_sum ^= h;
    grundy_sum ^= g;
    if (g >= Heap(2)) big_count += sign;
    if (!is_zero(h)) nonempty_count += sign;
  }
};

}  // namespace nim
