// A heap of a take-and-break game beyond periodic_from()
// (nim/games/take_and_break/take_and_break.hpp) finds its winning option as the heap of its
// option_class(): on GMP heaps, solve() then answers what the plain scan of the heap's own options
// answers on machine words, heap by heap past the bound.
#include "nim/games/take_and_break/take_and_break.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "support/game_table.hpp"

namespace nim {
namespace {

TEST_CASE("take-and-break: past periodic_from, a heap's winning option is its class's, moved") {
  for (const HeapGame& game :
       {octal_game({0, 7, 7}), octal_game({0, 0, 7}), octal_game({4, 0, 7}),
        octal_game({0, 1, 3, 7}), subtraction_game({1, 3, 4}), subtraction_game({2, 5, 6})}) {
    INFO(describe(game));
    const PreparedGame prepared(GameSpec{.heap_game = game}, 5000);
    const auto small = std::get<TakeAndBreakRules<SmallHeap>>(rules_of<SmallHeap>(prepared));
    const auto big = std::get<TakeAndBreakRules<BigHeap>>(rules_of<BigHeap>(prepared));
    const std::uint64_t from = *big.periodic_from();
    CHECK(big.option_class(BigHeap(to_big(from - 1))) == std::nullopt);
    for (SmallHeap h = from - 3; h < from + 400; ++h)
      for (SmallHeap other = 0; other <= 40; ++other) {
        const Position<SmallHeap> position{other, h};
        const Position<BigHeap> big_position{to_big(other), to_big(h)};
        Verdict<SmallHeap> expected;
        Verdict<BigHeap> answered;
        small.solve(std::span<const SmallHeap>(position), expected);
        big.solve(std::span<const BigHeap>(big_position), answered);
        REQUIRE(answered.winning == expected.winning);
        if (!expected.winning_move) {
          CHECK_FALSE(answered.winning_move);
          continue;
        }
        REQUIRE(answered.winning_move);
        CHECK(narrow_move<SmallHeap>(*answered.winning_move) == expected.winning_move);
      }
  }
}

}  // namespace
}  // namespace nim
