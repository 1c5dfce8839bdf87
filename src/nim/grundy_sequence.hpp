// The Grundy values of one heap of a heap game (heap_game.hpp), G(0), G(1), ..., and what is known
// of their period, as CGSuite's NimValueSequence and CheckPeriodicity give them. A heap is worth
// the mex of the values of its options, a split the XOR of its parts.
//
// Splits make the plain mex quadratic: a heap of n has about n/2 splits. The values of octal games
// and of Grundy's game fall into two classes by a bit mask m, the common values (an odd number of
// 1 bits under m) and the rare ones (an even number): common ^ common and rare ^ rare are rare,
// common ^ rare is common. A common value can then only come from a split with a rare part, and
// rare heaps are few, so every common value a heap reaches is found by pairing the rare heaps
// alone; the small rare values still missing are then looked for among all splits, and almost
// always turn up after a few. This is Berlekamp's "sparse space" (Winning Ways, ch. 4), as
// Flammenkamp's programs use it. Any mask gives the right values (mask 0 makes every value rare:
// the plain quadratic mex); the mask with the fewest rare heaps so far only makes it fast.
//
// More things make it faster still, with the same values. The rare pairs of the next heaps are
// made a batch at a time: for one rare heap, its other parts in consecutive heaps are consecutive
// values, read in order, not one far apart each heap. Half of a batch's rare heaps mark the values
// they reach; the other half are only compared with the first few values still unreached, which
// almost always hold the heap's value. The search for the rare values still missing goes a block
// of splits at a time, without a branch on each: while many are missing, every value the block
// reaches is marked; once a few are left, the block's values are compared with each. The values
// are read in the narrowest width that holds them (8 or 16 bits), and the comparisons are
// compiled for AVX2 too (16 or 32 values at once), used where the processor has it. Where it has
// AVX-512 with byte permutes, grundy_split_search.hpp does the search (a bit set of the missing
// values in registers) and, while the values are below 256, the marking of the rare pairs.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <concepts>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <tuple>
#include <utility>
#include <vector>

#include "nim/grundy_split_search.hpp"
#include "nim/heap.hpp"
#include "nim/heap_game.hpp"
#include "nim/period.hpp"

// The searches and comparisons are also compiled for AVX2, used where the processor has it.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define NIM_GRUNDY_AVX2 1
#else
#define NIM_GRUNDY_AVX2 0
#endif

namespace nim {

// What a GrundyValues keeps that its values alone do not give back: the steps taken, which bound
// the values, and the classes of the sparse space chosen last (the next choice changes the steps
// to come). The rest is rebuilt from the values: the rare heaps, the bits every value needs, the
// all-but counts.
struct GrundyCounters {
  std::uint64_t steps = 0;
  std::uint64_t next_class_choice = 256;
  GrundyValue class_mask = 0;
  unsigned class_heap_parity = 0;  // 0 or 1

  friend bool operator==(const GrundyCounters&, const GrundyCounters&) = default;
};

// Computes G(0), G(1), ... in order, and on further when asked.
class GrundyValues {
 public:
  explicit GrundyValues(HeapGame game) : game_(std::move(game)) {
    if (game_.kind == HeapGameKind::subtraction)
      for (std::uint64_t k : game_.set)
        takes_.push_back({k, leave_none | leave_one});
    if (game_.kind == HeapGameKind::octal)
      for (std::uint64_t k = 0; k < game_.digits.size(); ++k)
        if (game_.digits[k] != 0) takes_.push_back({k, game_.digits[k]});
    seen_.assign(2, 0);
    if (game_.kind == HeapGameKind::grundy) split_takes_.push_back(0);
    for (const Take& take : takes_)
      if ((take.leaves & leave_two) != 0) split_takes_.push_back(take.count);
    if (!split_takes_.empty()) largest_split_take_ = split_takes_.back();
    sizes_share_parity();  // sets split_take_parity_, which no class uses until one has parity
  }

  // Goes on from the values and counters of another computer of the same game (counters()), to
  // the same values and steps as that computer would have: each heap's value depends on the values
  // before it, and its steps on those, on the classes and on the batches, which end at multiples
  // of 128 heaps (so the same batches follow when the values given end at one, as a pause's do).
  GrundyValues(HeapGame game, std::vector<GrundyValue> values, const GrundyCounters& counters)
      : GrundyValues(std::move(game)) {
    values_ = std::move(values);
    steps_ = counters.steps;
    next_class_choice_ = counters.next_class_choice;
    classes_ = {counters.class_mask, counters.class_heap_parity & 1};
    for (std::uint64_t n = 0; n < values_.size(); ++n) {
      const GrundyValue value = values_[n];
      keep_narrow(value);
      if (value >= seen_.size()) seen_.resize(std::bit_ceil(std::uint64_t{value} + 1), 0);
      if (n > 0 && is_rare(n, value)) add_rare(n, value);
      if (game_.kind == HeapGameKind::all_but_subtraction) count_value(value);
    }
  }

  GrundyCounters counters() const {
    return {steps_, next_class_choice_, classes_.mask, classes_.heap_parity};
  }

  const HeapGame& game() const { return game_; }
  std::span<const GrundyValue> values() const { return values_; }
  // The values, moved out (the computer is done with).
  std::vector<GrundyValue> release_values() && { return std::move(values_); }

  // The work done so far, in steps: values and pairs of heaps looked at.
  std::uint64_t steps() const { return steps_; }

  // Tells `report` the number of values computed every `progress_heaps` heaps (for a line that
  // shows how far a long computation has gone).
  void report_progress(std::function<void(std::uint64_t)> report) { report_ = std::move(report); }

  // Asks `pause`, with the number of values computed, every `progress_heaps` heaps (not at the
  // first heap of a call): when it says yes, extend_to() stops there, and paused() says so.
  void pause_when(std::function<bool(std::uint64_t)> pause) { pause_ = std::move(pause); }
  bool paused() const { return paused_; }

