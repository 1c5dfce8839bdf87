// A streaming JSON writer that appends to a string: compact by default, or indented by two spaces
// the way nlohmann::json::dump(2) does it. Heap sizes of any size are written as exact integer
// literals. It never builds a document in memory, which is what lets --batch write millions of
// records a second.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

#include "heap.hpp"

namespace nim {

// Appends n in decimal.
inline void append_number(std::string& out, std::uint64_t n) {
  char digits[20];
  out.append(digits, std::to_chars(digits, digits + sizeof digits, n).ptr);
}
void append_number(std::string& out, const BigHeap& n);

// Appends `text` as a JSON string literal. Invalid UTF-8 becomes U+FFFD, so the output is always
// valid JSON whatever bytes the input held.
void append_json_string(std::string& out, std::string_view text);

class JsonWriter {
 public:
  JsonWriter(std::string& out, bool pretty) : out_(out), pretty_(pretty) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }

  // Keys are written as they are: callers pass plain ASCII names.
  void key(std::string_view name) {
    separate();
    out_ += '"';
    out_ += name;
    out_ += pretty_ ? "\": " : "\":";
    after_key_ = true;
  }

  void boolean(bool b) {
    separate();
    out_ += b ? "true" : "false";
  }
  void null() {
    separate();
    out_ += "null";
  }
  void string(std::string_view text) {
    separate();
    append_json_string(out_, text);
  }
  void number(std::uint64_t n) {
    separate();
    append_number(out_, n);
  }
  void number(const BigHeap& n) {
    separate();
    append_number(out_, n);
  }
  // Starts a value that the caller appends to the returned string as JSON text.
  std::string& raw_value() {
    separate();
    return out_;
  }

 private:
  void open(char bracket) {
    separate();
    out_ += bracket;
    ++depth_;
    first_ = true;
  }

  void close(char bracket) {
    --depth_;
    if (pretty_ && !first_) newline();
    out_ += bracket;
    first_ = false;
  }

  // Writes what goes before a value or key: nothing after a key, else a comma unless it is the
  // first item of its container, and in pretty mode a new line.
  void separate() {
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
    out_.append(2 * static_cast<std::size_t>(depth_), ' ');
  }

  std::string& out_;
  bool pretty_;
  int depth_ = 0;
  bool first_ = true;  // nothing written yet in the innermost open container
  bool after_key_ = false;
};

}  // namespace nim
