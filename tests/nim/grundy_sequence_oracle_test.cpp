// The fast Grundy values (nim/grundy_sequence.hpp) against the plain mex
// (support/grundy_oracle.hpp) far out, for octal codes drawn from a fixed seed, and against the
// values published for Grundy's game. The cases "at full size" reach heap 100,000: CI runs them in
// the Release build (a few seconds a code), the other builds run the same codes to heap 5,000.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "nim/grundy_sequence.hpp"
#include "nim/random.hpp"
#include "support/grundy_oracle.hpp"

namespace nim::grundy_sequence_oracle_test {

// Twenty octal codes drawn from seed 33: d0 is 0 or 4 (a heap may be split without taking), then
// one to four digits 0 to 7, the last not 0 (a code in its normal form).
std::vector<HeapGame> drawn_codes() {
  SplitMix64 rng(33);
  std::vector<HeapGame> games;
  while (games.size() < 20) {
    std::vector<std::uint8_t> digits{static_cast<std::uint8_t>(uniform_below(rng, 2) * 4)};
    const std::uint64_t length = uniform_in(rng, 1, 4);
    for (std::uint64_t d = 0; d < length; ++d)
      digits.push_back(static_cast<std::uint8_t>(uniform_below(rng, 8)));
    if (digits.back() == 0) continue;
    games.push_back(octal_game(digits));
  }
  return games;
}

void check_values_to(const HeapGame& game, std::uint64_t most) {
  GrundyValues fast(game);
  REQUIRE(fast.extend_to(most));
  const std::vector<std::uint32_t> expected = testing::oracle_grundy_values(game, most);
  REQUIRE(fast.values().size() == expected.size());
  const auto differs = std::mismatch(expected.begin(), expected.end(), fast.values().begin());
  INFO("the first heap whose values differ: " << differs.first - expected.begin());
  CHECK(differs.first == expected.end());
}

void check_codes_to(std::size_t first, std::size_t last, std::uint64_t most) {
  const std::vector<HeapGame> games = drawn_codes();
  for (std::size_t k = first; k <= last; ++k) {
    INFO("octal code " << octal_code(games[k]));
    check_values_to(games[k], most);
  }
}

TEST_CASE("twenty drawn octal codes: the fast values are the plain mex's to heap 5,000") {
  check_codes_to(0, 19, 5'000);
}

TEST_CASE("Grundy's game: the fast values are the plain mex's to heap 5,000") {
  check_values_to(grundys_game(), 5'000);
}

TEST_CASE("Grundy's game at full size: the fast values are the plain mex's to heap 100,000") {
  check_values_to(grundys_game(), 100'000);
}

TEST_CASE("twenty drawn octal codes at full size: codes 1 to 5 to heap 100,000") {
  check_codes_to(0, 4, 100'000);
}
TEST_CASE("twenty drawn octal codes at full size: codes 6 to 10 to heap 100,000") {
  check_codes_to(5, 9, 100'000);
}
TEST_CASE("twenty drawn octal codes at full size: codes 11 to 15 to heap 100,000") {
  check_codes_to(10, 14, 100'000);
}
TEST_CASE("twenty drawn octal codes at full size: codes 16 to 20 to heap 100,000") {
  check_codes_to(15, 19, 100'000);
}

// Grundy's game, as published: the first 105 values (OEIS A002188), and the heaps of rare value
// up to 231 with their values, from Achim Flammenkamp's table ("Sprague-Grundy Values of Grundy's
// Game"): a value is rare when the ones of its binary form, the lowest left out, are even in
// number. Past heap 231 the plain mex checks them (above).
TEST_CASE("Grundy's game: the published values, and its rare values to heap 231") {
  GrundyValues fast(grundys_game());
  REQUIRE(fast.extend_to(231));
  const std::vector<std::uint32_t> oeis{
      0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0,
      4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0,
      2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5,
      2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3};
  CHECK(std::equal(oeis.begin(), oeis.end(), fast.values().begin()));
  const std::vector<std::pair<std::uint64_t, std::uint32_t>> published_rare{
      {0, 0},    {1, 0},   {2, 0},    {3, 1},    {4, 0},    {6, 1},    {7, 0},    {9, 1},
      {10, 0},   {12, 1},  {15, 1},   {20, 0},   {23, 0},   {26, 0},   {28, 1},   {31, 1},
      {34, 1},   {37, 1},  {40, 1},   {43, 1},   {46, 1},   {49, 1},   {50, 0},   {52, 1},
      {53, 0},   {55, 1},  {58, 1},   {61, 1},   {87, 7},   {90, 7},   {93, 7},   {146, 6},
      {149, 6},  {152, 6}, {158, 11}, {161, 11}, {164, 11}, {167, 11}, {176, 7},  {179, 7},
      {181, 12}, {182, 7}, {185, 7},  {188, 7},  {190, 12}, {193, 12}, {196, 10}, {231, 10}};
  std::vector<std::pair<std::uint64_t, std::uint32_t>> rare;
  for (std::uint64_t n = 0; n <= 231; ++n) {
    const std::uint32_t value = fast.values()[n];
    if (std::popcount(value >> 1) % 2 == 0) rare.emplace_back(n, value);
  }
  CHECK(rare == published_rare);
}

}  // namespace nim::grundy_sequence_oracle_test
