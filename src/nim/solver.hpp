// Who wins, and which moves win, in a game that is a sum of heaps (a HeapSumRuleset), in normal
// play or, where the ruleset's misère theory is tame, in misère play.
//
// Every heap is worth its Grundy value g (for Nim h, or h mod (K+1) under a cap K); G is their XOR.
// Normal play: the mover wins iff G != 0. Misère play: the same while some heap has g >= 2; once
// every heap has g <= 1 the mover wins iff G == 0. tests/solver_test.cpp checks all of this
// against an exhaustive game-tree search.
//
// The functions take a PositionView: a ScannedPosition or an IndexedPosition.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "nim/games/game_move.hpp"
#include "nim/position.hpp"
#include "nim/position_view.hpp"
#include "nim/ruleset.hpp"

namespace nim {

template <PositionView View>
bool is_over(const View& view) {
  return view.tally().nonempty_count == 0;
}

// Whether the player to move wins, from the totals alone.
template <HeapSumRuleset Rules>
bool is_winning(const Tally<typename Rules::Heap>& tally, const Rules& rules) {
  if (rules.misere && tally.big_count == 0) return is_zero(tally.grundy_sum);
  return !is_zero(tally.grundy_sum);
}

template <PositionView View>
bool is_winning(const View& view) {
  return is_winning(view.tally(), view.rules());
}

// The Grundy value one heap must have for the position to be lost for the player to move, given
// the Grundy sum of the other heaps and whether one of them is worth 2 or more: G == 0, except in
// misère play with every value 0 or 1, where G == 1 loses.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
Heap losing_value(const Heap& others_sum, bool big_elsewhere, const Rules& rules) {
  return rules.misere && !big_elsewhere ? Heap(others_sum ^ Heap(1)) : others_sum;
}

// The winning move in heap i, if that heap has one. A heap never holds more than one: the opponent
// must be left a lost position, which fixes the Grundy value heap i must reach, and each Grundy
// value occurs once among the sizes one move can reach.
template <PositionView View>
std::optional<Move<typename View::Heap>> winning_move_in_heap(const View& view, std::size_t i) {
  using Heap = typename View::Heap;
  const auto& rules = view.rules();
  const Heap& h = view.heap(i);
  if (is_zero(h)) return std::nullopt;
  const Heap g = rules.grundy(h);
  const bool big_elsewhere = view.tally().big_count > (g >= Heap(2) ? 1u : 0u);
  const Heap target = losing_value(Heap(view.tally().grundy_sum ^ g), big_elsewhere, rules);
  if (auto count = rules.take_to_reach(h, g, target)) return Move<Heap>{i, *count};
  return std::nullopt;
}

// Every winning move, in heap order; empty in a lost or finished position.
template <PositionView View>
std::vector<Move<typename View::Heap>> winning_moves(const View& view) {
  std::vector<Move<typename View::Heap>> moves;
  if (!is_winning(view)) return moves;
  for (std::size_t i = 0; i < view.size(); ++i)
    if (auto move = winning_move_in_heap(view, i)) moves.push_back(*move);
  return moves;
}

// The winning move in the lowest-indexed heap that has one. When every heap is worth its own size
// (Nim without a cap) the heap is found by the
// view's queries (O(log n) on an IndexedPosition): normal play, or misère with two or more heaps of
// size >= 2, reduces the first heap holding the nim-sum's highest bit; misère with one such heap
// reduces it to 0 or 1 so as to leave an odd number of 1s; with none, it takes a lone 1.
template <PositionView View>
std::optional<Move<typename View::Heap>> first_winning_move(const View& view) {
  using Heap = typename View::Heap;
  if (is_over(view) || !is_winning(view)) return std::nullopt;
  if (!view.rules().values_are_sizes()) {
    for (std::size_t i = 0; i < view.size(); ++i)
      if (auto move = winning_move_in_heap(view, i)) return move;
    return std::nullopt;  // unreachable: a won position has a winning move
  }
  const auto& tally = view.tally();
  if (view.rules().misere && tally.big_count <= 1) {
    if (tally.big_count == 0) return Move<Heap>{view.first_with_bit(0), Heap(1)};
    const std::size_t big = view.largest();
    const Heap& h = view.heap(big);
    const Heap ones = tally.nim_sum ^ h;  // parity of the heaps of size 1
    return Move<Heap>{big, Heap(h - Heap(ones ^ Heap(1)))};
  }
  const std::size_t i = view.first_with_bit(bit_length(tally.nim_sum) - 1);
  const Heap& h = view.heap(i);
  return Move<Heap>{i, Heap(h - Heap(h ^ tally.nim_sum))};
}

// Each heap's Grundy value, into the verdict: the heaps themselves where they are their values
// (Nim without a cap, of any size: nothing is copied), or each heap modulo the rules'
// value_modulus() on machine words (Nim with a cap: nothing is computed), else each value, where
// every one fits a machine word.
template <HeapSumRuleset Rules, class Heap = typename Rules::Heap>
void fill_grundy_values(const Rules& rules, std::span<const Heap> position,
                        Verdict<Heap>& verdict) {
  verdict.values_are_heaps = rules.values_are_sizes();
  verdict.heap_modulus = 0;
  if constexpr (requires { rules.value_modulus(); })
    if (const std::optional<std::uint64_t> modulus = rules.value_modulus())
      verdict.heap_modulus = *modulus;
  if (verdict.values_are_heaps || verdict.heap_modulus != 0) {
    verdict.grundy_values.reset();
    return;
  }
  std::vector<std::uint64_t>& values = verdict.new_grundy_values();
  if constexpr (std::same_as<Heap, SmallHeap>) {
    for (const Heap& h : position)
      values.push_back(rules.grundy(h));
  } else {
    for (const Heap& h : position) {
      const Heap value = rules.grundy(h);
      if (!fits_small(value)) {
        verdict.grundy_values.reset();
        break;
      }
      values.push_back(to_small(value));
    }
  }
}

}  // namespace nim
