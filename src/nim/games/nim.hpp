// Nim: a move takes one or more objects from one heap, at most K with a cap (--max-take K); in
// misère play whoever takes the last object loses. The first ruleset; Bouton's theory.
#pragma once

#include <optional>
#include <string_view>

#include "nim/heap.hpp"
#include "nim/ruleset.hpp"

namespace nim {

template <HeapInteger HeapT>
struct NimRules {
  using Heap = HeapT;
  static constexpr std::string_view name = "nim";

  bool misere = false;           // whoever takes the last object loses
  std::optional<Heap> max_take;  // a move takes at most this many objects (>= 1); none: no cap

  MisereTheory misere_theory() const { return MisereTheory::tame; }

  // The most objects one move may take from a heap of size h.
  Heap most_taken(const Heap& h) const { return max_take && *max_take < h ? *max_take : h; }
  bool allows(const Heap& h, const Heap& count) const {
    return Heap(1) <= count && count <= most_taken(h);
  }

  // Grundy value of a heap: h mod (K+1) with a cap K, h itself without one. Written so that a cap
  // of 2^64-1 does not overflow K+1: a heap no larger than the cap is its own Grundy value.
  Heap grundy(const Heap& h) const {
    if (!max_take || h <= *max_take) return h;
    return Heap(h % Heap(*max_take + 1));
  }

  bool values_are_sizes() const { return !max_take; }

  // The period p of the Grundy values (each size worth h mod p) among the sizes up to `most`;
  // none when every such size is its own value (no cap, or a cap of `most` or more).
  std::optional<Heap> period_up_to(const Heap& most) const {
    if (max_take && *max_take < most) return Heap(*max_take + Heap(1));
    return std::nullopt;
  }

  // Without a cap that is h -> target. With a cap K the heap can reach the K sizes just below it,
  // whose Grundy values are every value in 0..K except g itself (fewer when h < K).
  std::optional<Heap> take_to_reach(const Heap& h, const Heap& g, const Heap& target) const {
    if (!max_take) return target < h ? std::optional<Heap>(h - target) : std::nullopt;
    const Heap& cap = *max_take;
    if (target == g || cap < target) return std::nullopt;
    if (target < g) return Heap(g - target);
    Heap count = Heap(cap - target) + Heap(1) + g;  // wrap round to the size just below h - g
    return count <= h ? std::optional<Heap>(count) : std::nullopt;
  }

  // The same rules on another heap type; none when the cap does not fit it.
  template <HeapInteger To>
  std::optional<NimRules<To>> with_heap() const {
    NimRules<To> rules{misere, std::nullopt};
    if (max_take) {
      rules.max_take = narrow<To>(to_big(*max_take));
      if (!rules.max_take) return std::nullopt;
    }
    return rules;
  }

  friend bool operator==(const NimRules&, const NimRules&) = default;
};

static_assert(HeapSumRuleset<NimRules<SmallHeap>> && HeapSumRuleset<NimRules<BigHeap>>);

}  // namespace nim
