// The sparse space of grundy_values.hpp: the classes of the values, the heaps rare under them,
// and the splits with a rare part of the next heaps, paired a batch of heaps at a time.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "nim/grundy_split_search.hpp"
#include "nim/period.hpp"

namespace nim {

// The classes of the sparse space: a heap's class bit is the parity of its value's 1 bits under
// the mask, XOR the parity of n - k when `heap_parity` (k the take of the splits, all of one
// parity); the heaps of bit 0 are rare. For a split of s = n - k into a + b the parts' class bits
// then differ iff the value's parity under the mask, XOR s's parity when `heap_parity`, is 1:
// such a value needs exactly one rare part, and so does the value of a common heap (bit 1). The
// first classes (mask 0) make every heap rare: the plain mex.
struct SparseSpace {
  GrundyValue mask = 0;
  unsigned heap_parity = 0;                // 0 or 1
  std::uint64_t split_take_parity = 0;     // the parity of the splits' take, when they share one
  std::vector<std::uint64_t> split_takes;  // the takes that may split, increasing (Grundy's: 0)
  bool unequal = false;                    // Grundy's game: no split into equal parts
  std::vector<std::uint64_t> rare_heaps;   // the heaps (from 1) rare under the classes
  std::vector<GrundyValue> rare_values;    // their values, in the same order

  bool is_rare(std::uint64_t heap, GrundyValue v) const {
    const std::uint64_t offset = heap_parity & (heap + split_take_parity);
    return ((std::popcount(v & mask) ^ offset) & 1) == 0;
  }
  // A value that only a split of `size` with exactly one rare part reaches.
  bool needs_one_rare(std::uint64_t size, GrundyValue v) const {
    return ((std::popcount(v & mask) ^ (heap_parity & size)) & 1) == 1;
  }
  void add_rare(std::uint64_t heap, GrundyValue value) {
    rare_heaps.push_back(heap);
    rare_values.push_back(value);
  }
};

// The splits with a rare part of the next heaps (up to the next choice of the classes) whose
// other part is known, paired at once: for each such rare heap, its other parts in consecutive
// heaps are consecutive values, read in order, not one far apart each heap. Each heap of the
// batch gets a bit set of the values these pairs reach. Half of the rare heaps (three quarters
// for values of 16 bits) mark the values they reach; the others are only compared with the first
// few values still unreached, which almost always hold the heap's value.
class RarePairBatch {
 public:
  // Whether heap n, which is not before the batch, is in it.
  bool holds(std::uint64_t n) const { return n < end_; }

  // A batch pairs only values and rare heaps below its start minus `lag`: they are known while the
  // batches of the heaps before it are still computed (grundy_batches.hpp makes it then).
  static constexpr std::uint64_t lag = 128;

  // The number of heaps of the batch that starts at heap n, for values below `value_count`. A batch
  // ends at a multiple of its longest length, a power of two up to 64 (the first after a restart is
  // shorter): a computer resumed at a multiple of 64 heaps makes the same batches, and so takes the
  // same steps (a batch decides which rare pairs are only compared, and so which values the search
  // looks for).
  static std::uint64_t length_at(std::uint64_t n, std::uint64_t value_count,
                                 std::uint64_t next_class_choice) {
    const std::uint64_t words = (value_count + 63) / 64;
    const std::uint64_t longest = std::clamp<std::uint64_t>(most_words / words, 1, most_heaps);
    return std::min((n / longest + 1) * longest, next_class_choice) - n;
  }