  // Computes the values of the heaps 0 to `most_heap`, or stops at the first heap reached once
  // more than `most_steps` steps are taken (in all), or where it is paused; returns whether it got
  // to `most_heap`.
  bool extend_to(std::uint64_t most_heap, std::uint64_t most_steps = UINT64_MAX) {
    reserve(most_heap + 1);
    paused_ = false;
    const std::uint64_t first = values_.size();
    for (std::uint64_t n = first; n <= most_heap; ++n) {
      if (n > 0 && steps_ > most_steps) return false;
      if (n % progress_heaps == 0 && report_) report_(n);
      if (n % progress_heaps == 0 && n != first && pause_ && pause_(n)) {
        paused_ = true;
        return false;
      }
      if (n >= next_class_choice_) choose_classes();
      const GrundyValue value =
          game_.kind == HeapGameKind::all_but_subtraction ? next_all_but_value(n) : next_value(n);
      values_.push_back(value);
      keep_narrow(value);
      if (value >= seen_.size()) {
        seen_.resize(std::bit_ceil(std::uint64_t{value} + 1), 0);
        batch_end_ = 0;
      }
      if (n > 0 && is_rare(n, value)) add_rare(n, value);
    }
    return true;
  }

  // The values of the heaps up to `most_heap` from a period proved on the values so far: each is
  // the value a period earlier, in linear time. The rare heaps follow, so that the values may
  // still go on the long way.
  void repeat_period(const Period& period, std::uint64_t most_heap) {
    reserve(most_heap + 1);
    for (std::uint64_t n = values_.size(); n <= most_heap; ++n) {
      const GrundyValue value = values_[n - period.period] + period.saltus;
      values_.push_back(value);
      keep_narrow(value);
      ++steps_;
      if (is_rare(n, value)) add_rare(n, value);
    }
    batch_end_ = 0;
  }

 private:
  struct Take {
    std::uint64_t count;
    std::uint8_t leaves;  // the octal digit: leave_none | leave_one | leave_two
  };

  // The values again in the narrowest width that holds them all so far: 8 bits, then 16, then
  // none (values_ itself). The searches read a half or a quarter of the bytes, and compare twice
  // or four times as many values at once. Only one narrow copy is kept at a time.
  void keep_narrow(GrundyValue value) {
    if (width_ == 1 && value > UINT8_MAX) {
      // The 2-byte copy is made from values_, after the 1-byte one is freed: the two copies are
      // never there at once (6 bytes a heap at most, with values_).
      width_ = 2;
      const std::size_t count = bytes_.size();
      bytes_ = {};
      narrow_.reserve(values_.capacity());
      narrow_.assign(values_.begin(), values_.begin() + static_cast<std::ptrdiff_t>(count));
    }
    if (width_ == 2 && value > UINT16_MAX) {
      width_ = 4;
      narrow_ = {};
    }
    if (width_ == 1) bytes_.push_back(static_cast<std::uint8_t>(value));
    if (width_ == 2) narrow_.push_back(static_cast<std::uint16_t>(value));
  }
  void reserve(std::uint64_t heaps) {
    values_.reserve(heaps);
    if (width_ == 1) bytes_.reserve(heaps);
    if (width_ == 2) narrow_.reserve(heaps);
  }
  // Calls f with the values, in the narrowest width that holds them.
  template <typename F>
  decltype(auto) with_values(F&& f) const {
    if (width_ == 1) return f(bytes_.data());
    if (width_ == 2) return f(narrow_.data());
    return f(values_.data());
  }

  // The classes of the sparse space: a heap's class bit is the parity of its value's 1 bits under
  // the mask, XOR the parity of n - k when `heap_parity` (k the take of the splits, all of one
  // parity); the heaps of bit 0 are rare. For a split of s = n - k into a + b the parts' class
  // bits then differ iff the value's parity under the mask, XOR s's parity when `heap_parity`, is
  // 1: such a value needs exactly one rare part, and so does the value of a common heap (bit 1).
  // The first classes (mask 0) make every heap rare: the plain mex.
  struct Classes {
    GrundyValue mask = 0;
    unsigned heap_parity = 0;
  };

  bool is_rare(std::uint64_t heap, GrundyValue v) const {
    const std::uint64_t offset = classes_.heap_parity & (heap + split_take_parity_);
    return ((std::popcount(v & classes_.mask) ^ offset) & 1) == 0;
  }
  // A value that only a split of `size` with exactly one rare part reaches.
  bool needs_one_rare(std::uint64_t size, GrundyValue v) const {
    return ((std::popcount(v & classes_.mask) ^ (classes_.heap_parity & size)) & 1) == 1;
  }

  // The sizes of the heap that a split divides: n - k for each k whose digit allows two heaps
  // (Grundy's game: n itself, into unequal parts).
  void split_sizes(std::uint64_t n) {
    sizes_.clear();
    if (game_.kind == HeapGameKind::grundy) {
      if (n >= 3) sizes_.push_back(n);
      return;
    }
    for (const Take& take : takes_)
      if ((take.leaves & leave_two) != 0 && n >= take.count + 2) sizes_.push_back(n - take.count);
  }

