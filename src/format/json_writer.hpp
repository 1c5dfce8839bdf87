// A streaming JSON writer that appends to a string: compact by default, or indented by two spaces
// the way nlohmann::json::dump(2) does it. Heap sizes of any size are written as exact integer
// literals. It never builds a document in memory, which is what lets --batch write millions of
// records a second.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "nim/heap.hpp"
#include "text/buffer.hpp"
#include "text/decimal.hpp"
#include "text/escape.hpp"

namespace nim {

// Writes n in decimal at p (room for 20 characters, which it may write beyond the end it
// returns) and returns the end. Numbers below 10,000 (most heap sizes) take a short path, two
// digits at a time.
[[gnu::always_inline]] inline char* write_decimal(char* p, std::uint64_t n) {
  static constexpr char pairs[] =
      "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
      "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
      "8081828384858687888990919293949596979899";
  // A number of one digit is the second character of its pair: written with the next one, which
  // the next write overwrites (no branch on the count of digits: Grundy values are 1 or 2 digits
  // at random).
  if (n < 100) {
    const std::size_t one_digit = n < 10;
    std::memcpy(p, pairs + 2 * n + one_digit, 2);
    return p + 2 - one_digit;
  }
  if (n < 10000) {
    const std::uint64_t high = n / 100;
    const std::size_t one_digit = high < 10;
    std::memcpy(p, pairs + 2 * high + one_digit, 2);
    std::memcpy(p + 2 - one_digit, pairs + 2 * (n % 100), 2);
    return p + 4 - one_digit;
  }
  return std::to_chars(p, p + 20, n).ptr;
}

[[gnu::always_inline]] inline void append_number(Buffer& out, std::uint64_t n) {
  char* p = out.room(20);
  out.commit(static_cast<std::size_t>(write_decimal(p, n) - p));
}
void append_number(Buffer& out, const BigHeap& n);

// The small methods are forced inline: with the key's length known at the call site, writing a
// key is a few stores. Without it, --batch runs 28% more instructions (callgrind, 100,000
// positions: 304M against 237M).
#define NIM_INLINE [[gnu::always_inline]] inline

class JsonWriter {
 public:
  JsonWriter(Buffer& out, bool pretty) : out_(out), pretty_(pretty) {}

  NIM_INLINE void begin_object() { open('{'); }
  NIM_INLINE void end_object() { close('}'); }
  NIM_INLINE void begin_array() { open('['); }
  NIM_INLINE void end_array() { close(']'); }

  // Keys are written as they are: callers pass plain ASCII names.
  NIM_INLINE void key(std::string_view name) {
    separate();
    char* p = out_.room(name.size() + 4);
    *p++ = '"';
    std::memcpy(p, name.data(), name.size());
    p += name.size();
    *p++ = '"';
    *p++ = ':';
    if (pretty_) *p++ = ' ';
    out_.commit(name.size() + (pretty_ ? 4 : 3));
    after_key_ = true;
  }

  NIM_INLINE void boolean(bool b) {
    separate();
    out_ += b ? std::string_view("true") : std::string_view("false");
  }
  NIM_INLINE void null() {
    separate();
    out_ += std::string_view("null");
  }
  void string(std::string_view text) {
    separate();
    append_json_string(out_, text);
  }
  NIM_INLINE void number(std::uint64_t n) {
    separate();
    append_number(out_, n);
  }
  void number(const BigHeap& n) {
    separate();
    append_number(out_, n);
  }
  bool pretty() const { return pretty_; }

  // Starts a value that the caller appends to the returned string as JSON text.
  NIM_INLINE Buffer& raw_value() {
    separate();
    return out_;
  }

 private:
  NIM_INLINE void open(char bracket) {
    separate();
    out_ += bracket;
    ++depth_;
    first_ = true;
  }

  NIM_INLINE void close(char bracket) {
    --depth_;
    if (pretty_ && !first_) newline();
    out_ += bracket;
    first_ = false;
  }

  // Writes what goes before a value or key: nothing after a key, else a comma unless it is the
  // first item of its container, and in pretty mode a new line.
  NIM_INLINE void separate() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (!first_) out_ += ',';
    first_ = false;
    if (pretty_ && depth_ > 0) newline();
  }

  void newline() {
    out_ += '\n';
    for (int i = 0; i < depth_; ++i)
      out_ += std::string_view("  ");
  }

  Buffer& out_;
  bool pretty_;
  int depth_ = 0;
  bool first_ = true;  // nothing written yet in the innermost open container
  bool after_key_ = false;
};

#undef NIM_INLINE

}  // namespace nim
