// The one place that decides whether a position runs on machine words or on GMP integers.
//
// AnyPosition holds heap sizes as they are read: 64-bit while every size fits, GMP integers from
// the first one that does not. AnyRules holds Nim's rules as the options give them, with
// parameters of any size, on both heap types.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <optional>
#include <utility>
#include <variant>

#include "nim/games/nim/nim.hpp"
#include "nim/heap.hpp"
#include "nim/position.hpp"

namespace nim {

class AnyPosition {
 public:
  AnyPosition() = default;
  explicit AnyPosition(Position<SmallHeap> heaps) : small_(std::move(heaps)) {}
  explicit AnyPosition(const Position<BigHeap>& heaps) {
    for (const BigHeap& h : heaps)
      push_back(h);
  }

  // Empty, and back on the 64-bit path (keeping the memory, for the next line of a batch).
  void clear() {
    small_.clear();
    big_.clear();
    is_big_ = false;
  }
  void push_back(SmallHeap h) {
    if (is_big_)
      big_.push_back(to_big(h));
    else
      small_.push_back(h);
  }
  // A negative size is the caller's error to catch first.
  void push_back(const BigHeap& h) {
    if (!is_big_ && fits_small(h)) return small_.push_back(to_small(h));
    make_big();
    big_.push_back(h);
  }
  // Moves every size to GMP integers.
  void make_big() {
    if (is_big_) return;
    big_.clear();
    for (SmallHeap h : small_)
      big_.push_back(to_big(h));
    small_.clear();
    is_big_ = true;
  }

  bool is_big() const { return is_big_; }
  bool empty() const { return size() == 0; }
  std::size_t size() const { return is_big_ ? big_.size() : small_.size(); }
  const Position<SmallHeap>& small() const { return small_; }  // valid while !is_big()
  const Position<BigHeap>& big() const { return big_; }        // valid while is_big()

  // The largest heap; 0 when there is none.
  BigHeap largest_heap() const {
    if (is_big_) return big_.empty() ? BigHeap(0) : *std::ranges::max_element(big_);
    return small_.empty() ? BigHeap(0) : to_big(*std::ranges::max_element(small_));
  }

 private:
  Position<SmallHeap> small_;
  Position<BigHeap> big_;
  bool is_big_ = false;
};

// The rules of any ruleset of Nim (nim/games/nim/nim.hpp) whose parameters may be of any size, and
// the same rules on machine words when every parameter fits them.
class AnyRules {
 public:
  AnyRules() : AnyRules(NimRules<BigHeap>{}) {}
  // Not a copy: clang checks the constraint while declaring the copy constructor, and
  // Ruleset<AnyRules> would ask for AnyRules' own copy constructor again.
  template <class Rules>
  requires(!std::same_as<Rules, AnyRules> && Ruleset<Rules>) explicit AnyRules(Rules rules)
      : big_(std::move(rules)) {
    std::visit(
        [&](const auto& big) {
          if (auto small = big.template with_heap<SmallHeap>()) small_ = std::move(*small);
        },
        big_);
  }

  const AnyGame<BigHeap>& big() const { return big_; }
  // The same rules on machine words; none when a parameter does not fit them.
  const std::optional<AnyGame<SmallHeap>>& small() const { return small_; }

 private:
  AnyGame<BigHeap> big_;
  std::optional<AnyGame<SmallHeap>> small_;
};

}  // namespace nim