  GrundyValue next_value(std::uint64_t n) {
    const std::uint64_t stamp = n + 1;  // seen_[v] == stamp: some option of n is worth v
    if (n >= batch_end_) start_batch(n);
    // The values some option of n is worth, a bit each: the batch's rare pairs are in already.
    std::uint64_t* reached = batch_reached_.data() + (n - batch_start_) * batch_words_;
    const auto reach = [reached](GrundyValue v) {
      reached[v / 64] |= std::uint64_t{1} << (v % 64);
    };
    steps_ += takes_.size();
    for (const Take& take : takes_) {
      if (take.count > n) break;
      if ((take.leaves & leave_none) != 0 && take.count == n) reach(0);
      if ((take.leaves & leave_one) != 0 && take.count < n) reach(values_[n - take.count]);
    }
    split_sizes(n);
    const bool unequal = game_.kind == HeapGameKind::grundy;
    // Every split with a rare part (with mask 0, every split) that the batch did not pair.
    for (std::uint64_t size : sizes_) {
      steps_ += rare_heaps_.size();
      const std::size_t below =
          std::lower_bound(rare_heaps_.begin(), rare_heaps_.end(), size) - rare_heaps_.begin();
      for (std::size_t i = 0; i < below; ++i) {
        if (i == batch_first_) i = std::max(i, batch_last_);
        if (i >= below) break;
        const std::uint64_t rare = rare_heaps_[i];
        if (unequal && 2 * rare == size) continue;
        reach(rare_values_[i] ^ values_[size - rare]);
      }
    }
    steps_ += seen_.size();  // the values looked over below
    const std::size_t words = batch_words_;
    if (sizes_.empty() || rare_heaps_.size() == n - 1) return first_unreached(reached, words);
    // The smallest value missed that needs a rare part is reached by no split, nor is any value
    // beyond the bits: the heap's value is at most that (all sizes share a parity when the
    // classes use it).
    const std::uint64_t* needs =
        needs_one_rare_.data() + ((classes_.heap_parity & sizes_.front()) & 1) * words;
    auto [common, rare_missing] = first_common_unreached(reached, needs);
    if (common > batch_checked_[n - batch_start_]) {
      // Beyond the values the batch compared its last rare pairs with: they are made here.
      with_values([&](const auto* values) { pair_compared_rare_heaps(values, n, reached); });
      std::tie(common, rare_missing) = first_common_unreached(reached, needs);
    }
    if (rare_missing == 0) return common;
    // The rare values below it that no split with a rare part reaches: look for them among the
    // other splits, until each has turned up (seen_[v] == stamp: reached).
    missing_.clear();
    for (GrundyValue v = 0; v < common; ++v) {
      if ((reached[v / 64] >> (v % 64)) & 1)
        seen_[v] = stamp;
      else
        missing_.push_back(v);
    }
    for (std::uint64_t size : sizes_) {
      const std::uint64_t most_part = unequal ? (size - 1) / 2 : size / 2;
      const std::uint64_t last = with_values(
          [&](const auto* values) { return search_splits(values, size, most_part, stamp); });
      if (last != 0) {
        steps_ += last;
        return common;
      }
      steps_ += most_part;
    }
    return first_missing(stamp, common);
  }

  // The least value unreached that needs a rare part (seen_.size() if none), and how many values
  // below it are unreached (values that need no rare part, or two).
  std::pair<GrundyValue, std::uint64_t> first_common_unreached(const std::uint64_t* reached,
                                                               const std::uint64_t* needs) const {
    std::uint64_t rare_missing = 0;
    for (std::size_t w = 0; w < batch_words_; ++w) {
      const std::uint64_t unreached = ~reached[w];
      const std::uint64_t stop = unreached & needs[w];
      if (stop != 0) {
        const int bit = std::countr_zero(stop);
        rare_missing += std::popcount(unreached & ~needs[w] & ((std::uint64_t{1} << bit) - 1));
        return {static_cast<GrundyValue>(w * 64 + bit), rare_missing};
      }
      rare_missing += std::popcount(unreached & ~needs[w] & valid_bits(w));
    }
    return {static_cast<GrundyValue>(seen_.size()), rare_missing};
  }

  // The bits of a heap's word w that stand for values below seen_.size().
  std::uint64_t valid_bits(std::size_t w) const {
    const std::uint64_t size = seen_.size();
    if (size >= (w + 1) * 64) return ~std::uint64_t{0};
    return (std::uint64_t{1} << (size - w * 64)) - 1;
  }

  GrundyValue first_unreached(const std::uint64_t* reached, std::size_t words) const {
    for (std::size_t w = 0; w < words; ++w) {
      const std::uint64_t unreached = ~reached[w] & valid_bits(w);
      if (unreached != 0) return static_cast<GrundyValue>(w * 64 + std::countr_zero(unreached));
    }
    return static_cast<GrundyValue>(seen_.size());
  }

  // The splits with a rare part of the next heaps (up to the next choice of the classes) whose
  // other part is known, paired at once: for each such rare heap, its other parts in consecutive
  // heaps are consecutive values.
  void start_batch(std::uint64_t n) {
    const std::uint64_t size = seen_.size();
    batch_words_ = (size + 63) / 64;
    const std::size_t words = batch_words_;
    // A batch ends at a multiple of its longest length, a power of two up to 128 (the first after
    // a restart is shorter): a computer resumed at a multiple of 128 heaps makes the same batches,
    // and so takes the same steps (a batch decides which rare pairs are only compared, and so
    // which values the search looks for).
    const std::uint64_t longest = std::clamp<std::uint64_t>(batch_words / words, 1, batch_heaps);
    const std::uint64_t length = std::min((n / longest + 1) * longest, next_class_choice_) - n;
    batch_start_ = n;
    batch_end_ = n + length;
    batch_reached_.assign(length * words, 0);
    batch_checked_.assign(length, UINT32_MAX);
    if (needs_size_ != size || needs_mask_ != classes_.mask ||
        needs_parity_ != classes_.heap_parity) {
      needs_one_rare_.assign(2 * words, 0);
      for (unsigned parity : {0u, 1u})
        for (GrundyValue v = 0; v < size; ++v)
          if (needs_one_rare(parity, v))
            needs_one_rare_[parity * words + v / 64] |= std::uint64_t{1} << (v % 64);
      needs_size_ = size;
      needs_mask_ = classes_.mask;
      needs_parity_ = classes_.heap_parity;
    }
    batch_first_ = batch_last_ = batch_middle_ = rare_heaps_.size();
    if (!game_.splits() || n < length + largest_split_take_ + 1) return;
    // The rare heaps r with length <= r <= n - k - 1 for every take k that splits: the other part
    // of r in heap n + b, n + b - k - r, is then at least 1 and below n, its value known.
    const std::uint64_t lowest = length, highest = n - largest_split_take_ - 1;
    batch_first_ =
        std::lower_bound(rare_heaps_.begin(), rare_heaps_.end(), lowest) - rare_heaps_.begin();
    batch_last_ =
        std::upper_bound(rare_heaps_.begin(), rare_heaps_.end(), highest) - rare_heaps_.begin();
    if (batch_first_ >= batch_last_) {
      batch_first_ = batch_last_ = batch_middle_ = rare_heaps_.size();
      return;
    }
#if NIM_GRUNDY_AVX2
    if (has_avx2()) {
      with_values([&](const auto* values) { pair_rare_heaps_avx2(values, n, length); });
      return;
    }
#endif
    with_values([&](const auto* values) { pair_rare_heaps(values, n, length); });
  }

