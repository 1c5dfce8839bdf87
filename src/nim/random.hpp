// Reproducible randomness: SplitMix64 (Steele, Lea and Flood, 2014), whose output sequence is fixed
// by its definition on every platform, and uniform draws by rejection that give the same answer on
// the 64-bit and the GMP path whenever the bound fits in 64 bits.
#pragma once

#include <cstdint>
#include <random>

#include "nim/heap.hpp"

namespace nim {

// SplitMix64's finalizer: a bijection of 64-bit words that mixes every bit into every other.
inline std::uint64_t splitmix64_mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

class SplitMix64 {
 public:
  static constexpr std::uint64_t increment = 0x9e3779b97f4a7c15ULL;  // added to the state per draw

  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

  std::uint64_t operator()() { return splitmix64_mix(state_ += increment); }

  // The whole state: SplitMix64(state()) draws on exactly as this one does (a saved game does).
  std::uint64_t state() const { return state_; }

 private:
  std::uint64_t state_;
};

// The n-th draw (from 0) of SplitMix64(seed), without making the draws before it: a stream of
// independent seeds that can be read in any order.
inline std::uint64_t nth_draw(std::uint64_t seed, std::uint64_t n) {
  SplitMix64 rng(seed + n * SplitMix64::increment);
  return rng();
}

// A uniform integer in [0, bound), bound >= 1. Draws below 2^64 mod bound are rejected so that
// every residue is equally likely.
inline std::uint64_t uniform_below(SplitMix64& rng, std::uint64_t bound) {
  const std::uint64_t threshold = -bound % bound;
  for (;;) {
    const std::uint64_t r = rng();
    if (r >= threshold) return r % bound;
  }
}

// A uniform integer in [low, high], low <= high; the whole 64-bit range included.
inline std::uint64_t uniform_in(SplitMix64& rng, std::uint64_t low, std::uint64_t high) {
  if (high - low == ~std::uint64_t{0}) return rng();
  return low + uniform_below(rng, high - low + 1);
}

// True with probability p (0 <= p <= 1): exactly never for 0 and always for 1.
inline bool chance(SplitMix64& rng, double p) {
  return static_cast<double>(rng() >> 11) * 0x1p-53 < p;  // a uniform multiple of 2^-53 in [0, 1)
}

// Seeds drawn for the user stay below 2^53, so that every JSON reader (jq 1.6 and JavaScript read
// numbers as doubles) keeps them exact and a run can be replayed from its record.
inline constexpr std::uint64_t drawn_seed_bound = std::uint64_t{1} << 53;

// A fresh seed from the system's entropy source, below drawn_seed_bound.
inline std::uint64_t draw_seed() {
  std::random_device device;
  const std::uint64_t bits = (std::uint64_t{device()} << 32) | device();
  return bits % drawn_seed_bound;
}

inline BigHeap uniform_below(SplitMix64& rng, const BigHeap& bound) {
  if (fits_small(bound)) return to_big(uniform_below(rng, to_small(bound)));
  // Draw as many 64-bit words as the bound has bits, mask the excess, reject values >= bound.
  const unsigned bits = bit_length(bound);
  for (;;) {
    BigHeap r = 0;
    for (unsigned drawn = 0; drawn < bits; drawn += 64) {
      r <<= 64;
      r += to_big(rng());
    }
    mpz_fdiv_r_2exp(r.get_mpz_t(), r.get_mpz_t(), bits);
    if (r < bound) return r;
  }
}

inline BigHeap uniform_in(SplitMix64& rng, const BigHeap& low, const BigHeap& high) {
  return low + uniform_below(rng, BigHeap(high - low + 1));
}

}  // namespace nim
