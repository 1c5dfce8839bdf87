// Each game's --explain facts (nim/game_explanation.hpp's GameExplanation), from its analysis: one
// overload of explain_game() a game, for the game's engine (engine_of.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "nim/game_analysis.hpp"
#include "nim/game_explanation.hpp"
#include "nim/games/table.hpp"

namespace nim {

template <HeapInteger Heap>
GameExplanation<Heap> explain_game(const TakeAndBreakRules<Heap>& game,
                                   const GameAnalysis<Heap>& analysis) {
  GameExplanation<Heap> explanation;
  explanation.searched = game.misere;
  explanation.period = game.sequence->period;
  const std::uint64_t computed = game.sequence->values.size();
  for (const Heap& h : analysis.position) {
    typename GameExplanation<Heap>::HeapValue row{h, game.value(h)};
    if (h <= Heap(most_listed_heap))
      row.reached = game.option_values(h);
    else if (!(h < Heap(computed))) {
      const Period& period = *explanation.period;
      row.same_as =
          period.pre_period +
          detail::small_value(Heap(Heap(h - Heap(period.pre_period)) % Heap(period.period)));
    }
    explanation.heaps.push_back(std::move(row));
  }
  return explanation;
}

template <HeapInteger Heap>
GameExplanation<Heap> explain_game(const MooreRules<Heap>&, const GameAnalysis<Heap>& analysis) {
  GameExplanation<Heap> explanation;
  unsigned bits = 1;
  for (const Heap& h : analysis.position)
    bits = std::max(bits, bit_length(h));
  for (unsigned bit = bits; bit-- > 0;) {
    std::uint64_t ones = 0;
    for (const Heap& h : analysis.position)
      ones += test_bit(h, bit) ? 1 : 0;
    explanation.column_ones.push_back(ones);
  }
  return explanation;
}

template <HeapInteger Heap>
GameExplanation<Heap> explain_game(const WythoffRules<Heap>& game,
                                   const GameAnalysis<Heap>& analysis) {
  GameExplanation<Heap> explanation;
  // The lost position the move leaves, or the position itself when it is lost.
  const std::span<const Heap> lost = analysis.verdict.winning && analysis.move
                                         ? std::span<const Heap>(analysis.next_position)
                                         : analysis.position;
  if (lost.size() != 2 || (game.misere && !analysis.verdict.winning)) return explanation;
  const BigHeap low = std::min(to_big(lost[0]), to_big(lost[1]));
  const BigHeap n = std::max(to_big(lost[0]), to_big(lost[1])) - low;
  if (wythoff::lower_of_difference(n, game.misere) != low || (game.misere && n <= 1))
    return explanation;
  BigHeap root = 5 * n * n;
  mpz_sqrt(root.get_mpz_t(), root.get_mpz_t());
  explanation.wythoff = {n, low, root};
  return explanation;
}

template <HeapInteger Heap>
GameExplanation<Heap> explain_game(const StaircaseRules<Heap>& game, const GameAnalysis<Heap>&) {
  GameExplanation<Heap> explanation;
  explanation.searched = game.misere;
  return explanation;
}

template <HeapInteger Heap>
GameExplanation<Heap> explain_game(const LaskerRules<Heap>& game,
                                   const GameAnalysis<Heap>& analysis) {
  GameExplanation<Heap> explanation;
  explanation.searched = game.misere;
  for (const Heap& h : analysis.position)
    explanation.values.push_back(LaskerRules<Heap>::grundy(h));
  return explanation;
}

}  // namespace nim