  // The batch's rare pairs: for each rare heap of rare_heaps_[batch_first_, batch_last_) and each
  // take that splits, its other parts in the batch's heaps, consecutive values. Half of them are
  // marked, a bit each; the other half are only compared with the first few values that need a
  // rare part and that no marked pair reaches, which is far fewer operations (with vector
  // instructions): whichever pair reaches one marks it. The values a heap needs are almost always
  // among those few (each is reached by many pairs); when not, next_value() makes the compared
  // pairs of that heap (pair_compared_rare_heaps()).
  template <typename V>
  [[gnu::always_inline]] void pair_rare_heaps(const V* values, std::uint64_t n,
                                              std::uint64_t length) {
    const std::size_t words = batch_words_;
    std::uint64_t* reached = batch_reached_.data();
    batch_middle_ = batch_first_ + (batch_last_ - batch_first_) / 2;
    mark_rare_pairs(values, n, length, batch_first_, batch_middle_);
    // The first values that need a rare part and that no marked pair reaches, for each heap.
    std::array<std::array<V, batch_heaps>, compared_values> compared;
    for (std::uint64_t b = 0; b < length; ++b) {
      const std::uint64_t* needs =
          needs_one_rare_.data() +
          ((classes_.heap_parity & (n + b - split_takes_.front())) & 1) * words;
      std::size_t found = 0;
      for (std::size_t w = 0; w < words && found < compared_values; ++w)
        for (std::uint64_t left = ~reached[b * words + w] & needs[w] & valid_bits(w);
             left != 0 && found < compared_values; left &= left - 1)
          compared[found++][b] = static_cast<V>(w * 64 + std::countr_zero(left));
      if (found < compared_values) {  // so few: the pairs are all marked
        mark_rare_pairs(values, n, length, batch_middle_, batch_last_);
        batch_middle_ = batch_last_;
        return;
      }
    }
    // Bit j of hits[b]: some compared pair reaches compared[j][b].
    std::array<V, batch_heaps> hits{};
    const auto compare = [&](const V* partner, V value, std::uint64_t from, std::uint64_t to) {
      for (std::uint64_t b = from; b < to; ++b) {
        const V x = value ^ partner[b];
        V hit = 0;
        for (std::size_t j = 0; j < compared_values; ++j)
          hit |= static_cast<V>(static_cast<V>(x == compared[j][b]) << j);
        hits[b] |= hit;
      }
    };
    for_each_rare_pair(values, n, length, batch_middle_, batch_last_, compare);
    for (std::uint64_t b = 0; b < length; ++b) {
      for (std::size_t j = 0; j < compared_values; ++j)
        if ((hits[b] >> j) & 1) {
          const V x = compared[j][b];
          reached[b * words + x / 64] |= std::uint64_t{1} << (x % 64);
        }
      batch_checked_[b] = compared[compared_values - 1][b];
    }
  }
#if NIM_GRUNDY_AVX2
  template <typename V>
  [[gnu::target("avx2")]] void pair_rare_heaps_avx2(const V* values, std::uint64_t n,
                                                    std::uint64_t length) {
    pair_rare_heaps(values, n, length);
  }

#endif

  // The values compared with the batch's last rare pairs, for each heap.
  static constexpr std::size_t compared_values = 8;

  // Calls `pairs` with the other parts of each rare heap of rare_heaps_[first, last) in the
  // batch's heaps (partner[b] for heap n + b), the rare heap's value, and the heaps [from, to) to
  // pair; Grundy's game leaves out the heap that the rare heap would split into equal parts.
  template <typename V, typename Pairs>
  [[gnu::always_inline]] void for_each_rare_pair(const V* values, std::uint64_t n,
                                                 std::uint64_t length, std::size_t first,
                                                 std::size_t last, Pairs&& pairs) const {
    const bool unequal = game_.kind == HeapGameKind::grundy;
    for (std::uint64_t take : split_takes_) {
      for (std::size_t i = first; i < last; ++i) {
        const std::uint64_t rare = rare_heaps_[i];
        const V* partner = values + (n - take - rare);
        const auto value = static_cast<V>(rare_values_[i]);
        const std::uint64_t equal =
            unequal && 2 * rare >= n && 2 * rare - n < length ? 2 * rare - n : length;
        pairs(partner, value, 0, equal);
        if (equal < length) pairs(partner, value, equal + 1, length);
      }
    }
  }

