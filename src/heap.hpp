// The two integer types a heap size can have: a machine word for the fast path, and an
// arbitrary-precision GMP integer for everything larger. Solver code is written once, as templates
// over `Heap`, using only the operations below and the ordinary arithmetic both types share.
#pragma once

#include <gmpxx.h>

#include <bit>
#include <cstdint>
#include <limits>
#include <string>

namespace nim {

using SmallHeap = std::uint64_t;
using BigHeap = mpz_class;

// Number of bits needed to write h in binary (0 for 0).
inline unsigned bit_length(SmallHeap h) {
  return static_cast<unsigned>(std::bit_width(h));
}
inline unsigned bit_length(const BigHeap& h) {
  return sgn(h) == 0 ? 0u : static_cast<unsigned>(mpz_sizeinbase(h.get_mpz_t(), 2));
}

inline bool test_bit(SmallHeap h, unsigned bit) {
  return bit < 64 && ((h >> bit) & 1u) != 0;  // a machine word has no bit 64 or above
}
inline bool test_bit(const BigHeap& h, unsigned bit) {
  return mpz_tstbit(h.get_mpz_t(), bit) != 0;
}

inline bool is_zero(SmallHeap h) {
  return h == 0;
}
inline bool is_zero(const BigHeap& h) {
  return sgn(h) == 0;
}

inline std::string to_decimal(SmallHeap h) {
  return std::to_string(h);
}
inline std::string to_decimal(const BigHeap& h) {
  return h.get_str();
}

inline BigHeap to_big(SmallHeap h) {
  static_assert(sizeof(unsigned long) == sizeof(SmallHeap), "GMP's ui functions take 64 bits");
  return BigHeap(static_cast<unsigned long>(h));
}

inline bool fits_small(const BigHeap& h) {
  return sgn(h) >= 0 && mpz_sizeinbase(h.get_mpz_t(), 2) <= 64;
}
inline SmallHeap to_small(const BigHeap& h) {
  return mpz_get_ui(h.get_mpz_t());
}

}  // namespace nim
