// The index of a take-and-break game's first options (take_and_break.hpp's TakeAndBreakRules makes
// it and searches it).
#pragma once

#include <cstdint>
#include <vector>

namespace nim {

// What the search for a winning move looks up instead of scanning a heap's options (made by
// TakeAndBreakRules::with_move_index): a heap's options number in the hundreds, and --batch
// answers a position in a few hundred nanoseconds.
struct MoveIndex {
  // A heap's first option, in the order of the search, that leaves value v < 64: the count taken
  // and the smaller part of a split (0 when the rest stays whole); `none` when no option does.
  struct FirstOption {
    static constexpr std::uint16_t none = 0xffff;
    std::uint16_t take = none;
    std::uint16_t left = 0;
  };
  static constexpr std::uint64_t values = 64;
  // Heaps below 2^16 - 1: their takes and parts fit the fields, `none` apart.
  static constexpr std::uint64_t most_heaps = 0xffff;
  std::vector<FirstOption> first_options;  // heap h's, value v's at [h * values + v]

  // All-but subtraction games, whose values grow with the heap: the heaps of each value,
  // increasing, at heaps[value_starts[v]] to heaps[value_starts[v + 1]] (every heap whose value
  // is known, at most --grundy-limit's 10^8).
  std::vector<std::uint64_t> value_starts;
  std::vector<std::uint32_t> heaps;

  std::uint64_t indexed_heaps() const { return first_options.size() / values; }
};

}  // namespace nim
