#include "nim/analysis.hpp"

#include <doctest/doctest.h>

#include <set>
#include <utility>
#include <vector>

#include "nim/indexed_position.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;
using SmallMove = Move<SmallHeap>;
// Moves as (heap, count) pairs, which sort.
using MoveSet = std::set<std::pair<std::size_t, SmallHeap>>;

std::pair<std::size_t, SmallHeap> as_pair(const SmallMove& move) {
  return {move.heap, move.count};
}

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
    CHECK(listed.move == SmallMove{0, 1});
    // A lost position has none; under a cap (K = 3, Grundy values 3, 0, 1 with G = 2) each heap's
    // move takes two.
    const Small lost{1, 3, 5, 7}, capped{3, 4, 5};
    CHECK(analyse(lost, NimRules<SmallHeap>{}, {}, 0, WinningMoves::list).winning_moves ==
          std::vector<SmallMove>{});
    CHECK(analyse(capped, NimRules<SmallHeap>{false, 3}, {}, 0, WinningMoves::list).winning_moves ==
          std::vector<SmallMove>{{0, 2}, {1, 2}, {2, 2}});
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
  SUBCASE("a random policy draws from the seed: other seeds, other winning moves") {
    const Strategy random{Choice::random, WhenLosing::random};
    MoveSet seen;
    for (std::uint64_t seed = 0; seed < 20; ++seed)
      seen.insert(as_pair(*analyse(position, NimRules<SmallHeap>{}, random, seed).move));
    CHECK(seen == MoveSet{{0, 1}, {1, 1}, {2, 1}});
  }
}

// The moves of each policy from the positions of issue 3, over many seeds for the random ones.
MoveSet moves_over_seeds(const Small& position, const NimRules<SmallHeap>& rules,
                         const Strategy& strategy) {
  MoveSet seen;
  for (std::uint64_t seed = 0; seed < 200; ++seed)
    seen.insert(as_pair(*analyse(position, rules, strategy, seed).move));
  return seen;
}

TEST_CASE("which winning move: the first, the largest heap's, or any at random (issue 3)") {
  const NimRules<SmallHeap> normal;
  const Small position{1, 3, 5, 6};
  CHECK(analyse(position, normal).move == SmallMove{0, 1});
  CHECK(analyse(position, normal, {Choice::largest}).move == SmallMove{2, 1});
  // Largest among equal sizes: the lowest index.
  const Small equal_sizes{3, 6, 1, 6};
  CHECK(analyse(equal_sizes, normal).move == SmallMove{0, 2});
  CHECK(analyse(equal_sizes, normal, {Choice::largest}).move == SmallMove{1, 2});
  CHECK(moves_over_seeds(position, normal, {Choice::random}) == MoveSet{{0, 1}, {1, 1}, {2, 1}});
}

TEST_CASE("what to play when losing: one from the largest or the first heap, or at random") {
  const NimRules<SmallHeap> normal;
  const Small lost{1, 3, 2};
  CHECK(analyse(lost, normal).move == SmallMove{1, 1});
  CHECK(analyse(lost, normal, {Choice::first, WhenLosing::first_one}).move == SmallMove{0, 1});
  const Small first_empty{0, 2, 2};
  CHECK(analyse(first_empty, normal, {Choice::first, WhenLosing::first_one}).move ==
        SmallMove{1, 1});
  // The policy for lost positions leaves won positions alone.
  const Small won{1, 3, 5, 6};
  CHECK(analyse(won, normal, {Choice::first, WhenLosing::first_one}).move == SmallMove{0, 1});
  // At random: every legal move for some seed, under the cap, never from an empty heap.
  const Strategy random{Choice::first, WhenLosing::random};
  CHECK(moves_over_seeds(lost, normal, random) ==
        MoveSet{{0, 1}, {1, 1}, {1, 2}, {1, 3}, {2, 1}, {2, 2}});
  const Small capped{0, 4, 4};
  CHECK(moves_over_seeds(capped, {false, 2}, random) == MoveSet{{1, 1}, {1, 2}, {2, 1}, {2, 2}});
}

TEST_CASE("known misère and capped positions: verdict, move and Grundy sum (issue 3)") {
  const NimRules<SmallHeap> misere{true, {}}, cap3{false, 3}, both{true, 3};
  for (const auto& lost : std::vector<std::pair<Small, NimRules<SmallHeap>>>{
           {{1, 1, 1}, misere}, {{1}, misere}, {{4}, cap3}, {{5}, both}}) {
    INFO(testing::describe(lost.first, lost.second));
    CHECK_FALSE(analyse(lost.first, lost.second).winning);
  }
  const Small two{2}, three{3, 1, 1}, five{5}, ones{1, 1, 0}, capped_lost{4, 8};
  CHECK(analyse(two, misere).move == SmallMove{0, 1});
  CHECK(analyse(three, misere).move == SmallMove{0, 2});
  const auto capped_five = analyse(five, cap3);
  CHECK(capped_five.winning);
  CHECK(capped_five.move == SmallMove{0, 1});
  CHECK(capped_five.grundy_sum == 1);
  // Misère with only single objects: take one so that an odd number remain.
  CHECK(analyse(ones, misere).move == SmallMove{0, 1});
  // A lost capped position still takes 1 from the largest heap.
  const auto lost = analyse(capped_lost, cap3);
  CHECK_FALSE(lost.winning);
  CHECK(lost.move == SmallMove{1, 1});
  // Both rules: the Grundy values are the sizes mod 4, (7 mod 4) xor (2 mod 4) = 1.
  const Small seven_two{7, 2};
  CHECK(analyse(seven_two, both).grundy_sum == 1);
}

TEST_CASE("analyse agrees with the exhaustive search on every position it is given") {
  for (const auto& rules : testing::all_tested_rules()) {
    testing::Oracle oracle(rules);
    testing::for_each_position(3, 6, [&](const Small& position) {
      const auto analysis = analyse(position, rules, {}, 0, WinningMoves::list);
      CHECK(analysis.winning == oracle.winning(position));
      CHECK(*analysis.winning_moves == testing::as_takes(oracle.winning_moves(position)));
      const IndexedPosition indexed(position, rules);
      SplitMix64 rng(0);
      CHECK(analyse(indexed, Strategy{}, rng).move == analysis.move);
    });
  }
}

}  // namespace
}  // namespace nim
