#include "nim/same_game.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <vector>

#include "nim/random.hpp"

namespace nim {
namespace {

Position<SmallHeap> canonical(const Position<SmallHeap>& position, Sameness sameness) {
  Position<SmallHeap> form{99};  // its memory is reused, its contents replaced
  canonical_form(std::span<const SmallHeap>(position), sameness, form);
  return form;
}

TEST_CASE("canonical_form: empty heaps left out and sizes sorted, or trailing empty heaps only") {
  using P = Position<SmallHeap>;
  CHECK(canonical({3, 5}, Sameness::any_order) == P{3, 5});
  CHECK(canonical({3, 5, 0}, Sameness::any_order) == P{3, 5});
  CHECK(canonical({0, 5, 3}, Sameness::any_order) == P{3, 5});
  CHECK(canonical({0, 0}, Sameness::any_order) == P{});
  CHECK(canonical({}, Sameness::any_order) == P{});
  CHECK(canonical({3, 5, 0, 0}, Sameness::ordered) == P{3, 5});
  CHECK(canonical({0, 5, 3}, Sameness::ordered) == P{0, 5, 3});
  CHECK(canonical({5, 0, 3, 0}, Sameness::ordered) == P{5, 0, 3});
  CHECK(canonical({0}, Sameness::ordered) == P{});
}

TEST_CASE("SeenPositions: each game once, heaps in any order or only in order") {
  SeenPositions<SmallHeap> any_order(Sameness::any_order);
  CHECK(any_order.insert({1, 2}));
  CHECK_FALSE(any_order.insert({2, 1}));
  CHECK_FALSE(any_order.insert({1, 2}));
  CHECK_FALSE(any_order.insert({1, 2, 0}));  // an empty heap changes nothing
  CHECK_FALSE(any_order.insert({0, 2, 1}));
  CHECK(any_order.insert({2}));
  CHECK(any_order.insert({0}));
  CHECK_FALSE(any_order.insert({0, 0}));
  SeenPositions<SmallHeap> ordered(Sameness::ordered);
  CHECK(ordered.insert({1, 2}));
  CHECK(ordered.insert({2, 1}));
  CHECK_FALSE(ordered.insert({2, 1}));
  CHECK_FALSE(ordered.insert({2, 1, 0}));
  CHECK(ordered.insert({0, 2, 1}));
  SeenPositions<BigHeap> big(Sameness::any_order);
  const BigHeap huge("123456789012345678901234567890", 10);
  CHECK(big.insert({huge, 1}));
  CHECK_FALSE(big.insert({1, huge}));
  CHECK_FALSE(big.insert({0, 1, huge}));
  CHECK(big.insert({huge + 1, 1}));
  // The same hash (the lowest word and the number of words), another game: told apart.
  const BigHeap higher = huge + (BigHeap(1) << 64);
  CHECK(big.insert({higher, 1}));
  CHECK_FALSE(big.insert({1, higher}));
}

TEST_CASE("SeenPositions: a hundred thousand games, past every growth of its table, each once") {
  SeenPositions<SmallHeap> seen(Sameness::any_order);
  for (SmallHeap a = 0; a < 400; ++a)
    for (SmallHeap b = 0; b < 250; ++b)
      REQUIRE(seen.insert({a, 1000 + b}));
  for (SmallHeap a = 0; a < 400; ++a)
    for (SmallHeap b = 0; b < 250; ++b)
      REQUIRE_FALSE(seen.insert({1000 + b, 0, a}));
}

TEST_CASE("SipHash24: the reference implementation's vectors (key 00..0f, message 00 01 02 ...)") {
  const std::uint64_t k0 = 0x0706050403020100ULL, k1 = 0x0f0e0d0c0b0a0908ULL;
  // The messages of 0, 8, 16 and 24 bytes, as words read least significant byte first.
  const std::array<std::uint64_t, 3> words{0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL,
                                           0x1716151413121110ULL};
  const std::array<std::uint64_t, 4> expected{0x726fdb47dd0e0e31ULL, 0x93f5f5799a932462ULL,
                                              0x3f2acc7f57c29bdbULL, 0xb8ad50c6f649af94ULL};
  for (std::size_t n = 0; n <= words.size(); ++n) {
    SipHash24 hash(k0, k1);
    for (std::size_t i = 0; i < n; ++i)
      hash.add(words[i]);
    INFO(8 * n << " bytes");
    CHECK(hash.finish() == expected[n]);
    CHECK(hash.finish() == expected[n]);  // finish() leaves the state as it was
  }
}

TEST_CASE("split_hash: fixed for the default key, the same on the GMP path, changed by the key") {
  const SplitKey key;
  CHECK(key.k0 == 0);
  // The words hashed for 3 5: (1, 3, 1, 5); for an empty heap, (0).
  SipHash24 by_hand(key.k0, key.k1);
  for (const std::uint64_t word : {1, 3, 1, 5})
    by_hand.add(word);
  const Position<SmallHeap> small{3, 5};
  CHECK(split_hash(std::span<const SmallHeap>(small), key) == by_hand.finish());
  // A regression value: sets made by other versions with the default key agree with this one.
  CHECK(split_hash(std::span<const SmallHeap>(small), key) == 0x06f0654db90552e1ULL);
  const Position<BigHeap> big{3, 5};
  CHECK(split_hash(std::span<const BigHeap>(big), key) ==
        split_hash(std::span<const SmallHeap>(small), key));
  const Position<SmallHeap> with_zero{0, 18446744073709551615ULL};
  const Position<BigHeap> big_zero{0, BigHeap("18446744073709551615", 10)};
  CHECK(split_hash(std::span<const BigHeap>(big_zero), key) ==
        split_hash(std::span<const SmallHeap>(with_zero), key));
  // Past 64 bits: the number of words, then the words, least significant first.
  const Position<BigHeap> past{BigHeap("18446744073709551616", 10) * 3 + 7};
  SipHash24 two_words(key.k0, key.k1);
  for (const std::uint64_t word : {2, 7, 3})
    two_words.add(word);
  CHECK(split_hash(std::span<const BigHeap>(past), key) == two_words.finish());
  CHECK(split_hash(std::span<const SmallHeap>(small), SplitKey{.k0 = 1}) !=
        split_hash(std::span<const SmallHeap>(small), key));
  const Position<SmallHeap> other{5, 3};
  CHECK(split_hash(std::span<const SmallHeap>(other), key) !=
        split_hash(std::span<const SmallHeap>(small), key));
}

TEST_CASE("PartBounds: each part takes its share of the hashes, the last the rest") {
  const std::array<std::uint64_t, 3> shares{800, 150, 50};
  const PartBounds bounds(shares, 1000);
  CHECK(bounds.parts() == 3);
  const std::uint64_t end0 = 14757395258967641292ULL;  // floor(0.8 * 2^64)
  const std::uint64_t end1 = 17524406870024074035ULL;  // floor(0.95 * 2^64)
  CHECK(bounds.part_of(0) == 0);
  CHECK(bounds.part_of(end0 - 1) == 0);
  CHECK(bounds.part_of(end0) == 1);
  CHECK(bounds.part_of(end1 - 1) == 1);
  CHECK(bounds.part_of(end1) == 2);
  CHECK(bounds.part_of(UINT64_MAX) == 2);
  const std::array<std::uint64_t, 1> whole{7};
  CHECK(PartBounds(whole, 7).parts() == 1);
  CHECK(PartBounds(whole, 7).part_of(UINT64_MAX) == 0);
  // The hashes of many positions fall to the parts as the shares say (binomial, 6 sigma).
  std::array<std::uint64_t, 3> counts{0, 0, 0};
  const std::uint64_t n = 100'000;
  for (std::uint64_t i = 0; i < n; ++i) {
    const Position<SmallHeap> position{i % 97, i / 97};
    ++counts[bounds.part_of(split_hash(std::span<const SmallHeap>(position), SplitKey{}))];
  }
  for (std::size_t k = 0; k < 3; ++k) {
    const double p = static_cast<double>(shares[k]) / 1000;
    CHECK(std::abs(static_cast<double>(counts[k]) - p * n) < 6 * std::sqrt(n * p * (1 - p)));
  }
}

}  // namespace
}  // namespace nim
