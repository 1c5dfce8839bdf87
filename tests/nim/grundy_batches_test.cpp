// The batches of rare pairs made ahead on a second thread (nim/grundy_batches.hpp): the values,
// steps and classes of one thread, through every change the batches follow (a new bound of the
// values, new classes, a pause, a proved period; a resumed computation: grundy_sequence_test.cpp).
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "nim/grundy_sequence.hpp"

namespace nim::grundy_batches_test {
namespace {

// G(0) to G(most) on `threads` threads, asked for in pieces (the values stop and go on), with the
// counters where they stopped.
struct Computed {
  std::vector<GrundyValue> values;
  GrundyCounters counters;
};
Computed computed(const HeapGame& game, std::uint64_t most, unsigned threads) {
  GrundyValues computer(game, threads);
  for (std::uint64_t piece = 5'000; piece < most; piece += 5'000)
    computer.extend_to(piece);
  computer.extend_to(most);
  return {{computer.values().begin(), computer.values().end()}, computer.counters()};
}

void check_two_threads(const HeapGame& game, std::uint64_t most) {
  const Computed one = computed(game, most, 1), two = computed(game, most, 2);
  REQUIRE(two.values.size() == one.values.size());
  for (std::uint64_t n = 0; n < one.values.size(); ++n) {
    INFO("heap " << n);
    REQUIRE(two.values[n] == one.values[n]);
  }
  CHECK(two.counters == one.counters);
}

TEST_CASE("two threads give the values, steps and classes of one") {
  SUBCASE("Grundy's game, past five choices of the classes") {
    check_two_threads(grundys_game(), 60'000);
  }
  SUBCASE("0.007, past its values 256 and 512: wider values, a new bound, batches begun again") {
    check_two_threads(octal_game({0, 0, 0, 7}), 40'000);
  }
  SUBCASE("0.137 (Dawson's chess), 4.07, 0.76 and 0.0006") {
    check_two_threads(octal_game({0, 1, 3, 7}), 20'000);
    check_two_threads(octal_game({4, 0, 7}), 20'000);
    check_two_threads(octal_game({0, 7, 6}), 20'000);
    check_two_threads(octal_game({0, 0, 0, 0, 6}), 20'000);
  }
  SUBCASE("a subtraction game, which never splits a heap: no second thread") {
    check_two_threads(subtraction_game({1, 3, 4}), 20'000);
  }
}

TEST_CASE("on two threads a sequence proves the same period: Kayles, the rest repeated from it") {
  const GrundySequence one = compute_sequence(octal_game({0, 7, 7}), 100'000, 100'000);
  const GrundySequence two =
      compute_sequence(octal_game({0, 7, 7}), 100'000, 100'000, UINT64_MAX, {}, 2);
  CHECK(two.values == one.values);
  CHECK(two.period == one.period);
}

}  // namespace
}  // namespace nim::grundy_batches_test
