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
#include <string_view>
#include <vector>

#include "nim/games/capabilities.hpp"
#include "nim/games/game_move.hpp"
#include "nim/games/game_spec.hpp"
#include "nim/games/moore/columns.hpp"
#include "nim/rules_key.hpp"

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
  // The game's row (nim/games/row_of.hpp): its name, words and facts. A move may take from several
  // heaps, unless one a move (Nim).
  static constexpr std::string_view name = "moore";
  static constexpr std::string_view summary = " (take from up to k heaps)";
  static GameSpec named_spec() { return spec_of_kind(GameSpec::Kind::moore); }
  static std::vector<RulesKey> rules_keys(const GameSpec& spec) {
    return {{"game", std::string(name)}, {"heaps_per_move", spec.heaps_per_move}};
  }
  static std::string title(const GameSpec& spec) {
    return "Moore's Nim, from up to " + std::to_string(spec.heaps_per_move) +
           (spec.heaps_per_move == 1 ? " heap" : " heaps") + " a move";
  }
  static std::string rules_text(const GameSpec& spec) {
    return "Moore's Nim (k = " + std::to_string(spec.heaps_per_move) +
           "): take objects from 1 to " + std::to_string(spec.heaps_per_move) +
           (spec.heaps_per_move == 1 ? " heap" : " heaps") +
           " at once, any number from each, at least 1 in all";
  }
  // In a sentence, the rule without a comma: "the rules of Moore's Nim with up to 2 heaps a move
  // do not allow it".
  static std::string name_in_sentence(const GameSpec& spec, const std::string&) {
    return "Moore's Nim with up to " + std::to_string(spec.heaps_per_move) +
           (spec.heaps_per_move == 1 ? " heap" : " heaps") + " a move";
  }
  static bool moves_take_from_several_heaps(const GameSpec& spec) {
    return spec.heaps_per_move > 1;
  }
  static constexpr TypedMoveWords typed_move{
      .prompt = "heap count ...",
      .start =
          "heap and count, a pair for each heap (1 2 3 1 takes 2 from heap 1 and 1 from heap 3)",
      .unreadable = "a heap and a count for each heap (1 2 3 1)"};

  std::uint64_t heaps_per_move = 2;  // k >= 1; k = 1 is Nim
  bool misere = false;

  static MooreRules from(const PreparedGame& game) {
    return {game.spec().heaps_per_move, game.spec().misere};
  }

  std::string description() const {
    return "Moore's Nim with up to " + std::to_string(heaps_per_move) + " heaps a move";
  }
  bool order_free() const { return true; }
  static constexpr bool knows_misere() { return true; }
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

  // Heap i's count (h_i ways) times the ways to go on from heap i + 1 with up to k - 1 takes.
  BigHeap move_count_from(std::span<const Heap> position, std::size_t i) const {
    const Extensions ways(position, i + 1, heaps_per_move - 1);
    return to_big(position[i]) * ways(i + 1, heaps_per_move - 1);
  }
  GameMove<Heap> nth_move_from(std::span<const Heap> position, std::size_t i,
                               const BigHeap& n) const {
    std::uint64_t more = heaps_per_move - 1;  // takes still allowed
    const Extensions ways(position, i + 1, more);
    GameMove<Heap> move;
    move.takes.push_back({i, *narrow<Heap>(BigHeap(n / ways(i + 1, more) + 1))});
    // `rest` numbers the ways the move goes on, 0 for stopping here, in extend()'s order.
    BigHeap rest = n % ways(i + 1, more);
    for (std::size_t j = i + 1; !is_zero(rest); ++j, --more) {
      --rest;
      for (;; ++j) {
        const BigHeap& each = ways(j + 1, more - 1);  // the ways on after a count from heap j
        const BigHeap all = to_big(position[j]) * each;
        if (rest < all) {
          move.takes.push_back({j, *narrow<Heap>(BigHeap(rest / each + 1))});
          rest %= each;
          break;
        }
        rest -= all;
      }
    }
    return move;
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
    auto& takes = verdict.new_winning_move().takes;
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
  // ways(j, r): the ways a move whose takes end before heap j goes on with up to r more takes
  // from heaps j onwards, stopping at once included: 1 + the moves extend() visits from there.
  class Extensions {
   public:
    Extensions(std::span<const Heap> position, std::size_t from, std::uint64_t most)
        : from_(from),
          width_(std::min<std::uint64_t>(most, position.size() - from) + 1),
          ways_((position.size() - from + 1) * width_, BigHeap(1)) {
      for (std::size_t j = position.size(); j-- > from;)
        for (std::uint64_t r = 1; r < width_; ++r)
          ways_[index(j, r)] =
              ways_[index(j + 1, r)] + to_big(position[j]) * ways_[index(j + 1, r - 1)];
    }
    // Beyond the heaps left, more takes allowed change nothing.
    const BigHeap& operator()(std::size_t j, std::uint64_t r) const {
      return ways_[index(j, std::min(r, width_ - 1))];
    }

   private:
    std::size_t index(std::size_t j, std::uint64_t r) const { return (j - from_) * width_ + r; }
    std::size_t from_;
    std::uint64_t width_;
    std::vector<BigHeap> ways_;
  };

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
  void normal_takes(std::span<const Heap> position, HeapTakes<Heap>& takes) const {
    if constexpr (std::same_as<Heap, SmallHeap>)
      if (position.size() <= most_word_heaps && heaps_per_move <= most_word_heaps_per_move)
        return word_parallel_takes(position, takes);
    std::vector<HeapTake<Heap>> lowered;  // kept in heap order as heaps are added
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
      takes.push_back({take.heap, Heap(position[take.heap] - take.count)});
  }

  // The same construction on machine words, for up to 64 heaps (a bit a heap in a word) and k up
  // to 127 (of 7 bits: the planes of moore::Columns), every column at once. A column at a time,
  // the choices are mispredicted (the bits are random); here the columns down to the next
  // lowering are found and filled together. One construction for each width of k, the first
  // that holds it.
  static constexpr std::size_t most_word_heaps = 64;
  static constexpr std::uint64_t most_word_heaps_per_move = 127;
  template <unsigned Planes = 1>
  void word_parallel_takes(std::span<const SmallHeap> position,
                           HeapTakes<SmallHeap>& lowered) const {
    if constexpr (Planes < 7)
      if (std::bit_width(heaps_per_move) > Planes)
        return word_parallel_takes<Planes + 1>(position, lowered);
    moore::Columns<Planes> columns(position, heaps_per_move);
    // The lowered heaps, a bit a heap (their heap order is that of the bits), and each one's
    // target, built column by column.
    std::uint64_t lowered_heaps = 0;
    std::size_t lowered_count = 0;
    std::array<SmallHeap, most_word_heaps> target;
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
      std::uint64_t ones = 0;
      for (std::size_t i = 0; i < position.size(); ++i)
        ones |= (position[i] >> end & 1) << i;
      ones &= ~lowered_heaps;
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
