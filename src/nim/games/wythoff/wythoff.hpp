// Wythoff's game: two heaps; a move takes one or more objects from one heap, or the same number
// from both. Wythoff (1907): the lost positions are (⌊nφ⌋, ⌊nφ²⌋) = (a_n, a_n + n), computed here
// exactly at any size with integer square roots: a_n = (n + ⌊√(5n²)⌋) / 2. In misère play the lost
// positions are the same but for the two smallest: (0, 1) and (2, 2) in place of (0, 0) and (1, 2)
// (checked against the exhaustive search in the tests).
#pragma once

#include <array>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "nim/games/capabilities.hpp"
#include "nim/games/game_move.hpp"
#include "nim/games/game_spec.hpp"

namespace nim {

namespace wythoff {

// The arithmetic of the lost positions: GMP for heaps of any size, 128 bits for heaps below 2^62
// (where 5x^2 fits), 64 bits for heaps below 2^30 (where it fits too, and the roots take a
// double's square root, not the slower conversions of 128 bits to long double and back).
__extension__ using Wide = unsigned __int128;

inline BigHeap square_root(const BigHeap& v) {
  BigHeap root;
  mpz_sqrt(root.get_mpz_t(), v.get_mpz_t());
  return root;
}
// The long double root is within one of the true one; the integers settle it.
inline Wide square_root(Wide v) {
  Wide root = static_cast<Wide>(std::sqrt(static_cast<long double>(v)));
  while (root * root > v)
    --root;
  while ((root + 1) * (root + 1) <= v)
    ++root;
  return root;
}

// The double root is within one of the true one (below 2^62, 5x^2 for x < 2^30).
inline std::uint64_t square_root(std::uint64_t v) {
  auto root = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(v)));
  while (root * root > v)
    --root;
  while ((root + 1) * (root + 1) <= v)
    ++root;
  return root;
}

// The lost positions (a_n, a_n + n) of the heaps below 4096, made by Wythoff's definition (a_n is
// the least number in no lost position before it) and looked up: two roots and a few more cost a
// --batch line hundreds of cycles. Built once, on first use, in microseconds (a table of 2^16
// heaps took 0.4 ms, a quarter of a single query's time, for its memory).
struct SmallLostPositions {
  static constexpr std::uint32_t heaps = 1 << 12;
  std::vector<std::uint32_t> lower;    // a_n, for n below `heaps`
  std::vector<std::uint32_t> partner;  // the other heap of x's lost position, for x below `heaps`

  SmallLostPositions() : lower(heaps), partner(heaps) {
    // a_n is a_{n-1} + 1, or one more when that is an upper heap b_m = a_m + m already made (the
    // upper heaps grow by 2 or more, so the next one is free); m follows the least b_m not below.
    for (std::uint32_t n = 0, a = 0, m = 0; n < heaps; ++n, ++a) {
      while (m < n && lower[m] + m < a)
        ++m;
      if (m < n && lower[m] + m == a) ++a;
      const std::uint32_t b = a + n;
      lower[n] = a;
      if (a < heaps) partner[a] = b;
      if (b < heaps) partner[b] = a;
    }
  }
};

inline const SmallLostPositions& small_lost_positions() {
  static const SmallLostPositions table;
  return table;
}

// a_n = ⌊nφ⌋ = ⌊(n + √(5n²)) / 2⌋, which is (n + ⌊√(5n²)⌋) / 2 rounded down: 5n² is no square
// for n > 0, and halving commutes with rounding down.
template <class W>
W lower(const W& n) {
  if constexpr (std::same_as<W, std::uint64_t>)
    if (n < SmallLostPositions::heaps) return small_lost_positions().lower[n];
  return W((n + square_root(W(5 * n * n))) / 2);
}

// The n with f(n) == x for f increasing (a_n or a_n + n), near the estimate.
template <class W, class F>
std::optional<W> index_of(const W& x, const W& estimate, F f) {
  W n = estimate >= 2 ? W(estimate - 2) : W(0);
  for (int step = 0; step < 5; ++step, ++n)
    if (f(n) == x) return n;
  return std::nullopt;
}

// The other heap of the lost position that has a heap of x (x = a_n: a_n + n; x = a_n + n: a_n).
template <class W>
W partner(const W& x, bool misere) {
  if (misere && x <= 2) return x == 2 ? W(2) : W(1 - x);
  if constexpr (std::same_as<W, std::uint64_t>)
    if (x < SmallLostPositions::heaps) return small_lost_positions().partner[x];
  const W root = square_root(W(5 * x * x));
  // x/φ = x(√5 - 1)/2 and x/φ² = x(3 - √5)/2, to within one.
  if (auto n = index_of(x, W((root - x) / 2), [](const W& m) { return lower(m); }))
    return W(x + *n);
  // Every number is an a_n or an a_n + n (Beatty): value() cannot fail but for a defect.
  const auto n =
      index_of(x, W((3 * x - root) / 2), [](const W& m) { return W(lower(m) + m); }).value();
  return W(x - n);
}

// The smaller heap of the lost position whose heaps differ by d.
template <class W>
W lower_of_difference(const W& d, bool misere) {
  if (misere && d <= 1) return d == 0 ? W(2) : W(0);
  return lower(d);
}

}  // namespace wythoff

