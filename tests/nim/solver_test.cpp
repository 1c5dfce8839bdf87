#include "nim/solver.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "nim/indexed_position.hpp"
#include "nim/position_view.hpp"
#include "nim/strategy.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;
using SmallMove = Move<SmallHeap>;

bool wins(const Small& position, const NimRules<SmallHeap>& rules = {}) {
  return is_winning(ScannedPosition(position, rules));
}

bool over(const Small& position) {
  return is_over(ScannedPosition(position, NimRules<SmallHeap>{}));
}

// The move each policy promises, worked out from the oracle's moves and the plain heap sizes, with
// the random draws replayed from the same seed.
std::optional<SmallMove> promised_move(testing::Oracle<NimRules<SmallHeap>>& oracle,
                                       const Small& position, const NimRules<SmallHeap>& rules,
                                       const Strategy& strategy, std::uint64_t seed) {
  std::vector<std::size_t> nonempty;
  for (std::size_t i = 0; i < position.size(); ++i)
    if (position[i] > 0) nonempty.push_back(i);
  if (nonempty.empty()) return std::nullopt;
  SplitMix64 rng(seed);
  const auto winning = testing::as_takes(oracle.winning_moves(position));
  if (!winning.empty()) {
    switch (strategy.choice) {
      case Choice::first:
        return winning.front();
      case Choice::largest: {
        SmallMove best = winning.front();
        for (const SmallMove& move : winning)
          if (position[move.heap] > position[best.heap]) best = move;
        return best;
      }
      case Choice::random:
        return winning[uniform_below(rng, winning.size())];
    }
  }
  switch (strategy.when_losing) {
    case WhenLosing::largest_one: {
      std::size_t largest = nonempty.front();
      for (std::size_t i : nonempty)
        if (position[i] > position[largest]) largest = i;
      return SmallMove{largest, 1};
    }
    case WhenLosing::first_one:
      return SmallMove{nonempty.front(), 1};
    case WhenLosing::random:
      break;
  }
  const std::size_t heap = nonempty[uniform_below(rng, nonempty.size())];
  const SmallHeap most =
      rules.max_take ? std::min(*rules.max_take, position[heap]) : position[heap];
  return SmallMove{heap, uniform_below(rng, most) + 1};
}

std::optional<SmallMove> first_move(const Small& position, NimRules<SmallHeap> rules = {}) {
  return first_winning_move(ScannedPosition(position, rules));
}

TEST_CASE("nim_sum is the XOR of the heap sizes") {
  CHECK(nim_sum(Small{5, 4, 3, 2}) == 0);
  CHECK(nim_sum(Small{4, 4, 4, 4, 2, 2, 1, 1, 7}) == 7);
  CHECK(nim_sum(Small{1, 1, 1, 1, 1, 1, 1}) == 1);
  CHECK(nim_sum(Small{}) == 0);

  SUBCASE("it obeys the laws of XOR") {
    const std::vector<SmallHeap> values{0, 1, 2, 7, 12, 1000, 0xffffffffffffffffULL};
    for (SmallHeap a : values) {
      CHECK(nim_sum(Small{a, a}) == 0);
      CHECK(nim_sum(Small{a, 0}) == a);
      for (SmallHeap b : values) {
        CHECK(nim_sum(Small{a, b}) == nim_sum(Small{b, a}));
        for (SmallHeap c : values)
          CHECK(nim_sum(Small{nim_sum(Small{a, b}), c}) == nim_sum(Small{a, nim_sum(Small{b, c})}));
      }
    }
  }
}

TEST_CASE("normal play: the mover wins iff the nim-sum is not zero") {
  const NimRules<SmallHeap> normal;
  CHECK_FALSE(wins(Small{1, 3, 5, 7}, normal));
  CHECK(wins(Small{1, 2, 32}, normal));
  CHECK_FALSE(wins(Small{0, 0, 0}, normal));
  CHECK(over(Small{0, 0, 0}));
  CHECK(over(Small{}));
}

