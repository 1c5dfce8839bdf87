#include "nim/move_check.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "support/numbers.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;

const NimRules<SmallHeap> normal{};

// The verdict on taking `count` from heap `heap` (any integers, as a person may type them).
MoveVerdict<SmallHeap> verdict_of(const Small& position, const NimRules<SmallHeap>& rules,
                                  const BigHeap& heap, const BigHeap& count) {
  return check_move(ScannedPosition(position, rules), ProposedMove{heap, count});
}

Illegal reason(const Small& position, const NimRules<SmallHeap>& rules, const BigHeap& heap,
               const BigHeap& count) {
  return verdict_of(position, rules, heap, count).illegal;
}

BigHeap big(SmallHeap n) {
  return to_big(n);
}

TEST_CASE("an illegal move is named by its reason, and has no outcome") {
  const Small position{1, 3, 5, 7};
  SUBCASE("a heap index out of range") {
    CHECK(reason(position, normal, 4, 1) == Illegal::no_such_heap);
    CHECK(reason(position, normal, 1000, 1) == Illegal::no_such_heap);
    CHECK(reason(position, normal, big(no_heap), 1) == Illegal::no_such_heap);
    CHECK(reason(position, normal, -1, 1) == Illegal::no_such_heap);
    CHECK(reason(position, normal, BigHeap("100000000000000000000"), 1) == Illegal::no_such_heap);
    CHECK(reason(Small{}, normal, 0, 1) == Illegal::no_such_heap);
  }
  SUBCASE("a count below 1") {
    CHECK(reason(position, normal, 0, 0) == Illegal::takes_nothing);
    CHECK(reason(Small{0}, normal, 0, 0) == Illegal::takes_nothing);
    CHECK(reason(position, normal, 3, -2) == Illegal::takes_nothing);
  }
  SUBCASE("more than the heap holds") {
    CHECK(reason(position, normal, 0, 2) == Illegal::more_than_the_heap);
    CHECK(reason(position, normal, 3, 8) == Illegal::more_than_the_heap);
    CHECK(reason(position, normal, 3, big(max64)) == Illegal::more_than_the_heap);
    // A count beyond 64 bits exceeds every 64-bit heap.
    CHECK(reason(Small{max64}, normal, 0, BigHeap("18446744073709551616")) ==
          Illegal::more_than_the_heap);
    CHECK(reason(Small{0, 0}, normal, 1, 1) == Illegal::more_than_the_heap);
  }
  SUBCASE("more than the cap allows") {
    const NimRules<SmallHeap> cap3{false, 3};
    CHECK(reason(position, cap3, 3, 4) == Illegal::above_the_cap);
    CHECK(reason(position, cap3, 3, 7) == Illegal::above_the_cap);
    CHECK(reason(position, NimRules<SmallHeap>{true, 1}, 1, 2) == Illegal::above_the_cap);
  }
  SUBCASE("when several reasons apply, the first in this order is given") {
    const NimRules<SmallHeap> cap3{false, 3};
    CHECK(reason(position, cap3, 9, 0) == Illegal::no_such_heap);
    CHECK(reason(position, cap3, 3, 0) == Illegal::takes_nothing);
    CHECK(reason(position, cap3, 2, 9) == Illegal::more_than_the_heap);
  }
  SUBCASE("an illegal verdict carries no position and is not optimal") {
    const std::vector<std::pair<int, int>> illegal_moves{{9, 1}, {0, 0}, {0, 2}, {3, 4}};
    for (const auto& [heap, count] : illegal_moves) {
      const auto verdict = verdict_of(position, NimRules<SmallHeap>{false, 3}, heap, count);
      CHECK(verdict.illegal != Illegal::none);
      CHECK(verdict.move == std::nullopt);
      CHECK_FALSE(verdict.optimal);
      CHECK_FALSE(verdict.next_winning);
    }
  }
}

TEST_CASE("legality boundaries: the whole heap, exactly the cap, one more than the cap") {
  const Small position{1, 3, 5, 7};
  SUBCASE("taking the whole heap is legal") {
    const auto verdict = verdict_of(position, normal, 3, 7);
    CHECK(verdict.illegal == Illegal::none);
    CHECK(verdict.move == Move<SmallHeap>{3, 7});
    CHECK(reason(position, normal, 0, 1) == Illegal::none);
    CHECK(reason(Small{max64}, normal, 0, big(max64)) == Illegal::none);
  }
  SUBCASE("taking exactly the cap is legal, one more is not") {
    for (SmallHeap cap : {1, 2, 3, 5, 6}) {
      INFO("K=", cap);
      const NimRules<SmallHeap> rules{false, cap};
      CHECK(reason(position, rules, 3, big(cap)) == Illegal::none);
      CHECK(reason(position, rules, 3, big(cap + 1)) == Illegal::above_the_cap);
    }
    // The cap equal to the heap: the whole heap, and not one more.
    CHECK(reason(position, NimRules<SmallHeap>{false, 7}, 3, 7) == Illegal::none);
    CHECK(reason(position, NimRules<SmallHeap>{false, 7}, 3, 8) == Illegal::more_than_the_heap);
    // A cap of 2^64-1 is no limit at all.
    CHECK(reason(Small{max64}, NimRules<SmallHeap>{false, max64}, 0, big(max64)) == Illegal::none);
  }
}

TEST_CASE("a legal move's verdict agrees with the exhaustive search, under every rule set") {
  for (const auto& rules : testing::all_tested_rules()) {
    testing::Oracle oracle(rules);
    testing::for_each_position(3, 6, [&](const Small& position) {
      INFO(testing::describe(position, rules));
      const bool won = oracle.winning(position);
      const auto legal = testing::as_takes(oracle.moves(position));
      std::size_t optimal_count = 0;
      // Every (heap, count) with count up to one past the heap, and one heap past the end.
      for (std::size_t heap = 0; heap <= position.size(); ++heap) {
        for (SmallHeap count = 0; count <= 8; ++count) {
          INFO("move ", heap, ",", count);
          const auto verdict = verdict_of(position, rules, big(heap), big(count));
          const Move<SmallHeap> move{heap, count};
          const bool is_legal = std::find(legal.begin(), legal.end(), move) != legal.end();
          REQUIRE((verdict.illegal == Illegal::none) == is_legal);
          if (!is_legal) continue;
          const Small next = after(position, move);
          REQUIRE(verdict.move == move);
          CHECK(verdict.next_winning == oracle.winning(next));
          // From a won position only the moves that leave a lost one; from a lost one, any.
          CHECK(verdict.optimal == (!won || !oracle.winning(next)));
          if (verdict.optimal) ++optimal_count;
        }
      }
      CHECK(optimal_count == (won ? oracle.winning_moves(position).size() : legal.size()));
    });
  }
}

}  // namespace
}  // namespace nim
