// Nim's --explain facts (nim/game_explanation.hpp) for the game's engine
// (nim/engine/engine_of.hpp): each heap's Grundy value, the heap itself (with a cap K, the heap mod
// K + 1), of which Bouton's table is made.
#pragma once

#include "nim/game_analysis.hpp"
#include "nim/game_explanation.hpp"
#include "nim/games/nim/nim.hpp"

namespace nim {

template <HeapInteger Heap>
GameExplanation<Heap> explain_game(const NimRules<Heap>& game, const GameAnalysis<Heap>& analysis) {
  GameExplanation<Heap> explanation;
  for (const Heap& h : analysis.position)
    explanation.values.push_back(game.grundy(h));
  return explanation;
}

}  // namespace nim
