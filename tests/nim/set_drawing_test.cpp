#include "nim/set_drawing.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <vector>

#include "nim/games/nim/nim.hpp"

namespace nim {
namespace {

using Heaps = Position<SmallHeap>;

// A Nim set drawn by draw_set: each part's positions, in order.
struct NimSet {
  std::vector<std::vector<Heaps>> parts;
  std::optional<SetShortfall> shortfall;
};

NimSet draw_nim_set(const SetPlan<SmallHeap>& plan, const std::vector<std::uint64_t>& counts,
                    std::uint64_t seed, std::array<bool, 2> enumerated = {false, false},
                    const NimRules<SmallHeap>& rules = {}) {
  SplitMix64 rng(seed);
  const auto cells = set_cells(plan.heap_count, plan.balance);
  std::vector<OutcomeSampler<NimRules<SmallHeap>>> samplers;
  for (const SetCell& cell : cells)
    samplers.emplace_back(cell.heap_count, plan.size, rules);
  const PositionSampler<SmallHeap> sampler(plan.heap_count, plan.size);
  const auto try_draw = [&](SplitMix64& random, std::size_t c, Heaps& position) {
    if (!cells[c].outcome) {
      sampler.draw(random, position);
      return true;
    }
    return samplers[c].try_draw(random, *cells[c].outcome, position);
  };
  const auto classify = [&](const Heaps& position) { return outcome_of(position, rules); };
  NimSet set;
  set.parts.resize(counts.size());
  set.shortfall = draw_set(
      rng, plan, cell_quotas(counts, plan.heap_count, plan.balance, rng), enumerated, try_draw,
      classify,
      [&](std::size_t part, const Heaps& position) { set.parts[part].push_back(position); });
  return set;
}

Heaps form_of(const Heaps& position, Sameness sameness = Sameness::any_order) {
  Heaps form;
  canonical_form(std::span<const SmallHeap>(position), sameness, form);
  return form;
}

// Pearson's chi-squared statistic of a table of counts (rows: parts), and its degrees of freedom;
// columns empty in every row are left out.
std::pair<double, double> chi_squared(const std::vector<std::vector<double>>& table) {
  std::vector<double> row_sums(table.size(), 0), column_sums(table[0].size(), 0);
  double total = 0;
  for (std::size_t r = 0; r < table.size(); ++r)
    for (std::size_t c = 0; c < table[r].size(); ++c) {
      row_sums[r] += table[r][c];
      column_sums[c] += table[r][c];
      total += table[r][c];
    }
  double chi2 = 0, columns = 0;
  for (std::size_t c = 0; c < column_sums.size(); ++c) {
    if (column_sums[c] == 0) continue;
    ++columns;
    for (std::size_t r = 0; r < table.size(); ++r) {
      const double expected = row_sums[r] * column_sums[c] / total;
      chi2 += (table[r][c] - expected) * (table[r][c] - expected) / expected;
    }
  }
  return {chi2, (columns - 1) * (static_cast<double>(table.size()) - 1)};
}

// Checks a chi-squared statistic against six standard deviations above the mean of its
// distribution with df degrees of freedom.
void check_plausible(const std::pair<double, double>& chi2) {
  INFO("chi2 " << chi2.first << " with " << chi2.second << " degrees of freedom");
  CHECK(chi2.second > 0);
  CHECK(chi2.first < chi2.second + 6 * std::sqrt(2 * chi2.second));
}

TEST_CASE("set_cells and cell_quotas: one cell, won and lost, or won and lost of each heap count") {
  CHECK(set_cells({2, 4}, Balance::none).size() == 1);
  const auto whole = set_cells({2, 4}, Balance::whole);
  REQUIRE(whole.size() == 2);
  CHECK(whole[0].outcome == Outcome::won);
  CHECK(whole[1].outcome == Outcome::lost);
  CHECK(whole[1].heap_count.most == 4);
  const auto per = set_cells({2, 4}, Balance::per_heap_count);
  REQUIRE(per.size() == 6);
  CHECK(per[4].heap_count.least == 4);
  CHECK(per[4].heap_count.most == 4);
  CHECK(per[4].outcome == Outcome::won);
  CHECK(per[5].outcome == Outcome::lost);
  SplitMix64 rng(1);
  const std::vector<std::uint64_t> counts{10, 4};
  using Quotas = std::vector<std::vector<std::uint64_t>>;
  CHECK(cell_quotas(counts, {2, 4}, Balance::none, rng) == Quotas{{10}, {4}});
  CHECK(cell_quotas(counts, {2, 4}, Balance::whole, rng) == Quotas{{5, 5}, {2, 2}});
  // 5 pairs among 3 heap counts: 1 each and 2 left over, to two heap counts drawn at random.
  std::array<int, 3> extra{0, 0, 0};
  for (int run = 0; run < 300; ++run) {
    const auto quotas = cell_quotas(counts, {2, 4}, Balance::per_heap_count, rng);
    REQUIRE(quotas.size() == 2);
    for (std::size_t k = 0; k < 3; ++k) {
      CHECK(quotas[0][2 * k] == quotas[0][2 * k + 1]);  // as many won as lost
      CHECK(quotas[0][2 * k] >= 1);
      CHECK(quotas[0][2 * k] <= 2);
      extra[k] += quotas[0][2 * k] == 2;
    }
    CHECK(sum_of(quotas[0]) == 10);
    CHECK(sum_of(quotas[1]) == 4);
  }
  for (const int times : extra)
    CHECK(times > 120);  // each about 200 times in 300
}

TEST_CASE("draw_set --split: every part drawn from the same distribution, none sharing a game") {
  // The balanced split of 3-6 heaps whose test part's lost rows once nearly all had 6 heaps (its
  // positions were drawn after train's, from what train left): now the parts' heap counts and
  // outcomes agree, going through the lost positions (near all there are) or drawing them.
  for (const bool go_through : {false, true}) {
    INFO("lost positions gone through: " << go_through);
    SetPlan<SmallHeap> plan{.heap_count = {3, 6},
                            .size = {0, 15},
                            .balance = Balance::whole,
                            .unique = Sameness::any_order,
                            .shares = {800, 200},
                            .patience = 1 << 24};
    const std::vector<std::uint64_t> counts{3200, 800};
    const NimSet set = draw_nim_set(plan, counts, 7, {go_through, false});
    REQUIRE_FALSE(set.shortfall);
    std::vector<std::vector<double>> table(2, std::vector<double>(8, 0));
    std::map<Heaps, std::size_t> part_of;
    for (std::size_t p = 0; p < 2; ++p) {
      REQUIRE(set.parts[p].size() == counts[p]);
      std::size_t won = 0;
      for (const Heaps& position : set.parts[p]) {
        const bool is_won = outcome_of(position, NimRules<SmallHeap>{}) == Outcome::won;
        won += is_won;
        table[p][2 * (position.size() - 3) + is_won] += 1;
        CHECK(part_of.emplace(form_of(position), p).second);  // no game twice, in any part
      }
      CHECK(won == counts[p] / 2);
    }
    check_plausible(chi_squared(table));
  }
}

TEST_CASE("draw_set --split: in a tiny space, every part gets its share of each heap count") {
  // 8 positions of 1 to 3 heaps of 0..3 in halves: drawn one part after the other, the first part
  // took the few 1-heap positions for nearly every seed. Pooled over 200 split keys, the written
  // heap counts of the parts agree, and the test part has 1-heap positions in many runs.
  std::vector<std::vector<double>> table(2, std::vector<double>(3, 0));
  int runs_with_one_heap_in_test = 0;
  for (std::uint64_t key = 1; key <= 200; ++key) {
    const SetPlan<SmallHeap> plan{.heap_count = {1, 3},
                                  .size = {0, 3},
                                  .unique = Sameness::any_order,
                                  .shares = {1, 1},
                                  .key = {.k0 = key},
                                  .patience = 1 << 20};
    const NimSet set = draw_nim_set(plan, {4, 4}, key);
    if (set.shortfall) continue;  // the key sends fewer than 4 of the 20 games to a part
    bool one_heap_in_test = false;
    for (std::size_t p = 0; p < 2; ++p)
      for (const Heaps& position : set.parts[p]) {
        table[p][position.size() - 1] += 1;
        one_heap_in_test = one_heap_in_test || (p == 1 && position.size() == 1);
      }
    runs_with_one_heap_in_test += one_heap_in_test;
  }
  CHECK(table[0][0] + table[0][1] + table[0][2] > 190 * 4);
  check_plausible(chi_squared(table));
  CHECK(runs_with_one_heap_in_test > 50);
}

TEST_CASE("draw_set --split: a game's part is the same whatever the seed and the count") {
  const SetPlan<SmallHeap> plan{.heap_count = {1, 4},
                                .size = {0, 9},
                                .unique = Sameness::any_order,
                                .shares = {7, 2, 1},
                                .patience = 1 << 20};
  std::map<Heaps, std::size_t> part_of;
  std::size_t shared = 0;
  for (const auto& [seed, count] :
       std::vector<std::pair<std::uint64_t, std::uint64_t>>{{1, 300}, {2, 500}, {3, 100}}) {
    const NimSet set = draw_nim_set(plan, {count * 7 / 10, count * 2 / 10, count / 10}, seed);
    REQUIRE_FALSE(set.shortfall);
    for (std::size_t p = 0; p < 3; ++p)
      for (const Heaps& position : set.parts[p]) {
        const auto [at, added] = part_of.emplace(form_of(position), p);
        shared += !added;
        CHECK(at->second == p);
      }
  }
  CHECK(shared > 50);  // the runs do share games (715 in all)
  // The part is the hash's: SipHash of the form under the key, against the shares.
  const std::array<std::uint64_t, 3> shares{7, 2, 1};
  const PartBounds bounds(shares, 10);
  for (const auto& [form, part] : part_of)
    CHECK(bounds.part_of(split_hash(std::span<const SmallHeap>(form), SplitKey{})) == part);
}

TEST_CASE("draw_set --balanced per-heap-count: half won and half lost of every heap count") {
  for (const auto unique : {std::optional<Sameness>{}, std::optional{Sameness::any_order}}) {
    const SetPlan<SmallHeap> plan{.heap_count = {3, 6},
                                  .size = {0, 31},
                                  .balance = Balance::per_heap_count,
                                  .unique = unique,
                                  .patience = 1 << 24};
    const NimSet set = draw_nim_set(plan, {802}, 3);
    REQUIRE_FALSE(set.shortfall);
    std::map<std::pair<std::size_t, Outcome>, int> cells;
    for (const Heaps& position : set.parts[0])
      ++cells[{position.size(), outcome_of(position, NimRules<SmallHeap>{})}];
    REQUIRE(cells.size() == 8);
    for (std::size_t k = 3; k <= 6; ++k) {
      const int lost = cells[{k, Outcome::lost}];
      CHECK(lost == cells[{k, Outcome::won}]);
      CHECK(lost >= 100);  // 401 pairs: 100 each, one left over
      CHECK(lost <= 101);
    }
  }
}

TEST_CASE("draw_set: going through the positions takes them as drawing would") {
  // Without repeats: 4 of the 10 games of 1 to 3 heaps of 0..2; 5 of 2 to 3 heaps of 0..2, heaps
  // in order; a won and a lost position of 2 heaps and of 3, of 0..3. How often each written
  // position comes, drawn and gone through.
  const std::vector<SetPlan<SmallHeap>> plans{
      {.heap_count = {1, 3}, .size = {0, 2}, .unique = Sameness::any_order, .patience = 1 << 20},
      {.heap_count = {2, 3},
       .size = {0, 2},
       .unique = Sameness::ordered,
       .game = Sameness::any_order,
       .patience = 1 << 20},
      {.heap_count = {2, 3},
       .size = {0, 3},
       .balance = Balance::per_heap_count,
       .unique = Sameness::any_order,
       .patience = 1 << 20}};
  const std::vector<std::uint64_t> counts{4, 5, 4};
  for (std::size_t i = 0; i < plans.size(); ++i) {
    INFO("plan " << i);
    std::map<Heaps, std::array<double, 2>> seen;  // drawn, gone through
    for (const bool go_through : {false, true})
      for (std::uint64_t seed = 0; seed < 4000; ++seed) {
        const NimSet set = draw_nim_set(plans[i], {counts[i]}, seed, {go_through, go_through});
        REQUIRE_FALSE(set.shortfall);
        REQUIRE(set.parts[0].size() == counts[i]);
        for (const Heaps& position : set.parts[0])
          seen[position][go_through] += 1;
      }
    std::vector<std::vector<double>> table(2);
    for (const auto& [position, times] : seen)
      for (std::size_t k = 0; k < 2; ++k)
        table[k].push_back(times[k]);
    check_plausible(chi_squared(table));
  }
}

TEST_CASE("draw_set: a shortfall names the cell and the part, ran out or given up") {
  // 2 heaps of 0..3 hold 4 lost games (two equal heaps): a fifth is never found.
  SetPlan<SmallHeap> plan{.heap_count = {2, 2},
                          .size = {0, 3},
                          .balance = Balance::whole,
                          .unique = Sameness::any_order,
                          .patience = 5000};
  for (const bool go_through : {false, true}) {
    const NimSet set = draw_nim_set(plan, {10}, 1, {go_through, go_through});
    REQUIRE(set.shortfall);
    CHECK(set.shortfall->cell == 1);  // lost
    CHECK(set.shortfall->part == 0);
    CHECK(set.shortfall->taken >= 4);
    CHECK(set.shortfall->ran_out == go_through);
  }
  plan.balance = Balance::none;
  plan.unique.reset();  // repeats: never short
  CHECK_FALSE(draw_nim_set(plan, {100}, 1).shortfall);
}

}  // namespace
}  // namespace nim