  // Starts the batch at heap n, for values below `value_count` (a power of two), and pairs it.
  // `values` are G(0) to G(n - lag - 1) at least; `rare_known` rare heaps of `space` are known,
  // those below n - lag at least. The batch reads only those, and only these of the rare heaps'
  // vectors (another thread may add rare heaps to them meanwhile, in their capacity).
  template <typename V>
  void start(const V* values, std::uint64_t n, std::uint64_t value_count,
             std::uint64_t next_class_choice, const SparseSpace& space, std::size_t rare_known) {
    value_count_ = value_count;
    words_ = (value_count + 63) / 64;
    const std::uint64_t length = length_at(n, value_count, next_class_choice);
    start_ = n;
    end_ = n + length;
    reached_.assign(length * words_, 0);
    checked_.assign(length, UINT32_MAX);
    if (needs_count_ != value_count || needs_mask_ != space.mask ||
        needs_parity_ != space.heap_parity) {
      needs_.assign(2 * words_, 0);
      for (unsigned parity : {0u, 1u})
        for (GrundyValue v = 0; v < value_count; ++v)
          if (space.needs_one_rare(parity, v))
            needs_[parity * words_ + v / 64] |= std::uint64_t{1} << (v % 64);
      needs_count_ = value_count;
      needs_mask_ = space.mask;
      needs_parity_ = space.heap_parity;
    }
    first_ = last_ = middle_ = rare_known;
    if (space.split_takes.empty()) return;
    const std::uint64_t below = std::max(lag, space.split_takes.back()) + 1;
    if (n < below) return;
    // The rare heaps r with length + lag <= r <= n - max(lag, k) - 1 for every take k that splits:
    // the other part of r in heap n + b, n + b - k - r, is then at least 1 and below n - lag, its
    // value known, and so is r.
    const std::uint64_t* rare = space.rare_heaps.data();
    const std::uint64_t lowest = length + lag, highest = n - below;
    first_ = std::lower_bound(rare, rare + rare_known, lowest) - rare;
    last_ = std::upper_bound(rare, rare + rare_known, highest) - rare;
    if (first_ >= last_) {
      first_ = last_ = middle_ = rare_known;
      return;
    }
#if NIM_GRUNDY_AVX2
    if (has_avx2()) return pair_avx2(values, n, length, space);
#endif
    pair(values, n, length, space);
  }

  // The bit set of the values heap n reaches (words() words), with the batch's pairs in already.
  std::uint64_t* reached(std::uint64_t n) {
    return reached_.data() + (n - start_) * words_;
  }
  std::size_t words() const {
    return words_;
  }
  // The rare heaps the batch paired: rare_heaps[first(), last()).
  std::size_t first() const {
    return first_;
  }
  std::size_t last() const {
    return last_;
  }

  // The values that need one rare part for a split of a size of `parity`, a bit each.
  const std::uint64_t* needs(std::uint64_t parity) const {
    return needs_.data() + (parity & 1) * words_;
  }
  // The least value that `needs` has and `reached` has not (value_count if none), and how many
  // values below it are unreached (values that need no rare part, or two).
  std::pair<GrundyValue, std::uint64_t> first_common_unreached(const std::uint64_t* reached,
                                                               const std::uint64_t* needs) const {
    std::uint64_t rare_missing = 0;
    for (std::size_t w = 0; w < words_; ++w) {
      const std::uint64_t unreached = ~reached[w];
      const std::uint64_t stop = unreached & needs[w];
      if (stop != 0) {
        const int bit = std::countr_zero(stop);
        rare_missing += std::popcount(unreached & ~needs[w] & ((std::uint64_t{1} << bit) - 1));
        return {static_cast<GrundyValue>(w * 64 + bit), rare_missing};
      }
      rare_missing += std::popcount(unreached & ~needs[w] & valid_bits(w));
    }
    return {static_cast<GrundyValue>(value_count_), rare_missing};
  }
  GrundyValue first_unreached(const std::uint64_t* reached) const {
    for (std::size_t w = 0; w < words_; ++w) {
      const std::uint64_t unreached = ~reached[w] & valid_bits(w);
      if (unreached != 0) return static_cast<GrundyValue>(w * 64 + std::countr_zero(unreached));
    }
    return static_cast<GrundyValue>(value_count_);
  }

  // Whether a value of heap n may lie beyond the values its compared pairs were compared with.
  bool beyond_compared(std::uint64_t n, GrundyValue value) const {
    return value > checked_[n - start_];
  }
  // The pairs of heap n that the batch only compared, marked in reached(n): n needs a value
  // beyond those compared.
  template <typename V>
  void pair_compared(const V* values, std::uint64_t n, const SparseSpace& space) {
    std::uint64_t* reached = this->reached(n);
    for (std::uint64_t take : space.split_takes)
      for (std::size_t i = middle_; i < last_; ++i) {
        const std::uint64_t rare = space.rare_heaps[i];
        if (space.unequal && 2 * rare == n - take) continue;
        const GrundyValue x = space.rare_values[i] ^ values[n - take - rare];
        reached[x / 64] |= std::uint64_t{1} << (x % 64);
      }
    checked_[n - start_] = UINT32_MAX;
  }

