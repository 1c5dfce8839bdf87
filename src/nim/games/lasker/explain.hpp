// Lasker's Nim's --explain facts (nim/game_explanation.hpp): each heap's value by the theory. For
// the game's engine (nim/engine/engine_of.hpp), which its engine_small.cpp and engine_big.cpp
// compile.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "nim/game_analysis.hpp"
#include "nim/game_explanation.hpp"
#include "nim/games/lasker/lasker.hpp"

namespace nim {

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
