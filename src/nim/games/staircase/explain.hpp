// Staircase Nim's --explain facts (nim/game_explanation.hpp): whether misère play was searched. For
// the game's engine (nim/engine/engine_of.hpp), which its engine_small.cpp and engine_big.cpp
// compile.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "nim/game_analysis.hpp"
#include "nim/game_explanation.hpp"
#include "nim/games/staircase/staircase.hpp"

namespace nim {

template <HeapInteger Heap>
GameExplanation<Heap> explain_game(const StaircaseRules<Heap>& game, const GameAnalysis<Heap>&) {
  GameExplanation<Heap> explanation;
  explanation.searched = game.misere;
  return explanation;
}

}  // namespace nim
