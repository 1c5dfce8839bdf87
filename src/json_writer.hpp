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

#include "buffer.hpp"
#include "heap.hpp"

namespace nim {

// Appends n in decimal. Numbers below 10,000 (most heap sizes) take a short path.
[[gnu::always_inline]] inline void append_number(Buffer& out, std::uint64_t n) {
  char* digits = out.room(20);
  if (n < 10) {
    *digits = static_cast<char>('0' + n);
    return out.commit(1);
  }
  if (n < 10000) {
    const std::size_t length = n < 100 ? 2 : n < 1000 ? 3 : 4;
    for (char* p = digits + length; p != digits; n /= 10)
      *--p = static_cast<char>('0' + n % 10);
    return out.commit(length);
  }
  out.commit(static_cast<std::size_t>(std::to_chars(digits, digits + 20, n).ptr - digits));
}
void append_number(Buffer& out, const BigHeap& n);

// Appends `text` as a JSON string literal. Invalid UTF-8 becomes U+FFFD, so the output is always
// valid JSON whatever bytes the input held.
void append_json_string(Buffer& out, std::string_view text);

// The small methods are forced inline: with the key's length known at the call site, writing a
// key is a few stores, which is most of what a record costs.
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
