// Lasker's Nim (Winning Ways, ch. 4): a move takes one or more objects from one heap, or splits a
// heap into two nonempty heaps without taking any. A heap of h is worth h, except that the values
// of 4k + 3 and 4k + 4 are swapped: g(4k + 3) = 4k + 4, g(4k + 4) = 4k + 3. The position is worth
// the XOR of its heaps' values. Misère play has no such theory: the library searches it
// (game_solver).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nim/games/capabilities.hpp"
#include "nim/games/game_move.hpp"
#include "nim/games/game_spec.hpp"
#include "nim/period.hpp"

namespace nim {

template <HeapInteger HeapT>
struct LaskerRules {
  using Heap = HeapT;
  // The game's row (nim/games/row_of.hpp): its name, words and facts. A move may split a heap, and
  // a heap of 2^64 - 1 is worth 2^64 (grundy()), beyond a machine word.
  static constexpr std::string_view name = "lasker";
  static constexpr std::string_view summary = " (take from a heap, or split it in two)";
  static GameSpec named_spec() { return spec_of_kind(GameSpec::Kind::lasker); }
  static std::string title(const GameSpec&) { return "Lasker's Nim"; }
  static std::string rules_text(const GameSpec&) {
    return "Lasker's Nim: take any number of objects from one heap, or split a heap into two "
           "nonempty heaps";
  }
  static constexpr std::string_view grundy_formula =
      "G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3";
  static bool moves_may_split(const GameSpec&) { return true; }
  static constexpr SmallHeap largest_machine_heap = ~SmallHeap{0} - 1;
  static constexpr TypedMoveWords typed_move{
      .prompt = "heap count, or heap 0 parts",
      .start =
          "heap and count (4 1 takes 1 from heap 4), or the heap, 0 and two parts (4 0 1 3 "
          "splits heap 4 into 1 and 3)",
      .unreadable = "a heap and a count (4 1), or a heap, 0 and two parts (4 0 1 3)"};

  bool misere = false;

  static LaskerRules from(const PreparedGame& game) { return {game.spec().misere}; }

  std::string description() const { return "Lasker's Nim"; }
  bool order_free() const { return true; }
  static constexpr bool knows_misere() { return false; }
  void check(std::span<const Heap>) const {}

  // A heap's Grundy value. The map is its own inverse: the heap worth v is grundy(v).
  static Heap grundy(const Heap& h) {
    const Heap rest(h % Heap(4));
    if (rest == Heap(3)) return Heap(h + Heap(1));
    if (is_zero(rest) && !is_zero(h)) return Heap(h - Heap(1));
    return h;
  }

  // The period of the heaps' values: G(h + 4) = G(h) + 4 from heap 1 on (G(4) = 3, not 4).
  static std::optional<Period> grundy_period() { return Period{1, 4, 4, Period::Proof::theory}; }

  // Takes of 1 to h, then the splits (a, h - a) for a from 1 to h / 2.
  template <class Visit>
  bool for_each_move_from(std::span<const Heap> position, std::size_t i, Visit visit) const {
    const Heap& h = position[i];
    for (Heap count(1); count <= h; ++count)
      if (!visit(GameMove<Heap>::single(i, count))) return false;
    for (Heap left(1); Heap(left + left) <= h; ++left)
      if (!visit(split(i, left, Heap(h - left)))) return false;
    return true;
  }

  BigHeap move_count_from(std::span<const Heap> position, std::size_t i) const {
    const BigHeap h = to_big(position[i]);
    return BigHeap(h + h / 2);
  }
  GameMove<Heap> nth_move_from(std::span<const Heap> position, std::size_t i,
                               const BigHeap& n) const {
    const Heap& h = position[i];
    if (n < to_big(h)) return GameMove<Heap>::single(i, *narrow<Heap>(BigHeap(n + 1)));
    const Heap left = *narrow<Heap>(BigHeap(n - to_big(h) + 1));
    return split(i, left, Heap(h - left));
  }

  bool is_legal(std::span<const Heap> position, const GameMove<Heap>& move) const {
    if (move.takes.size() != 1 || move.heap() >= position.size()) return false;
    const Heap& h = position[move.heap()];
    const Heap& count = move.takes.front().count;
    if (!move.split) return !is_zero(count) && count <= h;
    const auto& [left, right] = *move.split;
    return is_zero(count) && !is_zero(left) && left <= right && !(h < left) &&
           Heap(h - left) == right;
  }

  void apply(Position<Heap>& heaps, const GameMove<Heap>& move) const { apply_takes(heaps, move); }

  // Each heap's value where every one fits a machine word (on GMP heaps they are as large as the
  // heaps), the sum, and the first heap's move to value XOR sum: a take down to the heap worth
  // it, else (a heap of 4k + 3 to be worth 4k + 3, whose heap is 4k + 4) the split (1, 4k + 2),
  // worth 1 XOR (4k + 2) = 4k + 3.
  void solve(std::span<const Heap> position, Verdict<Heap>& verdict) const {
    std::vector<std::uint64_t>& values = verdict.new_grundy_values();
    Heap sum(0);
    for (const Heap& h : position) {
      const Heap v = grundy(h);
      sum ^= v;
      if constexpr (std::same_as<Heap, SmallHeap>)
        values.push_back(v);
      else if (verdict.grundy_values && fits_small(v))
        values.push_back(to_small(v));
      else
        verdict.grundy_values.reset();
    }
    verdict.grundy_sum = sum;
    verdict.winning = !is_zero(sum);
    // Misère play: the search answers (game_solver).
    if (verdict.winning && !misere && move_to_sum(position, Heap(0), verdict.new_winning_move()))
      return;
    verdict.winning_move.reset();
  }

  // A move after which the position's Grundy sum is `wanted`, into `move` (empty).
  bool move_to_sum(std::span<const Heap> position, const Heap& wanted, GameMove<Heap>& move) const {
    Heap sum(wanted);
    for (const Heap& h : position)
      sum ^= grundy(h);
    for (std::size_t i = 0; i < position.size() && !is_zero(sum); ++i) {
      const Heap& h = position[i];
      const Heap target(grundy(h) ^ sum);
      if (!(target < grundy(h))) continue;
      if (const Heap to = grundy(target); to < h)
        move.takes.push_back({i, Heap(h - to)});
      else
        move = split(i, Heap(1), Heap(h - Heap(1)));
      return true;
    }
    return false;
  }

  template <HeapInteger To>
  LaskerRules<To> with_heap() const {
    return {misere};
  }

 private:
  static GameMove<Heap> split(std::size_t i, Heap left, Heap right) {
    return {{{i, Heap(0)}}, {{std::move(left), std::move(right)}}};
  }
};

}  // namespace nim
