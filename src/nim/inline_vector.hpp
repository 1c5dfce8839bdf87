// A vector that holds its first N elements in place: a move's takes (one heap a move in most
// games, two in Wythoff's game) cost no allocation, which a match or a playout makes millions of.
// Only what the moves need: push_back, pop_back, assign, clear, indexing, iteration and
// comparison.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <utility>
#include <vector>

namespace nim {

template <class T, std::size_t N>
class InlineVector {
 public:
  InlineVector() = default;
  InlineVector(std::initializer_list<T> items) {
    for (const T& item : items)
      push_back(item);
  }
  InlineVector(const InlineVector& other)
      : inline_(other.inline_),
        spill_(other.spill_ ? std::make_unique<std::vector<T>>(*other.spill_) : nullptr),
        size_(other.size_) {}
  InlineVector(InlineVector&&) noexcept = default;
  InlineVector& operator=(const InlineVector& other) {
    if (this != &other) *this = InlineVector(other);
    return *this;
  }
  InlineVector& operator=(InlineVector&&) noexcept = default;
  ~InlineVector() = default;

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  T* begin() { return spilled() ? spill_->data() : inline_.data(); }
  T* end() { return begin() + size_; }
  const T* begin() const { return spilled() ? spill_->data() : inline_.data(); }
  const T* end() const { return begin() + size_; }

  T& operator[](std::size_t i) { return begin()[i]; }
  const T& operator[](std::size_t i) const { return begin()[i]; }
  T& front() { return *begin(); }
  const T& front() const { return *begin(); }
  T& back() { return end()[-1]; }
  const T& back() const { return end()[-1]; }

  void push_back(T item) {
    if (size_ < N) {
      inline_[size_++] = std::move(item);
      return;
    }
    if (size_ == N)
      spill_ = std::make_unique<std::vector<T>>(std::make_move_iterator(inline_.begin()),
                                                std::make_move_iterator(inline_.end()));
    spill_->push_back(std::move(item));
    ++size_;
  }
  void pop_back() {
    if (!spilled()) return void(--size_);
    spill_->pop_back();
    if (--size_ == N) {
      std::move(spill_->begin(), spill_->end(), inline_.begin());
      spill_.reset();
    }
  }
  void clear() {
    spill_.reset();
    size_ = 0;
  }
  void assign(std::size_t count, const T& item) {
    clear();
    for (std::size_t i = 0; i < count; ++i)
      push_back(item);
  }

  friend bool operator==(const InlineVector& a, const InlineVector& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  bool spilled() const { return size_ > N; }

  std::array<T, N> inline_{};              // the elements while there are at most N
  std::unique_ptr<std::vector<T>> spill_;  // all of them once there are more
  std::uint32_t size_ = 0;
};

}  // namespace nim
