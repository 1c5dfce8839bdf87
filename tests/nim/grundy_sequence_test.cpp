// The Grundy values of heap games (nim/grundy_sequence.hpp) against the plain mex of the tests'
// oracle (support/grundy_oracle.hpp), and the periods found against the published ones and
// against the oracle's values far beyond the heaps that proved them.
#include <doctest/doctest.h>

#include <gmpxx.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "nim/grundy_sequence.hpp"
#include "nim/random.hpp"
#include "support/grundy_oracle.hpp"

namespace nim {
namespace {

using testing::oracle_grundy_values;

// The fast values of heaps 0 to `most` equal the oracle's (past several choices of the classes
// of the sparse space, made at heaps 256, 512, 1024).
void check_values(const HeapGame& game, std::uint64_t most) {
  GrundyValues fast(game);
  fast.extend_to(most);
  const auto expected = oracle_grundy_values(game, most);
  REQUIRE(fast.values().size() == expected.size());
  for (std::uint64_t n = 0; n <= most; ++n) {
    INFO("heap " << n);
    REQUIRE(fast.values()[n] == expected[n]);
  }
}

// A proved period holds on the oracle's values well beyond the heaps that proved it, and the
// pre-period is the least: the heap just before it breaks the period.
void check_period_holds(const GrundySequence& sequence) {
  REQUIRE(sequence.period);
  const Period& period = *sequence.period;
  const std::uint64_t most = std::max<std::uint64_t>(2 * sequence.computed_to(), 600);
  const auto values = oracle_grundy_values(sequence.game, most);
  for (std::uint64_t n = period.pre_period; n + period.period <= most; ++n) {
    INFO("heap " << n);
    REQUIRE(values[n + period.period] == values[n]);
  }
  if (period.pre_period > 0)
    CHECK(values[period.pre_period - 1 + period.period] != values[period.pre_period - 1]);
}

TEST_CASE("the values stop at their bound of steps, at the heap they reached, and say so") {
  CHECK(most_grundy_steps(100'000) == 10'000'000'000);
  CHECK(most_grundy_steps(10) == 1024 * 1024);  // the square of 1024 at least
  CHECK(most_grundy_steps(UINT64_MAX) == UINT64_MAX);
  // 64 takes that split: the sparse space does not tame them, a heap of n costs about 32 n steps.
  std::vector<std::uint8_t> digits(65, 7);
  digits[0] = 0;
  const HeapGame game = octal_game(digits);
  const GrundySequence bounded = compute_sequence(game, 2000, 2000, 4'000'000);
  CHECK(bounded.stopped_at_steps == 4'000'000);
  CHECK(bounded.computed_to() == 406);  // as analyse says: -H 1500 --grundy-limit 2000
  // What was computed is right: the plain mex agrees.
  const auto values = oracle_grundy_values(game, bounded.computed_to());
  CHECK(std::equal(values.begin(), values.end(), bounded.values.begin(), bounded.values.end()));
  // Within the bound nothing stops: Kayles proves its period after a few thousand steps.
  const GrundySequence kayles = compute_sequence(octal_game({0, 7, 7}), 100, 10'000, 4'000'000);
  CHECK(kayles.stopped_at_steps == 0);
  CHECK(kayles.period);
  // A step at least: heap 0.
  GrundyValues none(game);
  CHECK_FALSE(none.extend_to(10, 0));
  CHECK(none.values().size() == 1);
}

TEST_CASE("Kayles (0.77): period 12 from heap 71, proved by Guy-Smith") {
  const GrundySequence kayles = compute_sequence(octal_game({0, 7, 7}), 100, 10'000);
  REQUIRE(kayles.period);
  CHECK(kayles.period->period == 12);
  CHECK(kayles.period->pre_period == 71);
  CHECK(kayles.period->proof == Period::Proof::guy_smith);
  check_period_holds(kayles);
  const auto values = oracle_grundy_values(kayles.game, kayles.computed_to());
  CHECK(std::equal(values.begin(), values.end(), kayles.values.begin()));
}

// Guy–Smith proves Kayles' period from the values of heaps 0 to 2*71 + 2*12 + 2 - 1 = 167; with
// fewer, the period is seen but not proved, and with too few to have repeated it is not seen.
TEST_CASE("Kayles' period: proved from heap 167 on, seen and not proved before, then not seen") {
  const HeapGame kayles = octal_game({0, 7, 7});
  const auto values = oracle_grundy_values(kayles, 167);
  const auto period_of = [&](std::uint64_t last) {
    return find_period(kayles, std::span(values).first(last + 1));
  };
  const std::optional<Period> proved = period_of(167);
  REQUIRE(proved);
  CHECK(*proved == Period{71, 12, 0, Period::Proof::guy_smith, 167});
  CHECK(last_heap_to_prove(kayles, *proved) == 167);
  CHECK(period_of(166) == Period{71, 12, 0, Period::Proof::none, 166});
  // Seen while it starts in the first half of the values: 2 * 71 <= 142 values, heaps 0 to 141.
  CHECK(period_of(141) == Period{71, 12, 0, Period::Proof::none, 141});
  CHECK(!period_of(140));
  // A game that never splits proves its period by a repeated window, heaps max(e, 1) to
  // max(e, 1) + t + p - 1: {1, 2, 3} from heap 1 with p = 4, t = 3.
  CHECK(last_heap_to_prove(subtraction_game({1, 2, 3}), Period{0, 4, 0, Period::Proof::none, 0}) ==
        7);
}

TEST_CASE(
    "Dawson's Kayles: 0.137 has period 34 after its last exception at 51, and 0.07 one heap on") {
  // The published exceptions of 0.137 are at 0, 14, 16, 17, 31, 34 and 51; 0.07 has the values of
  // 0.137 one heap later, so its last exception is at 52.
  const GrundySequence chess = compute_sequence(octal_game({0, 1, 3, 7}), 100, 10'000);
  REQUIRE(chess.period);
  CHECK(chess.period->period == 34);
  CHECK(chess.period->pre_period == 52);
  CHECK(chess.period->proved());
  check_period_holds(chess);
  const GrundySequence kayles = compute_sequence(octal_game({0, 0, 7}), 100, 10'000);
  REQUIRE(kayles.period);
  CHECK(kayles.period->period == 34);
  CHECK(kayles.period->pre_period == 53);
  CHECK(kayles.period->proof == Period::Proof::guy_smith);
  check_period_holds(kayles);
  for (std::uint64_t n = 1; n <= 100; ++n)
    CHECK(kayles.values[n] == chess.values[n - 1]);
}

TEST_CASE("the subtraction game {1,2,3}: period 4, proved by a repeated window") {
  const GrundySequence game = compute_sequence(subtraction_game({1, 2, 3}), 50, 10'000);
  REQUIRE(game.period);
  CHECK(*game.period == Period{0, 4, 0, Period::Proof::repeated_window, 50});
  check_period_holds(game);
}

TEST_CASE("the fast values equal the oracle's") {
  check_values(grundys_game(), 1500);
  check_values(octal_game({0, 7, 7}), 1500);
  check_values(octal_game({0, 0, 0, 7}), 1500);  // splits at an odd take: the heaps' parity counts
  check_values(octal_game({4, 0, 7}), 1500);     // and at 0 and 2
  check_values(octal_game({4, 7, 7, 4}), 1200);  // at takes of both parities
  check_values(all_but_subtraction_game({2, 5}), 400);
}

TEST_CASE("the values are the same computed in pieces, and go on after a period repeated") {
  // Pieces of random lengths end the batches of rare pairs anywhere.
  for (const HeapGame& game :
       {grundys_game(), octal_game({0, 0, 0, 7}), octal_game({4, 7, 7, 4})}) {
    INFO(describe(game));
    GrundyValues pieces(game);
    SplitMix64 rng(7);
    for (std::uint64_t most = 0; most < 2000;) {
      most = std::min<std::uint64_t>(most + uniform_in(rng, 1, 300), 2000);
      pieces.extend_to(most);
    }
    const auto expected = oracle_grundy_values(game, 2000);
    CHECK(std::equal(expected.begin(), expected.end(), pieces.values().begin(),
                     pieces.values().end()));
  }
  // Kayles' values repeated from its period to heap 1500, then computed on past a choice of the
  // classes that the repeated heaps passed.
  GrundyValues kayles(octal_game({0, 7, 7}));
  kayles.extend_to(1023);
  const std::optional<Period> period = find_period(kayles.game(), kayles.values());
  REQUIRE(period);
  kayles.repeat_period(*period, 1500);
  kayles.extend_to(2500);
  const auto expected = oracle_grundy_values(kayles.game(), 2500);
  CHECK(
      std::equal(expected.begin(), expected.end(), kayles.values().begin(), kayles.values().end()));
}

TEST_CASE("a long computation tells how far it has gone, every 4096 heaps") {
  std::vector<std::uint64_t> reported;
  const GrundySequence told =
      compute_sequence(grundys_game(), 10'000, 10'000, UINT64_MAX,
                       [&](std::uint64_t heaps) { reported.push_back(heaps); });
  CHECK(reported == std::vector<std::uint64_t>{0, 4096, 8192});
  CHECK(told.values == compute_sequence(grundys_game(), 10'000, 10'000).values);
}

// A computation paused at every chance (every 4096 heaps) and made again each time from its
// progress and values alone, as --resume makes it from a file, ends as one never paused: the same
// values, period and bound of steps, and the same progress (steps and classes included). The one
// paused computes on `threads` threads, the other on one.
void check_resumes_the_same(const HeapGame& game, std::uint64_t up_to, std::uint64_t limit,
                            std::uint64_t most_steps = UINT64_MAX, unsigned threads = 1) {
  SequenceComputation whole(game, up_to, limit, most_steps);
  REQUIRE(whole.run());
  std::optional<SequenceComputation> paused(std::in_place, game, up_to, limit, most_steps, threads);
  const auto always = [](std::uint64_t) { return true; };
  paused->pause_when(always);
  int pauses = 0;
  while (!paused->run()) {
    REQUIRE(++pauses < 1000);  // each run goes on at least 4096 heaps
    const SequenceProgress progress = paused->progress();
    std::vector<GrundyValue> values(paused->values().begin(), paused->values().end());
    CHECK(values.size() % 4096 == 0);
    paused.emplace(game, progress, std::move(values), threads);
    paused->pause_when(always);
  }
  CHECK(pauses >= 2);
  CHECK(paused->progress() == whole.progress());
  const GrundySequence expected = std::move(whole).result();
  const GrundySequence resumed = std::move(*paused).result();
  CHECK(resumed.values == expected.values);
  CHECK(resumed.period == expected.period);
  CHECK(resumed.stopped_at_steps == expected.stopped_at_steps);
}

TEST_CASE("a computation paused and made again from its progress ends as one never paused") {
  SUBCASE("Grundy's game") {
    check_resumes_the_same(grundys_game(), 20'000, 20'000);
  }
  SUBCASE("Grundy's game and 0.007 on two threads (nim/grundy_batches.hpp)") {
    check_resumes_the_same(grundys_game(), 20'000, 20'000, UINT64_MAX, 2);
    check_resumes_the_same(octal_game({0, 0, 0, 7}), 45'056, 45'056, UINT64_MAX, 2);
  }
  SUBCASE("an octal game without a period in reach: its stages and doublings on the way") {
    // 0.106's period is beyond 10^11: its values go to --up-to, then double to the limit.
    check_resumes_the_same(octal_game({0, 1, 0, 6}), 5'000, 20'000);
  }
  SUBCASE("an octal game whose batches restart between two pauses") {
    // G(35662) = 512 is 0.007's first value past 511: its batches of rare pairs start again at
    // the next heap, and a computation made again at 36864 or 40960 makes the same batches after.
    check_resumes_the_same(octal_game({0, 0, 0, 7}), 45'056, 45'056);
  }
  SUBCASE("an all-but subtraction game: the counts of its values") {
    check_resumes_the_same(all_but_subtraction_game({2, 5}), 20'000, 20'000);
  }
  SUBCASE("stopped at the bound of steps, after pauses") {
    SequenceComputation whole(grundys_game(), 20'000, 20'000);
    REQUIRE(whole.run());
    const std::uint64_t half = whole.progress().counters.steps / 2;
    check_resumes_the_same(grundys_game(), 20'000, 20'000, half);
    CHECK(compute_sequence(grundys_game(), 20'000, 20'000, half).stopped_at_steps == half);
  }
}

// Ten octal codes and ten subtraction sets drawn from a fixed seed.
TEST_CASE("random octal codes and subtraction sets: values, and every proved period") {
  SplitMix64 rng(15);
  for (int k = 0; k < 10; ++k) {
    std::vector<std::uint8_t> digits{static_cast<std::uint8_t>(uniform_below(rng, 2) * 4)};
    const std::uint64_t length = uniform_in(rng, 1, 4);
    for (std::uint64_t d = 0; d < length; ++d)
      digits.push_back(static_cast<std::uint8_t>(uniform_below(rng, 8)));
    const HeapGame game = octal_game(digits);
    INFO("octal code " << octal_code(game));
    check_values(game, 700);
    const GrundySequence sequence = compute_sequence(game, 100, 2'000);
    if (sequence.period && sequence.period->proved()) check_period_holds(sequence);
  }
  for (int k = 0; k < 10; ++k) {
    std::vector<std::uint64_t> set;
    const std::uint64_t size = uniform_in(rng, 1, 4);
    while (set.size() < size) {
      const std::uint64_t take = uniform_in(rng, 1, 12);
      if (std::find(set.begin(), set.end(), take) == set.end()) set.push_back(take);
    }
    std::sort(set.begin(), set.end());
    const HeapGame game = subtraction_game(set);
    INFO("subtraction set of " << set.size() << " from " << set.front() << " to " << set.back());
    check_values(game, 300);
    const GrundySequence sequence = compute_sequence(game, 100, 2'000);
    // A subtraction game is always periodic, and a window of max(S) values proves it soon.
    REQUIRE(sequence.period);
    CHECK(sequence.period->proof == Period::Proof::repeated_window);
    check_period_holds(sequence);
  }
}

TEST_CASE("past a period proved while computing, the values come from it, in linear time") {
  // Kayles, Dawson's Kayles in both codes, and a subtraction game: to heap 3000 the values equal
  // the plain mex's, and to a million they stay within a bound of steps that the values computed
  // one by one pass at a few thousand heaps.
  for (const HeapGame& game : {octal_game({0, 7, 7}), octal_game({0, 0, 7}),
                               octal_game({0, 1, 3, 7}), subtraction_game({2, 5, 7})}) {
    INFO(describe(game));
    const GrundySequence sequence = compute_sequence(game, 3000, 3000);
    REQUIRE(sequence.period);
    CHECK(sequence.period->proved());
    const auto expected = oracle_grundy_values(game, 3000);
    CHECK(std::equal(expected.begin(), expected.end(), sequence.values.begin(),
                     sequence.values.end()));
    const GrundySequence far = compute_sequence(game, 1'000'000, 1'000'000, 10'000'000);
    CHECK(far.stopped_at_steps == 0);
    CHECK(far.computed_to() == 1'000'000);
    CHECK(far.period == Period{sequence.period->pre_period, sequence.period->period, 0,
                               sequence.period->proof, 1'000'000});
  }
}

TEST_CASE("an all-but subtraction game's arithmetic period is seen, never proved") {
  const GrundySequence game = compute_sequence(all_but_subtraction_game({2, 5}), 100, 1'000);
  REQUIRE(game.period);
  CHECK(*game.period == Period{0, 4, 2, Period::Proof::none, 1'000});
  const auto values = oracle_grundy_values(game.game, 400);
  for (std::uint64_t n = 0; n + 4 <= 400; ++n)
    CHECK(values[n + 4] == values[n] + 2);
  CHECK(!grundy_value(game, SmallHeap{1'001}));
}

TEST_CASE("Grundy's game: no period, the values up to the limit only") {
  const GrundySequence game = compute_sequence(grundys_game(), 300, 100'000);
  CHECK(game.computed_to() == 300);
  CHECK(!game.period);
  CHECK(grundy_value(game, SmallHeap{300}) == game.values[300]);
  CHECK(!grundy_value(game, SmallHeap{301}));
  CHECK(!grundy_value(game, BigHeap("1" + std::string(40, '0'))));
}

TEST_CASE("a heap of any size in a game of proved period: reduced by the period") {
  const GrundySequence kayles = compute_sequence(octal_game({0, 7, 7}), 100, 10'000);
  const auto values = oracle_grundy_values(kayles.game, 400);
  // 10^40 = 4 mod 12, and 10^40 - 71 = 5 mod 12: worth the value of heap 71 + 5 = 76 (and 88).
  const BigHeap huge("1" + std::string(40, '0'));
  CHECK(grundy_value(kayles, huge) == values[76]);
  CHECK(grundy_value(kayles, huge) == values[88]);
  CHECK(grundy_value(kayles, SmallHeap{1'000'000'007}) == values[71 + (1'000'000'007 - 71) % 12]);
  CHECK(grundy_value(kayles, SmallHeap{70}) == values[70]);
}

}  // namespace
}  // namespace nim
