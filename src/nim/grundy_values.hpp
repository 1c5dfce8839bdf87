// The Grundy values of one heap of a heap game (heap_game.hpp), G(0), G(1), ..., computed in
// order. A heap is worth the mex of the values of its options, a split the XOR of its parts.
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
// More things make it faster still, with the same values: the rare pairs of the next heaps are
// made a batch at a time (grundy_rare_pairs.hpp), the search for the rare values still missing
// goes a block of splits at a time (grundy_missing_search.hpp), and the values are read in the
// narrowest width that holds them (8 or 16 bits).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <span>
#include <tuple>
#include <utility>
#include <vector>

#include "nim/grundy_batches.hpp"
#include "nim/grundy_missing_search.hpp"
#include "nim/grundy_rare_pairs.hpp"
#include "nim/heap_game.hpp"
#include "nim/period.hpp"

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
  // With `threads` above 1, a second thread makes the batches of rare pairs ahead of the heaps
  // (grundy_batches.hpp), for the same values and steps.
  explicit GrundyValues(HeapGame game, unsigned threads = 1)
      : game_(std::move(game)), batches_(threads > 1 && game_.splits()) {
    if (game_.kind == HeapGameKind::subtraction)
      for (std::uint64_t k : game_.set)
        takes_.push_back({k, leave_none | leave_one});
    if (game_.kind == HeapGameKind::octal)
      for (std::uint64_t k = 0; k < game_.digits.size(); ++k)
        if (game_.digits[k] != 0) takes_.push_back({k, game_.digits[k]});
    search_.resize(value_count_);
    space_.unequal = game_.kind == HeapGameKind::grundy;
    if (space_.unequal) space_.split_takes.push_back(0);
    for (const Take& take : takes_)
      if ((take.leaves & leave_two) != 0) space_.split_takes.push_back(take.count);
    sizes_share_parity();  // sets the split takes' parity, which no class uses until one has it
  }

  // Goes on from the values and counters of another computer of the same game (counters()), to
  // the same values and steps as that computer would have: each heap's value depends on the values
  // before it, and its steps on those, on the classes and on the batches, which end at multiples
  // of 64 heaps (so the same batches follow when the values given end at one, as a pause's do).
  GrundyValues(HeapGame game, std::vector<GrundyValue> values, const GrundyCounters& counters,
               unsigned threads = 1)
      : GrundyValues(std::move(game), threads) {
    values_ = std::move(values);
    steps_ = counters.steps;
    next_class_choice_ = counters.next_class_choice;
    space_.mask = counters.class_mask;
    space_.heap_parity = counters.class_heap_parity & 1;
    for (std::uint64_t n = 0; n < values_.size(); ++n) {
      const GrundyValue value = values_[n];
      if (value >= value_count_) count_values_to(value);
      keep_narrow(value);
      if (n > 0 && space_.is_rare(n, value)) add_rare(n, value);
      if (game_.kind == HeapGameKind::all_but_subtraction) count_value(value);
    }
  }

  GrundyCounters counters() const {
    return {steps_, next_class_choice_, space_.mask, space_.heap_parity};
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
    const bool reached = extend_values_to(most_heap, most_steps);
    batches_.pause();  // the values may move before the next call
    return reached;
  }

  // The values of the heaps up to `most_heap` from a period proved on the values so far: each is
  // the value a period earlier, in linear time. The rare heaps follow, so that the values may
  // still go on the long way.
  void repeat_period(const Period& period, std::uint64_t most_heap) {
    batches_.drop();
    reserve(most_heap + 1);
    for (std::uint64_t n = values_.size(); n <= most_heap; ++n) {
      const GrundyValue value = values_[n - period.period] + period.saltus;
      values_.push_back(value);
      keep_narrow(value);
      ++steps_;
      if (space_.is_rare(n, value)) add_rare(n, value);
    }
  }

 private:
  struct Take {
    std::uint64_t count;
    std::uint8_t leaves;  // the octal digit: leave_none | leave_one | leave_two
  };

  bool extend_values_to(std::uint64_t most_heap, std::uint64_t most_steps) {
    most_heap_ = most_heap;
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
      if (value >= value_count_) count_values_to(value);
      keep_narrow(value);
      if (n > 0 && space_.is_rare(n, value)) add_rare(n, value);
    }
    return true;
  }

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
  // The values, in the narrowest width that holds them.
  NarrowValues narrow() const {
    if (width_ == 1) return {bytes_.data(), 1};
    if (width_ == 2) return {narrow_.data(), 2};
    return {values_.data(), 4};
  }

  // A rare heap, kept: the second thread stops reading the rare heaps before they move.
  void add_rare(std::uint64_t n, GrundyValue value) {
    if (space_.rare_heaps.size() == space_.rare_heaps.capacity() ||
        space_.rare_values.size() == space_.rare_values.capacity())
      batches_.pause();
    space_.add_rare(n, value);
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
    RarePairBatch& batch = batches_.at(n, {.values = narrow(),
                                           .value_count = value_count_,
                                           .next_class_choice = next_class_choice_,
                                           .most_heap = most_heap_,
                                           .space = &space_,
                                           .rare_known = space_.rare_heaps.size()});
    // The values some option of n is worth, a bit each: the batch's rare pairs are in already.
    std::uint64_t* reached = batch.reached(n);
    // The next heap's bits: the other thread may have made them, in its own cache.
    if (batch.holds(n + 1)) __builtin_prefetch(reached + batch.words());
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
    const std::vector<std::uint64_t>& rare_heaps = space_.rare_heaps;
    // Every split with a rare part (with mask 0, every split) that the batch did not pair.
    for (std::uint64_t size : sizes_) {
      steps_ += rare_heaps.size();
      const std::size_t below =
          std::lower_bound(rare_heaps.begin(), rare_heaps.end(), size) - rare_heaps.begin();
      for (std::size_t i = 0; i < below; ++i) {
        if (i == batch.first()) i = std::max(i, batch.last());
        if (i >= below) break;
        const std::uint64_t rare = rare_heaps[i];
        if (space_.unequal && 2 * rare == size) continue;
        reach(space_.rare_values[i] ^ values_[size - rare]);
      }
    }
    steps_ += value_count_;  // the values looked over below
    if (sizes_.empty() || rare_heaps.size() == n - 1) return batch.first_unreached(reached);
    // The smallest value missed that needs a rare part is reached by no split, nor is any value
    // beyond the bits: the heap's value is at most that (all sizes share a parity when the
    // classes use it).
    const std::uint64_t* needs = batch.needs(space_.heap_parity & sizes_.front());
    auto [common, rare_missing] = batch.first_common_unreached(reached, needs);
    if (batch.beyond_compared(n, common)) {
      // Beyond the values the batch compared its last rare pairs with: they are made here.
      narrow().visit([&](const auto* values) { batch.pair_compared(values, n, space_); });
      std::tie(common, rare_missing) = batch.first_common_unreached(reached, needs);
    }
    if (rare_missing == 0) return common;
    // The rare values below it that no split with a rare part reaches: look for them among the
    // other splits, until each has turned up.
    search_.start(n + 1, reached, common);
    for (std::uint64_t size : sizes_) {
      const std::uint64_t most_part = space_.unequal ? (size - 1) / 2 : size / 2;
      const std::uint64_t last = narrow().visit(
          [&](const auto* values) { return search_.search(values, size, most_part); });
      if (last != 0) {
        steps_ += last;
        return common;
      }
      steps_ += most_part;
    }
    return search_.first_missing(common);
  }

  // Values below a power of two above `value`, for the bit sets and the classes: any XOR of two
  // values fits.
  void count_values_to(GrundyValue value) {
    batches_.drop();
    value_count_ = std::bit_ceil(std::uint64_t{value} + 1);
    search_.resize(value_count_);
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
    const std::size_t size = value_count_;
    if (size > (std::size_t{1} << 20)) return;
    batches_.drop();
    steps_ += 2 * (size * std::countr_zero(size) + values_.size());
    std::int64_t best_rare = static_cast<std::int64_t>(values_.size());
    for (unsigned parity : {0u, 1u}) {
      if (parity == 1 && !sizes_share_parity()) continue;
      std::vector<std::int64_t> spectrum(size, 0);
      for (std::size_t n = 1; n < values_.size(); ++n)
        spectrum[values_[n]] += (parity & (n + space_.split_take_parity) & 1) != 0 ? -1 : 1;
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
          space_.mask = static_cast<GrundyValue>(m);
          space_.heap_parity = parity;
        }
      }
    }
    space_.rare_heaps.clear();
    space_.rare_values.clear();
    for (std::uint64_t n = 1; n < values_.size(); ++n)
      if (space_.is_rare(n, values_[n])) space_.add_rare(n, values_[n]);
  }

  // Whether every split divides heaps of one parity for a given n (one digit allows splits, or
  // all such digits are even or all odd): the classes may then use a heap's parity. Sets
  // the sparse space's split_take_parity, the parity of their take.
  bool sizes_share_parity() {
    int parities = 0;
    for (const Take& take : takes_)
      if ((take.leaves & leave_two) != 0) parities |= 1 << (take.count % 2);
    space_.split_take_parity = parities == 2 ? 1 : 0;
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
  std::uint64_t most_heap_ = 0;  // the last heap extend_to() was asked for
  std::vector<Take> takes_;      // octal and subtraction: the counts a move may take, increasing
  // Splitting games: the sparse space, its batch of rare pairs and its search. The values are
  // below value_count_, a power of two (so any XOR of two values is too).
  SparseSpace space_;
  RarePairBatches batches_;
  MissingValueSearch search_;
  std::uint64_t value_count_ = 2;
  std::uint64_t next_class_choice_ = 256;
  std::vector<std::uint64_t> sizes_;
  // All-but subtraction: how many heaps so far have each value, and the least value none has.
  std::vector<std::uint64_t> count_ = std::vector<std::uint64_t>(2, 0);
  GrundyValue first_absent_ = 0;
};

}  // namespace nim
