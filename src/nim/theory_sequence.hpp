// The Grundy values of one heap of a game whose theory gives them: a formula for a heap's value
// (the rules' grundy()) and the period it proves (grundy_period()), as Nim, capped Nim and Lasker's
// Nim have. The sequence command writes them as it writes a take-and-break game's computed values
// (grundy_sequence.hpp), and needs no search: the theory proves the period on every heap.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <vector>

#include "nim/heap.hpp"
#include "nim/period.hpp"

namespace nim {

template <class Rules>
concept SingleHeapTheory = requires(const Rules& rules, const typename Rules::Heap& heap) {
  { rules.grundy(heap) } -> std::convertible_to<typename Rules::Heap>;
  { rules.grundy_period() } -> std::same_as<std::optional<Period>>;
};

template <class Rules>
struct TheorySequence {
  Rules rules;
  std::vector<GrundyValue> values;  // G(0) to G(computed_to())
  Period period;                    // proved by the theory

  std::uint64_t computed_to() const { return values.size() - 1; }
};

// The values of heaps 0 to `up_to` (each must fit a GrundyValue: below 2^32 - 1 is enough for the
// games here, whose values exceed their heaps by 1 at most), with their period; none when the
// period does not fit 64 bits.
template <SingleHeapTheory Rules>
std::optional<TheorySequence<Rules>> theory_sequence(Rules rules, std::uint64_t up_to) {
  using Heap = typename Rules::Heap;
  std::optional<Period> period = rules.grundy_period();
  if (!period) return std::nullopt;
  period->checked_to = up_to;
  std::vector<GrundyValue> values;
  values.reserve(up_to + 1);
  for (std::uint64_t n = 0; n <= up_to; ++n) {
    const Heap value = rules.grundy(Heap(n));
    if constexpr (std::same_as<Heap, SmallHeap>)
      values.push_back(static_cast<GrundyValue>(value));
    else
      values.push_back(static_cast<GrundyValue>(to_small(value)));
  }
  return TheorySequence<Rules>{std::move(rules), std::move(values), *period};
}

}  // namespace nim
