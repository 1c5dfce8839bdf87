// Every ruleset of the table, checked against its own legal moves: each heap's Grundy value is the
// mex of the values it can move to (Sprague–Grundy), take_to_reach finds exactly the moves that
// reach a value, and the oracle (which asks the ruleset for moves alone) agrees with the solver.
#include <algorithm>
#include <cstddef>
#include <set>

#include "nim/position_view.hpp"
#include "nim/solver.hpp"
#include "support/game_table.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

constexpr SmallHeap largest_checked_heap = 40;

// The mex of the Grundy values that one move from a heap of size h reaches.
template <HeapSumRuleset Rules>
SmallHeap mex_of_moves(const Rules& rules, SmallHeap h) {
  std::set<SmallHeap> reached;
  for (SmallHeap take = 1; take <= rules.most_taken(h); ++take)
    if (rules.allows(h, take)) reached.insert(rules.grundy(h - take));
  SmallHeap mex = 0;
  while (reached.count(mex) > 0)
    ++mex;
  return mex;
}

template <HeapSumRuleset Rules>
void check_heap_values(const Rules& rules) {
  for (SmallHeap h = 0; h <= largest_checked_heap; ++h) {
    CAPTURE(h);
    const SmallHeap g = rules.grundy(h);
    CHECK(g == mex_of_moves(rules, h));
    if (rules.values_are_sizes()) CHECK(g == h);
    for (SmallHeap target = 0; target <= largest_checked_heap; ++target) {
      CAPTURE(target);
      std::optional<SmallHeap> reaching;
      for (SmallHeap take = 1; take <= rules.most_taken(h); ++take)
        if (rules.allows(h, take) && rules.grundy(h - take) == target) {
          REQUIRE_FALSE(reaching);  // a heap reaches each value by at most one move
          reaching = take;
        }
      CHECK(rules.take_to_reach(h, g, target) == reaching);
    }
  }
}

TEST_CASE("ruleset: every heap's Grundy value is the mex of the values its moves reach") {
  for (const auto& rules : testing::all_tested_rules()) {
    CAPTURE(testing::describe({}, rules));
    check_heap_values(rules);
  }
}

TEST_CASE("ruleset: the oracle, given only the ruleset's moves, agrees with the solver") {
  for (const auto& rules : testing::all_tested_rules()) {
    testing::Oracle oracle(rules);
    testing::for_each_position(3, 6, [&](const Position<SmallHeap>& position) {
      CAPTURE(testing::describe(position, rules));
      CHECK(oracle.winning(position) == is_winning(ScannedPosition(position, rules)));
    });
  }
}

TEST_CASE("ruleset: Nim's parameters on machine words, when they fit") {
  CHECK(NimRules<BigHeap>{true, std::nullopt}.with_heap<SmallHeap>() ==
        NimRules<SmallHeap>{true, std::nullopt});
  CHECK(NimRules<BigHeap>{.max_take = BigHeap(7)}.with_heap<SmallHeap>() ==
        NimRules<SmallHeap>{.max_take = 7});
  CHECK_FALSE(NimRules<BigHeap>{.max_take = BigHeap("18446744073709551616")}
                  .with_heap<SmallHeap>()
                  .has_value());
}

}  // namespace
}  // namespace nim
