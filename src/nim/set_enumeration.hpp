// Position sets of a space small enough to go through: how many different positions each part
// of a split holds of each outcome and heap count (so that a request is known to be possible
// before anything is drawn), and drawing without repeats by going through them, for a request
// near all there are, where drawing and rejecting repeats would wait long for the last ones.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "nim/position_sets.hpp"
#include "nim/same_game.hpp"
#include "nim/sampling.hpp"
#include "nim/set_plan.hpp"

namespace nim {

// The natural logarithm of how many positions of `heaps` heaps have the canonical form `form`
// (sorted, in the sense `sameness`), each as likely as R^-heaps to be drawn among positions of
// that many heaps, R sizes to a heap: the weight of the form among them. -infinity: none.
template <HeapInteger Heap>
double log_ways(std::span<const Heap> form, Sameness sameness, bool padded, std::size_t heaps) {
  const std::size_t length = form.size();
  if (padded ? length > heaps : length != heaps) return -std::numeric_limits<double>::infinity();
  if (sameness == Sameness::ordered) return 0;  // the form, then empty heaps
  // heaps! / ((heaps - length)! m1! m2! ...): the places of the empty heaps and of each size.
  double ways = std::lgamma(heaps + 1.0) - std::lgamma(static_cast<double>(heaps - length) + 1.0);
  for (std::size_t i = 0, j = 0; i < length; i = j) {
    while (j < length && form[j] == form[i])
      ++j;
    ways -= std::lgamma(static_cast<double>(j - i) + 1.0);
  }
  return ways;
}

// The different positions of one class (an outcome, or every position unbalanced) in the order
// that drawing and rejecting repeats would first meet them, for each cell of the class. A stream
// of draws meets the positions of probabilities p_i first in the order of independent exponential
// times E_i / p_i (Efraimidis and Spirakis, 2006: weighted sampling without replacement), so a cell
// lists its positions by that key, p_i the chance that a draw of the cell has form i.
template <HeapInteger Heap>
class EnumeratedClass {
 public:
  template <class Classify>
  EnumeratedClass(const SetPlan<Heap>& plan, std::size_t klass, std::span<const SetCell> cells,
                  const PartBounds& bounds, Classify& classify, SplitMix64& rng)
      : sense_(plan.unique.value_or(plan.game)),
        padded_(is_zero(plan.size.least)),
        log_sizes_(std::log(to_double(BigHeap(BigHeap(plan.size.most) - plan.size.least + 1)))),
        cells_(cells.begin(), cells.end()),
        order_(cells.size()),
        next_(cells.size(), 0) {
    DifferentPositions<Heap> all(plan.heap_count, plan.size, sense_);
    Position<Heap> game_form;
    std::vector<double> weights;
    while (all.next()) {
      if (plan.balance != Balance::none &&
          static_cast<std::size_t>(classify(all.written())) != klass)
        continue;
      const std::size_t item = parts_.size();
      const Position<Heap>& form = all.form();
      std::size_t part = 0;
      if (bounds.parts() > 1) {
        canonical_form(std::span<const Heap>(form), plan.game, game_form);
        part = bounds.part_of(split_hash(std::span<const Heap>(game_form), plan.key));
      }
      parts_.push_back(part);
      heaps_.insert(heaps_.end(), form.begin(), form.end());
      starts_.push_back(heaps_.size());
      for (std::size_t c = 0; c < cells_.size(); ++c) {
        if (class_of(cells_[c]) != klass) continue;
        const double weight = log_weight(form, cells_[c].heap_count, weights);
        if (weight == -std::numeric_limits<double>::infinity()) continue;
        const double u = static_cast<double>(rng() >> 11) * 0x1p-53;  // in [0, 1)
        order_[c].emplace_back(std::log(-std::log1p(-u)) - weight, item);
      }
    }
    taken_.assign(parts_.size(), false);
    for (auto& list : order_)
      std::sort(list.begin(), list.end());
  }

