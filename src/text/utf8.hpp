// UTF-8 validity, for what nim-game writes (JSON strings must be valid UTF-8) and reads.
#pragma once

#include <cstddef>
#include <string_view>

namespace nim {

// Length of the valid UTF-8 sequence starting at text[i] (1 for ASCII), or 0 if it is not one
// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
inline std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t length;
  unsigned char low = 0x80, high = 0xBF;  // allowed range of the second byte
  if (lead < 0x80) {
    return 1;
  } else if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return length;
}

// The code point of the valid UTF-8 sequence of `length` bytes (from utf8_sequence_length) at
// text[i].
inline char32_t utf8_code_point(std::string_view text, std::size_t i, std::size_t length) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  if (length == 1) return byte(i);
  char32_t code_point = byte(i) & (0x7F >> length);  // the lead byte's bits after its length mark
  for (std::size_t k = 1; k < length; ++k)
    code_point = (code_point << 6) | (byte(i + k) & 0x3F);
  return code_point;
}

}  // namespace nim
