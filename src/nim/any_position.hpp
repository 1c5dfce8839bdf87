// The one place that decides whether a position runs on machine words or on GMP integers.
//
// AnyPosition holds heap sizes as they are read: 64-bit while every size fits, GMP integers from
// the first one that does not.
#pragma once

#include <algorithm>
#include <cstddef>
#include <utility>

#include "nim/heap.hpp"
#include "nim/position.hpp"

namespace nim {

class AnyPosition {
 public:
  AnyPosition() = default;
  explicit AnyPosition(Position<SmallHeap> heaps) : small_(std::move(heaps)) {}
  explicit AnyPosition(const Position<BigHeap>& heaps) {
    for (const BigHeap& h : heaps)
      push_back(h);
  }

  // Empty, and back on the 64-bit path (keeping the memory, for the next line of a batch).
  void clear() {
    small_.clear();
    big_.clear();
    is_big_ = false;
  }
  void push_back(SmallHeap h) {
    if (is_big_)
      big_.push_back(to_big(h));
    else
      small_.push_back(h);
  }
  // A negative size is the caller's error to catch first.
  void push_back(const BigHeap& h) {
    if (!is_big_ && fits_small(h)) return small_.push_back(to_small(h));
    make_big();
    big_.push_back(h);
  }
  // Moves every size to GMP integers.
  void make_big() {
    if (is_big_) return;
    big_.clear();
    for (SmallHeap h : small_)
      big_.push_back(to_big(h));
    small_.clear();
    is_big_ = true;
  }

  bool is_big() const { return is_big_; }
  bool empty() const { return size() == 0; }
  std::size_t size() const { return is_big_ ? big_.size() : small_.size(); }
  const Position<SmallHeap>& small() const { return small_; }  // valid while !is_big()
  const Position<BigHeap>& big() const { return big_; }        // valid while is_big()

  // The largest heap; 0 when there is none.
  BigHeap largest_heap() const {
    if (is_big_) return big_.empty() ? BigHeap(0) : *std::ranges::max_element(big_);
    return small_.empty() ? BigHeap(0) : to_big(*std::ranges::max_element(small_));
  }

 private:
  Position<SmallHeap> small_;
  Position<BigHeap> big_;
  bool is_big_ = false;
};

}  // namespace nim
