#include "nim/indexed_position.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "nim/position_view.hpp"
#include "nim/random.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;

static_assert(PositionView<IndexedPosition<NimRules<SmallHeap>>> &&
              PositionView<IndexedPosition<NimRules<BigHeap>>>);

std::string describe(std::size_t n, std::uint64_t seed, const NimRules<SmallHeap>& rules) {
  std::string text = std::to_string(n) + " heaps, seed " + std::to_string(seed);
  text += rules.misere ? ", misere" : ", normal";
  if (rules.max_take) text += " K=" + std::to_string(*rules.max_take);
  return text;
}

// Compares every query of the index with the same query answered by scanning `heaps`.
// `ks` and `bits` list the arguments to try for nth_nonempty and first_with_bit.
template <class Heap>
void check_same_answers(const IndexedPosition<NimRules<Heap>>& indexed, const Position<Heap>& heaps,
                        const NimRules<Heap>& rules, const std::vector<std::size_t>& ks,
                        unsigned bits) {
  const ScannedPosition<NimRules<Heap>> view(heaps, rules);
  REQUIRE(indexed.size() == heaps.size());
  for (std::size_t i = 0; i < heaps.size(); ++i)
    REQUIRE(indexed.heap(i) == heaps[i]);
  CHECK(indexed.largest() == view.largest());
  for (std::size_t k : ks)
    CHECK(indexed.nth_nonempty(k) == view.nth_nonempty(k));
  for (unsigned bit = 0; bit < bits; ++bit)
    CHECK(indexed.first_with_bit(bit) == view.first_with_bit(bit));
  const Tally<Heap>& got = indexed.tally();
  const Tally<Heap>& want = view.tally();
  CHECK(got.nim_sum == want.nim_sum);
  CHECK(got.grundy_sum == want.grundy_sum);
  CHECK(got.big_count == want.big_count);
  CHECK(got.nonempty_count == want.nonempty_count);
}

// A random heap: often small (so that equal sizes and empty heaps are common), sometimes any size.
// With `few_sizes`, only 0 to 3, so that the largest size is shared by many heaps.
SmallHeap random_heap(SplitMix64& rng, bool few_sizes) {
  if (few_sizes) return uniform_below(rng, 4);
  switch (uniform_below(rng, 4)) {
    case 0:
      return 0;
    case 1:
      return uniform_below(rng, 4);
    case 2:
      return uniform_below(rng, 1000);
    default:
      return rng() >> uniform_below(rng, 64);
  }
}

TEST_CASE("an IndexedPosition answers every query as a scan of the same heaps does") {
  const std::vector<NimRules<SmallHeap>> rule_sets{
      {false, {}}, {true, {}}, {false, 3}, {true, 1}, {false, 0xffffffffffffffffULL}};
  for (std::size_t n : {1, 2, 3, 4, 5, 7, 8, 9, 1000}) {
    const int positions = n == 1000 ? 2 : 12;
    const int moves = n == 1000 ? 150 : 60;
    for (const auto& rules : rule_sets) {
      for (int p = 0; p < positions; ++p) {
        const std::uint64_t seed = n * 1000 + static_cast<std::uint64_t>(p);
        INFO(describe(n, seed, rules));
        SplitMix64 rng(seed);
        Small heaps(n);
        for (SmallHeap& h : heaps)
          h = random_heap(rng, p % 2 == 0);
        IndexedPosition<NimRules<SmallHeap>> indexed(heaps, rules);

        std::vector<std::size_t> ks;  // every k for small n; a sample and the edges for many
        for (std::size_t k = 0; k <= n + 1; ++k)
          if (n < 50 || k % 97 == 0 || k + 3 >= n) ks.push_back(k);
        const unsigned bits = 64;  // test_bit on a 64-bit heap is defined for bits 0 to 63
        check_same_answers(indexed, heaps, rules, ks, bits);

        for (int m = 0; m < moves; ++m) {
          std::size_t i = 0;
          // Pick a non-empty heap (through the scan, to stay independent of the index).
          const std::size_t nonempty =
              ScannedPosition<NimRules<SmallHeap>>(heaps, rules).tally().nonempty_count;
          if (nonempty == 0) break;
          i = ScannedPosition<NimRules<SmallHeap>>(heaps, rules)
                  .nth_nonempty(uniform_below(rng, nonempty));
          // Remove all of it, one object, or anything in between.
          const SmallHeap h = heaps[i];
          const SmallHeap count = uniform_below(rng, 3) == 0   ? h
                                  : uniform_below(rng, 2) == 0 ? 1
                                                               : 1 + uniform_below(rng, h);
          indexed.apply(Move<SmallHeap>{i, count});
          heaps[i] -= count;
          INFO("after move ", m, ": ", count, " from heap ", i);
          check_same_answers(indexed, heaps, rules, ks, n < 50 || m % 10 == 0 ? bits : 0);
        }
      }
    }
  }
}

