// Wythoff's game's --explain facts (nim/game_explanation.hpp): the lost position the move leaves,
// with its index n and the square root that gives it. For the game's engine
// (nim/engine/engine_of.hpp), which its engine_small.cpp and engine_big.cpp compile.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "nim/game_analysis.hpp"
#include "nim/game_explanation.hpp"
#include "nim/games/wythoff/wythoff.hpp"

namespace nim {

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

}  // namespace nim
