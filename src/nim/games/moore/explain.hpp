// Moore's Nim's --explain facts (nim/game_explanation.hpp): the binary columns' counts of 1s. For
// the game's engine (nim/engine/engine_of.hpp), which its engine_small.cpp and engine_big.cpp
// compile.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "nim/game_analysis.hpp"
#include "nim/game_explanation.hpp"
#include "nim/games/moore/moore.hpp"

namespace nim {

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

}  // namespace nim
