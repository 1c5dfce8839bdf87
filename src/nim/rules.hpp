// The rules of a Nim variant as a small value type, and the Grundy value of one heap under them.
#pragma once

#include <cstddef>
#include <optional>

#include "nim/heap.hpp"

namespace nim {

template <HeapInteger Heap>
struct Rules {
  bool misere = false;           // whoever takes the last object loses
  std::optional<Heap> max_take;  // a move takes at most this many objects (>= 1); none: no cap
};

// Grundy value of a heap: h mod (K+1) with a cap K, h itself without one. Written so that a cap of
// 2^64-1 does not overflow K+1: a heap no larger than the cap is its own Grundy value.
template <HeapInteger Heap>
Heap grundy(const Heap& h, const Rules<Heap>& rules) {
  if (!rules.max_take || h <= *rules.max_take) return h;
  return Heap(h % Heap(*rules.max_take + 1));
}

// The most objects one move may take from a heap of size h.
template <HeapInteger Heap>
Heap max_removable(const Heap& h, const Rules<Heap>& rules) {
  return rules.max_take && *rules.max_take < h ? *rules.max_take : h;
}

}  // namespace nim