  // The next position of cell `c` that its part still owes: into `position`, written with a
  // number of heaps drawn as the cell draws them and the empty heaps in random places; its part,
  // or none when the cell's positions ran out.
  std::optional<std::size_t> next(std::size_t c,
                                  const std::vector<std::vector<std::uint64_t>>& quotas,
                                  SplitMix64& rng, Position<Heap>& position) {
    const auto& list = order_[c];
    while (next_[c] < list.size()) {
      const std::size_t item = list[next_[c]++].second;
      if (taken_[item] || quotas[parts_[item]][c] == 0) continue;
      taken_[item] = true;
      write(item, cells_[c].heap_count, rng, position);
      return parts_[item];
    }
    return std::nullopt;
  }

 private:
  static double to_double(const BigHeap& n) { return n.get_d(); }

  // The log of the chance that a draw of these heap counts has `form`, up to a factor that every
  // form shares; the terms of each heap count in `terms`.
  double log_weight(std::span<const Heap> form, const Range<std::size_t>& heap_count,
                    std::vector<double>& terms) const {
    terms.clear();
    double most = -std::numeric_limits<double>::infinity();
    for (std::size_t k = heap_count.least; k <= heap_count.most; ++k) {
      terms.push_back(log_ways(form, sense_, padded_, k) - static_cast<double>(k) * log_sizes_);
      most = std::max(most, terms.back());
    }
    if (most == -std::numeric_limits<double>::infinity()) return most;
    double sum = 0;
    for (double& term : terms) {
      term = std::exp(term - most);
      sum += term;
    }
    return most + std::log(sum);
  }

  void write(std::size_t item, const Range<std::size_t>& heap_count, SplitMix64& rng,
             Position<Heap>& position) const {
    const std::span<const Heap> form(heaps_.data() + (item == 0 ? 0 : starts_[item - 1]),
                                     heaps_.data() + starts_[item]);
    std::vector<double> terms;
    log_weight(form, heap_count, terms);
    double pick = static_cast<double>(rng() >> 11) * 0x1p-53 *
                  std::accumulate(terms.begin(), terms.end(), 0.0);
    std::size_t chosen = 0;  // the last heap count of a positive weight, should rounding leave
    for (std::size_t i = 0; i < terms.size(); ++i) {
      if (terms[i] == 0) continue;
      chosen = i;
      if (pick < terms[i]) break;
      pick -= terms[i];
    }
    const std::size_t k = heap_count.least + chosen;
    position.assign(form.begin(), form.end());
    position.resize(k, Heap(0));
    if (sense_ == Sameness::ordered) return;
    for (std::size_t i = k; i > 1; --i)  // Fisher-Yates: every order of the sizes alike
      std::swap(position[i - 1], position[uniform_below(rng, i)]);
  }

