// A Nim position (a list of heap sizes) and a move on it.
#pragma once

#include <cstddef>
#include <vector>

#include "nim/heap.hpp"

namespace nim {

template <HeapInteger Heap>
using Position = std::vector<Heap>;

template <HeapInteger Heap>
struct Move {
  std::size_t heap = 0;  // 0-based index of the heap
  Heap count{};          // objects removed, >= 1

  friend bool operator==(const Move&, const Move&) = default;
};

// The XOR of all heap sizes (Bouton's nim-sum).
template <HeapInteger Heap>
Heap nim_sum(const Position<Heap>& position) {
  Heap sum{};
  for (const Heap& h : position)
    sum ^= h;
  return sum;
}

// The position after a legal move.
template <HeapInteger Heap>
Position<Heap> after(Position<Heap> position, const Move<Heap>& move) {
  position[move.heap] -= move.count;
  return position;
}

}  // namespace nim