TEST_CASE("an IndexedPosition with no heaps, or only empty ones, finds nothing") {
  for (const Small& heaps : {Small{}, Small{0}, Small{0, 0, 0, 0, 0}}) {
    const IndexedPosition<NimRules<SmallHeap>> indexed(heaps, NimRules<SmallHeap>{});
    CHECK(indexed.largest() == no_heap);
    CHECK(indexed.nth_nonempty(0) == no_heap);
    for (unsigned bit = 0; bit < 64; ++bit)
      CHECK(indexed.first_with_bit(bit) == no_heap);
    CHECK(indexed.tally().nonempty_count == 0);
    CHECK(indexed.tally().nim_sum == 0);
  }
}

TEST_CASE("equal largest heaps: the lowest index wins, also after moves") {
  IndexedPosition<NimRules<SmallHeap>> indexed(Small{3, 9, 2, 9, 9}, NimRules<SmallHeap>{});
  CHECK(indexed.largest() == 1);
  indexed.apply({1, 1});
  CHECK(indexed.largest() == 3);
  indexed.apply({4, 1});
  CHECK(indexed.largest() == 3);
  indexed.apply({3, 1});
  CHECK(indexed.largest() == 1);
  indexed.apply({1, 8});
  indexed.apply({3, 8});
  indexed.apply({4, 8});
  CHECK(indexed.largest() == 0);
  CHECK(indexed.nth_nonempty(0) == 0);
  CHECK(indexed.nth_nonempty(1) == 2);
  CHECK(indexed.nth_nonempty(2) == no_heap);
}

TEST_CASE("an IndexedPosition of GMP integers answers as the scan does") {
  const std::vector<NimRules<BigHeap>> rule_sets{{false, {}}, {true, {}}, {false, BigHeap(5)}};
  BigHeap two_200 = 1;
  two_200 <<= 200;
  for (const auto& rules : rule_sets) {
    SplitMix64 rng(17);
    Position<BigHeap> heaps{
        two_200, 0, BigHeap(two_200 + 12345), 7, BigHeap(two_200 - 1), 1, BigHeap(two_200 * 3),
        two_200};
    IndexedPosition<NimRules<BigHeap>> indexed(heaps, rules);
    const std::vector<std::size_t> ks{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    check_same_answers(indexed, heaps, rules, ks, 205);
    for (int m = 0; m < 40; ++m) {
      const std::size_t nonempty =
          ScannedPosition<NimRules<BigHeap>>(heaps, rules).tally().nonempty_count;
      if (nonempty == 0) break;
      const std::size_t i = ScannedPosition<NimRules<BigHeap>>(heaps, rules)
                                .nth_nonempty(uniform_below(rng, nonempty));
      const BigHeap count =
          uniform_below(rng, 4) == 0 ? heaps[i] : BigHeap(uniform_below(rng, heaps[i]) + 1);
      indexed.apply(Move<BigHeap>{i, count});
      heaps[i] -= count;
      INFO("after move ", m);
      check_same_answers(indexed, heaps, rules, ks, 205);
    }
  }
}

}  // namespace
}  // namespace nim
