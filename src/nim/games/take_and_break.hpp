// The take-and-break games of heap_game.hpp (subtraction games, all-but subtraction games, octal
// games, Grundy's game) as games to play: a position is a sum of heaps, each worth its Grundy value
// from the game's GrundySequence (exact at any size beyond a proved period, refused beyond the
// values known otherwise). Misère play has no such theory: the library searches it (misere_search).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "nim/games/game_move.hpp"
#include "nim/grundy_sequence.hpp"
#include "nim/heap_game.hpp"

namespace nim {

// The game in words, for messages: "the octal game 0.77", "the subtraction game {1,3,4}".
inline std::string describe(const HeapGame& game) {
  const auto set = [&] {
    std::string text = "{";
    for (std::uint64_t k : game.set) {
      if (text.size() > 1) text += ',';
      text += std::to_string(k);
    }
    return text + '}';
  };
  switch (game.kind) {
    case HeapGameKind::subtraction:
      return "the subtraction game " + set();
    case HeapGameKind::all_but_subtraction:
      return "the all-but subtraction game " + set();
    case HeapGameKind::octal:
      return "the octal game " + octal_code(game);
    case HeapGameKind::grundy:
      break;
  }
  return "Grundy's game";
}

template <HeapInteger HeapT>
struct TakeAndBreakRules {
  using Heap = HeapT;

  std::shared_ptr<const GrundySequence> sequence;  // the game and its values, computed once
  bool misere = false;
  // For the smaller heaps (with_reach_masks()): bit v set when a move from the heap leaves value
  // v < 64, so that the search for a winning move skips the heaps without one at a glance.
  std::shared_ptr<const std::vector<std::uint64_t>> reach_masks{};

  const HeapGame& game() const { return sequence->game; }
  std::string description() const { return describe(game()); }
  bool order_free() const { return true; }
  bool knows_misere() const { return false; }
  void check(std::span<const Heap>) const {}

  // A heap's Grundy value; Unanswerable beyond what is known. The values computed first, inline:
  // the search for a winning split asks for thousands a position.
  [[gnu::always_inline]] GrundyValue value(const Heap& h) const {
    const std::vector<GrundyValue>& values = sequence->values;
    if constexpr (std::same_as<Heap, SmallHeap>)
      if (h < values.size()) return values[h];
    return value_beyond(h);
  }

  [[gnu::noinline]] GrundyValue value_beyond(const Heap& h) const {
    if (const auto value = grundy_value(*sequence, h)) return *value;
    throw Unanswerable("heap " + to_decimal(h) + " of " + describe(game()) +
                       " is beyond its Grundy values, known to heap " +
                       std::to_string(sequence->computed_to()) +
                       " with no proved period (--grundy-limit N computes further)");
  }

  template <class Visit>
  bool for_each_move_from(std::span<const Heap> position, std::size_t i, Visit visit) const {
    return each_move(position[i], std::nullopt,
                     [&](const Option& option, GrundyValue) { return visit(option.move(i)); });
  }

  bool is_legal(std::span<const Heap> position, const GameMove<Heap>& move) const {
    if (move.takes.size() != 1 || move.heap() >= position.size()) return false;
    const Heap& h = position[move.heap()];
    const Heap& k = move.takes.front().count;
    if (h < k) return false;
    const HeapGame& rules = game();
    if (move.split) {
      const auto& [left, right] = *move.split;
      if (is_zero(left) || is_zero(right) || Heap(left + right) != Heap(h - k)) return false;
      if (rules.kind == HeapGameKind::grundy) return is_zero(k) && left != right;
      return rules.kind == HeapGameKind::octal && k < Heap(rules.digits.size()) &&
             (rules.digits[detail::small_value(k)] & leave_two) != 0;
    }
    if (is_zero(k)) return false;
    switch (rules.kind) {
      case HeapGameKind::subtraction:
        return k <= Heap(rules.set.back()) &&
               std::ranges::binary_search(rules.set, detail::small_value(k));
      case HeapGameKind::all_but_subtraction:
        return Heap(rules.set.back()) < k ||
               !std::ranges::binary_search(rules.set, detail::small_value(k));
      case HeapGameKind::octal:
        return k < Heap(rules.digits.size()) &&
               (rules.digits[detail::small_value(k)] & (k == h ? leave_none : leave_one)) != 0;
      case HeapGameKind::grundy:
        break;
    }
    return false;
  }

  Position<Heap> after(std::span<const Heap> position, const GameMove<Heap>& move) const {
    return after_takes(position, move);
  }

