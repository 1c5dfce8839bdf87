// Take-and-break game's --explain facts (nim/game_explanation.hpp): each heap's value, the values
// its options reach (heaps within the values computed, whose options are read from them) or the
// heap of the period it repeats (heaps beyond). For the game's engine (nim/engine/engine_of.hpp),
// which its engine_small.cpp and engine_big.cpp compile.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "nim/game_analysis.hpp"
#include "nim/game_explanation.hpp"
#include "nim/games/take_and_break/board.hpp"
#include "nim/games/take_and_break/take_and_break.hpp"

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
    if (h < Heap(computed))
      row.reached = game.option_values(h);
    else {
      const Period& period = *explanation.period;
      row.same_as =
          period.pre_period +
          detail::small_value(Heap(Heap(h - Heap(period.pre_period)) % Heap(period.period)));
    }
    explanation.heaps.push_back(std::move(row));
  }
  return explanation;
}

}  // namespace nim