  Sameness sense_;
  bool padded_;
  double log_sizes_;
  std::vector<SetCell> cells_;
  std::vector<Heap> heaps_;          // the forms, one after another
  std::vector<std::size_t> starts_;  // where each form ends in heaps_
  std::vector<std::size_t> parts_;   // each form's part
  std::vector<bool> taken_;
  std::vector<std::vector<std::pair<double, std::size_t>>> order_;  // each cell's forms, by key
  std::vector<std::size_t> next_;                                   // each cell's next in order_
};

// How many different positions (in one sense) each part of a space holds of each class (lost 0
// and won 1 balanced, else 0), counted by going through them: all of them, [part][class], and
// those that a position of k heaps can be, [part][class][k - A].
struct DifferentCounts {
  std::vector<std::array<std::uint64_t, 2>> all;
  std::vector<std::array<std::vector<std::uint64_t>, 2>> writable;
};

// Stops early, with the counts so far, once enough(counts) (asked every 4096 positions).
template <HeapInteger Heap, class Classify, class Enough>
DifferentCounts count_different(const SetPlan<Heap>& plan, Sameness sense, Classify&& classify,
                                Enough&& enough) {
  const PartBounds bounds(plan.shares, sum_of(plan.shares));
  const std::size_t heap_counts = plan.heap_count.most - plan.heap_count.least + 1;
  DifferentCounts counts;
  counts.all.assign(bounds.parts(), {0, 0});
  counts.writable.assign(bounds.parts(), {std::vector<std::uint64_t>(heap_counts, 0),
                                          std::vector<std::uint64_t>(heap_counts, 0)});
  DifferentPositions<Heap> all(plan.heap_count, plan.size, sense);
  Position<Heap> game_form;
  for (std::uint64_t n = 1; all.next(); ++n) {
    const std::size_t klass =
        plan.balance == Balance::none ? 0 : static_cast<std::size_t>(classify(all.written()));
    std::size_t part = 0;
    if (bounds.parts() > 1) {
      canonical_form(std::span<const Heap>(all.form()), plan.game, game_form);
      part = bounds.part_of(split_hash(std::span<const Heap>(game_form), plan.key));
    }
    ++counts.all[part][klass];
    for (std::size_t k = 0; k < heap_counts; ++k)
      counts.writable[part][klass][k] += all.writable(plan.heap_count.least + k);
    if (n % 4096 == 0 && enough(std::as_const(counts))) break;
  }
  return counts;
}

// What the different positions of a space must meet for a set to be drawn without repeats:
// `needed` positions of a part's cells of `heap_count` and one class (`cell` the one of the most
// heaps), taken from the `available` different positions that those cells can hold. With size 0
// allowed, the positions of k heaps can be those of fewer heaps with empty heaps added, so the
// cells of A to k heaps need their positions together from those k heaps can be; that is enough
// for every heap count k (Hall's condition, for sets that grow with k).
struct SetNeed {
  std::size_t part = 0;
  std::size_t cell = 0;
  Range<std::size_t> heap_count;
  std::uint64_t needed = 0;
  std::uint64_t available = 0;
};

// The needs of every part, in order of part, then as the cells are.
template <HeapInteger Heap>
std::vector<SetNeed> set_needs(const SetPlan<Heap>& plan, const DifferentCounts& counts,
                               const std::vector<std::vector<std::uint64_t>>& quotas) {
  const std::vector<SetCell> cells = set_cells(plan.heap_count, plan.balance);
  const bool padded = is_zero(plan.size.least);
  std::vector<SetNeed> needs;
  for (std::size_t p = 0; p < quotas.size(); ++p) {
    if (plan.balance != Balance::per_heap_count) {
      for (std::size_t c = 0; c < cells.size(); ++c)
        needs.push_back({p, c, plan.heap_count, quotas[p][c], counts.all[p][class_of(cells[c])]});
      continue;
    }
    for (std::size_t klass = 0; klass < 2; ++klass) {  // lost: cells 1, 3...; won: 0, 2...
      std::uint64_t needed = 0;
      for (std::size_t c = 1 - klass; c < cells.size(); c += 2) {
        const std::size_t k = cells[c].heap_count.least;
        needed = padded ? needed + quotas[p][c] : quotas[p][c];
        needs.push_back({p,
                         c,
                         {padded ? plan.heap_count.least : k, k},
                         needed,
                         counts.writable[p][klass][k - plan.heap_count.least]});
      }
    }
  }
  return needs;
}

// The classes to go through rather than draw: those where some need of all the parts together
// asks for a quarter or more of the positions available, where drawing would meet many repeats.
inline std::array<bool, 2> classes_near_all(const std::vector<SetNeed>& needs,
                                            std::span<const SetCell> cells, std::size_t parts) {
  std::array<bool, 2> near{false, false};
  const std::size_t per_part = needs.size() / parts;
  for (std::size_t i = 0; i < per_part; ++i) {
    BigHeap needed = 0, available = 0;
    for (std::size_t p = 0; p < parts; ++p) {
      needed += to_big(needs[p * per_part + i].needed);
      available += to_big(needs[p * per_part + i].available);
    }
    if (needed > 0 && 4 * needed >= available) near[class_of(cells[needs[i].cell])] = true;
  }
  return near;
}

}  // namespace nim
