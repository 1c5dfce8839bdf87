// A strict JSON reader (RFC 8259) for the lines nim-game reads: a pull parser that hands out each
// number as its exact text, so integers of any length stay exact (general-purpose JSON libraries
// turn them into doubles, or fail beyond 10^308), and any value as its raw text. It never builds a
// document and never recurses, so memory stays small whatever the nesting.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace nim {

// The text is not valid JSON. The message says what is wrong and where, in bytes from 1.
struct JsonError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class JsonReader {
 public:
  enum class Kind { object, array, string, number, literal };  // literal: true, false or null

  explicit JsonReader(std::string_view text) : text_(text) {}

  // The kind of the next value, after any blanks. Throws JsonError if no value starts there.
  Kind peek();

  // Arrays: begin_array(), then next_item() before each item, until it returns false (at ']').
  void begin_array();
  bool next_item();

  // Objects: begin_object(), then next_key() before each value, until it returns false (at '}').
  // The key is decoded into `key`.
  void begin_object();
  bool next_key(std::string& key);

  std::string_view number();   // a number, as written
  std::string string();        // a string, decoded
  std::string_view literal();  // true, false or null
  std::string_view skip();     // any value, as written

  // Only blanks remain; throws JsonError otherwise.
  void end();

 private:
  void blanks();
  [[noreturn]] void fail(std::string_view what) const;
  [[noreturn]] void unexpected() const;
  void expect(char c);
  void scan_string(std::string* decoded);
  bool next(char close);

  std::string_view text_;
  std::size_t at_ = 0;
  // The containers open, innermost last ('[' or '{'), and whether the next item of the innermost
  // one is its first.
  std::vector<char> open_;
  bool first_ = false;
};

// A form of one JSON value that two values share when they say the same: the blanks between
// tokens left out, and the keys of an object (the outermost one) in sorted order. For comparing,
// not for showing. Throws JsonError when `value` is not one JSON value.
std::string canonical_json(std::string_view value);

}  // namespace nim
