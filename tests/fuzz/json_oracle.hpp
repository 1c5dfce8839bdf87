// The fuzz harnesses' judge of JSON text: nlohmann::json, less its one limit that JSON lacks.
#pragma once

#include <nlohmann/json.hpp>

#include <cctype>
#include <string>
#include <string_view>

namespace nim::fuzz {

// Whether text is one JSON value (RFC 8259). nlohmann rejects a number beyond a double
// (6e+400, or 400 digits) that the grammar allows and the records carry as written, so every
// run of digits outside a string is cut to its first two digits first: that keeps a leading
// zero a fault and an empty fraction or exponent empty, and makes every number small.
inline bool is_json(std::string_view text) {
  std::string small;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      small += c;
      if (c == '\\' && i + 1 < text.size())
        small += text[++i];
      else if (c == '"')
        in_string = false;
    } else if (std::isdigit(static_cast<unsigned char>(c)) && i >= 2 &&
               std::isdigit(static_cast<unsigned char>(text[i - 1])) &&
               std::isdigit(static_cast<unsigned char>(text[i - 2]))) {
      continue;  // the third digit of a run, or later
    } else {
      small += c;
      in_string = c == '"';
    }
  }
  return nlohmann::json::accept(small);
}

}  // namespace nim::fuzz
