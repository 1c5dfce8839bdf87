// Moore's Nim (Nim_k): a move takes one or more objects from each of 1 to k heaps. Moore's
// theorem (1910): the player to move loses iff, writing the heaps in binary, every column's count
// of 1 bits is a multiple of k + 1; in misère play the same, except that when every heap is 0 or
// 1 the mover loses iff the number of 1s is 1 more than a multiple of k + 1.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "nim/games/game_move.hpp"

namespace nim {

template <HeapInteger Heap>
Heap power_of_two(unsigned bit) {
  if constexpr (std::same_as<Heap, SmallHeap>)
    return SmallHeap{1} << bit;
  else
    return Heap(BigHeap(1) << bit);
}

template <HeapInteger HeapT>
struct MooreRules {
  using Heap = HeapT;
  static constexpr std::string_view name = "moore";

  std::uint64_t heaps_per_move = 2;  // k >= 1; k = 1 is Nim
  bool misere = false;

  std::string description() const {
    return "Moore's Nim with up to " + std::to_string(heaps_per_move) + " heaps a move";
  }
  bool order_free() const { return true; }
  bool knows_misere() const { return true; }
  void check(std::span<const Heap>) const {}

  // The moves whose first heap is i: a count from heap i, then from up to k - 1 of the heaps
  // after it, depth first.
  template <class Visit>
  bool for_each_move_from(std::span<const Heap> position, std::size_t i, Visit visit) const {
    GameMove<Heap> move;
    for (Heap count(1); count <= position[i]; ++count) {
      move.takes.assign(1, {i, count});
      if (!visit(std::as_const(move)) || !extend(position, move, i + 1, visit)) return false;
    }
    return true;
  }

  bool is_legal(std::span<const Heap> position, const GameMove<Heap>& move) const {
    if (move.split || move.takes.empty() || move.takes.size() > heaps_per_move) return false;
    for (std::size_t t = 0; t < move.takes.size(); ++t) {
      const auto& [heap, count] = move.takes[t];
      if (heap >= position.size() || is_zero(count) || position[heap] < count) return false;
      if (t > 0 && heap <= move.takes[t - 1].heap) return false;
    }
    return true;
  }

  void apply(Position<Heap>& heaps, const GameMove<Heap>& move) const { apply_takes(heaps, move); }

  void solve(std::span<const Heap> position, Verdict<Heap>& verdict) const {
    verdict.grundy_values.reset();
    verdict.grundy_sum.reset();
    std::vector<HeapTake<Heap>>& takes = verdict.new_winning_move().takes;
    if (misere && std::ranges::all_of(position, [](const Heap& h) { return h <= Heap(1); })) {
      // Take r ones, leaving a count of 1 more than a multiple of k + 1.
      const std::size_t ones = std::ranges::count(position, Heap(1));
      const std::uint64_t r = (ones + heaps_per_move) % (heaps_per_move + 1);
      verdict.winning = ones == 0 || r != 0;
      for (std::size_t i = 0; i < position.size() && takes.size() < r; ++i)
        if (position[i] == Heap(1)) takes.push_back({i, Heap(1)});
    } else {
      normal_takes(position, takes);
      verdict.winning = !takes.empty();
      if (misere && verdict.winning && leaves_zeros_and_ones(position, takes)) {
        const Position<Heap> target = misere_target(position);
        takes.clear();
        for (std::size_t i = 0; i < position.size(); ++i)
          if (target[i] != position[i]) takes.push_back({i, Heap(position[i] - target[i])});
      }
    }
    if (takes.empty()) verdict.winning_move.reset();
  }

  template <HeapInteger To>
  MooreRules<To> with_heap() const {
    return {heaps_per_move, misere};
  }

 private:
  template <class Visit>
  bool extend(std::span<const Heap> position, GameMove<Heap>& move, std::size_t from,
              Visit& visit) const {
    if (move.takes.size() == heaps_per_move) return true;
    for (std::size_t j = from; j < position.size(); ++j)
      for (Heap count(1); count <= position[j]; ++count) {
        move.takes.push_back({j, count});
        const bool go_on = visit(std::as_const(move)) && extend(position, move, j + 1, visit);
        move.takes.pop_back();
        if (!go_on) return false;
      }
    return true;
  }

  // Moore's construction, column by column from the highest: the heaps already lowered (at most
  // k) take whatever bits the column needs; when they are too few, more heaps with a 1 there are
  // lowered, their bit cleared, which makes the column's count a multiple of k + 1 by itself.
  // The takes of the lowered heaps, in heap order, into `lowered` (empty); none when every column
  // already is a multiple (the position is lost).
  void normal_takes(std::span<const Heap> position, std::vector<HeapTake<Heap>>& lowered) const {
    const Remainder remainder(heaps_per_move + 1);
    unsigned bits = 0;
    for (const Heap& h : position)
      bits = std::max(bits, bit_length(h));
    std::optional<ColumnCounts> counts;
    if constexpr (std::same_as<Heap, SmallHeap>)
      if (position.size() <= ColumnCounts::most_heaps) counts.emplace(position, bits);
    // Each lowered heap's target, built column by column in `count` until the end.
    for (unsigned bit = bits; bit-- > 0;) {
      // The column's ones outside the lowered heaps, counted without a branch a heap: the bits
      // are random, and a mispredicted branch costs more than the count.
      std::uint64_t ones = 0;
      if (counts) {
        ones = counts->ones(bit);
      } else {
        for (const Heap& h : position)
          ones += test_bit(h, bit);
        for (const auto& take : lowered)
          ones -= test_bit(position[take.heap], bit);
      }
      const std::uint64_t rest = remainder(ones), wanted = rest == 0 ? 0 : remainder.divisor - rest;
      if (wanted != 0 && wanted > lowered.size()) {
        std::uint64_t more = remainder.divisor - wanted;
        for (std::size_t i = 0; i < position.size() && more > 0; ++i) {
          if (!test_bit(position[i], bit)) continue;
          const auto at = std::ranges::lower_bound(lowered, i, {}, &HeapTake<Heap>::heap);
          if (at != lowered.end() && at->heap == i) continue;
          // Its higher bits stay; this one and those below are set from here on.
          lowered.insert(at, {i, bits_above(position[i], bit)});
          if constexpr (std::same_as<Heap, SmallHeap>)
            if (counts) counts->remove_below(position[i], bit);
          --more;
        }
      } else {
        // The first `wanted` lowered heaps take the bit. Machine words add it to every one, times
        // 0 or 1: a loop of `wanted` turns would be mispredicted a column.
        for (std::size_t t = 0; t < lowered.size(); ++t)
          if constexpr (std::same_as<Heap, SmallHeap>)
            lowered[t].count += SmallHeap{t < wanted} << bit;
          else if (t < wanted)
            lowered[t].count += power_of_two<Heap>(bit);
      }
    }
    for (auto& take : lowered)
      take.count = Heap(position[take.heap] - take.count);
  }

