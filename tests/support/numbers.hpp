// Numbers the tests use on both sides of the 64-bit boundary.
#pragma once

#include <cstdint>

#include <gmpxx.h>
#include <string>

namespace nim {

inline constexpr std::uint64_t max64 = 0xffffffffffffffffULL;  // 2^64-1, the largest SmallHeap

// A won position of three heaps, one of 300 digits, worked out with GMP alone: 2^200 is smaller
// than the big heap, so the big heap holds the nim-sum's highest bit and the winning move takes
// it to `target`.
struct ThreeHundredDigits {
  mpz_class big = mpz_class("7" + std::string(299, '3'));
  mpz_class other = mpz_class(1) << 200;
  mpz_class nim_sum = big ^ other ^ mpz_class(5);
  mpz_class target = big ^ nim_sum;
};

}  // namespace nim
