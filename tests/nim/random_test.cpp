#include "nim/random.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>
#include "support/numbers.hpp"

namespace nim {
namespace {

TEST_CASE("SplitMix64 produces the reference sequence") {
  SplitMix64 rng(0);
  CHECK(rng() == 0xe220a8397b1dcdafULL);
  CHECK(rng() == 0x6e789e6aa1b965f4ULL);
  CHECK(rng() == 0x06c45d188009454fULL);

  SUBCASE("another seed, its own reference sequence; nth_draw reads it in any order") {
    // The values of the reference implementation (computed apart, in Python) for seed 12345.
    const std::vector<std::uint64_t> reference{0x22118258a9d111a0ULL, 0x346edce5f713f8edULL,
                                               0x1e9a57bc80e6721dULL};
    SplitMix64 rng(12345);
    for (std::uint64_t n = 0; n < reference.size(); ++n) {
      CHECK(rng() == reference[n]);
      CHECK(nth_draw(12345, n) == reference[n]);
    }
    CHECK(SplitMix64(12346)() == 0xcb7e37b4889c6fe7ULL);
  }
}

TEST_CASE("a SplitMix64 made from another's state draws on as that one does") {
  SplitMix64 rng(12345);
  CHECK(rng.state() == 12345);
  rng();
  rng();
  SplitMix64 copy(rng.state());
  for (int n = 0; n < 3; ++n)
    CHECK(copy() == rng());
  CHECK(copy.state() == rng.state());
}

TEST_CASE("uniform_below stays below its bound") {
  SplitMix64 rng(1);
  for (std::uint64_t bound :
       {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{3}, std::uint64_t{10},
        std::uint64_t{1000003}, (max64 >> 1) + 2, max64 - 1, max64}) {
    INFO("bound ", bound);
    bool high_half = false;
    for (int i = 0; i < 2000; ++i) {
      const std::uint64_t r = uniform_below(rng, bound);
      REQUIRE(r < bound);
      high_half |= r >= bound / 2;
    }
    CHECK(high_half);
  }

  SUBCASE("bound 1 always gives 0") {
    for (int i = 0; i < 100; ++i)
      CHECK(uniform_below(rng, 1) == 0);
  }
}

// A chi-square statistic of `draws` values below `bound`, against the uniform distribution.
double chi_square(SplitMix64& rng, std::uint64_t bound, int draws) {
  std::vector<int> counts(bound);
  for (int i = 0; i < draws; ++i)
    ++counts[uniform_below(rng, bound)];
  const double expected = static_cast<double>(draws) / static_cast<double>(bound);
  double statistic = 0;
  for (int c : counts)
    statistic += (c - expected) * (c - expected) / expected;
  return statistic;
}

TEST_CASE("uniform_below is roughly uniform") {
  SplitMix64 rng(42);
  // Degrees of freedom bound-1; these limits are far in the tail (p < 1e-6), so only a real bias
  // (say, always 0, or a modulo that favours low values grossly) fails them.
  CHECK(chi_square(rng, 2, 20000) < 25);
  CHECK(chi_square(rng, 6, 60000) < 40);
  CHECK(chi_square(rng, 10, 100000) < 50);
  CHECK(chi_square(rng, 37, 74000) < 90);

  SUBCASE("a bound just above 2^63 is not biased towards small values") {
    // 2^64 = 4 * 2^62 and the bound is 3 * 2^62: a plain r % bound would fall below 2^62 half the
    // time, where a uniform draw does so a third of the time.
    const std::uint64_t bound = (std::uint64_t{1} << 63) + (std::uint64_t{1} << 62);
    int low = 0;
    const int draws = 20000;
    for (int i = 0; i < draws; ++i)
      low += uniform_below(rng, bound) < (std::uint64_t{1} << 62);
    CHECK(low > draws * 0.30);
    CHECK(low < draws * 0.37);
  }
}

TEST_CASE("uniform_below on GMP integers") {
  SUBCASE("gives the 64-bit draws whenever the bound fits in 64 bits") {
    for (std::uint64_t bound :
         {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{7}, std::uint64_t{1000},
          std::uint64_t{1} << 32, (max64 >> 1) + 2, max64}) {
      INFO("bound ", bound);
      SplitMix64 small(77), big(77);
      for (int i = 0; i < 300; ++i)
        REQUIRE(to_big(uniform_below(small, bound)) == uniform_below(big, to_big(bound)));
      CHECK(small() == big());  // and consumes exactly the same draws
    }
  }
  SUBCASE("stays below a 200-bit bound, and reaches its top half") {
    BigHeap two_200 = 1;
    two_200 <<= 200;
    for (const BigHeap& bound : {BigHeap(two_200 + 1), two_200, BigHeap(two_200 - 1),
                                 BigHeap(two_200 + two_200 / 2), BigHeap(two_200 / 3)}) {
      INFO("bound ", bound.get_str());
      SplitMix64 rng(5);
      int high_half = 0, low_eighth = 0;
      const int draws = 2000;
      for (int i = 0; i < draws; ++i) {
        const BigHeap r = uniform_below(rng, bound);
        REQUIRE(sgn(r) >= 0);
        REQUIRE(r < bound);
        high_half += r >= bound / 2;
        low_eighth += r < bound / 8;
      }
      // About half and an eighth of the draws.
      CHECK(high_half > draws * 0.4);
      CHECK(high_half < draws * 0.6);
      CHECK(low_eighth > draws * 0.08);
      CHECK(low_eighth < draws * 0.17);
    }
  }
  SUBCASE("a bound of 2^64, the first that does not fit, uses every bit") {
    const BigHeap bound = to_big(max64) + 1;
    SplitMix64 rng(9);
    bool above_63 = false;
    for (int i = 0; i < 200; ++i) {
      const BigHeap r = uniform_below(rng, bound);
      REQUIRE(r < bound);
      above_63 |= r >= to_big(std::uint64_t{1} << 63);
    }
    CHECK(above_63);
  }
  SUBCASE("big draws are the reference words, high word first, masked to the bound's bits") {
    // Computed apart, in Python, from the reference SplitMix64: five words for 300 bits.
    BigHeap bound = 1;
    bound <<= 300;
    bound -= 12345;
    SplitMix64 rng(3);
    CHECK(uniform_below(rng, bound) ==
          BigHeap("62307414832744128729975760355410986943804312288106742042332407980565194960302"
                  "2476227877270"));
    CHECK(uniform_below(rng, bound) ==
          BigHeap("91857373925657253376346980106402268277228958751081201568550155574573206823077"
                  "3724644862834"));
  }
}

TEST_CASE("uniform_in draws from both ends of its range, the whole 64-bit range included") {
  SplitMix64 rng(3);
  bool low = false, high = false;
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t n = uniform_in(rng, 10, 12);
    REQUIRE(n >= 10);
    REQUIRE(n <= 12);
    low |= n == 10;
    high |= n == 12;
  }
  CHECK(low);
  CHECK(high);
  CHECK(uniform_in(rng, 5, 5) == 5);
  SplitMix64 a(9), b(9);
  CHECK(uniform_in(a, 0, ~std::uint64_t{0}) == b());  // the whole range: one raw draw
  CHECK(uniform_in(rng, BigHeap(7), BigHeap(7)) == 7);
}

TEST_CASE("chance is never for 0, always for 1, and about p in between") {
  SplitMix64 rng(11);
  int hits = 0;
  for (int i = 0; i < 100000; ++i) {
    REQUIRE_FALSE(chance(rng, 0));
    REQUIRE(chance(rng, 1));
    hits += chance(rng, 0.25);
  }
  CHECK(hits > 24000);
  CHECK(hits < 26000);
}

TEST_CASE("draw_seed stays below 2^53") {
  for (int i = 0; i < 1000; ++i)
    CHECK(draw_seed() < drawn_seed_bound);
}

}  // namespace
}  // namespace nim
