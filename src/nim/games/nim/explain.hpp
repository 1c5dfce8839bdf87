// Nim's --explain facts (nim/game_explanation.hpp) for the game's engine
// (nim/engine/engine_of.hpp): Bouton's explanation of the analysis (nim/explanation.hpp).
#pragma once

#include "nim/explanation.hpp"
#include "nim/game_analysis.hpp"
#include "nim/game_explanation.hpp"
#include "nim/games/nim/nim.hpp"

namespace nim {

template <HeapInteger Heap>
GameExplanation<Heap> explain_game(const NimRules<Heap>& game, const GameAnalysis<Heap>& analysis) {
  std::optional<Move<Heap>> move;
  if (analysis.move) move = as_take(*analysis.move);
  GameExplanation<Heap> explanation;
  explanation.bouton = explain(game, analysis.position, analysis.verdict.winning, move);
  return explanation;
}

}  // namespace nim
