// Bouton's explanation of a position of Nim, as values: every heap's value (its size, or under a
// cap its Grundy value), their XOR, the column that decides, which rule decides, and what the
// analysed move does to its heap. It holds all it tells (the rules and the sizes too), so that
// src/format writes it as binary rows and sentences from it alone; nothing here is text.
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "nim/analysis.hpp"
#include "nim/position.hpp"

namespace nim {

// What a row holds: the heap sizes, or under a cap the Grundy values h mod (K+1).
enum class ExplainedValues { sizes, grundy };

// The rule that decides the position, and the one the move aims at.
enum class Reasoning {
  game_over,  // no objects are left
  // The sum decides: the mover wins iff it is not 0, and a winning move makes it 0. Normal play,
  // and misère play while some heap is worth 2 or more (a winning move then leaves one).
  sum,
  // Misère play with every heap worth 0 or 1: whoever faces an odd number of heaps worth 1 loses.
  odd_ones,
  // Misère play with one heap worth 2 or more (the sum decides: always won), and a move that
  // brings it to 0 or 1, leaving an odd number of heaps worth 1: the rule switches to odd_ones.
  // (Under a cap a winning move may instead raise another heap to 2 or more: that is `sum`.)
  misere_switch,
};

template <HeapInteger Heap>
struct Explanation {
  ExplainedValues values = ExplainedValues::sizes;
  Reasoning reasoning = Reasoning::sum;
  bool winning = false;              // the player to move wins with perfect play
  bool misere = false;               // the rules: misère play
  std::optional<Heap> max_take{};    // the rules: the cap, if any
  std::vector<Heap> sizes{};         // the heaps
  std::vector<Heap> rows{};          // each heap's value, in heap order
  Heap sum{};                        // XOR of the rows: the nim-sum, or the Grundy sum
  unsigned width = 1;                // bits of the largest row, at least 1
  std::optional<unsigned> column{};  // the sum's highest 1, counted from the right; none if 0
  std::size_t ones = 0;              // rows worth exactly 1

  // What the analysed move (the analysis's own) does; meaningful when `move` is set.
  std::optional<Move<Heap>> move{};
  Heap value_before{};         // the moved heap's row
  Heap value_after{};          // its row after the move
  Heap sum_after{};            // XOR of the rows after the move
  std::size_t ones_after = 0;  // rows worth exactly 1 after the move
  // Under a cap the value may rise: the move then goes below a multiple of K+1 (from 5 with
  // K = 3, value 1, taking 3 leaves 2, value 2).
  bool wraps = false;

  Heap row_after(std::size_t i) const { return move && move->heap == i ? value_after : rows[i]; }
  Heap size_after(std::size_t i) const { return heap_after(std::span<const Heap>(sizes), move, i); }
};

// The explanation of `position` under `rules`, whose verdict is `winning`, and of `move` (the
// analysis's own: a winning move, or the best try), none when the game is over.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
Explanation<Heap> explain(const Rules& rules, std::span<const Heap> position, bool winning,
                          const std::optional<Move<Heap>>& move) {
  Explanation<Heap> e;
  e.values = rules.values_are_sizes() ? ExplainedValues::sizes : ExplainedValues::grundy;
  e.winning = winning;
  e.misere = rules.misere;
  e.max_take = rules.max_take;
  e.sizes.assign(position.begin(), position.end());
  e.rows.reserve(position.size());
  std::size_t worth_two_or_more = 0;  // misère play turns on this count
  for (const Heap& h : position) {
    Heap value = rules.grundy(h);
    e.sum ^= value;
    e.width = std::max(e.width, bit_length(value));
    if (value == Heap(1)) ++e.ones;
    if (value >= Heap(2)) ++worth_two_or_more;
    e.rows.push_back(std::move(value));
  }
  if (!is_zero(e.sum)) e.column = bit_length(e.sum) - 1;

  e.move = move;
  std::size_t worth_two_or_more_after = worth_two_or_more;
  if (e.move) {
    const Heap& size = position[e.move->heap];
    e.value_before = e.rows[e.move->heap];
    e.value_after = rules.grundy(Heap(size - e.move->count));
    e.sum_after = Heap(e.sum ^ e.value_before) ^ e.value_after;
    e.ones_after =
        e.ones - (e.value_before == Heap(1) ? 1 : 0) + (e.value_after == Heap(1) ? 1 : 0);
    worth_two_or_more_after -= e.value_before >= Heap(2) ? 1 : 0;
    worth_two_or_more_after += e.value_after >= Heap(2) ? 1 : 0;
    e.wraps = e.value_before < e.value_after;
  }

  if (std::ranges::all_of(position, [](const Heap& h) { return is_zero(h); }))
    e.reasoning = Reasoning::game_over;
  else if (rules.misere && worth_two_or_more == 0)
    e.reasoning = Reasoning::odd_ones;
  else if (rules.misere && worth_two_or_more == 1 && e.move && worth_two_or_more_after == 0)
    e.reasoning = Reasoning::misere_switch;
  else
    e.reasoning = Reasoning::sum;
  return e;
}

template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
Explanation<Heap> explain(const Analysis<Rules>& analysis) {
  return explain(analysis.rules, analysis.position, analysis.winning, analysis.move);
}

}  // namespace nim
