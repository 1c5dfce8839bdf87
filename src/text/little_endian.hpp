// Unsigned integers as little-endian bytes of a chosen width, the layout of nim-game's binary
// files (docs/sequences.md): appended to a Buffer, and read back from bytes.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "text/buffer.hpp"

namespace nim {

// The fewest bytes, 1, 2, 4 or 8, that hold every number up to `largest`.
inline unsigned narrowest_width(std::uint64_t largest) {
  if (largest <= 0xff) return 1;
  if (largest <= 0xffff) return 2;
  return largest <= 0xffff'ffff ? 4 : 8;
}

inline void append_little_endian(Buffer& out, std::uint64_t number, unsigned width) {
  char* bytes = out.room(width);
  for (unsigned i = 0; i < width; ++i)
    bytes[i] = static_cast<char>(number >> (8 * i));
  out.commit(width);
}

// Every number, `width` bytes each (a width that holds them all); room made once.
inline void append_little_endian(Buffer& out, std::span<const std::uint32_t> numbers,
                                 unsigned width) {
  char* bytes = out.room(numbers.size() * width);
  for (const std::uint32_t number : numbers)
    for (unsigned i = 0; i < width; ++i)
      *bytes++ = static_cast<char>(number >> (8 * i));
  out.commit(numbers.size() * width);
}

// The number of `bytes` (8 at most), least significant first.
inline std::uint64_t read_little_endian(std::string_view bytes) {
  std::uint64_t number = 0;
  for (std::size_t i = bytes.size(); i-- > 0;)
    number = number << 8 | static_cast<unsigned char>(bytes[i]);
  return number;
}

}  // namespace nim