TEST_CASE("the default move reduces the first heap that holds the nim-sum's highest bit") {
  CHECK(first_move({1, 2, 32}) == SmallMove{2, 29});
  CHECK(first_move({1, 21, 1}) == SmallMove{1, 21});
  CHECK(first_move({3, 4}) == SmallMove{1, 1});
  CHECK(first_move({0, 0, 0, 3, 4}) == SmallMove{4, 1});
  CHECK(first_move({1, 3, 5, 6}) == SmallMove{0, 1});
  CHECK(first_move({1, 3, 5, 7}) == std::nullopt);
}

TEST_CASE("misère play and a cap on the move: known cases") {
  const NimRules<SmallHeap> misere{true, {}};
  CHECK_FALSE(wins(Small{1, 1, 1}, misere));
  CHECK_FALSE(wins(Small{1}, misere));
  CHECK(wins(Small{0, 0}, misere));
  CHECK(first_move({2}, misere) == SmallMove{0, 1});
  CHECK(first_move({3, 1, 1}, misere) == SmallMove{0, 2});

  const NimRules<SmallHeap> cap3{false, 3};
  CHECK_FALSE(wins(Small{4}, cap3));
  CHECK(first_move({5}, cap3) == SmallMove{0, 1});

  SUBCASE("a cap of 2^64-1 is no cap at all, and does not overflow") {
    const NimRules<SmallHeap> huge_cap{false, 0xffffffffffffffffULL};
    const Small big{0xffffffffffffffffULL, 1};
    CHECK(first_move(big, huge_cap) == first_move(big));
  }
}

TEST_CASE("the solver agrees with an exhaustive game-tree search") {
  for (const auto& rules : testing::all_tested_rules()) {
    testing::Oracle oracle(rules);
    testing::for_each_position(4, 8, [&](const Small& position) {
      INFO(testing::describe(position, rules));
      const ScannedPosition view(position, rules);
      const bool won = oracle.winning(position);
      REQUIRE(is_winning(view) == won);

      const auto moves = winning_moves(view);
      REQUIRE(moves == testing::as_takes(oracle.winning_moves(position)));
      CHECK(first_winning_move(view) ==
            (moves.empty() ? std::nullopt : std::optional<SmallMove>(moves.front())));

      const IndexedPosition indexed(position, rules);
      CHECK(is_winning(indexed) == won);
      CHECK(first_winning_move(indexed) == first_winning_move(view));
      CHECK(indexed.largest() == view.largest());
      for (std::size_t k = 0; k <= position.size(); ++k)
        CHECK(indexed.nth_nonempty(k) == view.nth_nonempty(k));

      for (const Strategy& strategy : testing::all_strategies()) {
        const std::uint64_t seed = position.size() * 1000 + position[0];
        SplitMix64 rng(seed);
        const auto move = choose_move(view, strategy, rng);
        CHECK(move == promised_move(oracle, position, rules, strategy, seed));
        REQUIRE(move.has_value() == !is_over(view));
        if (!move) continue;
        REQUIRE(testing::is_legal(position, rules, *move));
        if (won) CHECK_FALSE(oracle.winning(after(position, *move)));
      }
    });
  }
}

TEST_CASE("two heaps up to 30, every rule set") {
  for (const auto& rules : testing::all_tested_rules()) {
    testing::Oracle oracle(rules);
    for (SmallHeap a = 0; a <= 30; ++a) {
      for (SmallHeap b = 0; b <= 30; ++b) {
        const Small position{a, b};
        INFO(testing::describe(position, rules));
        const ScannedPosition view(position, rules);
        REQUIRE(is_winning(view) == oracle.winning(position));
        REQUIRE(winning_moves(view) == testing::as_takes(oracle.winning_moves(position)));
      }
    }
  }
}

TEST_CASE("--choose largest plays in the largest heap with a winning move") {
  SplitMix64 rng(1);
  const Small position{1, 3, 5, 6};
  const auto move = choose_move(ScannedPosition(position, NimRules<SmallHeap>{}),
                                Strategy{Choice::largest, WhenLosing::largest_one}, rng);
  CHECK(move == SmallMove{2, 1});
}

}  // namespace
}  // namespace nim