  // The ones of each binary column of up to 255 heaps of machine words, a byte a column, eight
  // columns to a word: a heap's eight bits are spread to eight bytes by one multiplication and
  // added at once (a branch a heap and bit costs more, the bits being random).
  class ColumnCounts {
   public:
    static constexpr std::size_t most_heaps = 255;
    ColumnCounts(std::span<const SmallHeap> heaps, unsigned bits) : words_((bits + 7) / 8) {
      for (const SmallHeap h : heaps)
        for (unsigned w = 0; w < words_; ++w)
          bytes_[w] += spread(h >> (8 * w) & 0xff);
    }
    std::uint64_t ones(unsigned bit) const { return bytes_[bit / 8] >> (8 * (bit % 8)) & 0xff; }
    // Leaves out the bits of h below `bit` (a heap lowered there, whose lower bits are set anew).
    void remove_below(SmallHeap h, unsigned bit) {
      const SmallHeap below = h & ((SmallHeap{1} << bit) - 1);  // bit < 64
      for (unsigned w = 0; w < words_; ++w)
        bytes_[w] -= spread(below >> (8 * w) & 0xff);
    }

   private:
    // Bit j of b to byte j: each byte keeps its own bit, which the added constant carries to the
    // byte's top bit.
    static std::uint64_t spread(std::uint64_t b) {
      return (((b * 0x0101010101010101) & 0x8040201008040201) + 0x00406070787c7e7f) >> 7 &
             0x0101010101010101;
    }
    unsigned words_;
    std::array<std::uint64_t, 8> bytes_{};
  };

  // n mod a divisor fixed for a position's columns, by Lemire's multiplication (a division costs
  // tens of cycles, and a position of heaps below 2^60 has up to 60 columns).
  struct Remainder {
    explicit Remainder(std::uint64_t d) : divisor(d), inverse(~std::uint64_t{0} / d + 1) {}
    std::uint64_t operator()(std::uint64_t n) const {
      if ((n | divisor) >> 32 != 0) return n % divisor;  // the method holds below 2^32
      return static_cast<std::uint64_t>((static_cast<Wide>(inverse * n) * divisor) >> 64);
    }
    __extension__ using Wide = unsigned __int128;
    std::uint64_t divisor, inverse;
  };

  // h without its bit `bit` and those below.
  static Heap bits_above(const Heap& h, unsigned bit) {
    if constexpr (std::same_as<Heap, SmallHeap>)
      return bit >= 63 ? 0 : h >> (bit + 1) << (bit + 1);
    else
      return Heap(h >> (bit + 1) << (bit + 1));
  }

  // Whether every heap is 0 or 1 after the takes (in heap order).
  static bool leaves_zeros_and_ones(std::span<const Heap> position,
                                    std::span<const HeapTake<Heap>> takes) {
    std::size_t t = 0;
    for (std::size_t i = 0; i < position.size(); ++i) {
      Heap after = position[i];
      if (t < takes.size() && takes[t].heap == i) after -= takes[t++].count;
      if (Heap(1) < after) return false;
    }
    return true;
  }

  // Misère play, when the normal move would leave every heap 0 or 1: each heap of 2 or more
  // (the move lowers them all, at most k) becomes 0 or 1 and up to k minus their number of ones
  // become 0, so that the ones left are 1 more than a multiple of k + 1. Some choice always does
  // (the normal move's choice, with one more 1 or one fewer 0).
  Position<Heap> misere_target(std::span<const Heap> position) const {
    std::vector<std::size_t> large, ones;
    for (std::size_t i = 0; i < position.size(); ++i) {
      if (Heap(1) < position[i]) large.push_back(i);
      if (position[i] == Heap(1)) ones.push_back(i);
    }
    const std::uint64_t modulus = heaps_per_move + 1;
    const std::size_t most_removed = std::min(ones.size(), heaps_per_move - large.size());
    for (std::size_t removed = 0; removed <= most_removed; ++removed)
      for (std::size_t made_one = 0; made_one <= large.size(); ++made_one) {
        if ((ones.size() - removed + made_one) % modulus != 1) continue;
        Position<Heap> target(position.begin(), position.end());
        for (std::size_t j = 0; j < large.size(); ++j)
          target[large[j]] = Heap(j < made_one ? 1 : 0);
        for (std::size_t j = 0; j < removed; ++j)
          target[ones[j]] = Heap(0);
        if (removed + large.size() > 0) return target;
      }
    throw Unanswerable("no misère move found for Moore's Nim: a defect of nim-game");
  }
};

}  // namespace nim
