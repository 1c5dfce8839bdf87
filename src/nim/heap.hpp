// The two integer types a heap size can have: a machine word for the fast path, and an
// arbitrary-precision GMP integer for everything larger. Solver code is written once, as templates
// over a HeapInteger, using only the operations below and the ordinary arithmetic both types share.
#pragma once

#include <gmpxx.h>

#include <bit>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

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

inline const BigHeap& to_big(const BigHeap& h) {
  return h;
}

inline bool fits_small(const BigHeap& h) {
  return sgn(h) >= 0 && mpz_sizeinbase(h.get_mpz_t(), 2) <= 64;
}
inline SmallHeap to_small(const BigHeap& h) {
  return mpz_get_ui(h.get_mpz_t());
}

// What the solver needs of a heap size: ordered, copyable, built from a small int, the arithmetic
// of Nim (XOR, OR, subtraction, remainder; and increment, division and product, with which
// position sets count and pick sizes) and the bit queries above. SmallHeap and BigHeap are
// the two models; mpz_class's expression templates convert back to the type, hence Heap(...).
template <class Heap>
concept HeapInteger = std::totally_ordered<Heap> && std::copyable<Heap> &&
    std::constructible_from<Heap, int> && requires(Heap a, const Heap& b, unsigned bit) {
  a ^= b;
  a -= b;
  Heap(b ^ b);
  Heap(b | b);
  Heap(b + b);
  Heap(b - b);
  Heap(b % b);
  Heap(b / b);
  Heap(b * b);
  ++a;
  { bit_length(b) } -> std::same_as<unsigned>;
  { test_bit(b, bit) } -> std::same_as<bool>;
  { is_zero(b) } -> std::same_as<bool>;
  { to_decimal(b) } -> std::same_as<std::string>;
};

static_assert(HeapInteger<SmallHeap> && HeapInteger<BigHeap>);

// A number of any size as a Heap: nullopt when it is negative or, for SmallHeap, beyond 64 bits.
template <HeapInteger Heap>
std::optional<Heap> narrow(const BigHeap& n) {
  if constexpr (std::is_same_v<Heap, BigHeap>) {
    if (sgn(n) < 0) return std::nullopt;
    return n;
  } else {
    if (!fits_small(n)) return std::nullopt;
    return to_small(n);
  }
}

}  // namespace nim
