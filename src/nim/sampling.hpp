// Random positions, for generated position sets and the start positions of matches.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "nim/position.hpp"
#include "nim/random.hpp"

namespace nim {

// A range of whole numbers, both ends included.
template <class Number>
struct Range {
  Number least;
  Number most;
};

// Uniform draws from one fixed range, each exactly what uniform_in() draws, with the division that
// sets the rejection threshold done once instead of at every draw.
template <HeapInteger Number>
class UniformIn {
 public:
  explicit UniformIn(const Range<Number>& range) : range_(range) {
    if constexpr (std::is_same_v<Number, SmallHeap>) {
      bound_ = range.most - range.least + 1;  // 0 for the whole 64-bit range
      threshold_ = bound_ == 0 ? 0 : -bound_ % bound_;
    }
  }

  Number operator()(SplitMix64& rng) const {
    if constexpr (std::is_same_v<Number, SmallHeap>) {
      if (bound_ == 0) return rng();
      for (;;) {
        const std::uint64_t r = rng();
        if (r >= threshold_) return range_.least + r % bound_;
      }
    } else {
      return uniform_in(rng, range_.least, range_.most);
    }
  }

 private:
  Range<Number> range_;
  std::uint64_t bound_ = 0;      // 64-bit ranges: how many numbers it holds
  std::uint64_t threshold_ = 0;  // draws below it are rejected (see uniform_below)
};

// Random positions: a number of heaps drawn uniformly from `heap_count`, then each size drawn
// uniformly from `size`.
template <HeapInteger Heap>
class PositionSampler {
 public:
  PositionSampler(const Range<std::size_t>& heap_count, const Range<Heap>& size)
      : heap_count_(Range<SmallHeap>{heap_count.least, heap_count.most}), size_(size) {}

  // Draws into `position`, reusing its memory.
  void draw(SplitMix64& rng, Position<Heap>& position) const {
    position.resize(draw_heap_count(rng));
    for (Heap& h : position)
      h = draw_size(rng);
  }

  // The steps of draw(): the number of heaps, then each size.
  std::size_t draw_heap_count(SplitMix64& rng) const { return heap_count_(rng); }
  Heap draw_size(SplitMix64& rng) const { return size_(rng); }

 private:
  UniformIn<SmallHeap> heap_count_;
  UniformIn<Heap> size_;
};

// A position of a number of heaps drawn uniformly from `heap_count`, each size drawn uniformly
// from `size`.
template <HeapInteger Heap>
Position<Heap> random_position(SplitMix64& rng, const Range<std::size_t>& heap_count,
                               const Range<Heap>& size) {
  Position<Heap> position;
  PositionSampler<Heap>(heap_count, size).draw(rng, position);
  return position;
}

// Who wins a position with perfect play, from the point of view of the player to move.
enum class Outcome { lost, won };

// Draws of positions of one outcome, for a game that can aim at it (position_sets.hpp's
// OutcomeSampler, for a sum of heap values): each draw distributed as a random position of the
// space given its outcome. A game without one is balanced by drawing and rejecting.
template <HeapInteger Heap>
class OutcomeDrawer {
 public:
  virtual ~OutcomeDrawer() = default;
  virtual const Range<std::size_t>& heap_count() const = 0;
  virtual const Range<Heap>& size() const = 0;
  // One try: whether `position` now holds a position of the outcome wanted.
  virtual bool try_draw(SplitMix64& rng, Outcome wanted, Position<Heap>& position) const = 0;
  virtual Outcome outcome_of(const Position<Heap>& position) const = 0;
};

}  // namespace nim
