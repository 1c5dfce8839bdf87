// A sum's --explain facts (nim/game_explanation.hpp): whether misère play was searched; the
// components' values are the analysis's. For the sum's engine, which engine_small.cpp and
// engine_big.cpp compile.
#pragma once

#include "nim/game_analysis.hpp"
#include "nim/game_explanation.hpp"
#include "nim/games/sum/sum.hpp"

namespace nim {

template <HeapInteger Heap>
GameExplanation<Heap> explain_game(const SumGame<Heap>& game, const GameAnalysis<Heap>&) {
  GameExplanation<Heap> explanation;
  explanation.searched = game.misere;
  return explanation;
}

}  // namespace nim
