// Sets of positions for data sets: samples balanced between won and lost positions, and every
// position of a space in order, with the formulas that count them. Random samples of all positions
// alike come from sampling.hpp.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "nim/heap.hpp"
#include "nim/position.hpp"
#include "nim/position_view.hpp"
#include "nim/random.hpp"
#include "nim/ruleset.hpp"
#include "nim/same_game.hpp"
#include "nim/sampling.hpp"
#include "nim/solver.hpp"
#include "nim/tally.hpp"

namespace nim {

template <HeapSumRuleset Rules>
Outcome outcome_of(const Position<typename Rules::Heap>& position, const Rules& rules) {
  return is_winning(ScannedPosition(position, rules)) ? Outcome::won : Outcome::lost;
}

// Every position of `heap_count` heaps of sizes in `size`, in order: fewer heaps first, then the
// sizes read as the digits of a number, the first heap most significant. Sorted, only the
// positions whose sizes never decrease: one for each multiset of sizes, since the order of the
// heaps does not change who wins.
template <HeapInteger Heap>
class AllPositions {
 public:
  AllPositions(const Range<std::size_t>& heap_count, const Range<Heap>& size, bool sorted)
      : heap_count_(heap_count), size_(size), sorted_(sorted) {}

  // Moves to the next position (to the first on the first call); false once there is none left.
  bool next() {
    if (!started_) {
      started_ = true;
      position_.assign(heap_count_.least, size_.least);
      return true;
    }
    if (done_) return false;
    for (std::size_t i = position_.size(); i-- > 0;) {
      if (position_[i] < size_.most) {
        ++position_[i];
        for (std::size_t j = i + 1; j < position_.size(); ++j)
          position_[j] = sorted_ ? position_[i] : size_.least;
        return true;
      }
    }
    if (position_.size() >= heap_count_.most) {
      done_ = true;
      return false;
    }
    position_.assign(position_.size() + 1, size_.least);
    return true;
  }

  const Position<Heap>& position() const { return position_; }

 private:
  Range<std::size_t> heap_count_;
  Range<Heap> size_;
  bool sorted_;
  bool started_ = false, done_ = false;
  Position<Heap> position_;
};

// How many positions AllPositions goes through, with `sizes` (R) sizes to choose from for each of
// A to B heaps: every order, the sum of R^k over k, which is (R^(B+1) - R^A) / (R - 1) for R > 1
// and B - A + 1 for R = 1; sorted, the multisets, C(R+k-1, k) summed over k, which is
// C(R+B, B) - C(R+A-1, A-1). The numbers grow fast: the caller keeps B small.
inline BigHeap count_all_positions(const Range<std::size_t>& heap_count, const BigHeap& sizes,
                                   bool sorted) {
  const unsigned long least = heap_count.least, most = heap_count.most;
  BigHeap high, low;
  if (sorted) {
    mpz_bin_ui(high.get_mpz_t(), BigHeap(sizes + to_big(most)).get_mpz_t(), most);
    if (least > 0)
      mpz_bin_ui(low.get_mpz_t(), BigHeap(sizes + to_big(least - 1)).get_mpz_t(), least - 1);
    return high - low;
  }
  if (sizes == 1) return BigHeap(to_big(most) - to_big(least) + 1);
  mpz_pow_ui(high.get_mpz_t(), sizes.get_mpz_t(), most + 1);
  mpz_pow_ui(low.get_mpz_t(), sizes.get_mpz_t(), least);
  return (high - low) / (sizes - 1);
}

// Positions drawn as PositionSampler draws them, kept only when they have the outcome wanted: each
// is distributed as a random position given its outcome. Lost positions are too rare to find by
// drawing alone (under normal play with sizes up to M, about one in M), so the last heap is drawn
// among the sizes that make the position lost, and the try kept with a probability proportional
// to how many sizes do, which leaves the distribution exactly that of drawing and rejecting.
template <HeapSumRuleset RulesT>
class OutcomeSampler final : public OutcomeDrawer<typename RulesT::Heap> {
 public:
  using Rules = RulesT;
  using Heap = typename Rules::Heap;

  // heap_count.least >= 1.
  OutcomeSampler(const Range<std::size_t>& heap_count, const Range<Heap>& size, const Rules& rules)
      : heap_count_(heap_count), size_(size), rules_(rules), sampler_(heap_count, size) {
    if (const auto period = rules.period_up_to(size.most)) {
      period_ = *period;
      most_per_value_ = Heap(Heap(Heap(size.most - size.least) / period_) + Heap(1));
    }
  }

  const Range<std::size_t>& heap_count() const override { return heap_count_; }
  const Range<Heap>& size() const override { return size_; }
  const Rules& rules() const { return rules_; }
  Outcome outcome_of(const Position<Heap>& position) const override {
    return nim::outcome_of(position, rules_);
  }

