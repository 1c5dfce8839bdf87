// nim/theory_sequence.hpp: the values of one heap that Nim, capped Nim and Lasker's Nim give by
// their theory (grundy() and grundy_period() of their rules), checked against the oracle's plain
// mex of every heap's options (support/oracle.hpp), and their period against those values.
#include "nim/theory_sequence.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "nim/games/lasker/lasker.hpp"
#include "nim/games/nim/nim.hpp"
#include "support/oracle.hpp"

namespace nim {
namespace {

constexpr std::uint64_t most_heap = 40;

// The theory's values of heaps 0 to 40 are the oracle's, and its period holds on them from the
// pre-period on, the pre-period the least.
template <class Rules>
void check_against_oracle(const Rules& rules) {
  const auto sequence = theory_sequence(rules, most_heap);
  REQUIRE(sequence);
  CHECK(sequence->computed_to() == most_heap);
  testing::Oracle<Rules> oracle(rules);
  std::vector<std::uint64_t> values;
  for (SmallHeap h = 0; h <= most_heap; ++h) {
    values.push_back(oracle.grundy({h}));
    CAPTURE(h);
    CHECK(sequence->values[h] == values[h]);
  }
  const Period& period = sequence->period;
  CHECK(period.proof == Period::Proof::theory);
  CHECK(period.checked_to == most_heap);
  const auto holds = [&](std::uint64_t n) {
    return values[n + period.period] == values[n] + period.saltus;
  };
  for (std::uint64_t n = period.pre_period; n + period.period <= most_heap; ++n) {
    CAPTURE(n);
    CHECK(holds(n));
  }
  if (period.pre_period > 0) CHECK_FALSE(holds(period.pre_period - 1));
}

TEST_CASE("Nim: G(n) = n, period 1 and saltus 1 from heap 0, as the oracle's values") {
  const NimRules<SmallHeap> nim;
  check_against_oracle(nim);
  CHECK(theory_sequence(nim, 3)->values == std::vector<GrundyValue>{0, 1, 2, 3});
  CHECK(theory_sequence(nim, 3)->period == Period{0, 1, 1, Period::Proof::theory, 3});
}

TEST_CASE("capped Nim: G(n) = n mod (K + 1), period K + 1, as the oracle's values") {
  for (SmallHeap cap : {1, 2, 3, 5, 7, 39, 40, 41}) {
    CAPTURE(cap);
    const NimRules<SmallHeap> rules{false, cap};
    check_against_oracle(rules);
    CHECK(theory_sequence(rules, 0)->period == Period{0, cap + 1, 0, Period::Proof::theory, 0});
  }
  CHECK(theory_sequence(NimRules<SmallHeap>{false, 3}, 9)->values ==
        std::vector<GrundyValue>{0, 1, 2, 3, 0, 1, 2, 3, 0, 1});
}

TEST_CASE("Lasker's Nim: G(4k+3) = 4k+4 and G(4k+4) = 4k+3, period 4, saltus 4 from heap 1") {
  const LaskerRules<SmallHeap> lasker;
  check_against_oracle(lasker);
  const auto sequence = theory_sequence(lasker, 8);
  CHECK(sequence->values == std::vector<GrundyValue>{0, 1, 2, 4, 3, 5, 6, 8, 7});
  CHECK(sequence->period == Period{1, 4, 4, Period::Proof::theory, 8});
  // On GMP heaps, the same values.
  CHECK(theory_sequence(LaskerRules<BigHeap>{}, 8)->values == sequence->values);
}

TEST_CASE(
    "a cap whose period K + 1 passes 64 bits has no sequence, the largest that fits has one") {
  const SmallHeap most = ~SmallHeap{0};
  CHECK(theory_sequence(NimRules<SmallHeap>{false, most - 1}, 2)->period.period == most);
  CHECK(theory_sequence(NimRules<SmallHeap>{false, most - 1}, 2)->values ==
        std::vector<GrundyValue>{0, 1, 2});
  CHECK_FALSE(theory_sequence(NimRules<SmallHeap>{false, most}, 2));
  CHECK_FALSE(theory_sequence(NimRules<BigHeap>{false, BigHeap("1000000000000000000000")}, 2));
  const auto big = theory_sequence(NimRules<BigHeap>{false, BigHeap(3)}, 5);
  REQUIRE(big);
  CHECK(big->values == std::vector<GrundyValue>{0, 1, 2, 3, 0, 1});
  CHECK(big->period.period == 4);
}

}  // namespace
}  // namespace nim
