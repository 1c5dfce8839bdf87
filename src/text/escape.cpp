#include "text/escape.hpp"

#include "text/utf8.hpp"

namespace nim {

void append_json_string(Buffer& out, std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const std::size_t length = utf8_sequence_length(text, i);
      if (length == 0) {
        out += std::string_view("\\ufffd");
        ++i;
      } else {
        out.append(text.data() + i, length);
        i += length;
      }
      continue;
    }
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      out += std::string_view("\\u00");
      out += hex[c >> 4];
      out += hex[c & 0xf];
    } else {
      out += static_cast<char>(c);
    }
    ++i;
  }
  out += '"';
}

std::string quoted(std::string_view text) {
  Buffer out;
  append_json_string(out, text);
  return out.str();
}

}  // namespace nim