  Verdict<Heap> solve(std::span<const Heap> position) const {
    Verdict<Heap> verdict;
    verdict.grundy_values.emplace();
    GrundyValue sum = 0;
    for (const Heap& h : position) {
      verdict.grundy_values->push_back(value(h));
      sum ^= static_cast<GrundyValue>(verdict.grundy_values->back());
    }
    verdict.grundy_sum = Heap(sum);
    verdict.winning = sum != 0;
    if (!verdict.winning || misere) return verdict;  // misère: the search answers (game_solver)
    // The first heap with an option worth its value XOR the sum; the one whose value has the sum's
    // highest bit always has one (an option of every smaller value: the mex).
    for (std::size_t i = 0; i < position.size(); ++i) {
      const GrundyValue target = static_cast<GrundyValue>((*verdict.grundy_values)[i]) ^ sum;
      if (reach_masks && target < 64 && position[i] < Heap(reach_masks->size()) &&
          ((*reach_masks)[detail::small_value(position[i])] >> target & 1) == 0)
        continue;
      each_move(position[i], split_scan_limit(), [&](const Option& option, GrundyValue value) {
        if (value != target) return true;
        verdict.winning_move = option.move(i);
        return false;
      });
      if (verdict.winning_move) break;
    }
    return verdict;
  }

  // The values of the positions one move leaves in a heap of size h (a split: its parts' XOR),
  // each once, increasing: what the heap's value is the mex of.
  std::vector<GrundyValue> option_values(const Heap& h) const {
    std::vector<GrundyValue> values;
    each_move(h, std::nullopt, [&](const Option&, GrundyValue value) {
      values.push_back(value);
      return true;
    });
    std::ranges::sort(values);
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
  }

  // The same rules with the reach masks of heaps 0 to most - 1 (at most the values computed).
  TakeAndBreakRules with_reach_masks(std::uint64_t most) const {
    std::vector<std::uint64_t> masks(std::min<std::uint64_t>(most, sequence->values.size()));
    for (std::uint64_t h = 0; h < masks.size(); ++h)
      for (GrundyValue v : option_values(Heap(h)))
        if (v < 64) masks[h] |= std::uint64_t{1} << v;
    TakeAndBreakRules rules = *this;
    rules.reach_masks = std::make_shared<const std::vector<std::uint64_t>>(std::move(masks));
    return rules;
  }

  template <HeapInteger To>
  TakeAndBreakRules<To> with_heap() const {
    return {sequence, misere, reach_masks};
  }

 private:
  // A move in one heap, before it is given its heap: the count taken, and the split of the rest.
  struct Option {
    Heap take;
    std::optional<std::array<Heap, 2>> split;
    GameMove<Heap> move(std::size_t heap) const { return {{{heap, take}}, split}; }
  };

  // How far a winning move's search goes among the splits of a heap, when a period is proved:
  // with values periodic from e with period p, a part of a at least e + p is worth what a part
  // p smaller is, and so is the other part (both at least e when the rest is 2(e + p) or more),
  // so every value a split reaches is reached with a part below e + p. Kayles' heaps of any
  // size are searched in 83 splits at most.
  std::optional<std::uint64_t> split_scan_limit() const {
    const auto& period = sequence->period;
    if (!period || !period->proved()) return std::nullopt;
    return period->pre_period + period->period;
  }

  // Visits each move from a heap of size h with the Grundy value it leaves there, in the order:
  // takes increasing; for each, leaving no heap, one heap, then the splits, smaller part
  // increasing (the parts' values beyond `split_limit` are not visited).
  template <class Visit>
  bool each_move(const Heap& h, std::optional<std::uint64_t> split_limit, Visit visit) const {
    const HeapGame& rules = game();
    const auto splits = [&](const Heap& k, bool unequal) {
      const Heap rest = h - k;
      for (Heap left(1); Heap(left + left) <= rest; ++left) {
        if (split_limit && Heap(*split_limit) < left) break;
        const Heap right = rest - left;
        if (unequal && left == right) continue;
        if (!visit(Option{k, {{left, right}}}, value(left) ^ value(right))) return false;
      }
      return true;
    };
    switch (rules.kind) {
      case HeapGameKind::subtraction:
        for (std::uint64_t k : rules.set) {
          if (h < Heap(k)) break;
          if (!visit(Option{Heap(k), {}}, value(h - Heap(k)))) return false;
        }
        return true;
      case HeapGameKind::all_but_subtraction:
        for (Heap k(1); k <= h; ++k)
          if ((Heap(rules.set.back()) < k ||
               !std::ranges::binary_search(rules.set, detail::small_value(k))) &&
              !visit(Option{k, {}}, value(h - k)))
            return false;
        return true;
      case HeapGameKind::octal:
        for (std::uint64_t digit_k = 0; digit_k < rules.digits.size(); ++digit_k) {
          const Heap k(digit_k);
          if (h < k) break;
          const std::uint8_t digit = rules.digits[digit_k];
          if ((digit & leave_none) != 0 && k == h && !visit(Option{k, {}}, 0)) return false;
          if ((digit & leave_one) != 0 && !is_zero(k) && k < h &&
              !visit(Option{k, {}}, value(h - k)))
            return false;
          if ((digit & leave_two) != 0 && !splits(k, false)) return false;
        }
        return true;
      case HeapGameKind::grundy:
        return splits(Heap(0), true);
    }
    return true;
  }
};

}  // namespace nim
