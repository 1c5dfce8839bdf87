// Moore's construction of a winning move on machine words, every binary column at once
// (moore.hpp's MooreRules uses it).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <span>

#include "nim/heap.hpp"

namespace nim {

namespace moore {

// The binary columns (up to 64) of a position of machine words, for Moore's construction: how
// many ones the heaps it lowers must add to each column, (-count) mod (k + 1) of the other
// heaps' ones. The numbers are kept bit-sliced: plane p holds bit p of every column's number, a
// bit a column (the columns of a heap are the bits of the heap itself), so that one operation on
// a plane works on 64 columns, and no branch depends on the bits. Planes is bit_width(k): the
// loops over the planes unroll.
template <unsigned Planes>
class Columns {
 public:
  Columns(std::span<const SmallHeap> heaps, std::uint64_t heaps_per_move) {
    for (unsigned p = 0; p < Planes; ++p) {
      k_[p] = 0 - (heaps_per_move >> p & 1);
      modulus_[p] = 0 - ((heaps_per_move + 1) >> p & 1);
    }
    SmallHeap any = 0;
    for (const SmallHeap h : heaps) {
      any |= h;
      count_down(h);
    }
    count_ = bit_length(any);
  }
  unsigned count() const { return count_; }
  std::uint64_t wanted(unsigned column) const {
    std::uint64_t n = 0;
    for (unsigned p = 0; p < Planes; ++p)
      n |= (plane_[p] >> column & 1) << p;
    return n;
  }
  // A bit a column: whether it wants more than n ones (n at most k).
  std::uint64_t wanting_more_than(std::uint64_t n) const {
    std::uint64_t more = 0, same = ~std::uint64_t{0};
    for (unsigned p = Planes; p-- > 0;) {
      const std::uint64_t bit = 0 - (n >> p & 1);  // bit p of n, in every column
      more |= same & plane_[p] & ~bit;
      same &= ~(plane_[p] ^ bit);
    }
    return more;
  }
  // Heap h is lowered at `column`: its ones below are no longer counted, so each of those
  // columns wants one more, mod k + 1.
  void lower(SmallHeap h, unsigned column) {
    count_up(h & ((SmallHeap{1} << column) - 1));  // column < 64
  }

 private:
  // The number of each column in `columns` minus 1, mod k + 1.
  void count_down(std::uint64_t columns) {
    std::uint64_t borrow = columns;
    for (unsigned p = 0; p < Planes; ++p) {
      const std::uint64_t next = ~plane_[p] & borrow;
      plane_[p] ^= borrow;
      borrow = next;
    }
    for (unsigned p = 0; p < Planes; ++p)  // 0 became 2^Planes - 1: k instead
      plane_[p] = (plane_[p] & ~borrow) | (borrow & k_[p]);
  }
  // The number of each column in `columns` plus 1, mod k + 1.
  void count_up(std::uint64_t columns) {
    std::uint64_t carry = columns, full = columns;
    for (unsigned p = 0; p < Planes; ++p) {
      const std::uint64_t next = plane_[p] & carry;
      plane_[p] ^= carry;
      carry = next;
    }
    // k + 1 becomes 0 (by itself when k + 1 is 2^Planes: then `full` finds the zeros).
    for (unsigned p = 0; p < Planes; ++p)
      full &= ~(plane_[p] ^ modulus_[p]);
    for (unsigned p = 0; p < Planes; ++p)
      plane_[p] &= ~full;
  }

  // Bit p of k, and of k + 1, in every column.
  std::array<std::uint64_t, Planes> k_, modulus_;
  std::array<std::uint64_t, Planes> plane_{};
  unsigned count_ = 0;
};

}  // namespace moore

}  // namespace nim