  // Marks the values the pairs of rare_heaps_[first, last) reach in the batch's heaps.
  template <typename V>
  [[gnu::always_inline]] void mark_rare_pairs(const V* values, std::uint64_t n,
                                              std::uint64_t length, std::size_t first,
                                              std::size_t last) {
    const std::size_t words = batch_words_;
    std::uint64_t* reached = batch_reached_.data();
#if NIM_GRUNDY_AVX512
    if constexpr (sizeof(V) == 1)
      if (words <= 4 && has_avx512_vbmi()) {
        mark_rare_pairs_avx512(values, n, length,
                               std::span(rare_heaps_).subspan(first, last - first),
                               std::span(rare_values_).subspan(first, last - first), split_takes_,
                               game_.kind == HeapGameKind::grundy, reached, words);
        return;
      }
#endif
    for_each_rare_pair(values, n, length, first, last,
                       [&](const V* partner, V value, std::uint64_t from, std::uint64_t to) {
                         for (std::uint64_t b = from; b < to; ++b) {
                           const V x = value ^ partner[b];
                           reached[b * words + x / 64] |= std::uint64_t{1} << (x % 64);
                         }
                       });
  }

  // The pairs of heap n that the batch only compared, marked in `reached`: n needs a value beyond
  // those compared.
  template <typename V>
  void pair_compared_rare_heaps(const V* values, std::uint64_t n, std::uint64_t* reached) {
    const bool unequal = game_.kind == HeapGameKind::grundy;
    for (std::uint64_t take : split_takes_)
      for (std::size_t i = batch_middle_; i < batch_last_; ++i) {
        const std::uint64_t rare = rare_heaps_[i];
        if (unequal && 2 * rare == n - take) continue;
        const GrundyValue x = rare_values_[i] ^ values[n - take - rare];
        reached[x / 64] |= std::uint64_t{1} << (x % 64);
      }
    batch_checked_[n - batch_start_] = UINT32_MAX;
  }

#if NIM_GRUNDY_AVX2
  static bool has_avx2() {
    static const bool avx2 = __builtin_cpu_supports("avx2");
    return avx2;
  }

#endif

  // The splits the search looks at without a branch: while many values are missing, and while
  // few are, compared with each (a longer block, so that its overhead fades).
  static constexpr std::uint64_t search_block = 128, compare_block = 256;

  // Looks for the values of missing_ among the splits of `size` into `part` + (size - part), part
  // from 1 to `most_part`; returns the part where the last turned up (seen_[v] == stamp for each
  // then), or 0 when some never do. Where the processor has AVX2, with the code compiled for it:
  // it compares 16 values of 16 bits at once, 4 times as many as the x86-64 the build targets.
  template <typename V>
  std::uint64_t search_splits(const V* values, std::uint64_t size, std::uint64_t most_part,
                              std::uint64_t stamp) {
#if NIM_GRUNDY_AVX512
    // Where the values fit the bit set of split_search_values and the block of a vector.
    if constexpr (sizeof(V) <= 2)
      if (most_part >= 64 && seen_.size() <= split_search_values && has_avx512_vbmi()) {
        const std::uint64_t last =
            search_splits_avx512(values, size, most_part, std::span<const GrundyValue>(missing_),
                                 [&](GrundyValue v) { seen_[v] = stamp; });
        if (last == 0) std::erase_if(missing_, [&](GrundyValue v) { return seen_[v] == stamp; });
        return last;
      }
#endif
#if NIM_GRUNDY_AVX2
    if (has_avx2()) return search_splits_avx2(values, size, most_part, stamp);
#endif
    // Without AVX2, a split compared with a missing value costs a quarter of one marked.
    return search_splits_with<4>(values, size, most_part, stamp);
  }
#if NIM_GRUNDY_AVX2
  template <typename V>
  [[gnu::target("avx2")]] std::uint64_t search_splits_avx2(const V* values, std::uint64_t size,
                                                           std::uint64_t most_part,
                                                           std::uint64_t stamp) {
    return search_splits_with<16>(values, size, most_part, stamp);
  }
#endif

  // The search, comparing the splits with the missing values while `few` are left at most, and
  // marking what they reach while more are.
  template <std::size_t few, typename V>
  [[gnu::always_inline]] std::uint64_t search_splits_with(const V* values, std::uint64_t size,
                                                          std::uint64_t most_part,
                                                          std::uint64_t stamp) {
    for (std::uint64_t part = 1, end; part <= most_part; part = end) {
      const bool marks = missing_.size() > few;
      end = std::min(part + (marks ? search_block : compare_block), most_part + 1);
      if (marks ? !block_marks_missing(values, size, part, end, stamp)
                : !block_reaches_missing(values, size, part, end, stamp))
        continue;
      // Each value left turns up in the block: where the last does gives the steps. The first 16
      // splits where they all have turned up, then those splits one by one.
      while (part + 16 < end && !block_reaches_missing(values, size, part, part + 16, stamp))
        part += 16;
      std::uint64_t last = part;
      for (GrundyValue missing : missing_) {
        std::uint64_t p = part;
        while ((values[p] ^ values[size - p]) != missing)
          ++p;
        last = std::max(last, p);
        seen_[missing] = stamp;
      }
      return last;
    }
    return 0;
  }

  // Whether the splits of `size` with a part in [part, end) reach every value of missing_, each
  // value they reach marked; if not, those they reach leave missing_ (if so, missing_ is left as
  // it was, for the caller to find where each turned up).
  template <typename V>
  [[gnu::always_inline]] bool block_marks_missing(const V* values, std::uint64_t size,
                                                  std::uint64_t part, std::uint64_t end,
                                                  std::uint64_t stamp) {
    std::uint64_t* seen = seen_.data();
    for (std::uint64_t p = part; p < end; ++p)
      seen[values[p] ^ values[size - p]] = stamp;
    if (std::all_of(missing_.begin(), missing_.end(),
                    [&](GrundyValue v) { return seen[v] == stamp; }))
      return true;
    std::erase_if(missing_, [&](GrundyValue v) { return seen[v] == stamp; });
    return false;
  }

