// The AVX-512 search, marking and scatter of nim/grundy_split_search.hpp against the plain loops
// they replace, on random values (where the processor has AVX-512 with VBMI2; elsewhere nothing
// runs them).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "nim/grundy_split_search.hpp"

#if NIM_GRUNDY_AVX512
namespace nim::grundy_split_search_test {

// Where each of `missing` first turns up among the splits of `size` (part 1 to most_part): the
// last of them, or 0 if some never does, and those that do.
template <typename V>
std::pair<std::uint64_t, std::vector<GrundyValue>> plain_search(
    const std::vector<V>& values, std::uint64_t size, std::uint64_t most_part,
    const std::vector<GrundyValue>& missing) {
  std::uint64_t last = 1;
  std::vector<GrundyValue> found;
  for (GrundyValue v : missing) {
    std::uint64_t part = 1;
    while (part <= most_part && (values[part] ^ values[size - part]) != v)
      ++part;
    if (part > most_part) {
      last = 0;
    } else {
      found.push_back(v);
      if (last != 0) last = std::max(last, part);
    }
  }
  return {last, found};
}

template <typename V>
void check_search(unsigned bound, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  for (int round = 0; round < 300; ++round) {
    const std::uint64_t size = 130 + random() % 3000;
    std::vector<V> values(size + 1);
    // Skewed values, so that some turn up late or never.
    for (V& v : values)
      v = static_cast<V>(random() % 4 == 0 ? random() % bound : random() % (bound / 8));
    const std::uint64_t most_part = 64 + random() % (size / 2 - 63);
    std::vector<GrundyValue> missing;
    for (GrundyValue v = 0; v < bound; ++v)
      if (random() % 16 == 0) missing.push_back(v);
    std::vector<GrundyValue> found;
    const std::uint64_t last =
        search_splits_avx512(values.data(), size, most_part, std::span<const GrundyValue>(missing),
                             [&](GrundyValue v) { found.push_back(v); });
    const auto expected = plain_search(values, size, most_part, missing);
    CHECK(last == expected.first);
    std::sort(found.begin(), found.end());
    CHECK(found == expected.second);
  }
}

TEST_CASE("the AVX-512 search of the splits finds where each missing value first turns up") {
  if (!has_avx512_vbmi()) return;
  check_search<std::uint8_t>(256, 1);
  check_search<std::uint16_t>(2048, 2);
  check_search<std::uint16_t>(256, 3);
}

// Random rare pairs for a batch of `length` heaps from n, values below 64 `words`: the rare heaps
// one in 8 (each with its value), the takes that split Grundy's game's or two of an octal game's.
template <typename V>
struct RarePairs {
  std::uint64_t n = 0, length = 0;
  std::size_t words = 0;
  std::vector<V> values;
  std::vector<std::uint64_t> takes, rare_heaps;
  std::vector<GrundyValue> rare_values;
  bool unequal = false;

  RarePairs(std::mt19937_64& random, std::uint64_t most_length, std::size_t value_words)
      : words(value_words) {
    length = 1 + random() % most_length;
    n = length + 200 + random() % 2000;
    values.resize(n);
    for (V& v : values)
      v = static_cast<V>(random() % (64 * words));
    takes = random() % 2 == 0 ? std::vector<std::uint64_t>{0} : std::vector<std::uint64_t>{1, 3};
    unequal = takes.front() == 0;
    for (std::uint64_t r = length; r + takes.back() + 1 <= n; ++r)
      if (random() % 8 == 0) {
        rare_heaps.push_back(r);
        rare_values.push_back(values[r]);
      }
  }

  // The bit sets of the plain loop, for the heaps n + b whose bit b of `heaps` is set; bit 0 of
  // heap n's set already there, as the other marks must leave it.
  std::vector<std::uint64_t> plain_marks(std::uint64_t heaps = ~std::uint64_t{0}) const {
    std::vector<std::uint64_t> reached = unmarked();
    for (std::uint64_t take : takes)
      for (std::size_t i = 0; i < rare_heaps.size(); ++i)
        for (std::uint64_t b = 0; b < length; ++b) {
          // (Heaps from 64 on, in the register marking's batches of 128, are all asked for.)
          if ((b < 64 && ((heaps >> b) & 1) == 0) || (unequal && 2 * rare_heaps[i] == n + b))
            continue;
          const GrundyValue x = rare_values[i] ^ values[n + b - take - rare_heaps[i]];
          reached[b * words + x / 64] |= std::uint64_t{1} << (x % 64);
        }
    return reached;
  }
  // The bit sets before any mark: bit 0 of heap n's only.
  std::vector<std::uint64_t> unmarked() const {
    std::vector<std::uint64_t> reached(length * words, 0);
    reached[0] = 1;
    return reached;
  }
};

TEST_CASE("the AVX-512 marking of the rare pairs marks what the plain loop marks") {
  if (!has_avx512_vbmi()) return;
  std::mt19937_64 random(4);
  for (int round = 0; round < 200; ++round) {
    // Words a power of two, as the values' bound.
    const RarePairs<std::uint8_t> pairs(random, 128, std::size_t{1} << (random() % 3));
    std::vector<std::uint64_t> reached = pairs.unmarked();
    mark_rare_pairs_avx512(pairs.values.data(), pairs.n, pairs.length, pairs.rare_heaps,
                           pairs.rare_values, pairs.takes, pairs.unequal, reached.data(),
                           pairs.words);
    CHECK(reached == pairs.plain_marks());
  }
}

TEST_CASE(
    "the AVX-512 scatter of the rare pairs marks what the plain loop marks, in the heaps asked") {
  if (!has_avx512_vbmi()) return;
  std::mt19937_64 random(5);
  for (int round = 0; round < 200; ++round) {
    // 16-bit values, up to 2^12.
    const RarePairs<std::uint16_t> pairs(random, 64, std::size_t{1} << (2 + random() % 5));
    // Every heap, or a few.
    const std::uint64_t heaps = round % 2 == 0 ? ~std::uint64_t{0} : random() & random();
    std::vector<std::uint64_t> reached = pairs.unmarked();
    scatter_rare_pairs_avx512(pairs.values.data(), pairs.n, pairs.length, heaps, pairs.rare_heaps,
                              pairs.rare_values, pairs.takes, pairs.unequal, reached.data(),
                              pairs.words);
    CHECK(reached == pairs.plain_marks(heaps));
  }
}

}  // namespace nim::grundy_split_search_test
#endif
