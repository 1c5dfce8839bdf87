// What the solver asks of a position (the PositionView concept), and the plain way to answer it:
// ScannedPosition scans the heaps for each query, which costs nothing to build beyond one pass
// for the totals and suits a single query or a batch of small positions. IndexedPosition answers
// the same queries in O(log n) for long playouts.
#pragma once

#include <concepts>
#include <cstddef>
#include <limits>
#include <span>
#include <utility>

#include "nim/position.hpp"
#include "nim/ruleset.hpp"
#include "nim/tally.hpp"

namespace nim {

inline constexpr std::size_t no_heap = std::numeric_limits<std::size_t>::max();

// A position under rules, with its running totals and the three searches the solver makes.
template <class View>
concept PositionView = HeapSumRuleset<typename View::Rules> &&
    std::same_as<typename View::Heap, typename View::Rules::Heap> &&
    requires(const View& view, std::size_t i, unsigned bit) {
  { view.size() } -> std::same_as<std::size_t>;
  { view.heap(i) } -> std::same_as<const typename View::Heap&>;
  { view.heaps() } -> std::same_as<std::span<const typename View::Heap>>;
  { view.rules() } -> std::same_as<const typename View::Rules&>;
  { view.tally() } -> std::same_as<const Tally<typename View::Heap>&>;
  { view.first_with_bit(bit) } -> std::same_as<std::size_t>;  // first heap with that bit set
  { view.largest() } -> std::same_as<std::size_t>;            // largest heap, lowest index; no_heap
  { view.nth_nonempty(i) } -> std::same_as<std::size_t>;      // 0-based; no_heap
};

// The solver's three searches answered by scanning the heaps (Derived::heaps()): O(n) each, which
// for a few heaps costs less than keeping an index.
template <class Derived>
class ScanningSearches {
 public:
  std::size_t first_with_bit(unsigned bit) const {
    const auto heaps = self().heaps();
    for (std::size_t i = 0; i < heaps.size(); ++i)
      if (test_bit(heaps[i], bit)) return i;
    return no_heap;
  }

  std::size_t largest() const {
    const auto heaps = self().heaps();
    std::size_t best = no_heap;
    for (std::size_t i = 0; i < heaps.size(); ++i)
      if (!is_zero(heaps[i]) && (best == no_heap || heaps[best] < heaps[i])) best = i;
    return best;
  }

  std::size_t nth_nonempty(std::size_t k) const {
    const auto heaps = self().heaps();
    for (std::size_t i = 0; i < heaps.size(); ++i)
      if (!is_zero(heaps[i]) && k-- == 0) return i;
    return no_heap;
  }

 private:
  const Derived& self() const { return static_cast<const Derived&>(*this); }
};

template <HeapSumRuleset RulesT>
class ScannedPosition : public ScanningSearches<ScannedPosition<RulesT>> {
 public:
  using Rules = RulesT;
  using Heap = typename Rules::Heap;

  ScannedPosition(std::span<const Heap> position, const Rules& rules)
      : position_(position), rules_(rules), tally_(Tally<Heap>::of(position_, rules_)) {}
  ScannedPosition(const Position<Heap>& position, const Rules& rules)
      : ScannedPosition(std::span<const Heap>(position), rules) {}
  // A view keeps a reference to its position: a temporary would dangle.
  ScannedPosition(Position<Heap>&&, const Rules&) = delete;

  std::size_t size() const { return position_.size(); }
  const Heap& heap(std::size_t i) const { return position_[i]; }
  std::span<const Heap> heaps() const { return position_; }
  const Rules& rules() const { return rules_; }
  const Tally<Heap>& tally() const { return tally_; }

 private:
  std::span<const Heap> position_;
  Rules rules_;
  Tally<Heap> tally_;
};

// A board of its own that a game is played on, searched by scanning; its totals follow each move
// in O(1). For games of a few heaps, where an IndexedPosition's upkeep costs more than the scans
// it saves.
template <HeapSumRuleset RulesT>
class ScannedBoard : public ScanningSearches<ScannedBoard<RulesT>> {
 public:
  using Rules = RulesT;
  using Heap = typename Rules::Heap;

  ScannedBoard(Position<Heap> position, const Rules& rules)
      : position_(std::move(position)), rules_(rules), tally_(Tally<Heap>::of(position_, rules_)) {}

  std::size_t size() const { return position_.size(); }
  const Heap& heap(std::size_t i) const { return position_[i]; }
  std::span<const Heap> heaps() const { return position_; }
  const Rules& rules() const { return rules_; }
  const Tally<Heap>& tally() const { return tally_; }

  void apply(const Move<Heap>& move) {
    Heap& h = position_[move.heap];
    tally_.remove(h, rules_);
    h -= move.count;
    tally_.add(h, rules_);
  }

 private:
  Position<Heap> position_;
  Rules rules_;
  Tally<Heap> tally_;
};

}  // namespace nim