  // The same, each missing value compared with all the block's values without a branch (vector
  // instructions): fewer operations than marking them while few values are missing.
  template <typename V>
  [[gnu::always_inline]] bool block_reaches_missing(const V* values, std::uint64_t size,
                                                    std::uint64_t part, std::uint64_t end,
                                                    std::uint64_t stamp) {
    std::array<V, compare_block> reached;
    const std::size_t count = end - part;
    for (std::size_t i = 0; i < count; ++i)
      reached[i] = values[part + i] ^ values[size - part - i];
    std::size_t kept = 0;
    for (GrundyValue missing : missing_) {
      // It fits V: it is below seen_.size(), at most 2^8 or 2^16 while the values fit V.
      const V target = static_cast<V>(missing);
      V hit = 0;
      for (std::size_t i = 0; i < count; ++i)
        hit |= static_cast<V>(reached[i] == target);
      if (hit == 0)
        missing_[kept++] = missing;  // missing_ is left as it was if none stay
      else
        seen_[missing] = stamp;
    }
    if (kept == 0) return true;
    missing_.resize(kept);
    return false;
  }

  void add_rare(std::uint64_t heap, GrundyValue value) {
    rare_heaps_.push_back(heap);
    rare_values_.push_back(value);
  }

  GrundyValue first_missing(std::uint64_t stamp, GrundyValue most) const {
    for (GrundyValue v = 0; v < most; ++v)
      if (seen_[v] != stamp) return v;
    return most;
  }

  // All-but subtraction: every smaller heap is an option but n - k for k in the set. Counting how
  // many smaller heaps have each value makes this O(|S|^2) a heap.
  GrundyValue next_all_but_value(std::uint64_t n) {
    GrundyValue best = first_absent_;
    steps_ += game_.set.size() * game_.set.size();
    for (std::uint64_t k : game_.set) {
      if (k > n) break;
      const GrundyValue value = values_[n - k];
      std::uint64_t excluded = 0;
      for (std::uint64_t other : game_.set)
        if (other <= n && values_[n - other] == value) ++excluded;
      if (count_[value] == excluded) best = std::min(best, value);
    }
    count_value(best);
    return best;
  }

  void count_value(GrundyValue value) {
    if (value >= count_.size()) count_.resize(std::uint64_t{value} * 2 + 2, 0);
    ++count_[value];
    while (first_absent_ < count_.size() && count_[first_absent_] != 0)
      ++first_absent_;
    if (first_absent_ >= count_.size()) count_.resize(count_.size() * 2, 0);
  }

  // The classes with the fewest rare heaps among those computed, and the rare heaps under them.
  // The count of rare heaps under every mask at once is a Walsh–Hadamard transform: under m, a
  // heap n counts +1 if its class bit is 0, -1 if 1, so the transform of the values' histogram
  // gives the class-0 count minus the class-1 count for every m (with n's parity in the class
  // bit, the histogram counts odd heaps -1).
  void choose_classes() {
    while (next_class_choice_ <= values_.size())
      next_class_choice_ *= 2;
    if (!game_.splits()) return;
    const std::size_t size = seen_.size();  // a power of two above every value
    if (size > (std::size_t{1} << 20)) return;
    steps_ += 2 * (size * std::countr_zero(size) + values_.size());
    std::int64_t best_rare = static_cast<std::int64_t>(values_.size());
    for (unsigned parity : {0u, 1u}) {
      if (parity == 1 && !sizes_share_parity()) continue;
      std::vector<std::int64_t> spectrum(size, 0);
      for (std::size_t n = 1; n < values_.size(); ++n)
        spectrum[values_[n]] += (parity & (n + split_take_parity_) & 1) != 0 ? -1 : 1;
      for (std::size_t half = 1; half < size; half *= 2)
        for (std::size_t i = 0; i < size; i += 2 * half)
          for (std::size_t j = i; j < i + half; ++j) {
            const std::int64_t a = spectrum[j], b = spectrum[j + half];
            spectrum[j] = a + b;
            spectrum[j + half] = a - b;
          }
      const auto heaps = static_cast<std::int64_t>(values_.size()) - 1;
      for (std::size_t m = 1; m < size; ++m) {
        const std::int64_t rare = (heaps + spectrum[m]) / 2;
        if (rare < best_rare) {
          best_rare = rare;
          classes_ = {static_cast<GrundyValue>(m), parity};
        }
      }
    }
    batch_end_ = 0;
    rare_heaps_.clear();
    rare_values_.clear();
    for (std::uint64_t n = 1; n < values_.size(); ++n)
      if (is_rare(n, values_[n])) add_rare(n, values_[n]);
  }

  // Whether every split divides heaps of one parity for a given n (one digit allows splits, or
  // all such digits are even or all odd): the classes may then use a heap's parity. Sets
  // split_take_parity_, the parity of their take.
  bool sizes_share_parity() {
    int parities = 0;
    for (const Take& take : takes_)
      if ((take.leaves & leave_two) != 0) parities |= 1 << (take.count % 2);
    split_take_parity_ = parities == 2 ? 1 : 0;
    return parities != 3;
  }

  static constexpr std::uint64_t progress_heaps = 4096;