  bool try_draw(SplitMix64& rng, Outcome wanted, Position<Heap>& position) const override {
    const std::size_t heaps = sampler_.draw_heap_count(rng);
    position.resize(heaps);
    Tally<Heap> rest;  // of every heap but the last
    for (std::size_t i = 0; i + 1 < heaps; ++i) {
      position[i] = sampler_.draw_size(rng);
      rest.add(position[i], rules_);
    }
    Heap& last = position.back();
    if (wanted == Outcome::won) {
      last = sampler_.draw_size(rng);
      rest.add(last, rules_);
      return is_winning(rest, rules_);
    }
    // The last heap's Grundy value that loses.
    const Heap target = losing_value(rest.grundy_sum, rest.big_count > 0, rules_);
    if (is_zero(period_)) {  // every size is its own Grundy value
      if (target < size_.least || size_.most < target) return false;
      last = target;
      return true;
    }
    if (!(target < period_)) return false;
    // The sizes from least to most with Grundy value `target`: least + offset, then every period.
    const Heap start = Heap(size_.least % period_);
    const Heap offset =
        start <= target ? Heap(target - start) : Heap(Heap(target + period_) - start);
    if (Heap(size_.most - size_.least) < offset) return false;
    const Heap count =
        Heap(Heap(Heap(Heap(size_.most - size_.least) - offset) / period_) + Heap(1));
    const Heap pick = uniform_below(rng, most_per_value_);
    if (!(pick < count)) return false;
    last = Heap(Heap(size_.least + offset) + Heap(pick * period_));
    return true;
  }

 private:
  Range<std::size_t> heap_count_;
  Range<Heap> size_;
  Rules rules_;
  PositionSampler<Heap> sampler_;
  Heap period_{};          // the period of the Grundy values up to the largest size; 0: none
  Heap most_per_value_{};  // the most sizes that one Grundy value has, with a period
};

// Takes every position.
struct TakeEvery {
  template <class Position>
  bool operator()(const Position&) const {
    return true;
  }
};

// `count` positions (an even number), half won and half lost, in random order: the outcome of each
// is drawn among the outcomes still owed, so that every arrangement is equally likely. Only the
// positions that accept(position) takes count (a position drawn again is drawn anew, with
// --unique); calls on_position(position) for each. Gives up, returning false, when `patience` tries
// in a row found nothing to take.
template <HeapInteger Heap, class OnPosition, class Accept = TakeEvery>
bool draw_balanced(SplitMix64& rng, std::uint64_t count, const OutcomeDrawer<Heap>& sampler,
                   OnPosition&& on_position, Accept&& accept = {},
                   std::uint64_t patience = UINT64_MAX) {
  std::uint64_t won = count / 2, lost = count / 2;
  Position<Heap> position;
  while (won + lost > 0) {
    const bool draw_won = uniform_below(rng, won + lost) < won;
    std::uint64_t tries = 0;
    while (!sampler.try_draw(rng, draw_won ? Outcome::won : Outcome::lost, position) ||
           !accept(std::as_const(position)))
      if (++tries == patience) return false;
    --(draw_won ? won : lost);
    on_position(std::as_const(position));
  }
  return true;
}

// How many positions draw_positions() draws in a row without the outcome it still needs before it
// gives up.
inline constexpr std::uint64_t most_fruitless_draws = 1'000'000;

// Why draw_positions() gave up, after "balanced: " in the caller's words.
inline std::string rare_outcome_words(Outcome missing) {
  return std::string("no position ") + (missing == Outcome::won ? "won" : "lost") +
         " for the player to move turned up in " + std::to_string(most_fruitless_draws) +
         " draws: such positions are too rare to draw, or there are none";
}

// What draws random positions into a Position<Heap>: PositionSampler, or a sum's sampler.
template <class Sampler, class Heap>
concept DrawsPositions = requires(const Sampler& sampler, SplitMix64& rng,
                                  Position<Heap>& position) {
  sampler.draw(rng, position);
};

// `count` positions drawn by `sampler`; with `balanced`, count / 2 won and count / 2 lost for the
// player to move (as `winning(position)` says), each outcome's positions kept as they turn up until
// it has its half, so that a game without an outcome sampler is balanced by drawing and rejecting.
// Calls on_position(position) for each. Gives up when `patience` draws in a row bring only
// positions of an outcome already complete, returning the outcome still wanted.
template <HeapInteger Heap, DrawsPositions<Heap> Sampler, class Winning, class OnPosition>
std::optional<Outcome> draw_positions(SplitMix64& rng, std::uint64_t count, const Sampler& sampler,
                                      bool balanced, std::uint64_t patience, Winning&& winning,
                                      OnPosition&& on_position) {
  Position<Heap> position;
  std::uint64_t wanted[2] = {count / 2, count / 2};  // lost, won
  for (std::uint64_t drawn = 0; drawn < count; ++drawn) {
    sampler.draw(rng, position);
    if (balanced) {
      std::uint64_t fruitless = 0;
      bool won = winning(std::as_const(position));
      while (wanted[won] == 0) {
        if (++fruitless == patience) return won ? Outcome::lost : Outcome::won;
        sampler.draw(rng, position);
        won = winning(std::as_const(position));
      }
      --wanted[won];
    }
    on_position(std::as_const(position));
  }
  return std::nullopt;
}

// The different positions of a space, one for each canonical form in the sense of `Sameness`
// (same_game.hpp), in the order of AllPositions. With size 0 allowed, every form of at most B
// heaps is a position of exactly B heaps with its empty heaps added (and no other position of B
// heaps has that form), so those are gone through; otherwise the positions of A to B heaps.
template <HeapInteger Heap>
class DifferentPositions {
 public:
  DifferentPositions(const Range<std::size_t>& heap_count, const Range<Heap>& size,
                     Sameness sameness)
      : padded_(is_zero(size.least)),
        sameness_(sameness),
        all_(padded_ ? Range<std::size_t>{heap_count.most, heap_count.most} : heap_count, size,
             sameness == Sameness::any_order) {}

