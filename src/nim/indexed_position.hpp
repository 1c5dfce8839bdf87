// A mutable position that answers the solver's queries in O(log n) for n heaps, so that each ply of
// a long playout costs O(log n) instead of a rescan. A segment tree keeps, for every range of
// heaps, the OR of their sizes (to find the first heap with a given bit), the largest heap, and the
// number of non-empty heaps.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "nim/position.hpp"
#include "nim/position_view.hpp"
#include "nim/tally.hpp"

namespace nim {

template <HeapSumRuleset RulesT>
class IndexedPosition {
 public:
  using Rules = RulesT;
  using Heap = typename Rules::Heap;

  IndexedPosition(Position<Heap> position, const Rules& rules)
      : heaps_(std::move(position)),
        rules_(rules),
        leaves_(std::bit_ceil(std::max<std::size_t>(heaps_.size(), 1))),
        nodes_(2 * leaves_) {
    for (std::size_t i = 0; i < heaps_.size(); ++i) {
      tally_.add(heaps_[i], rules_);
      set_leaf(i);
    }
    for (std::size_t node = leaves_ - 1; node >= 1; --node)
      pull(node);
  }

  std::size_t size() const { return heaps_.size(); }
  const Heap& heap(std::size_t i) const { return heaps_[i]; }
  std::span<const Heap> heaps() const { return heaps_; }
  const Rules& rules() const { return rules_; }
  const Tally<Heap>& tally() const { return tally_; }

  std::size_t first_with_bit(unsigned bit) const {
    if (!test_bit(nodes_[1].any_bits, bit)) return no_heap;
    std::size_t node = 1;
    while (node < leaves_)
      node = test_bit(nodes_[2 * node].any_bits, bit) ? 2 * node : 2 * node + 1;
    return node - leaves_;
  }

  std::size_t largest() const { return nodes_[1].largest; }

  std::size_t nth_nonempty(std::size_t k) const {
    if (k >= nodes_[1].nonempty) return no_heap;
    std::size_t node = 1;
    while (node < leaves_) {
      if (k < nodes_[2 * node].nonempty) {
        node = 2 * node;
      } else {
        k -= nodes_[2 * node].nonempty;
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
    // A node depends only on its children: once one is unchanged, so is everything above it.
    for (std::size_t node = (move.heap + leaves_) / 2; node >= 1 && pull(node); node /= 2) {
    }
  }

 private:
  // What the tree keeps for a range of heaps. Two siblings sit side by side, so that a step up or
  // down the tree mostly reads one cache line.
  struct Node {
    Heap any_bits{};                // OR of the heap sizes
    Heap largest_size{};            // the largest size
    std::size_t largest = no_heap;  // its index, the lowest among equal ones; no_heap if all empty
    std::size_t nonempty = 0;       // how many heaps are non-empty

    friend bool operator==(const Node&, const Node&) = default;
  };

  void set_leaf(std::size_t i) {
    Node& leaf = nodes_[i + leaves_];
    leaf.any_bits = heaps_[i];
    leaf.largest_size = heaps_[i];
    leaf.largest = is_zero(heaps_[i]) ? no_heap : i;
    leaf.nonempty = is_zero(heaps_[i]) ? 0 : 1;
  }

  // Recomputes a node from its children; returns whether it changed.
  bool pull(std::size_t node) {
    const Node& left = nodes_[2 * node];
    const Node& right = nodes_[2 * node + 1];
    const bool take_left = right.largest == no_heap ||
                           (left.largest != no_heap && !(left.largest_size < right.largest_size));
    const Node& larger = take_left ? left : right;
    Node updated{Heap(left.any_bits | right.any_bits), larger.largest_size, larger.largest,
                 left.nonempty + right.nonempty};
    Node& parent = nodes_[node];
    if (updated == parent) return false;
    parent = std::move(updated);
    return true;
  }

  Position<Heap> heaps_;
  Rules rules_;
  Tally<Heap> tally_;
  std::size_t leaves_;
  std::vector<Node> nodes_;  // nodes_[1] is the root; leaves from nodes_[leaves_]
};

}  // namespace nim