template <HeapInteger HeapT>
struct WythoffRules {
  using Heap = HeapT;
  // The game's row (nim/games/row_of.hpp): its name, words and facts. Two heaps, and a move may
  // take from both.
  static constexpr std::string_view name = "wythoff";
  static constexpr std::string_view summary = " (2 heaps: take from one, or the same from both)";
  static GameSpec named_spec() { return spec_of_kind(GameSpec::Kind::wythoff); }
  static std::string title(const GameSpec&) { return "Wythoff's game"; }
  static std::string rules_text(const GameSpec&) {
    return "Wythoff's game: take any number of objects from one of the two heaps, or the same "
           "number from both";
  }
  static constexpr std::size_t fixed_heap_count = 2;
  static bool moves_take_from_several_heaps(const GameSpec&) { return true; }
  static constexpr TypedMoveWords typed_move{
      .prompt = "heap count ...",
      .start =
          "heap and count (1 2 takes 2 from heap 1), or both heaps with the same count (1 2 2 "
          "2 takes 2 from each)",
      .unreadable = "a heap and a count (1 2), or both heaps with the same count (1 2 2 2)"};

  bool misere = false;

  static WythoffRules from(const PreparedGame& game) { return {game.spec().misere}; }

  std::string description() const { return "Wythoff's game"; }
  bool order_free() const { return false; }
  static constexpr bool knows_misere() { return true; }
  void check(std::span<const Heap> position) const {
    if (position.size() != fixed_heap_count)
      throw Unanswerable(description() + " is played on exactly " +
                         std::to_string(fixed_heap_count) + " heaps; the position has " +
                         std::to_string(position.size()));
  }

  // From heap 0: take from it alone, then the same from both; from heap 1: take from it alone.
  template <class Visit>
  bool for_each_move_from(std::span<const Heap> position, std::size_t i, Visit visit) const {
    for (Heap count(1); count <= position[i]; ++count)
      if (!visit(GameMove<Heap>::single(i, count))) return false;
    if (i == 0)
      for (Heap count(1); count <= position[0] && count <= position[1]; ++count)
        if (!visit(GameMove<Heap>{{{0, count}, {1, count}}, {}})) return false;
    return true;
  }

  BigHeap move_count_from(std::span<const Heap> position, std::size_t i) const {
    if (i != 0) return to_big(position[i]);
    return to_big(position[0]) + to_big(std::min(position[0], position[1]));
  }
  GameMove<Heap> nth_move_from(std::span<const Heap> position, std::size_t i,
                               const BigHeap& n) const {
    if (i != 0 || n < to_big(position[0]))
      return GameMove<Heap>::single(i, *narrow<Heap>(BigHeap(n + 1)));
    const Heap count = *narrow<Heap>(BigHeap(n - to_big(position[0]) + 1));
    return {{{0, count}, {1, count}}, {}};
  }

  bool is_legal(std::span<const Heap> position, const GameMove<Heap>& move) const {
    if (move.split || move.takes.empty() || move.takes.size() > 2) return false;
    for (const auto& [heap, count] : move.takes)
      if (heap > 1 || is_zero(count) || position[heap] < count) return false;
    return move.takes.size() == 1 || (move.takes[0].heap == 0 && move.takes[1].heap == 1 &&
                                      move.takes[0].count == move.takes[1].count);
  }

  void apply(Position<Heap>& heaps, const GameMove<Heap>& move) const { apply_takes(heaps, move); }

  void solve(std::span<const Heap> position, Verdict<Heap>& verdict) const {
    verdict.grundy_values.reset();
    verdict.grundy_sum.reset();
    if constexpr (std::same_as<Heap, SmallHeap>) {
      // 5x^2 fits 64 bits below 2^30 and 128 bits below 2^62 (and a partner, at most x phi, too).
      constexpr SmallHeap most_in_64 = SmallHeap{1} << 30, most = SmallHeap{1} << 62;
      if (position[0] < most_in_64 && position[1] < most_in_64)
        return solve_in<std::uint64_t>(position, verdict);
      if (position[0] < most && position[1] < most)
        return solve_in<wythoff::Wide>(position, verdict);
    }
    solve_in<BigHeap>(position, verdict);
  }

  template <HeapInteger To>
  WythoffRules<To> with_heap() const {
    return {misere};
  }

 private:
  // In the arithmetic W (GMP, or 128 or 64 bits for the smaller heaps).
  template <class W>
  void solve_in(std::span<const Heap> position, Verdict<Heap>& verdict) const {
    if (is_zero(position[0]) && is_zero(position[1])) {  // no move: the opponent moved last
      verdict.winning = misere;
      return verdict.winning_move.reset();
    }
    const auto wide = [](const Heap& h) {
      if constexpr (std::same_as<W, BigHeap>)
        return to_big(h);
      else
        return W(h);
    };
    const std::array<W, 2> heaps{wide(position[0]), wide(position[1])};
    const std::size_t low = heaps[1] < heaps[0] ? 1 : 0;
    const W difference = heaps[1 - low] - heaps[low];
    const W lower_target = wythoff::lower_of_difference(difference, misere);
    verdict.winning = heaps[low] != lower_target;
    if (!verdict.winning) return verdict.winning_move.reset();
    const auto take = [&](std::size_t heap, const W& to) {
      const W count = heaps[heap] - to;
      if constexpr (std::same_as<W, BigHeap>)
        return HeapTake<Heap>{heap, *narrow<Heap>(count)};
      else
        return HeapTake<Heap>{heap, static_cast<Heap>(count)};
    };
    // The first of the moves in for_each_move_from's order that reaches a lost position.
    auto& takes = verdict.new_winning_move().takes;
    if (const W to = wythoff::partner(heaps[1], misere); to < heaps[0]) {
      takes.push_back(take(0, to));
    } else if (lower_target < heaps[low]) {
      takes.push_back(take(0, heaps[0] - (heaps[low] - lower_target)));
      takes.push_back(take(1, heaps[1] - (heaps[low] - lower_target)));
    } else {
      takes.push_back(take(1, wythoff::partner(heaps[0], misere)));
    }
  }
};

}  // namespace nim
