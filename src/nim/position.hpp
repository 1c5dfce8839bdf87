// A Nim position (a list of heap sizes) and a move on it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <type_traits>
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
Heap nim_sum(std::span<const Heap> heaps) {
  Heap sum{};
  for (const Heap& h : heaps)
    sum ^= h;
  return sum;
}
template <HeapInteger Heap>
Heap nim_sum(const Position<Heap>& position) {
  return nim_sum(std::span<const Heap>(position));
}

// Heap i of the position after a move (none: of the position itself): the next position one heap
// at a time, without a copy.
template <HeapInteger Heap>
Heap heap_after(std::span<const Heap> position, const std::optional<Move<Heap>>& move,
                std::size_t i) {
  return move && move->heap == i ? Heap(position[i] - move->count) : position[i];
}

// A hash of a position's heaps in their order, for the hash tables of positions.
template <HeapInteger Heap>
struct PositionHash {
  std::size_t operator()(const Position<Heap>& position) const {
    std::uint64_t hash = position.size();
    for (const Heap& h : position) {
      std::uint64_t word;
      if constexpr (std::is_same_v<Heap, SmallHeap>)
        word = h;
      else
        word = mpz_getlimbn(h.get_mpz_t(), 0) ^ mpz_size(h.get_mpz_t());
      hash = (hash ^ word) * 0x9E3779B97F4A7C15ULL;
      hash ^= hash >> 29;
    }
    return hash;
  }
};

// The position after a legal move.
template <HeapInteger Heap>
Position<Heap> after(Position<Heap> position, const Move<Heap>& move) {
  position[move.heap] -= move.count;
  return position;
}

}  // namespace nim
