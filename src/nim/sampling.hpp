// Random positions, for generated position sets and the start positions of matches.
#pragma once

#include <cstddef>

#include "nim/position.hpp"
#include "nim/random.hpp"

namespace nim {

// A range of whole numbers, both ends included.
template <class Number>
struct Range {
  Number least;
  Number most;
};

// A position of a number of heaps drawn uniformly from `heap_count`, each size drawn uniformly
// from `size`.
template <HeapInteger Heap>
Position<Heap> random_position(SplitMix64& rng, const Range<std::size_t>& heap_count,
                               const Range<Heap>& size) {
  Position<Heap> position(uniform_in(rng, heap_count.least, heap_count.most));
  for (Heap& h : position)
    h = uniform_in(rng, size.least, size.most);
  return position;
}

}  // namespace nim
