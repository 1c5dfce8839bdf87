// Staircase Nim: coins on the steps of a staircase, the heaps being steps 1, 2, 3, ...; a move
// takes one or more coins from a step down to the step below (from step 1, off the staircase).
// The game is Nim on the odd steps (heaps 0, 2, 4, ... here): a move from an even step is undone
// by moving the same coins on, so the position's value is the XOR of the odd steps. Misère play
// has no such theory: the library searches it (misere_search).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "nim/games/capabilities.hpp"
#include "nim/games/game_move.hpp"

namespace nim {

template <HeapInteger HeapT>
struct StaircaseRules {
  using Heap = HeapT;
  // The game's row (nim/games/row_of.hpp): its name, words and facts. Its steps are in order, and
  // a move adds coins to the step below, so that one step may come to hold every coin.
  static constexpr std::string_view name = "staircase";
  static constexpr std::string_view summary = " (move coins down a step)";
  static GameSpec named_spec() { return spec_of_kind(GameSpec::Kind::staircase); }
  static std::string title(const GameSpec&) { return "Staircase Nim (heap 1 is the lowest step)"; }
  static std::string rules_text(const GameSpec&) {
    return "Staircase Nim: move one or more coins from a step to the step below (from step 1, off "
           "the staircase); heap 1 is the lowest step";
  }
  static std::string name_in_sentence(const GameSpec&, const std::string&) {
    return "staircase Nim";
  }
  static constexpr bool heap_order_matters = true;
  static constexpr bool heaps_may_grow = true;
  static constexpr bool heaps_are_steps = true;
  static constexpr TypedMoveWords typed_move{
      .prompt = "step count",
      .start = "step and count (3 1 moves 1 coin from step 3 down to step 2)",
      .unreadable = "a step and a count (3 1)"};

  bool misere = false;

  static StaircaseRules from(const PreparedGame& game) { return {game.spec().misere}; }

  std::string description() const { return "staircase Nim"; }
  bool order_free() const { return false; }
  static constexpr bool knows_misere() { return false; }
  void check(std::span<const Heap>) const {}

  template <class Visit>
  bool for_each_move_from(std::span<const Heap> position, std::size_t i, Visit visit) const {
    for (Heap count(1); count <= position[i]; ++count)
      if (!visit(GameMove<Heap>::single(i, count))) return false;
    return true;
  }

  BigHeap move_count_from(std::span<const Heap> position, std::size_t i) const {
    return to_big(position[i]);
  }
  GameMove<Heap> nth_move_from(std::span<const Heap>, std::size_t i, const BigHeap& n) const {
    return GameMove<Heap>::single(i, *narrow<Heap>(BigHeap(n + 1)));
  }

  bool is_legal(std::span<const Heap> position, const GameMove<Heap>& move) const {
    return !move.split && move.takes.size() == 1 && move.heap() < position.size() &&
           !is_zero(move.takes[0].count) && move.takes[0].count <= position[move.heap()];
  }

  void apply(Position<Heap>& steps, const GameMove<Heap>& move) const {
    const auto& [step, count] = move.takes.front();
    steps[step] -= count;
    if (step > 0) steps[step - 1] = Heap(steps[step - 1] + count);
  }

  void solve(std::span<const Heap> position, Verdict<Heap>& verdict) const {
    Heap sum(0);
    for (std::size_t i = 0; i < position.size(); i += 2)
      sum ^= position[i];
    verdict.grundy_values.reset();
    verdict.grundy_sum = sum;
    verdict.winning = !is_zero(sum);
    // Misère play: the search answers (game_solver).
    if (verdict.winning && !misere && move_to_sum(position, Heap(0), verdict.new_winning_move()))
      return;
    verdict.winning_move.reset();
  }

  // A move after which the position's Grundy sum (of the odd steps) is `wanted`, into `move`
  // (empty): the first step with one, an odd step lowered as in Nim, or coins from an even step
  // that raise the odd one below it.
  bool move_to_sum(std::span<const Heap> position, const Heap& wanted, GameMove<Heap>& move) const {
    Heap sum(wanted);
    for (std::size_t i = 0; i < position.size(); i += 2)
      sum ^= position[i];
    if (is_zero(sum)) return false;
    for (std::size_t i = 0; i < position.size(); ++i) {
      const Heap to = position[i - i % 2] ^ sum;
      std::optional<Heap> count;
      if (i % 2 == 0 && to < position[i]) count = Heap(position[i] - to);
      if (i % 2 == 1 && position[i - 1] < to && Heap(to - position[i - 1]) <= position[i])
        count = Heap(to - position[i - 1]);
      if (count) return move.takes.push_back({i, std::move(*count)}), true;
    }
    return false;
  }

  template <HeapInteger To>
  StaircaseRules<To> with_heap() const {
    return {misere};
  }
};

}  // namespace nim
