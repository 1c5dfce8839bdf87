// Wythoff's game's --explain facts (nim/game_explanation.hpp): the lost position the move leaves,
// with its index n and the square root that gives it. For the game's engine
// (nim/engine/engine_of.hpp), which its engine_small.cpp and engine_big.cpp compile.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <tuple>
#include <utility>
#include <vector>

#include "nim/game_analysis.hpp"
#include "nim/game_explanation.hpp"
#include "nim/games/wythoff/wythoff.hpp"

namespace nim {

// The lost positions whose smaller heap is at most `larger`, by their smaller heap: the first
// `shown` of them, and whether there are more.
inline std::pair<std::vector<std::array<BigHeap, 2>>, bool> wythoff_lost_up_to(
    const BigHeap& larger, bool misere, std::size_t shown) {
  std::vector<std::array<BigHeap, 2>> pairs;
  // a_n grows with n from n = 2 on; misère play's pairs for n = 0 and 1, (2, 2) and (0, 1), are
  // its two least, and (0, 1) counts when the larger heap is 0.
  for (BigHeap n = 0; (n <= 1 || wythoff::lower(n) <= larger) && pairs.size() <= shown; ++n) {
    const BigHeap a = wythoff::lower_of_difference(n, misere);
    if (a <= larger) pairs.push_back({a, BigHeap(a + n)});
  }
  std::ranges::sort(pairs, {}, [](const std::array<BigHeap, 2>& pair) { return pair[0]; });
  const bool more = pairs.size() > shown;
  if (more) pairs.resize(shown);
  return {std::move(pairs), more};
}

template <HeapInteger Heap>
GameExplanation<Heap> explain_game(const WythoffRules<Heap>& game,
                                   const GameAnalysis<Heap>& analysis) {
  GameExplanation<Heap> explanation;
  if (analysis.position.size() == 2)
    std::tie(explanation.wythoff_lost, explanation.wythoff_more_lost) =
        wythoff_lost_up_to(std::max(to_big(analysis.position[0]), to_big(analysis.position[1])),
                           game.misere, wythoff_lost_shown);
  // The lost position the move leaves, or the position itself when it is lost.
  const std::span<const Heap> lost = analysis.verdict.winning && analysis.move
                                         ? std::span<const Heap>(analysis.next_position)
                                         : analysis.position;
  if (lost.size() != 2 || (analysis.verdict.winning && !analysis.move)) return explanation;
  const BigHeap low = std::min(to_big(lost[0]), to_big(lost[1]));
  const BigHeap n = std::max(to_big(lost[0]), to_big(lost[1])) - low;
  if (wythoff::lower_of_difference(n, game.misere) != low) return explanation;
  if (game.misere && n <= 1) {
    explanation.wythoff_misere_pair = {{low, BigHeap(low + n)}};
    return explanation;
  }
  BigHeap root = 5 * n * n;
  mpz_sqrt(root.get_mpz_t(), root.get_mpz_t());
  explanation.wythoff = {n, low, root};
  return explanation;
}

}  // namespace nim
