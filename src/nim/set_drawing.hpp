// Position sets without repeats, split into parts, or balanced within each heap count: the cells a
// set is drawn in (a part's positions of some heap counts and, balanced, one outcome), how many
// positions each gets, and the draw itself. A position's part is a function of its canonical form
// alone (split_hash), so that sets made apart agree; every part is filled from one stream of
// draws, so that every part is drawn from the same distribution.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "nim/position_sets.hpp"
#include "nim/same_game.hpp"
#include "nim/sampling.hpp"
#include "nim/set_enumeration.hpp"
#include "nim/set_plan.hpp"

namespace nim {

// Where a set could not be made: a cell of a part still owed positions when none was left to
// take (`ran_out`: every different position of the cell was gone through) or none turned up in
// the plan's patience of tries.
struct SetShortfall {
  std::size_t cell = 0;
  std::size_t part = 0;
  std::uint64_t taken = 0;  // positions taken before, of every cell and part
  bool ran_out = false;
};

// Draws the set of `quotas` (cell_quotas), calling on_position(part, position) for each position
// taken. The cells are filled in random order: each position's cell is drawn among the positions
// still owed. Within a cell, try_draw(rng, cell, position) draws a position of the cell's heap
// counts into `position` and says whether it has the cell's outcome; a position is taken when its
// part still owes the cell positions and, with `unique`, it has not been taken before. The
// classes (outcomes, or the one class unbalanced) marked `enumerated` go through their different
// positions instead (EnumeratedClass, classify(position) the class of a position), which takes
// them in the same distribution: for a request near all there are. Returns the shortfall, if any.
template <HeapInteger Heap, class TryDraw, class Classify, class OnPosition>
std::optional<SetShortfall> draw_set(SplitMix64& rng, const SetPlan<Heap>& plan,
                                     std::vector<std::vector<std::uint64_t>> quotas,
                                     std::array<bool, 2> enumerated, TryDraw&& try_draw,
                                     Classify&& classify, OnPosition&& on_position) {
  const std::vector<SetCell> cells = set_cells(plan.heap_count, plan.balance);
  const PartBounds bounds(plan.shares, sum_of(plan.shares));
  std::vector<std::uint64_t> owed(cells.size(), 0);
  std::uint64_t total = 0;
  for (const auto& part : quotas)
    for (std::size_t c = 0; c < cells.size(); ++c) {
      owed[c] += part[c];
      total += part[c];
    }
  std::array<std::optional<EnumeratedClass<Heap>>, 2> lists;
  for (std::size_t k = 0; k < 2; ++k)
    if (enumerated[k]) lists[k].emplace(plan, k, cells, bounds, classify, rng);
  const Sameness sense = plan.unique.value_or(plan.game);
  SeenPositions<Heap> seen(sense);
  Position<Heap> position, form;
  // The next position of cell c taken by drawing: its part, or none after `patience` tries.
  const auto draw = [&](std::size_t c) -> std::optional<std::size_t> {
    for (std::uint64_t tries = 0; tries != plan.patience; ++tries) {
      if (!try_draw(rng, c, position)) continue;
      std::size_t part = 0;
      if (bounds.parts() > 1) {
        canonical_form(std::span<const Heap>(position), plan.game, form);
        part = bounds.part_of(split_hash(std::span<const Heap>(form), plan.key));
      }
      if (quotas[part][c] == 0 || (plan.unique && !seen.insert(position))) continue;
      return part;
    }
    return std::nullopt;
  };
  std::uint64_t taken = 0;
  while (total > 0) {
    std::size_t c = 0;
    if (cells.size() > 1)
      for (std::uint64_t r = uniform_below(rng, total); r >= owed[c]; r -= owed[c++]) {
      }
    auto& list = lists[class_of(cells[c])];
    const auto part = list ? list->next(c, quotas, rng, position) : draw(c);
    if (!part) {
      std::size_t owing = 0;
      while (quotas[owing][c] == 0)
        ++owing;
      return SetShortfall{c, owing, taken, list.has_value()};
    }
    --quotas[*part][c];
    --owed[c];
    --total;
    ++taken;
    on_position(*part, std::as_const(position));
  }
  return std::nullopt;
}

}  // namespace nim