  // Moves to the next form (to the first on the first call); false once there is none left.
  bool next() {
    if (!all_.next()) return false;
    canonical_form(std::span<const Heap>(all_.position()), sameness_, form_);
    return true;
  }

  // A position of the space with this form: the form with its empty heaps, as many as the most
  // heaps when size 0 is allowed.
  const Position<Heap>& written() const { return all_.position(); }
  const Position<Heap>& form() const { return form_; }

  // Whether a position of `heaps` heaps (within the space's heap counts) can have this form.
  bool writable(std::size_t heaps) const {
    return padded_ ? form_.size() <= heaps : form_.size() == heaps;
  }

 private:
  bool padded_;
  Sameness sameness_;
  AllPositions<Heap> all_;
  Position<Heap> form_;
};

// How many different positions a space holds in the sense of `sameness`: with size 0 allowed,
// those of exactly B heaps counted as AllPositions counts them (see DifferentPositions).
template <HeapInteger Heap>
BigHeap count_different_positions(const Range<std::size_t>& heap_count, const Range<Heap>& size,
                                  Sameness sameness) {
  const BigHeap sizes = BigHeap(size.most) - BigHeap(size.least) + 1;
  const Range<std::size_t> counted =
      is_zero(size.least) ? Range<std::size_t>{heap_count.most, heap_count.most} : heap_count;
  return count_all_positions(counted, sizes, sameness == Sameness::any_order);
}

// An outcome that no position of the space was found to have. `certain`: the space was small
// enough to go through, and none has it; otherwise none turned up in many tries.
struct MissingOutcome {
  Outcome outcome;
  bool certain = false;
};

// How many heaps a space may hold, its multisets counted, to be gone through rather than drawn
// from: about 16 million.
inline constexpr std::uint64_t small_space_work = std::uint64_t{1} << 24;

template <HeapInteger Heap>
bool is_small_space(const Range<std::size_t>& heap_count, const Range<Heap>& size) {
  const BigHeap sizes = BigHeap(size.most) - BigHeap(size.least) + 1;
  return heap_count.most <= small_space_work && (sizes == 1 || heap_count.most <= 64) &&
         count_all_positions(heap_count, sizes, true) * heap_count.most <= small_space_work;
}

// Whether a balanced sample can be drawn: a position of each outcome exists in the space. Small
// spaces are gone through (their sorted positions, since heap order does not change who wins);
// large ones are tried up to about 2^24 drawn heaps for each outcome, with a copy of the caller's
// generator so that what it draws next does not change.
template <HeapInteger Heap>
std::optional<MissingOutcome> find_missing_outcome(const OutcomeDrawer<Heap>& sampler,
                                                   SplitMix64 rng) {
  const auto& heap_count = sampler.heap_count();
  if (is_small_space(heap_count, sampler.size())) {
    bool seen[2] = {false, false};
    AllPositions<Heap> all(heap_count, sampler.size(), true);
    while (all.next() && !(seen[0] && seen[1]))
      seen[static_cast<int>(sampler.outcome_of(all.position()))] = true;
    for (const Outcome outcome : {Outcome::lost, Outcome::won})
      if (!seen[static_cast<int>(outcome)]) return MissingOutcome{outcome, true};
    return std::nullopt;
  }
  constexpr std::uint64_t work = small_space_work;
  Position<Heap> position;
  for (const Outcome outcome : {Outcome::lost, Outcome::won}) {
    bool found = false;
    const std::uint64_t tries = std::max<std::uint64_t>(64, work / heap_count.most);
    for (std::uint64_t k = 0; !found && k < tries; ++k)
      found = sampler.try_draw(rng, outcome, position);
    if (!found) return MissingOutcome{outcome, false};
  }
  return std::nullopt;
}

}  // namespace nim
