// A heap of a take-and-break game beyond periodic_from()
// (nim/games/take_and_break/take_and_break.hpp) finds its winning option as the heap of its
// option_class(): on GMP heaps, solve() then answers what the plain scan of the heap's own options
// answers on machine words, heap by heap past the bound. And the games whose moves only split.
#include "nim/games/take_and_break/take_and_break.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <utility>
#include <variant>
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

TEST_CASE("moves_only_split: exactly the games whose every move splits a heap and takes nothing") {
  // A person types such a move as its heap and parts alone (cli/input/game_move_text.hpp).
  const std::vector<std::pair<GameSpec, bool>> games{
      {GameSpec{.heap_game = grundys_game()}, true},
      {GameSpec{.heap_game = octal_game({4, 0})}, true},
      {GameSpec{.heap_game = octal_game({4, 0, 7})}, false},  // also takes 2
      {GameSpec{.heap_game = octal_game({0, 4})}, false},     // splits after a take of 1
      {GameSpec{.heap_game = octal_game({0, 7, 7})}, false},
      {GameSpec{.heap_game = subtraction_game({1, 2})}, false},
      {GameSpec{.kind = GameSpec::Kind::lasker, .heap_game = {}}, false},
      {GameSpec{.kind = GameSpec::Kind::nim, .heap_game = {}}, false},
  };
  for (const auto& game : games) {
    // Named, not bound: clang 14 cannot capture a structured binding (CAPTURE's lambda).
    const GameSpec& spec = game.first;
    const bool only_split = game.second;
    CAPTURE(only_split);
    const PreparedGame prepared(spec, BigHeap(7));
    bool every_move_splits = true;
    std::visit(
        [&](const auto& rules) {
          const Position<SmallHeap> position{5, 7};
          for_each_move(
              rules, std::span<const SmallHeap>(position), [&](const GameMove<SmallHeap>& move) {
                every_move_splits =
                    every_move_splits && move.split.has_value() && move.takes.front().count == 0;
                return true;
              });
        },
        rules_of<SmallHeap>(prepared));
    CHECK(every_move_splits == only_split);
    CHECK(moves_only_split(spec) == only_split);
  }
}

}  // namespace
}  // namespace nim
