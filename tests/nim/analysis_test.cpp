#include "nim/analysis.hpp"

#include <doctest/doctest.h>

#include <vector>

#include "nim/indexed_position.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;
using SmallMove = Move<SmallHeap>;

TEST_CASE("analyse gives everything a record shows") {
  const Small position{1, 3, 5, 6};
  const auto analysis = analyse(position, NimRules<SmallHeap>{});
  CHECK(analysis.position.data() == position.data());  // the caller's heaps, not a copy
  CHECK(analysis.winning);
  CHECK_FALSE(analysis.game_over);
  CHECK(analysis.nim_sum == 1);
  CHECK(analysis.grundy_sum == 1);
  CHECK(analysis.move == SmallMove{0, 1});
  CHECK(analysis.winning_moves == std::nullopt);
  CHECK(analysis.heap_after(0) == 0);
  CHECK(analysis.heap_after(3) == 6);

  SUBCASE("every winning move when asked") {
    const auto listed = analyse(position, NimRules<SmallHeap>{}, {}, 0, WinningMoves::list);
    CHECK(listed.winning_moves == std::vector<SmallMove>{{0, 1}, {1, 1}, {2, 1}});
  }
  SUBCASE("a finished game has no move") {
    const Small empty{0, 0};
    const auto over = analyse(empty, NimRules<SmallHeap>{true, {}});
    CHECK(over.game_over);
    CHECK(over.winning);  // misère: the opponent took the last object
    CHECK(over.move == std::nullopt);
  }
  SUBCASE("under a cap, the Grundy sum") {
    const Small capped{4, 5};
    const auto analysis_capped = analyse(capped, NimRules<SmallHeap>{false, 3});
    CHECK(analysis_capped.nim_sum == 1);
    CHECK(analysis_capped.grundy_sum == 1);  // 4 mod 4 = 0, 5 mod 4 = 1
    CHECK(analysis_capped.move == SmallMove{0, 3});
  }
  SUBCASE("the same seed gives the same random choice") {
    const Strategy random{Choice::random, WhenLosing::random};
    for (std::uint64_t seed = 0; seed < 20; ++seed)
      CHECK(analyse(position, NimRules<SmallHeap>{}, random, seed).move ==
            analyse(position, NimRules<SmallHeap>{}, random, seed).move);
  }
}

TEST_CASE("analyse agrees with the exhaustive search on every position it is given") {
  for (const auto& rules : testing::all_tested_rules()) {
    testing::Oracle oracle(rules);
    testing::for_each_position(3, 6, [&](const Small& position) {
      const auto analysis = analyse(position, rules, {}, 0, WinningMoves::list);
      CHECK(analysis.winning == oracle.winning(position));
      CHECK(*analysis.winning_moves == oracle.winning_moves(position));
      const IndexedPosition indexed(position, rules);
      SplitMix64 rng(0);
      CHECK(analyse(indexed, Strategy{}, rng).move == analysis.move);
    });
  }
}

}  // namespace
}  // namespace nim