 private:
  // The bits of a heap's word w that stand for values below value_count_.
  std::uint64_t valid_bits(std::size_t w) const {
    if (value_count_ >= (w + 1) * 64) return ~std::uint64_t{0};
    return (std::uint64_t{1} << (value_count_ - w * 64)) - 1;
  }

  // The batch's rare pairs: for each rare heap of [first_, last_) and each take that splits, its
  // other parts in the batch's heaps, consecutive values. Half of them (or three quarters) are
  // marked, a bit each; the others are only compared with the first few values that need a rare
  // part and that no marked pair reaches, which is far fewer operations (with vector
  // instructions): whichever pair reaches one marks it. The values a heap needs are almost always
  // among those few (each is reached by many pairs); when not, the caller makes the compared pairs
  // of that heap (pair_compared()).
  template <typename V>
  [[gnu::always_inline]] void pair(const V* values, std::uint64_t n, std::uint64_t length,
                                   const SparseSpace& space) {
    const std::size_t words = words_;
    std::uint64_t* reached = reached_.data();
    // Three quarters of the rare heaps for values of 16 bits, which AVX-512 marks at half the cost
    // (0.007 to 300,000 then takes 14% less time than with half; 9% more, a bit at a time). The
    // same share on every processor, so that the steps, and where a bound of steps stops the
    // values, are the same everywhere.
    middle_ = first_ + (last_ - first_) * (sizeof(V) == 2 ? 3 : 2) / 4;
    mark(values, n, length, first_, middle_, space);
    // The first values that need a rare part and that no marked pair reaches, for each heap.
    std::array<std::array<V, most_heaps>, compared_values> compared;
    for (std::uint64_t b = 0; b < length; ++b) {
      const std::uint64_t* needs = this->needs(space.heap_parity & (n + b - space.split_takes[0]));
      std::size_t found = 0;
      for (std::size_t w = 0; w < words && found < compared_values; ++w)
        for (std::uint64_t left = ~reached[b * words + w] & needs[w] & valid_bits(w);
             left != 0 && found < compared_values; left &= left - 1)
          compared[found++][b] = static_cast<V>(w * 64 + std::countr_zero(left));
      if (found < compared_values) {  // so few: the pairs are all marked
        mark(values, n, length, middle_, last_, space);
        middle_ = last_;
        return;
      }
    }
    // Bit j of hits[b]: some compared pair reaches compared[j][b].
    std::array<V, most_heaps> hits{};
    const auto compare = [&](const V* partner, V value, std::uint64_t from, std::uint64_t to) {
      for (std::uint64_t b = from; b < to; ++b) {
        const V x = value ^ partner[b];
        V hit = 0;
        for (std::size_t j = 0; j < compared_values; ++j)
          hit |= static_cast<V>(static_cast<V>(x == compared[j][b]) << j);
        hits[b] |= hit;
      }
    };
    for_each_pair(values, n, length, middle_, last_, space, compare);
    constexpr auto every = static_cast<V>((1u << compared_values) - 1);
    std::uint64_t beyond = 0;  // the heaps whose compared values all are hit, a bit each
    for (std::uint64_t b = 0; b < length; ++b) {
      for (std::size_t j = 0; j < compared_values; ++j)
        if ((hits[b] >> j) & 1) {
          const V x = compared[j][b];
          reached[b * words + x / 64] |= std::uint64_t{1} << (x % 64);
        }
      checked_[b] = compared[compared_values - 1][b];
      if (hits[b] == every) beyond |= std::uint64_t{1} << b;
    }
    // Their values lie beyond the values compared: their compared pairs are marked here, in one
    // pass, each rare heap's other parts close together, rather than by pair_compared() one heap
    // at a time, the other parts far apart (the same bits; 0.007 to 500,000 takes 5% less time).
    if (beyond == 0) return;
    mark(values, n, length, middle_, last_, space, beyond);
    for (; beyond != 0; beyond &= beyond - 1)
      checked_[std::countr_zero(beyond)] = UINT32_MAX;
  }
#if NIM_GRUNDY_AVX2
  template <typename V>
  [[gnu::target("avx2")]] void pair_avx2(const V* values, std::uint64_t n, std::uint64_t length,
                                         const SparseSpace& space) {
    pair(values, n, length, space);
  }
#endif