  HeapGame game_;
  std::function<void(std::uint64_t)> report_;
  std::function<bool(std::uint64_t)> pause_;
  bool paused_ = false;
  std::vector<GrundyValue> values_;
  // The same values while they fit 8 bits (width_ 1) or 16 (width_ 2); width_ 4: values_ alone.
  std::vector<std::uint8_t> bytes_;
  std::vector<std::uint16_t> narrow_;
  unsigned width_ = 1;
  std::uint64_t steps_ = 0;
  std::vector<Take> takes_;  // octal and subtraction: the counts a move may take, increasing
  // Splitting games: the classes, the heaps (from 1) that are rare under them, and a stamp per
  // value (its size a power of two above every value, so any XOR of two values fits).
  Classes classes_;
  std::vector<std::uint64_t> rare_heaps_;
  std::vector<GrundyValue> rare_values_;  // their values, in the same order
  std::uint64_t next_class_choice_ = 256;
  std::uint64_t split_take_parity_ = 0;  // the parity of the splits' take, when they share one
  std::vector<std::uint64_t> seen_;
  std::vector<GrundyValue> missing_;  // the rare values a heap's search still looks for
  // The batch: heaps [batch_start_, batch_end_), a bit set of the values reached for each (of
  // batch_words_ words), the rare pairs of rare_heaps_[batch_first_, batch_last_) in already.
  // At most batch_heaps heaps, and batch_words words in all unless one heap needs more.
  static constexpr std::uint64_t batch_heaps = 128, batch_words = 1 << 16;
  std::uint64_t batch_start_ = 0, batch_end_ = 0;
  std::size_t batch_words_ = 1, batch_first_ = 0, batch_last_ = 0;
  std::vector<std::uint64_t> batch_reached_;
  // The batch's rare heaps [batch_middle_, batch_last_) were only compared with the values that
  // need a rare part up to batch_checked_[b] for heap batch_start_ + b (UINT32_MAX: all marked).
  std::size_t batch_middle_ = 0;
  std::vector<GrundyValue> batch_checked_;
  // The values that need one rare part, a bit each, for a size of even and of odd parity, under
  // the classes and for the values they were made for.
  std::vector<std::uint64_t> needs_one_rare_;
  GrundyValue needs_mask_ = 0;
  unsigned needs_parity_ = 0;
  std::uint64_t needs_size_ = 0;
  std::vector<std::uint64_t> split_takes_;  // the takes that may split, increasing (Grundy's: 0)
  std::uint64_t largest_split_take_ = 0;
  std::vector<std::uint64_t> sizes_;
  // All-but subtraction: how many heaps so far have each value, and the least value none has.
  std::vector<std::uint64_t> count_ = std::vector<std::uint64_t>(2, 0);
  GrundyValue first_absent_ = 0;
};

namespace detail {

// The least e such that values[n + p] == values[n] + saltus for every n from e with n + p in the
// values. Scanning down from the end, a p that is no period stops after a few values.
inline std::uint64_t agreement_start(std::span<const GrundyValue> values, std::uint64_t p,
                                     GrundyValue saltus) {
  std::uint64_t n = values.size() - p;
  while (n > 0 && values[n - 1 + p] == values[n - 1] + saltus)
    --n;
  return n;
}

template <HeapInteger Heap>
std::uint64_t small_value(const Heap& h) {
  if constexpr (std::same_as<Heap, SmallHeap>)
    return h;
  else
    return to_small(h);
}

}  // namespace detail

// The last heap whose value proves a period p from e (with its saltus, for an all-but
// subtraction game: there, the last the values must show it to). A game whose moves leave at most
// one heap: a repeated window, the t values from max(e, 1) on and the t after them p further on
// (from heap 1, so that every take is possible and none takes a whole heap of exactly k).
// Otherwise the Guy–Smith range, e <= n < 2e + p + t.
inline std::uint64_t last_heap_to_prove(const HeapGame& game, const Period& period) {
  const std::uint64_t e = period.pre_period, p = period.period, t = game.largest_take();
  if (game.is_finite_octal() && !game.splits()) return std::max<std::uint64_t>(e, 1) + t + p - 1;
  return 2 * e + 2 * p + t - 1;
}

// The least period the values prove, for a finite octal or subtraction game; for an all-but
// subtraction game, the least (arithmetic) period the values show from e on, as far as 2e + 2p + t
// at least (never proved); none for Grundy's game or when nothing is found. A finite octal game
// whose values prove no period may still show one, not proved: the least p that holds from an
// e in the first half of the values, and repeats twice before their end (its theorem needs more
// values; a pair of equal last values is no sign of a period).
inline std::optional<Period> find_period(const HeapGame& game,
                                         std::span<const GrundyValue> values) {
  if (game.kind == HeapGameKind::grundy) return std::nullopt;
  const std::uint64_t size = values.size(), t = game.largest_take();
  std::optional<Period> seen;
  for (std::uint64_t p = 1; p + t < size; ++p) {
    GrundyValue saltus = 0;
    if (game.kind == HeapGameKind::all_but_subtraction) {
      if (values[size - 1] < values[size - 1 - p]) continue;
      saltus = values[size - 1] - values[size - 1 - p];
    }
    const std::uint64_t e = detail::agreement_start(values, p, saltus);
    Period period{e, p, saltus, Period::Proof::none, size - 1};
    if (last_heap_to_prove(game, period) >= size) {
      if (!seen && game.is_finite_octal() && 2 * e <= size && e + 2 * p <= size) seen = period;
      continue;
    }
    if (game.is_finite_octal())
      period.proof = game.splits() ? Period::Proof::guy_smith : Period::Proof::repeated_window;
    return period;
  }
  return seen;
}

// A game's values to `up_to` at least (unless they stopped at their bound of steps), and what is
// known of their period.
struct GrundySequence {
  HeapGame game;
  std::vector<GrundyValue> values;  // G(0) to G(computed_to())
  std::optional<Period> period;
  // When the values stopped at their bound of steps, that bound; 0 when they did not.
  std::uint64_t stopped_at_steps = 0;

