// A mutable position that answers the solver's queries in O(log n) for n heaps, so that each ply of
// a long playout costs O(log n) instead of a rescan. A segment tree keeps, for every range of
// heaps, the OR of their sizes (to find the first heap with a given bit), the index of the largest
// heap, and the number of non-empty heaps.
#pragma once

#include <bit>
#include <cstddef>
#include <vector>

#include "position.hpp"
#include "position_view.hpp"
#include "rules.hpp"
#include "tally.hpp"

namespace nim {

template <class HeapT>
class IndexedPosition {
 public:
  using Heap = HeapT;

  IndexedPosition(const Position<Heap>& position, const Rules<Heap>& rules)
      : heaps_(position),
        rules_(rules),
        leaves_(std::bit_ceil(std::max<std::size_t>(position.size(), 1))),
        any_bits_(2 * leaves_),
        largest_(2 * leaves_, no_heap),
        nonempty_(2 * leaves_, 0) {
    for (std::size_t i = 0; i < heaps_.size(); ++i) {
      tally_.add(heaps_[i], rules_);
      set_leaf(i);
    }
    for (std::size_t node = leaves_ - 1; node >= 1; --node)
      pull(node);
  }

  std::size_t size() const { return heaps_.size(); }
  const Heap& heap(std::size_t i) const { return heaps_[i]; }
  const Rules<Heap>& rules() const { return rules_; }
  const Tally<Heap>& tally() const { return tally_; }

  std::size_t first_with_bit(unsigned bit) const {
    if (!test_bit(any_bits_[1], bit)) return no_heap;
    std::size_t node = 1;
    while (node < leaves_)
      node = test_bit(any_bits_[2 * node], bit) ? 2 * node : 2 * node + 1;
    return node - leaves_;
  }

  std::size_t largest() const { return largest_[1]; }

  std::size_t nth_nonempty(std::size_t k) const {
    if (k >= nonempty_[1]) return no_heap;
    std::size_t node = 1;
    while (node < leaves_) {
      if (k < nonempty_[2 * node]) {
        node = 2 * node;
      } else {
        k -= nonempty_[2 * node];
        node = 2 * node + 1;
      }
    }
    return node - leaves_;
  }

  void apply(const Move<Heap>& move) {
    Heap& h = heaps_[move.heap];
    tally_.remove(h, rules_);
    h -= move.count;
    tally_.add(h, rules_);
    set_leaf(move.heap);
    for (std::size_t node = (move.heap + leaves_) / 2; node >= 1; node /= 2)
      pull(node);
  }

 private:
  void set_leaf(std::size_t i) {
    const std::size_t node = i + leaves_;
    any_bits_[node] = heaps_[i];
    largest_[node] = is_zero(heaps_[i]) ? no_heap : i;
    nonempty_[node] = is_zero(heaps_[i]) ? 0 : 1;
  }

  void pull(std::size_t node) {
    const std::size_t left = 2 * node, right = left + 1;
    any_bits_[node] = any_bits_[left] | any_bits_[right];
    nonempty_[node] = nonempty_[left] + nonempty_[right];
    const std::size_t a = largest_[left], b = largest_[right];
    largest_[node] = (b == no_heap || (a != no_heap && !(heaps_[a] < heaps_[b]))) ? a : b;
  }

  Position<Heap> heaps_;
  Rules<Heap> rules_;
  Tally<Heap> tally_;
  std::size_t leaves_;
  std::vector<Heap> any_bits_;         // OR of the heap sizes below each node
  std::vector<std::size_t> largest_;   // index of the largest non-empty heap below each node
  std::vector<std::size_t> nonempty_;  // number of non-empty heaps below each node
};

}  // namespace nim
