// The one place that decides whether a position runs on machine words or on GMP integers.
//
// AnyPosition holds heap sizes as they are read: 64-bit while every size fits, GMP integers from
// the first one that does not. AnyRules holds rules whose cap may be of any size. with_heaps()
// hands both to a generic function on the 64-bit path when every number fits, on GMP otherwise,
// so callers write their code once, for a HeapInteger.
#pragma once

#include <cstddef>
#include <optional>
#include <utility>

#include "nim/heap.hpp"
#include "nim/position.hpp"
#include "nim/rules.hpp"

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

 private:
  Position<SmallHeap> small_;
  Position<BigHeap> big_;
  bool is_big_ = false;
};

class AnyRules {
 public:
  AnyRules() = default;
  explicit AnyRules(Rules<BigHeap> rules) : big_(std::move(rules)) {
    small_.misere = big_.misere;
    if (big_.max_take) {
      small_.max_take = narrow<SmallHeap>(*big_.max_take);
      cap_fits_ = small_.max_take.has_value();
    }
  }

  const Rules<BigHeap>& big() const { return big_; }
  const Rules<SmallHeap>& small() const { return small_; }  // valid when cap_fits()
  bool cap_fits() const { return cap_fits_; }

 private:
  Rules<BigHeap> big_;
  Rules<SmallHeap> small_;
  bool cap_fits_ = true;
};

// Calls f(position, rules) with Position<SmallHeap> and Rules<SmallHeap> when every heap and the
// cap fit in 64 bits, with Position<BigHeap> and Rules<BigHeap> otherwise (moving the position's
// sizes to GMP integers first, which is why it is not const).
template <class F>
decltype(auto) with_heaps(AnyPosition& position, const AnyRules& rules, F&& f) {
  if (!rules.cap_fits()) position.make_big();
  if (position.is_big()) return std::forward<F>(f)(position.big(), rules.big());
  return std::forward<F>(f)(position.small(), rules.small());
}

}  // namespace nim
