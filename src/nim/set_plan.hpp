// What a position set without repeats, split or balanced within heap counts is drawn from: its
// cells (a part's positions of some heap counts and, balanced, of one outcome), how many positions
// each cell of each part gets, and the plan that draw_set (set_drawing.hpp) follows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <numeric>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "nim/position_sets.hpp"
#include "nim/random.hpp"
#include "nim/same_game.hpp"
#include "nim/sampling.hpp"

namespace nim {

// How the outcomes of a set are balanced: not at all, half won and half lost, or half won and
// half lost among the positions of each heap count (then the heap count tells nothing of the
// outcome).
enum class Balance { none, whole, per_heap_count };

// The positions of a set of some heap counts, of one outcome when the set is balanced.
struct SetCell {
  Range<std::size_t> heap_count;
  std::optional<Outcome> outcome;
};

// Unbalanced: one cell; balanced: won, then lost; per heap count: won and lost of each, fewest
// heaps first.
inline std::vector<SetCell> set_cells(const Range<std::size_t>& heap_count, Balance balance) {
  if (balance == Balance::none) return {{heap_count, std::nullopt}};
  if (balance == Balance::whole) return {{heap_count, Outcome::won}, {heap_count, Outcome::lost}};
  std::vector<SetCell> cells;
  for (std::size_t k = heap_count.least; k <= heap_count.most; ++k)
    for (const Outcome outcome : {Outcome::won, Outcome::lost})
      cells.push_back({{k, k}, outcome});
  return cells;
}

// How many positions each cell of each part gets, [part][cell]: a part's count (unbalanced), half
// won and half lost (balanced: every count even), or the part's pairs of a won and a lost
// position shared evenly among the heap counts, those left over going one each to heap counts
// drawn at random.
inline std::vector<std::vector<std::uint64_t>> cell_quotas(std::span<const std::uint64_t> counts,
                                                           const Range<std::size_t>& heap_count,
                                                           Balance balance, SplitMix64& rng) {
  std::vector<std::vector<std::uint64_t>> quotas;
  for (const std::uint64_t count : counts) {
    if (balance == Balance::none) {
      quotas.push_back({count});
      continue;
    }
    if (balance == Balance::whole) {
      quotas.push_back({count / 2, count / 2});
      continue;
    }
    const std::size_t heap_counts = heap_count.most - heap_count.least + 1;
    const std::uint64_t pairs = count / 2;
    std::vector<std::uint64_t> per_count(heap_counts, pairs / heap_counts);
    std::vector<std::size_t> order(heap_counts);
    for (std::size_t k = 0; k < heap_counts; ++k)
      order[k] = k;
    for (std::size_t k = 0; k < pairs % heap_counts; ++k) {  // a partial Fisher-Yates shuffle
      std::swap(order[k], order[k + uniform_below(rng, heap_counts - k)]);
      ++per_count[order[k]];
    }
    std::vector<std::uint64_t>& quota = quotas.emplace_back();
    for (const std::uint64_t pair_count : per_count)
      quota.insert(quota.end(), {pair_count, pair_count});
  }
  return quotas;
}

// The class of a cell: its outcome (lost 0, won 1), or 0 unbalanced. Cells of two classes never
// share a position.
inline std::size_t class_of(const SetCell& cell) {
  return cell.outcome ? static_cast<std::size_t>(*cell.outcome) : 0;
}

inline std::uint64_t sum_of(std::span<const std::uint64_t> numbers) {
  return std::accumulate(numbers.begin(), numbers.end(), std::uint64_t{0});
}

// What a set is drawn from, and how.
template <HeapInteger Heap>
struct SetPlan {
  Range<std::size_t> heap_count;
  Range<Heap> size;
  Balance balance = Balance::none;
  std::optional<Sameness> unique;        // none: a position may come again
  Sameness game = Sameness::any_order;   // the game's own sense: a position's part is its form's
  std::vector<std::uint64_t> shares{1};  // of the parts, out of their sum
  SplitKey key{};
  std::uint64_t patience = UINT64_MAX;  // tries in a row that find nothing to take, then give up
};

}  // namespace nim
