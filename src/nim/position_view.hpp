// What the solver asks of a position (the PositionView concept), and the plain way to answer it:
// ScannedPosition scans the heaps for each query, which costs nothing to build beyond one pass
// for the totals and suits a single query or a batch of small positions. IndexedPosition answers
// the same queries in O(log n) for long playouts.
#pragma once

#include <concepts>
#include <cstddef>
#include <limits>
#include <span>

#include "nim/games/nim.hpp"
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

template <HeapSumRuleset RulesT>
class ScannedPosition {
 public:
  using Rules = RulesT;
  using Heap = typename Rules::Heap;

  ScannedPosition(const Position<Heap>& position, const Rules& rules)
      : position_(position), rules_(rules) {
    for (const Heap& h : position_)
      tally_.add(h, rules_);
  }
  // A view keeps a reference to its position: a temporary would dangle.
  ScannedPosition(Position<Heap>&&, const Rules&) = delete;

  std::size_t size() const { return position_.size(); }
  const Heap& heap(std::size_t i) const { return position_[i]; }
  std::span<const Heap> heaps() const { return position_; }
  const Rules& rules() const { return rules_; }
  const Tally<Heap>& tally() const { return tally_; }

  std::size_t first_with_bit(unsigned bit) const {
    for (std::size_t i = 0; i < size(); ++i)
      if (test_bit(position_[i], bit)) return i;
    return no_heap;
  }

  std::size_t largest() const {
    std::size_t best = no_heap;
    for (std::size_t i = 0; i < size(); ++i)
      if (!is_zero(position_[i]) && (best == no_heap || position_[best] < position_[i])) best = i;
    return best;
  }

  std::size_t nth_nonempty(std::size_t k) const {
    for (std::size_t i = 0; i < size(); ++i)
      if (!is_zero(position_[i]) && k-- == 0) return i;
    return no_heap;
  }

 private:
  const Position<Heap>& position_;
  Rules rules_;
  Tally<Heap> tally_;
};

static_assert(PositionView<ScannedPosition<NimRules<SmallHeap>>> &&
              PositionView<ScannedPosition<NimRules<BigHeap>>>);

}  // namespace nim