  // Calls `pairs` with the other parts of each rare heap of [first, last) in the batch's heaps
  // (partner[b] for heap n + b), the rare heap's value, and the heaps [from, to) to pair;
  // Grundy's game leaves out the heap that the rare heap would split into equal parts.
  template <typename V, typename Pairs>
  [[gnu::always_inline]] static void for_each_pair(const V* values, std::uint64_t n,
                                                   std::uint64_t length, std::size_t first,
                                                   std::size_t last, const SparseSpace& space,
                                                   Pairs&& pairs) {
    for (std::uint64_t take : space.split_takes) {
      for (std::size_t i = first; i < last; ++i) {
        const std::uint64_t rare = space.rare_heaps[i];
        const V* partner = values + (n - take - rare);
        const auto value = static_cast<V>(space.rare_values[i]);
        const std::uint64_t equal =
            space.unequal && 2 * rare >= n && 2 * rare - n < length ? 2 * rare - n : length;
        pairs(partner, value, 0, equal);
        if (equal < length) pairs(partner, value, equal + 1, length);
      }
    }
  }

  // Marks the values the pairs of the rare heaps [first, last) reach in the batch's heaps n + b
  // whose bit b of `heaps` is set.
  template <typename V>
  [[gnu::always_inline]] void mark(const V* values, std::uint64_t n, std::uint64_t length,
                                   std::size_t first, std::size_t last, const SparseSpace& space,
                                   std::uint64_t heaps = ~std::uint64_t{0}) {
    const std::size_t words = words_;
    std::uint64_t* reached = reached_.data();
    const bool every_heap = heaps == ~std::uint64_t{0};
#if NIM_GRUNDY_AVX512
    const auto rare_heaps = std::span(space.rare_heaps.data() + first, last - first);
    const auto rare_values = std::span(space.rare_values.data() + first, last - first);
    if constexpr (sizeof(V) == 1)
      if (every_heap && words <= 4 && has_avx512_vbmi()) {
        mark_rare_pairs_avx512(values, n, length, rare_heaps, rare_values, space.split_takes,
                               space.unequal, reached, words);
        return;
      }
    if constexpr (sizeof(V) == 2)
      if (has_avx512_vbmi()) {
        scatter_rare_pairs_avx512(values, n, length, heaps, rare_heaps, rare_values,
                                  space.split_takes, space.unequal, reached, words);
        return;
      }
#endif
    for_each_pair(values, n, length, first, last, space,
                  [&](const V* partner, V value, std::uint64_t from, std::uint64_t to) {
                    if (from >= to) return;  // (from may be 64)
                    if (every_heap) {
                      for (std::uint64_t b = from; b < to; ++b) {
                        const V x = value ^ partner[b];
                        reached[b * words + x / 64] |= std::uint64_t{1} << (x % 64);
                      }
                      return;
                    }
                    for (std::uint64_t left = heaps >> from << from; left != 0; left &= left - 1) {
                      const auto b = static_cast<std::uint64_t>(std::countr_zero(left));
                      if (b >= to) break;
                      const V x = value ^ partner[b];
                      reached[b * words + x / 64] |= std::uint64_t{1} << (x % 64);
                    }
                  });
  }

  // The values compared with the batch's last rare pairs, for each heap.
  static constexpr std::size_t compared_values = 8;
  // At most most_heaps heaps, and most_words words in all unless one heap needs more.
  static constexpr std::uint64_t most_heaps = 64, most_words = 1 << 16;

  // Heaps [start_, end_), a bit set of the values reached for each (of words_ words), the rare
  // pairs of the rare heaps [first_, last_) in already; values below value_count_.
  std::uint64_t start_ = 0, end_ = 0, value_count_ = 0;
  std::size_t words_ = 1, first_ = 0, last_ = 0;
  std::vector<std::uint64_t> reached_;
  // The rare heaps [middle_, last_) were only compared with the values that need a rare part up
  // to checked_[b] for heap start_ + b (UINT32_MAX: all marked).
  std::size_t middle_ = 0;
  std::vector<GrundyValue> checked_;
  // The values that need one rare part, a bit each, for a size of even and of odd parity, under
  // the classes and for the values they were made for.
  std::vector<std::uint64_t> needs_;
  GrundyValue needs_mask_ = 0;
  unsigned needs_parity_ = 0;
  std::uint64_t needs_count_ = 0;
};

}  // namespace nim
