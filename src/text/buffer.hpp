// A growable byte buffer whose appends are inline and cheap: --batch writes every byte of its
// output through one of these, millions of records a second.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

namespace nim {

class Buffer {
 public:
  // Always inlined: out of line, the appends of a --batch record cost it 5%.
  [[gnu::always_inline]] void append(const char* text, std::size_t n) {
    if (n == 0) return;  // an empty buffer has no storage: memcpy to null is undefined, even of 0
    std::memcpy(room(n), text, n);
    size_ += n;
  }
  [[gnu::always_inline]] Buffer& operator+=(std::string_view text) {
    append(text.data(), text.size());
    return *this;
  }
  [[gnu::always_inline]] Buffer& operator+=(char c) {
    *room(1) = c;
    ++size_;
    return *this;
  }

  // Space for at least n more bytes at the end; commit() then counts those actually written.
  [[gnu::always_inline]] char* room(std::size_t n) {
    if (capacity_ - size_ < n) grow(n);
    return data_.get() + size_;
  }
  void commit(std::size_t n) { size_ += n; }

  std::size_t size() const { return size_; }
  const char* data() const { return data_.get(); }
  std::string_view view() const { return {data_.get(), size_}; }
  std::string str() const { return std::string(view()); }
  void clear() { size_ = 0; }
  // Keeps the first `size` bytes (all of them if there are fewer).
  void truncate(std::size_t size) { size_ = std::min(size, size_); }

 private:
  [[gnu::noinline]] void grow(std::size_t n) {
    const std::size_t capacity = std::max(2 * capacity_, std::max<std::size_t>(size_ + n, 4096));
    auto data = std::make_unique_for_overwrite<char[]>(capacity);
    if (size_ > 0) std::memcpy(data.get(), data_.get(), size_);
    data_ = std::move(data);
    capacity_ = capacity;
  }

  std::unique_ptr<char[]> data_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace nim
