// Moore's Nim (Nim_k): a move takes one or more objects from each of 1 to k heaps. Moore's
// theorem (1910): the player to move loses iff, writing the heaps in binary, every column's count
// of 1 bits is a multiple of k + 1; in misère play the same, except that when every heap is 0 or
// 1 the mover loses iff the number of 1s is 1 more than a multiple of k + 1.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
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

namespace moore {

// Division by d = k + 1 (at most 127) of counts below 128, without a division or a branch
// (Granlund and Montgomery): floor(c / d) = c * multiplier >> shift for every c below 2^7, and
// c * multiplier stays below 2^15, so the four 16-bit lanes of a word are divided by one
// multiplication. The table is made at compile time: a division a position costs more.
struct Divisor {
  std::uint64_t value = 0, multiplier = 0;
  unsigned shift = 0;
  // A quotient is below 2^(15 - shift): these bits of each 16-bit lane hold no bits of the next.
  std::uint64_t quotient_bits = 0;
};
inline constexpr std::array<Divisor, 128> divisors = [] {
  std::array<Divisor, 128> table{};
  for (std::uint64_t d = 1; d < table.size(); ++d) {
    const auto shift = static_cast<unsigned>(7 + std::bit_width(d - 1));
    table[d] = {d, ((std::uint64_t{1} << shift) + d - 1) / d, shift,
                0x0001000100010001 * ((std::uint64_t{1} << (15 - shift)) - 1)};
  }
  return table;
}();

// Bit j of b to byte j (a table made at compile time by a multiplication: each byte keeps its
// own bit, which the added constant carries to the byte's top bit).
inline constexpr std::array<std::uint64_t, 256> spread_bits = [] {
  std::array<std::uint64_t, 256> table{};
  for (std::uint64_t b = 0; b < table.size(); ++b)
    table[b] = (((b * 0x0101010101010101) & 0x8040201008040201) + 0x00406070787c7e7f) >> 7 &
               0x0101010101010101;
  return table;
}();

// The ones of each byte, in the byte.
inline std::uint64_t byte_counts(std::uint64_t x) {
  x -= x >> 1 & 0x5555555555555555;
  x = (x & 0x3333333333333333) + (x >> 2 & 0x3333333333333333);
  return (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0f;
}

// The binary columns (up to 64) of a position of up to 64 heaps of machine words, for Moore's
// construction: which heaps have a 1 in each, and how many ones the heaps it lowers must add to
// each, (-count) mod (k + 1) of the other heaps' ones. Both a byte a column, eight columns to a
// word.
class Columns {
 public:
  // A bit a heap in a word; the bytes compared stay below 128 (each count, and each wanted
  // number plus 1).
  static constexpr std::size_t most_heaps = 64;
  static constexpr std::uint64_t most_heaps_per_move = 126;

  Columns(std::span<const SmallHeap> heaps, std::uint64_t heaps_per_move)
      : divisor_(divisors[heaps_per_move + 1]), groups_((heaps.size() + 7) / 8) {
    // Columns 0 to 15 first, with the heaps' union, in one pass and in registers: most heaps are
    // below 2^16. The loops' counts then change only for larger heaps, and the processor
    // predicts them.
    const auto group_of = [&](unsigned g) {  // heaps 8g to 8g + 7
      return heaps.subspan(8 * g, std::min<std::size_t>(8, heaps.size() - 8 * g));
    };
    SmallHeap any = 0;
    for (unsigned g = 0; g < groups_; ++g) {
      std::uint64_t low = 0, high = 0;
      const auto group = group_of(g);
      for (std::size_t i = 0; i < group.size(); ++i) {
        any |= group[i];
        low |= spread(group[i] & 0xff) << i;
        high |= spread(group[i] >> 8 & 0xff) << i;
      }
      ones_[g][0] = low;
      ones_[g][1] = high;
    }
    count_ = bit_length(any);
    words_ = std::max(2u, (count_ + 7) / 8);
    for (unsigned w = 2; w < words_; ++w)
      for (unsigned g = 0; g < groups_; ++g) {
        std::uint64_t word = 0;
        const auto group = group_of(g);
        for (std::size_t i = 0; i < group.size(); ++i)
          word |= spread(group[i] >> (8 * w) & 0xff) << i;
        ones_[g][w] = word;
      }
    for (unsigned w = 0; w < words_; ++w) {
      std::uint64_t counts = 0;
      for (unsigned g = 0; g < groups_; ++g)
        counts += byte_counts(ones_[g][w]);
      // Even bytes, then odd ones, in 16-bit lanes.
      wanted_[w] = wanted_of(counts & even_bytes) | wanted_of(counts >> 8 & even_bytes) << 8;
    }
  }
  unsigned count() const { return count_; }
  std::uint64_t wanted(unsigned column) const {
    return wanted_[column / 8] >> (8 * (column % 8)) & 0xff;
  }
  // A bit a column: whether it wants more than n ones.
  std::uint64_t wanting_more_than(std::uint64_t n) const {
    std::uint64_t columns = 0;
    for (unsigned w = 0; w < words_; ++w)  // each byte's top bit to bit w of a byte
      columns |= ((above(wanted_[w], n) >> 7) * 0x0102040810204080 >> 56) << (8 * w);
    return columns;
  }
  // A bit a heap: whether it has a 1 in the column.
  std::uint64_t heaps_with_one(unsigned column) const {
    std::uint64_t heaps = 0;
    for (unsigned g = 0; g < groups_; ++g)
      heaps |= (ones_[g][column / 8] >> (8 * (column % 8)) & 0xff) << (8 * g);
    return heaps;
  }
  // Heap h is lowered at `column`: its ones below are no longer counted, so each of those
  // columns wants one more, mod k + 1.
  void lower(SmallHeap h, unsigned column) {
    const SmallHeap below = h & ((SmallHeap{1} << column) - 1);  // column < 64
    for (unsigned w = 0; w < words_; ++w) {
      const std::uint64_t more = wanted_[w] + spread(below >> (8 * w) & 0xff);
      wanted_[w] = more - (above(more, divisor_.value - 1) >> 7) * divisor_.value;
    }
  }

 private:
  static constexpr std::uint64_t low_bits = 0x0101010101010101, top_bits = 0x8080808080808080,
                                 even_bytes = 0x00ff00ff00ff00ff, lane_low = 0x0001000100010001,
                                 lane_top = 0x8000800080008000;

  // (-count) mod d of each 16-bit lane's count.
  std::uint64_t wanted_of(std::uint64_t lanes) const {
    const std::uint64_t rest =
        lanes -
        (lanes * divisor_.multiplier >> divisor_.shift & divisor_.quotient_bits) * divisor_.value;
    const std::uint64_t nonzero = ((rest | lane_top) - lane_low) >> 15 & lane_low;
    return nonzero * divisor_.value - rest;
  }
  static std::uint64_t spread(std::uint64_t b) { return spread_bits[b]; }
  // The top bit of each byte of `word` above n (bytes and n below 128: no byte borrows).
  static std::uint64_t above(std::uint64_t word, std::uint64_t n) {
    return ((word | top_bits) - (n + 1) * low_bits) & top_bits;
  }

  const Divisor& divisor_;
  unsigned groups_, count_, words_;
  // ones_[g][w]: bit i of byte j is whether heap 8g + i has a 1 in column 8w + j.
  std::array<std::array<std::uint64_t, 8>, 8> ones_;
  std::array<std::uint64_t, 8> wanted_;
};

}  // namespace moore

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
    if constexpr (std::same_as<Heap, SmallHeap>)
      if (position.size() <= moore::Columns::most_heaps &&
          heaps_per_move <= moore::Columns::most_heaps_per_move)
        return word_parallel_takes(position, lowered);
    const std::uint64_t divisor = heaps_per_move + 1;
    unsigned bits = 0;
    for (const Heap& h : position)
      bits = std::max(bits, bit_length(h));
    // Each lowered heap's target, built column by column in `count` until the end.
    for (unsigned bit = bits; bit-- > 0;) {
      std::uint64_t ones = 0;
      for (const Heap& h : position)
        ones += test_bit(h, bit);
      for (const auto& take : lowered)
        ones -= test_bit(position[take.heap], bit);
      const std::uint64_t rest = ones % divisor, wanted = rest == 0 ? 0 : divisor - rest;
      if (wanted > lowered.size()) {
        // The first heaps with a 1 here, not lowered yet, as many as make the count a multiple.
        std::uint64_t more = rest;
        for (std::size_t i = 0; i < position.size() && more > 0; ++i) {
          if (!test_bit(position[i], bit)) continue;
          const auto at = std::ranges::lower_bound(lowered, i, {}, &HeapTake<Heap>::heap);
          if (at != lowered.end() && at->heap == i) continue;
          // Its higher bits stay; this one and those below are set from here on.
          lowered.insert(at, {i, bits_above(position[i], bit)});
          --more;
        }
      } else {
        for (std::size_t t = 0; t < wanted; ++t)
          lowered[t].count += power_of_two<Heap>(bit);
      }
    }
    for (auto& take : lowered)
      take.count = Heap(position[take.heap] - take.count);
  }

  // The same construction on machine words, for up to 64 heaps and k up to 126, eight columns at
  // once in the bytes of a word. A column at a time, the choices are mispredicted (the bits are
  // random); here the columns down to the next lowering are found and filled together.
  void word_parallel_takes(std::span<const SmallHeap> position,
                           std::vector<HeapTake<SmallHeap>>& lowered) const {
    moore::Columns columns(position, heaps_per_move);
    // The lowered heaps, a bit a heap (their heap order is that of the bits), and each one's
    // target, built column by column.
    std::uint64_t lowered_heaps = 0;
    std::size_t lowered_count = 0;
    std::array<SmallHeap, moore::Columns::most_heaps> target;
    for (unsigned end = columns.count(); end > 0;) {  // the columns below `end` are left
      const SmallHeap left = end == 64 ? ~SmallHeap{0} : (SmallHeap{1} << end) - 1;
      // The highest column that wants more ones than the lowered heaps can give: there, more
      // heaps are lowered. Above it, the first `wanted` lowered heaps take each column's bit.
      const SmallHeap short_columns = columns.wanting_more_than(lowered_count) & left;
      const unsigned lowering = bit_length(short_columns | 1) - 1;  // 0 when there is none
      const SmallHeap done =
          ((SmallHeap{2} << lowering) - 1) & (SmallHeap{0} - (short_columns != 0));
      std::size_t t = 0;
      for (std::uint64_t heaps = lowered_heaps; heaps != 0; heaps &= heaps - 1)
        target[std::countr_zero(heaps)] |= columns.wanting_more_than(t++) & left & ~done;
      if (short_columns == 0) break;
      end = lowering;
      // The first heaps, in heap order, with a 1 in this column and not lowered yet, as many as
      // make its count a multiple of k + 1 by themselves.
      std::uint64_t ones = columns.heaps_with_one(end) & ~lowered_heaps;
      for (std::uint64_t more = heaps_per_move + 1 - columns.wanted(end); more > 0; --more) {
        const auto i = std::countr_zero(ones);
        ones &= ones - 1;
        lowered_heaps |= std::uint64_t{1} << i;
        ++lowered_count;
        target[i] = bits_above(position[i], end);
        columns.lower(position[i], end);
      }
    }
    for (std::uint64_t heaps = lowered_heaps; heaps != 0; heaps &= heaps - 1) {
      const auto i = static_cast<std::size_t>(std::countr_zero(heaps));
      lowered.push_back({i, position[i] - target[i]});
    }
  }

  // h without its bit `bit` and those below.
  static Heap bits_above(const Heap& h, unsigned bit) {
    if constexpr (std::same_as<Heap, SmallHeap>)
      return h & ~((SmallHeap{2} << bit) - 1);  // bit < 64; 2 << 63 is 0
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
