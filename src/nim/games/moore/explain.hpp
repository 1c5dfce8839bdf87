// Moore's Nim's --explain facts (nim/game_explanation.hpp): the binary columns' counts of 1s,
// before the move and after it. For
// the game's engine (nim/engine/engine_of.hpp), which its engine_small.cpp and engine_big.cpp
// compile.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "nim/game_analysis.hpp"
#include "nim/game_explanation.hpp"
#include "nim/games/moore/moore.hpp"

namespace nim {

template <HeapInteger Heap>
GameExplanation<Heap> explain_game(const MooreRules<Heap>&, const GameAnalysis<Heap>& analysis) {
  GameExplanation<Heap> explanation;
  // The columns of the position's width, before the move and after it (none without a move).
  unsigned bits = 1;
  for (const Heap& h : analysis.position)
    bits = std::max(bits, bit_length(h));
  const auto columns = [&](std::span<const Heap> heaps) {
    std::vector<std::uint64_t> ones;
    for (unsigned bit = bits; bit-- > 0;)
      ones.push_back(std::ranges::count_if(heaps, [&](const Heap& h) { return test_bit(h, bit); }));
    return ones;
  };
  explanation.column_ones = columns(analysis.position);
  if (analysis.move) explanation.column_ones_after = columns(analysis.next_position);
  return explanation;
}

}  // namespace nim
