#include "nim/agent.hpp"

#include <doctest/doctest.h>

#include <vector>

#include "support/oracle.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;

// Calls check(position, rules) for every non-finished position of up to 3 heaps of size <= 5
// under every tested rule set.
template <class Check>
void for_each_game_position(Check check) {
  for (const auto& rules : testing::all_tested_rules())
    testing::for_each_position(3, 5, [&](const Small& position) {
      const ScannedPosition view(position, rules);
      if (!is_over(view)) check(view);
    });
}

TEST_CASE("agent perfect plays choose_move with the match's strategy, drawing the same numbers") {
  for (const Strategy& strategy : testing::all_strategies()) {
    std::uint64_t seed = 0;
    for_each_game_position([&](const ScannedPosition<NimRules<SmallHeap>>& view) {
      SplitMix64 ours(++seed), theirs(seed);
      CHECK(built_in_move(BuiltInAgent{.kind = BuiltInAgent::Kind::perfect}, view, strategy,
                          ours) == *choose_move(view, strategy, theirs));
      CHECK(ours() == theirs());
    });
  }
}

TEST_CASE("agent random plays random_move, whatever the strategy") {
  std::uint64_t seed = 0;
  for_each_game_position([&](const ScannedPosition<NimRules<SmallHeap>>& view) {
    SplitMix64 ours(++seed), theirs(seed);
    CHECK(built_in_move(BuiltInAgent{.kind = BuiltInAgent::Kind::random}, view,
                        Strategy{Choice::largest, WhenLosing::first_one},
                        ours) == *random_move(view, theirs));
    CHECK(ours() == theirs());
  });
}

TEST_CASE("agent difficulty:P plays choose_move_at_difficulty with P") {
  const Strategy strategy{Choice::random, WhenLosing::random};
  std::uint64_t seed = 0;
  for_each_game_position([&](const ScannedPosition<NimRules<SmallHeap>>& view) {
    for (double p : {0.0, 0.25, 0.5, 1.0}) {
      SplitMix64 ours(++seed), theirs(seed);
      const BuiltInAgent agent{.kind = BuiltInAgent::Kind::difficulty, .perfect = p};
      CHECK(built_in_move(agent, view, strategy, ours) ==
            *choose_move_at_difficulty(view, strategy, p, theirs));
      CHECK(ours() == theirs());
    }
  });
}

}  // namespace
}  // namespace nim
