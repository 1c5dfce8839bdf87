// A heap game's Grundy values G(0), G(1), ... (grundy_values.hpp) and what is known of their
// period, as CGSuite's NimValueSequence and CheckPeriodicity give them: the period the values
// prove (and by which theorem), and a computation that looks for it as the values grow, pauses
// and goes on, and once the period is proved takes the rest from it.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "nim/grundy_values.hpp"
#include "nim/heap.hpp"
#include "nim/heap_game.hpp"
#include "nim/period.hpp"

namespace nim {

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
// progress() and values(): a long computation survives the end of its process. With `threads`
// above 1, the values are computed on two threads (GrundyValues), to the same values and steps.
class SequenceComputation {
 public:
  SequenceComputation(HeapGame game, std::uint64_t up_to, std::uint64_t search_limit,
                      std::uint64_t most_steps = UINT64_MAX, unsigned threads = 1)
      : computer_(std::move(game), threads),
        progress_{.up_to = up_to,
                  .search_limit = search_limit,
                  .most_steps = most_steps,
                  .most = up_to,
                  .stage = 0,
                  .counters = {}} {
    progress_.stage = first_stage();
  }
  SequenceComputation(HeapGame game, const SequenceProgress& progress,
                      std::vector<GrundyValue> values, unsigned threads = 1)
      : computer_(std::move(game), std::move(values), progress.counters, threads),
        progress_(progress) {}

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
                                       std::function<void(std::uint64_t)> report = {},
                                       unsigned threads = 1) {
  SequenceComputation computation(std::move(game), up_to, search_limit, most_steps, threads);
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