  std::uint64_t computed_to() const { return values.size() - 1; }
};

// The steps the values up to a limit L may take: L^2 (at least 1024^2), the pairs of heaps up to
// L. A heap of n has about n/2 splits for each take that splits, so the plain mex of one such take
// costs L^2/4 steps; the sparse space usually needs far fewer, and the slowest short codes known
// here (0.76, 0.0006) need 0.74 L^2 and 0.39 L^2. A code of many takes that split, whose values the
// sparse space does not tame, would take hours: its values stop at the heap the bound reaches.
inline std::uint64_t most_grundy_steps(std::uint64_t limit) {
  const std::uint64_t l = std::max<std::uint64_t>(limit, 1024);
  std::uint64_t steps;
  if (__builtin_mul_overflow(l, l, &steps)) return UINT64_MAX;
  return steps;
}

// Where a computation of a sequence stands, besides its values: what it was asked, the heaps it is
// going to, and its computer's counters. With the values, it goes on to the same values, period
// and steps as a computation never paused (the command line keeps it in a file between runs).
struct SequenceProgress {
  std::uint64_t up_to = 0;
  std::uint64_t search_limit = 0;
  std::uint64_t most_steps = 0;
  // The heap the values go to before the period is looked for (from up_to, doubling up to
  // search_limit), and the heap they go to now: a finite octal game looks for its period each time
  // its values double on the way.
  std::uint64_t most = 0;
  std::uint64_t stage = 0;
  GrundyCounters counters;

  friend bool operator==(const SequenceProgress&, const SequenceProgress&) = default;
};

// The heap from which a finite octal game's period is looked for while its values are computed.
inline constexpr std::uint64_t first_period_check = 1024;

// The values of heaps 0 to `up_to`; while no period is proved, more values, doubling, up to heap
// `search_limit`, so that the period can be found (Kayles proves its period at heap 167). A finite
// octal game's period is looked for each time the values double on the way; once one is proved,
// the theorem that proves it says the values repeat for ever, and the rest come from it, in linear
// time. Grundy's game has no period to look for: its values stop at `up_to`. The values stop
// early, at the heap they reached, once they have taken more than `most_steps` steps.
//
// run() may pause between heaps and go on later, from this object or from another made of its
// progress() and values(): a long computation survives the end of its process.
class SequenceComputation {
 public:
  SequenceComputation(HeapGame game, std::uint64_t up_to, std::uint64_t search_limit,
                      std::uint64_t most_steps = UINT64_MAX)
      : computer_(std::move(game)),
        progress_{.up_to = up_to,
                  .search_limit = search_limit,
                  .most_steps = most_steps,
                  .most = up_to,
                  .stage = 0,
                  .counters = {}} {
    progress_.stage = first_stage();
  }
  SequenceComputation(HeapGame game, const SequenceProgress& progress,
                      std::vector<GrundyValue> values)
      : computer_(std::move(game), std::move(values), progress.counters), progress_(progress) {}

  const HeapGame& game() const { return computer_.game(); }
  std::span<const GrundyValue> values() const { return computer_.values(); }
  SequenceProgress progress() const {
    SequenceProgress progress = progress_;
    progress.counters = computer_.counters();
    return progress;
  }

  // `report`, if given, is told the number of values computed from time to time (every 4096
  // heaps); `pause` is asked at the same times, but not at the first of a run().
  void report_progress(std::function<void(std::uint64_t)> report) {
    computer_.report_progress(std::move(report));
  }
  void pause_when(std::function<bool(std::uint64_t)> pause) {
    computer_.pause_when(std::move(pause));
  }

  // Goes on until the sequence is known (true), or until paused (false).
  bool run() {
    for (;;) {
      if (!computer_.extend_to(progress_.stage, progress_.most_steps)) {
        if (computer_.paused()) return false;
        stopped_ = true;
        period_ = find_period(game(), values());
        return true;
      }
      if (progress_.stage < progress_.most) {  // a finite octal game on its way
        const std::optional<Period> period = find_period(game(), values());
        if (period && period->proved()) {
          computer_.repeat_period(*period, progress_.most);
        } else {
          progress_.stage = first_stage();
          continue;
        }
      }
      period_ = find_period(game(), values());
      if (game().kind == HeapGameKind::grundy || (period_ && period_->proved()) ||
          progress_.most >= progress_.search_limit)
        return true;
      progress_.most =
          std::min(std::max<std::uint64_t>(2 * progress_.most, 1023), progress_.search_limit);
      progress_.stage = first_stage();
    }
  }

  // The sequence, once run() has returned true.
  GrundySequence result() && {
    HeapGame rules = game();
    return {std::move(rules), std::move(computer_).release_values(), period_,
            stopped_ ? progress_.most_steps : 0};
  }

 private:
  // The next heap the values go to: the last, but for a finite octal game, whose period is looked
  // for on the way, twice the values so far (1024 at least).
  std::uint64_t first_stage() const {
    if (!game().is_finite_octal()) return progress_.most;
    return std::min(progress_.most,
                    std::max<std::uint64_t>(2 * values().size(), first_period_check));
  }

  GrundyValues computer_;
  SequenceProgress progress_;
  std::optional<Period> period_;
  bool stopped_ = false;
};

// The sequence of SequenceComputation, in one go. `report`, if given, is told the number of values
// computed from time to time.
inline GrundySequence compute_sequence(HeapGame game, std::uint64_t up_to,
                                       std::uint64_t search_limit,
                                       std::uint64_t most_steps = UINT64_MAX,
                                       std::function<void(std::uint64_t)> report = {}) {
  SequenceComputation computation(std::move(game), up_to, search_limit, most_steps);
  computation.report_progress(std::move(report));
  computation.run();
  return std::move(computation).result();
}

// The Grundy value of a heap of any size: from the proved period beyond the values computed, from
// the values up to computed_to(); none beyond that, where nothing is known (the caller refuses
// the heap, naming the game, the heap and computed_to()).
template <HeapInteger Heap>
std::optional<GrundyValue> grundy_value(const GrundySequence& sequence, const Heap& heap) {
  const std::uint64_t computed = sequence.values.size();
  if (heap < Heap(computed)) return sequence.values[detail::small_value(heap)];
  if (!sequence.period || !sequence.period->proved()) return std::nullopt;
  const Period& period = *sequence.period;
  // e + (h - e) mod p, which is below e + p <= computed.
  const Heap offset = Heap(heap - Heap(period.pre_period)) % Heap(period.period);
  return sequence.values[period.pre_period + detail::small_value(offset)];
}

}  // namespace nim
