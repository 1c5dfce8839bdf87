#include "text/escape.hpp"

#include <array>

#include "text/utf8.hpp"

namespace nim {

namespace {

// The bytes that are ASCII characters JSON writes as they are: neither a control character nor a
// quote or backslash.
constexpr std::array<bool, 256> plain_ascii = [] {
  std::array<bool, 256> plain{};
  for (int c = 0x20; c < 0x7F; ++c)
    plain[c] = c != '"' && c != '\\';
  return plain;
}();

}  // namespace

bool is_safe_to_show(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) return false;
    const char32_t c = utf8_code_point(text, i, length);
    if (c != '\t' && needs_escape(c)) return false;
    i += length;
  }
  return true;
}

void append_json_string(Buffer& out, std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  // What needs no escape is copied a run at a time (most strings are plain ASCII): the run is
  // text[start, i).
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (plain_ascii[static_cast<unsigned char>(text[i])]) {
      ++i;
      continue;
    }
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) {
      out.append(text.data() + start, i - start);
      out += std::string_view("\\ufffd");
      start = ++i;
      continue;
    }
    const char32_t c = utf8_code_point(text, i, length);
    if (c != '"' && c != '\\' && !needs_escape(c)) {
      i += length;
      continue;
    }
    out.append(text.data() + start, i - start);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else {  // all below U+FFFF: four hex digits
      out += std::string_view("\\u");
      for (int shift = 12; shift >= 0; shift -= 4)
        out += hex[(c >> shift) & 0xF];
    }
    i += length;
    start = i;
  }
  out.append(text.data() + start, text.size() - start);
  out += '"';
}

std::string quoted(std::string_view text) {
  Buffer out;
  append_json_string(out, text);
  return out.str();
}

}  // namespace nim
