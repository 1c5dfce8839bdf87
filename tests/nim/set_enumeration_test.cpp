#include "nim/set_enumeration.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <vector>

#include "nim/games/nim/nim.hpp"

namespace nim {
namespace {

using Form = Position<SmallHeap>;

TEST_CASE("log_ways: how many positions of k heaps have a form, as going through them counts") {
  for (const Sameness sameness : {Sameness::any_order, Sameness::ordered})
    for (const SmallHeap least : {0, 1})
      for (std::size_t k = 1; k <= 4; ++k) {
        std::map<Form, double> ways;
        AllPositions<SmallHeap> all({k, k}, {least, 3}, false);
        Form form;
        while (all.next()) {
          canonical_form(std::span<const SmallHeap>(all.position()), sameness, form);
          ways[form] += 1;
        }
        for (const auto& [each, count] : ways) {
          INFO("k " << k << ", least " << least << ", ordered " << (sameness == Sameness::ordered));
          CHECK(std::exp(log_ways(std::span<const SmallHeap>(each), sameness, least == 0, k)) ==
                doctest::Approx(count));
        }
        // A form of more heaps, or of fewer without empty heaps to add, has none.
        const Form five{1, 1, 1, 1, 1};
        CHECK(log_ways(std::span<const SmallHeap>(five), sameness, true, k) ==
              -std::numeric_limits<double>::infinity());
        const Form one{2};
        if (k > 1)
          CHECK(log_ways(std::span<const SmallHeap>(one), sameness, false, k) ==
                -std::numeric_limits<double>::infinity());
      }
}

TEST_CASE("count_different: the games of each part, outcome and heap count, as listed") {
  const NimRules<SmallHeap> rules;
  const auto classify = [&](const Form& position) { return outcome_of(position, rules); };
  const auto never = [](const DifferentCounts&) { return false; };
  for (const SmallHeap least : {0, 2}) {
    const SetPlan<SmallHeap> plan{.heap_count = {2, 4},
                                  .size = {least, 6},
                                  .balance = Balance::whole,
                                  .unique = std::nullopt,
                                  .shares = {1, 3},
                                  .key = {.k0 = 5}};
    const DifferentCounts counts = count_different(plan, Sameness::any_order, classify, never);
    // Every form of the space by hand: its part, its outcome, the heap counts that can write it.
    AllPositions<SmallHeap> all({2, 4}, {least, 6}, false);
    Form form;
    DifferentCounts expected{
        .all = {{0, 0}, {0, 0}},
        .writable = {{std::vector<std::uint64_t>(3, 0), std::vector<std::uint64_t>(3, 0)},
                     {std::vector<std::uint64_t>(3, 0), std::vector<std::uint64_t>(3, 0)}}};
    const std::array<std::uint64_t, 2> shares{1, 3};
    const PartBounds bounds(shares, 4);
    std::map<Form, std::vector<std::size_t>> heap_counts;
    std::map<Form, std::size_t> outcomes;
    while (all.next()) {
      canonical_form(std::span<const SmallHeap>(all.position()), Sameness::any_order, form);
      heap_counts[form].push_back(all.position().size());
      outcomes[form] = static_cast<std::size_t>(classify(all.position()));
    }
    for (const auto& [each, writers] : heap_counts) {
      const std::size_t part =
          bounds.part_of(split_hash(std::span<const SmallHeap>(each), SplitKey{.k0 = 5}));
      ++expected.all[part][outcomes[each]];
      for (std::size_t k = 2; k <= 4; ++k)
        expected.writable[part][outcomes[each]][k - 2] +=
            std::find(writers.begin(), writers.end(), k) != writers.end();
    }
    INFO("least " << least);
    CHECK(counts.all == expected.all);
    CHECK(counts.writable == expected.writable);
  }
}

TEST_CASE("set_needs: per heap count with empty heaps, the cells of fewer heaps add up") {
  // 1 to 3 heaps of 0..3 under normal play: the lost games with at most 1, 2 and 3 nonempty
  // heaps are 1 (none), 4 (and x x) and 5 (and 1 2 3); the won ones 3, 6 and 15.
  const NimRules<SmallHeap> rules;
  const auto classify = [&](const Form& position) { return outcome_of(position, rules); };
  const auto never = [](const DifferentCounts&) { return false; };
  const SetPlan<SmallHeap> plan{.heap_count = {1, 3},
                                .size = {0, 3},
                                .balance = Balance::per_heap_count,
                                .unique = Sameness::any_order};
  const DifferentCounts counts = count_different(plan, Sameness::any_order, classify, never);
  CHECK(counts.writable[0][0] == std::vector<std::uint64_t>{1, 4, 5});
  CHECK(counts.writable[0][1] == std::vector<std::uint64_t>{3, 6, 15});
  CHECK(counts.all[0] == std::array<std::uint64_t, 2>{5, 15});
  // Cells: won and lost of 1 heap, of 2, of 3.
  const std::vector<std::vector<std::uint64_t>> quotas{{0, 1, 1, 2, 1, 1}};
  const auto needs = set_needs(plan, counts, quotas);
  REQUIRE(needs.size() == 6);
  // Lost (cells 1, 3, 5), then won (0, 2, 4), each adding up the cells of fewer heaps.
  CHECK(needs[0].cell == 1);
  CHECK(needs[0].needed == 1);
  CHECK(needs[0].available == 1);
  CHECK(needs[1].cell == 3);
  CHECK(needs[1].needed == 3);
  CHECK(needs[1].available == 4);
  CHECK(needs[1].heap_count.least == 1);
  CHECK(needs[1].heap_count.most == 2);
  CHECK(needs[2].needed == 4);
  CHECK(needs[2].available == 5);
  CHECK(needs[5].cell == 4);
  CHECK(needs[5].needed == 2);
  CHECK(needs[5].available == 15);
  const auto cells = set_cells(plan.heap_count, plan.balance);
  // A quarter or more of what is available: lost is gone through, won is drawn.
  CHECK(classes_near_all(needs, cells, 1) == std::array<bool, 2>{true, false});
  // Without empty heaps, each heap count needs its own.
  SetPlan<SmallHeap> no_empty = plan;
  no_empty.size.least = 1;
  const DifferentCounts apart = count_different(no_empty, Sameness::any_order, classify, never);
  const auto own = set_needs(no_empty, apart, quotas);
  CHECK(own[1].needed == 2);
  CHECK(own[1].heap_count.least == 2);
  CHECK(apart.writable[0][0] == std::vector<std::uint64_t>{0, 3, 1});
}

}  // namespace
}  // namespace nim
