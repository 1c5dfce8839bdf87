#include "nim/explanation.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/oracle.hpp"

namespace nim {
namespace {

using Small = Position<SmallHeap>;
using SmallMove = Move<SmallHeap>;

// The values Bouton's method works on, computed here without the library: h, or h mod (K+1).
SmallHeap value_of(SmallHeap h, const NimRules<SmallHeap>& rules) {
  return rules.max_take ? h % (*rules.max_take + 1) : h;
}

std::vector<SmallHeap> values_of(const Small& position, const NimRules<SmallHeap>& rules) {
  std::vector<SmallHeap> values;
  for (SmallHeap h : position)
    values.push_back(value_of(h, rules));
  return values;
}

SmallHeap xor_of(const std::vector<SmallHeap>& values) {
  SmallHeap x = 0;
  for (SmallHeap v : values)
    x ^= v;
  return x;
}

std::size_t count_if_value(const std::vector<SmallHeap>& values, bool (*test)(SmallHeap)) {
  return static_cast<std::size_t>(std::count_if(values.begin(), values.end(), test));
}

bool is_one(SmallHeap v) {
  return v == 1;
}
bool two_or_more(SmallHeap v) {
  return v >= 2;
}

TEST_CASE("the classroom notebook's positions: 3 4 5 6 is won, 5 4 1 is lost") {
  const Small won{3, 4, 5, 6};
  const auto e = explain(analyse(won, NimRules<SmallHeap>{}));
  CHECK(e.winning);
  CHECK(e.values == ExplainedValues::sizes);
  CHECK(e.reasoning == Reasoning::sum);
  CHECK(e.rows == std::vector<SmallHeap>{3, 4, 5, 6});
  CHECK(e.sum == 4);
  CHECK(e.width == 3);
  CHECK(e.column == 2u);
  REQUIRE(e.move);
  CHECK(*e.move == SmallMove{1, 4});  // heap 1 (0-based) goes from 4 to 0, leaving 3 0 5 6
  CHECK(e.value_before == 4);
  CHECK(e.value_after == 0);
  CHECK(e.sum_after == 0);
  CHECK_FALSE(e.wraps);

  const Small lost{5, 4, 1};
  const auto f = explain(analyse(lost, NimRules<SmallHeap>{}));
  CHECK_FALSE(f.winning);  // the notebook printed the move [1, 4, 1]
  CHECK(f.sum == 0);
  CHECK(f.column == std::nullopt);
  CHECK(f.width == 3);
  CHECK(f.move == SmallMove{0, 1});  // the best try: 1 from the largest heap
}

TEST_CASE("a finished game is explained as over, with no move") {
  const Small empty{0, 0, 0};
  for (const auto& rules : testing::all_tested_rules()) {
    const auto e = explain(analyse(empty, rules));
    CHECK(e.reasoning == Reasoning::game_over);
    CHECK(e.winning == rules.misere);
    CHECK(e.move == std::nullopt);
    CHECK(e.width == 1);  // at least one column, even for zeros
    CHECK(e.column == std::nullopt);
  }
}

TEST_CASE("big heaps: rows as wide as the largest, the column its highest bit") {
  const Position<BigHeap> position{BigHeap("1000000000000000000000000000000"), 3};
  const auto e = explain(analyse(position, NimRules<BigHeap>{}));
  CHECK(e.width == bit_length(position[0]));
  CHECK(e.width == 100);
  CHECK(e.column == 99u);
  REQUIRE(e.move);
  CHECK(e.move->heap == 0);
  CHECK(e.value_after == 3);
  CHECK(e.sum_after == 0);
}

// Every claim the explanation makes, against the exhaustive game-tree search, on every position of
// up to 4 heaps of at most 7, under every rule set and every policy.
TEST_CASE("every claim of the explanation agrees with the exhaustive search") {
  for (const auto& rules : testing::all_tested_rules()) {
    testing::Oracle oracle(rules);
    testing::for_each_position(4, 7, [&](const Small& position) {
      const std::vector<SmallHeap> values = values_of(position, rules);
      const SmallHeap sum = xor_of(values);
      const std::size_t ones = count_if_value(values, is_one);
      const std::size_t big = count_if_value(values, two_or_more);
      const bool over =
          std::all_of(position.begin(), position.end(), [](SmallHeap h) { return h == 0; });
      for (const Strategy& strategy : testing::all_strategies()) {
        INFO(testing::describe(position, rules, strategy));
        const auto analysis = analyse(position, rules, strategy, position.size() + position[0]);
        const auto e = explain(analysis);

        // The rows, their sum, its highest column.
        CHECK(e.values == (rules.max_take ? ExplainedValues::grundy : ExplainedValues::sizes));
        CHECK(e.rows == values);
        CHECK(e.sum == sum);
        CHECK(e.ones == ones);
        const SmallHeap largest = *std::max_element(values.begin(), values.end());
        CHECK(e.width == std::max<unsigned>(1, std::bit_width(largest)));
        if (sum == 0)
          CHECK(e.column == std::nullopt);
        else
          CHECK(e.column == std::bit_width(sum) - 1);
        const bool won = oracle.winning(position);
        REQUIRE(e.winning == won);
        CHECK(e.move == analysis.move);

        // Which rule decides, and that it decides as the explanation says.
        if (over) {
          CHECK(e.reasoning == Reasoning::game_over);
          continue;
        }
        if (rules.misere && big == 0) {
          REQUIRE(e.reasoning == Reasoning::odd_ones);
          CHECK(won == (ones % 2 == 0));  // an odd number of heaps worth 1 loses
        } else {
          // The sum decides, in misère play too while a heap is worth 2 or more.
          CHECK(won == (sum != 0));
        }

        // What the move does to its heap and to the rows.
        REQUIRE(e.move);
        const Small next = after(position, *e.move);
        const std::vector<SmallHeap> next_values = values_of(next, rules);
        const bool switches =
            rules.misere && big == 1 && count_if_value(next_values, two_or_more) == 0;
        if (big > 0 || !rules.misere)
          CHECK(e.reasoning == (switches ? Reasoning::misere_switch : Reasoning::sum));
        const std::size_t i = e.move->heap;
        CHECK(e.value_before == values[i]);
        CHECK(e.value_after == next_values[i]);
        CHECK(e.sum_after == xor_of(next_values));
        CHECK(e.ones_after == count_if_value(next_values, is_one));
        for (std::size_t k = 0; k < position.size(); ++k)
          CHECK(e.row_after(k) == next_values[k]);
        CHECK(e.wraps == (e.value_after > e.value_before));
        if (!won) continue;  // a best try: no claim beyond its values
        CHECK_FALSE(oracle.winning(next));

        switch (e.reasoning) {
          case Reasoning::sum:
            // The rows after the move XOR to 0: every column even.
            CHECK(e.sum_after == 0);
            // The chosen heap holds the deciding column's bit, so flipping its odd columns makes
            // it smaller; under a cap it may instead rise, going below a multiple of K+1.
            CHECK(test_bit(e.value_before, *e.column) == !e.wraps);
            CHECK(e.value_after == (e.value_before ^ sum));
            if (!rules.max_take) CHECK_FALSE(e.wraps);
            if (e.wraps) {
              const SmallHeap cap = *rules.max_take;
              CHECK(e.move->count == e.value_before + cap + 1 - e.value_after);
            }
            if (rules.max_take) CHECK(e.move->count <= *rules.max_take);
            // In misère play a heap worth 2 or more remains (two, in fact), so the sum still
            // decides.
            if (rules.misere) CHECK(count_if_value(next_values, two_or_more) >= 2);
            break;
          case Reasoning::odd_ones:
          case Reasoning::misere_switch:
            // The rule switches: every heap worth 0 or 1, an odd number of them 1.
            CHECK(count_if_value(next_values, two_or_more) == 0);
            CHECK(e.ones_after % 2 == 1);
            if (e.reasoning == Reasoning::misere_switch) CHECK(values[i] >= 2);
            break;
          case Reasoning::game_over:
            break;
        }
      }
    });
  }
}

}  // namespace
}  // namespace nim
