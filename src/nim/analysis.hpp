// The library's entry point: analyse a position under rules, and get back everything a record of
// it shows (who wins, the move the strategy picks, the totals, every winning move if asked).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "nim/position.hpp"
#include "nim/position_view.hpp"
#include "nim/random.hpp"
#include "nim/ruleset.hpp"
#include "nim/solver.hpp"
#include "nim/strategy.hpp"

namespace nim {

enum class WinningMoves { omit, list };

template <HeapSumRuleset RulesT>
struct Analysis {
  using Rules = RulesT;
  using Heap = typename Rules::Heap;

  std::span<const Heap> position;  // the position analysed: the caller's, not a copy
  Rules rules;
  Heap nim_sum{};                    // XOR of the heap sizes
  Heap grundy_sum{};                 // XOR of the Grundy values (the nim-sum without a cap)
  bool winning = false;              // the player to move wins with perfect play
  bool game_over = false;            // every heap is empty
  std::optional<Move<Heap>> move{};  // the strategy's move; none when the game is over
  std::optional<std::vector<Move<Heap>>> winning_moves{};  // with WinningMoves::list, in heap order

  // Heap i of the position after `move`: the next position, one heap at a time, without a copy.
  Heap heap_after(std::size_t i) const { return nim::heap_after(position, move, i); }
};

// Analyses a view of the position (a ScannedPosition, or the IndexedPosition of a playout).
// `rng` is drawn from only by random policies. Always inlined: called out of line from the game
// loop's source, GCC 12 builds the result on the stack and copies it, which made a playout of
// small heaps 15% slower.
template <PositionView View>
[[gnu::always_inline]] inline Analysis<typename View::Rules> analyse(
    const View& view, const Strategy& strategy, SplitMix64& rng,
    WinningMoves winning = WinningMoves::omit) {
  Analysis<typename View::Rules> analysis{.position = view.heaps(), .rules = view.rules()};
  analysis.nim_sum = view.tally().nim_sum;
  analysis.grundy_sum = view.tally().grundy_sum;
  analysis.winning = is_winning(view);
  analysis.game_over = is_over(view);
  analysis.move = choose_move(view, strategy, rng);
  if (winning == WinningMoves::list) analysis.winning_moves = winning_moves(view);
  return analysis;
}

// Analyses a position; a random policy draws from a generator started at `seed`, so the same
// seed gives the same analysis.
template <HeapSumRuleset Rules>
Analysis<Rules> analyse(const Position<typename Rules::Heap>& position, const Rules& rules,
                        const Strategy& strategy = {}, std::uint64_t seed = 0,
                        WinningMoves winning = WinningMoves::omit) {
  SplitMix64 rng(seed);
  return analyse(ScannedPosition(position, rules), strategy, rng, winning);
}
// An analysis refers to its position: a temporary would dangle.
template <HeapSumRuleset Rules>
Analysis<Rules> analyse(Position<typename Rules::Heap>&&, const Rules&, const Strategy& = {},
                        std::uint64_t = 0, WinningMoves = WinningMoves::omit) = delete;

}  // namespace nim
